// The signed-in part of the app, loaded lazily by the router so the login screen's download carries none of it: the
// guard, the layout (top bar, side menu), react-query and the modals manager. Screens load lazily inside it.
import { ModalsProvider } from '@mantine/modals';
import { QueryClientProvider } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { queryClient } from './api/query-client';
import { ShellLayout } from './components/shell/layout';
import { RequireSession } from './components/shell/route-guard';

export { MenuRoute } from './components/shell/route-guard';

export default function SignedIn() {
  // Subscribed to the language: signing in applies the account's language without a reload, and dialogs follow.
  const { t } = useTranslation();
  return (
    <RequireSession>
      <ModalsProvider labels={{ confirm: t('common.confirm'), cancel: t('common.cancel') }}>
        <QueryClientProvider client={queryClient}>
          <ShellLayout />
        </QueryClientProvider>
      </ModalsProvider>
    </RequireSession>
  );
}
