// The root component: Mantine (with dates, modals and notifications), react-query and the router. The query cache is dropped whenever the
// signed-in account changes (also when another tab signs out), so no user sees another's cached data.
import { MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { ModalsProvider } from '@mantine/modals';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router-dom';
import { queryClient } from './api/query-client';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from './i18n/i18n';
import { Notifications } from './components/feedback/notifications';
import { getToken, onSessionChange } from './session/session';
import { router } from './router';
import { theme } from './theme';

let lastToken = getToken();
onSessionChange(() => {
  const token = getToken();
  if (token !== lastToken) queryClient.clear();
  lastToken = token;
});

export function App() {
  // Subscribed to the language: signing in applies the account's language without a reload, and dates and dialogs follow.
  const { t } = useTranslation();
  return (
    <MantineProvider theme={theme} defaultColorScheme="light">
      {/* Date inputs follow the language (dayjs locale) and start weeks on Monday (spec part 1 §9). */}
      <DatesProvider settings={{ locale: currentLanguage() === 'zh-tw' ? 'zh-tw' : 'en', firstDayOfWeek: 1 }}>
        <ModalsProvider labels={{ confirm: t('common.confirm'), cancel: t('common.cancel') }}>
          <QueryClientProvider client={queryClient}>
            <Notifications />
            <RouterProvider router={router} />
          </QueryClientProvider>
        </ModalsProvider>
      </DatesProvider>
    </MantineProvider>
  );
}
