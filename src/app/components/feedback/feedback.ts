// The messages screens show after a call (spec part 3 §8.1): errors.<msg> for a refusal, the connection message for a
// network failure, a generic error otherwise; success messages by key.
import { ApiError } from '@/app/api/client';
import { i18n } from '@/app/i18n/i18n';
import { notify } from './notifications';

/** The translated text of an error: errors.<msg> when the locales know it, the connection message for network failures. */
export function errorText(err: unknown): string {
  if (err instanceof ApiError) {
    if (err.kind === 'network') return i18n.t('errors.connectionError');
    const key = `errors.${err.msg}`;
    if (i18n.exists(key)) return i18n.t(key);
    return i18n.t('errors.generic');
  }
  if (err instanceof Error && err.message) return i18n.t('errors.exception', { message: err.message });
  return i18n.t('errors.generic');
}

/** Shows an error notification for a failed call (or any thrown value). */
export function showError(err: unknown, opts: { title?: string } = {}) {
  // Global routing (invalid token, 401, 404) has already moved the user; a toast on top adds nothing.
  if (err instanceof ApiError && err.routed) return;
  notify({ color: 'red', title: opts.title, message: errorText(err), autoClose: 8000 });
}

/** Shows a translated error by key (a client-side check, e.g. validation.passwordMismatch). */
export function showErrorKey(key: string, values: Record<string, unknown> = {}) {
  notify({ color: 'red', message: i18n.t(key, values), autoClose: 8000 });
}

/** Shows a success notification; `key` is a translation key (common.saved by default). */
export function showSuccess(key = 'common.saved', values: Record<string, unknown> = {}) {
  notify({ color: 'green', message: i18n.t(key, values), autoClose: 4000 });
}

/** Shows an informational notification by key. */
export function showInfo(key: string, values: Record<string, unknown> = {}) {
  notify({ color: 'blue', message: i18n.t(key, values), autoClose: 6000 });
}
