// /404: the not-found message and a Return button to / (spec part 1 §2).
import { useTranslation } from 'react-i18next';
import { PageBreadcrumb } from '@/app/components/shell/breadcrumb';
import { ReturnHome, StatusPage } from '@/app/components/shell/status-page';

export default function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageBreadcrumb title={t('pages.notFound.title')} />
      <StatusPage code="404" icon="search" title={t('pages.notFound.title')} text={t('pages.notFound.text')} action={<ReturnHome />} testId="page-404" />
    </>
  );
}
