// Ending and refreshing the session from the shell: logout, the end after a password change, and the menu refresh
// that keeps the stored side menu and button grants current (and finds out early when a stored token is no longer valid).
import { getMenusByUser, type CurrentMenu } from '@/shared/contracts/menu';
import { getProductList } from '@/shared/contracts/product';
import { getProductModList } from '@/shared/contracts/product-mod';
import { logout } from '@/shared/contracts/user';
import { ApiError, call } from '@/app/api/client';
import { queryClient } from '@/app/api/query-client';
import { clearSession, getSession, getToken, updateSession } from '@/app/session/session';
import { showInfo } from '@/app/components/feedback/feedback';
import { companyLookup } from '@/app/components/crud/lookups';

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

/** The offline areas' forms (DESIGN §6): routes the side menu does not list, so the guard must have looked them up once. */
export const OFFLINE_FORM_ROUTES = ['/WeekSalesData', '/SalesDataEdit', '/SalesTargetAdd', '/SalesTargetEdit'] as const;

/** The token the menus were refreshed for: once per page load and session (another sign-in refreshes again). */
let refreshedFor: string | null = null;

/** Refreshes the stored menus and grants once per page load; a network failure keeps the stored ones (offline use). */
export async function refreshMenusOnce() {
  const token = getToken();
  if (!token || refreshedFor === token) return;
  refreshedFor = token;
  try {
    const m = await call(getMenusByUser, {});
    updateSession({ sideMenuList: m.sideMenuList, buttons: m.buttons });
  } catch (err) {
    // An invalid token has been routed to /login by the client; anything else leaves the stored menus as they are.
    if (!(err instanceof ApiError) || err.kind !== 'network') refreshedFor = null;
    return;
  }
  void prepareOffline(token);
}

/**
 * Online once is enough to enter sales offline (DESIGN §6): remembers the offline forms' menu entries the user may
 * open (a form never opened online still opens offline) and has the service worker cache the lookups those forms
 * need (countries, product models, the user's company's products), with the same queries the forms send.
 */
async function prepareOffline(token: string) {
  const found: Record<string, CurrentMenu> = {};
  await Promise.all(
    OFFLINE_FORM_ROUTES.map(async (path) => {
      try {
        const r = await call(getMenusByUser, { routePath: path }, { noGlobalRouting: true });
        if (r.currentMenu) found[path.toLowerCase()] = r.currentMenu;
      } catch {
        // Not granted, or the network went: the guard looks the route up when the form opens.
      }
    }),
  );
  if (getToken() !== token) return;
  if (Object.keys(found).length) updateSession({ routes: { ...getSession()?.routes, ...found } });

  // Only a request the service worker handles is cached: wait (briefly) for it to control a freshly installed app.
  const sw = typeof navigator !== 'undefined' ? navigator.serviceWorker : undefined;
  if (!sw) return;
  if (!sw.controller) {
    await new Promise((r) => {
      sw.addEventListener('controllerchange', r, { once: true });
      setTimeout(r, 15_000);
    });
  }
  if (!sw.controller || getToken() !== token) return;
  const company = getSession()?.companyNumber;
  await Promise.allSettled([
    call(companyLookup.endpoint, companyLookup.input),
    call(getProductModList, { keyword: undefined }),
    company ? call(getProductList, { company }) : null,
  ]);
}
