// Date inputs' settings and styles: a screen (or form) with @mantine/dates inputs renders inside <WithDates>. Kept out of
// the app's root so @mantine/dates and its CSS download only with the (lazy) screens that use them.
import '@mantine/dates/styles.css';
import type { ReactNode } from 'react';
import { DatesProvider } from '@mantine/dates';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '@/app/i18n/i18n';

export function WithDates({ children }: { children: ReactNode }) {
  // Subscribed to the language: the inputs follow it (dayjs locale) and weeks start on Monday (spec part 1 §9).
  useTranslation();
  return <DatesProvider settings={{ locale: currentLanguage() === 'zh-tw' ? 'zh-tw' : 'en', firstDayOfWeek: 1 }}>{children}</DatesProvider>;
}
