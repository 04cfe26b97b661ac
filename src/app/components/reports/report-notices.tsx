// The notes a report screen shows above its table: not loaded because the country is not the user's (spec part 1 §5),
// companies without an exchange rate for the month (their RMB figures are missing, never taken as 1: DESIGN §7),
// offline with the figures of an earlier load and their time, and a report whose figures are all 0.
import { Alert, Button, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { Icon } from '@/app/components/shell/icons';
import { useRetryWhenOnline } from '@/app/components/shell/status-page';

export function NotAllowedNotice({ company }: { company: string | null }) {
  const { t } = useTranslation();
  return (
    <Alert color="yellow" variant="light" icon={<Icon name="lock" />} data-testid="report-not-allowed">
      {company ? t('reports.notAllowed', { company }) : t('reports.notAllowedNoCompany')}
    </Alert>
  );
}

export function MissingRatesNotice({ month, companies }: { month: string; companies: readonly string[] }) {
  const { t } = useTranslation();
  if (!companies.length) return null;
  return (
    <Alert color="orange" variant="light" icon={<Icon name="alert" />} data-testid="report-missing-rates">
      {t('reports.missingRates', { month, companies: companies.join(', ') })}
    </Alert>
  );
}

/** Offline: the figures shown are those loaded at `loadedAt`; Retry (also run when the connection is back). */
export function OfflineFiguresNotice({ loadedAt, onRetry, busy }: { loadedAt: number; onRetry(): void; busy?: boolean }) {
  const { t } = useTranslation();
  useRetryWhenOnline(onRetry);
  return (
    <Alert color="yellow" variant="light" icon={<Icon name="wifi-off" />} data-testid="report-offline">
      <Text size="sm" span>
        {t('reports.offlineCached', { time: dayjs(loadedAt).format('YYYY-MM-DD HH:mm') })}
      </Text>{' '}
      <Button variant="subtle" size="compact-sm" onClick={onRetry} loading={busy} data-testid="offline-retry">
        {t('shell.offlineRetry')}
      </Button>
    </Alert>
  );
}

export function InfoNotice({ text, testId }: { text: string; testId: string }) {
  return (
    <Alert color="blue" variant="light" icon={<Icon name="alert" />} data-testid={testId}>
      {text}
    </Alert>
  );
}
