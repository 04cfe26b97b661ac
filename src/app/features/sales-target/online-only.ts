// Actions that need the server (release, the disable switches; DESIGN §6): without a connection they refuse with a
// message that says so (errors.salesTargetOnlineOnly) instead of the generic connection error.
import { ApiError } from '@/app/api/client';

export const ONLINE_ONLY_MSG = 'salesTargetOnlineOnly';

/** Runs a server call; offline (the browser says so, or the call found no server) it rejects with the online-only refusal. */
export async function onlineOnly<T>(run: () => Promise<T>): Promise<T> {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) throw new ApiError('refusal', ONLINE_ONLY_MSG);
  try {
    return await run();
  } catch (err) {
    if (err instanceof ApiError && err.kind === 'network') throw new ApiError('refusal', ONLINE_ONLY_MSG);
    throw err;
  }
}
