// What a detail or edit page shows instead of a blank record when it has none: the refusal (errors.<msg> of the
// server's reply, or "not found" for a key that names no record, e.g. /UserDetails?id=abc), or the offline state
// with Retry when the server cannot be reached. Global routing (login, /401, /404) has already moved the user.
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/app/api/client';
import { errorText } from '@/app/components/feedback/feedback';
import { isOfflineError, OfflineState, StatusPage } from '@/app/components/shell/status-page';

/** Why the page has no record: a key that names none, or the load's failure. */
export type RecordFailure = { kind: 'badKey' } | { kind: 'error'; error: unknown };

export function RecordState({ failure, onRetry }: { failure: RecordFailure; onRetry(): void }) {
  const { t } = useTranslation();
  if (failure.kind === 'error') {
    if (failure.error instanceof ApiError && failure.error.routed) return null;
    if (isOfflineError(failure.error)) return <OfflineState compact onRetry={onRetry} />;
  }
  const title = failure.kind === 'badKey' ? t('errors.notFound') : errorText(failure.error);
  return <StatusPage compact icon="search" title={title} text={t('crud.recordMissingText')} testId="record-refusal" />;
}
