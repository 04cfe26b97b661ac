// /401: the unauthorized message and a Return button to / (spec part 1 §2).
import { useTranslation } from 'react-i18next';
import { PageBreadcrumb } from '@/app/components/shell/breadcrumb';
import { ReturnHome, StatusPage } from '@/app/components/shell/status-page';

export default function UnauthorizedPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageBreadcrumb title={t('pages.unauthorized.title')} />
      <StatusPage code="401" icon="lock" title={t('pages.unauthorized.title')} text={t('pages.unauthorized.text')} action={<ReturnHome />} testId="page-401" />
    </>
  );
}
