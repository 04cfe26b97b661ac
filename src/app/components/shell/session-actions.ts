// Ending and refreshing the session from the shell: logout, the end after a password change, and the menu refresh
// that keeps the stored side menu and button grants current (and finds out early when a stored token is no longer valid).
import { getMenusByUser } from '@/shared/contracts/menu';
import { logout } from '@/shared/contracts/user';
import { ApiError, call } from '@/app/api/client';
import { queryClient } from '@/app/api/query-client';
import { clearSession, getToken, updateSession } from '@/app/session/session';
import { showInfo } from '@/app/components/feedback/feedback';

type Navigate = (to: string, opts?: { replace?: boolean; flushSync?: boolean }) => void | Promise<void>;

/** Logout: ends the server session (best effort: offline it just ends here), clears the client session, goes to /login. */
export async function signOut(navigate: Navigate) {
  try {
    if (getToken()) await call(logout, {}, { noGlobalRouting: true });
  } catch {
    // Offline or already invalid: the local session is cleared all the same.
  }
  // Leave the guarded screens first (committed at once), so no guard answers the cleared session with a redirect back here.
  await navigate('/login', { replace: true, flushSync: true });
  clearSession();
  queryClient.clear();
}

/** A password change ends every session of the user on the server: say so and go to /Login. */
export async function endAfterPasswordChange(navigate: Navigate) {
  await navigate('/Login', { replace: true, flushSync: true });
  clearSession();
  queryClient.clear();
  showInfo('password.changed');
}

let refreshed = false;

/** Refreshes the stored menus and grants once per page load; a network failure keeps the stored ones (offline use). */
export async function refreshMenusOnce() {
  if (refreshed || !getToken()) return;
  refreshed = true;
  try {
    const m = await call(getMenusByUser, {});
    updateSession({ sideMenuList: m.sideMenuList, buttons: m.buttons });
  } catch (err) {
    // An invalid token has been routed to /login by the client; anything else leaves the stored menus as they are.
    if (!(err instanceof ApiError) || err.kind !== 'network') refreshed = false;
  }
}
