// The forms' existence check before an add or a move (spec part 1 §5, DESIGN §6): one record per period and country.
// Offline the check cannot run and the save is still queued: the outbox runs the same check before sending.
import { showError, showErrorKey } from '@/app/components/feedback/feedback';
import { isOfflineError } from '@/app/components/shell/status-page';

/** True (and the message shown) when the check finds a record or fails online; false when clear or offline. */
export async function refusedAsExisting(check: () => Promise<boolean>, messageKey: string): Promise<boolean> {
  try {
    if (!(await check())) return false;
    showErrorKey(messageKey);
    return true;
  } catch (err) {
    if (isOfflineError(err)) return false;
    showError(err);
    return true;
  }
}
