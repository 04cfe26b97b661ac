// The guard (spec part 1 §2): every route but /login and /UserChangePassword needs a session; a session signed in with
// the initial password opens nothing but the password change. Menu routes are resolved from the stored side menu, else
// by asking getmenusbyuser for the path: a "401..." reply -> /401, "404" -> /404, no network (and a path not looked up
// before) -> the offline state with Retry, else the lazy screen of its routeComponent inside the layout; an entry whose
// routeComponent has no screen yet says "coming soon". Matching is case-insensitive.
import { Suspense, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { getMenusByUser, type CurrentMenu } from '@/shared/contracts/menu';
import { ApiError, call } from '@/app/api/client';
import { clearSession, getSession, markSessionEnded, updateSession, useSession } from '@/app/session/session';
import { screenFor } from '@/app/route-table';
import { menuName } from '@/app/i18n/i18n';
import { PageBreadcrumb } from './breadcrumb';
import { CurrentMenuContext } from './current-menu';
import { findByPath, toCurrentMenu } from './menu-tree';
import { ComingSoon, OfflineState, ScreenLoader } from './status-page';

/** /login with a redirect back to a location ('/' needs none). */
export function loginPath(loc: { pathname: string; search: string }): string {
  const target = loc.pathname + loc.search;
  return target === '/' ? '/login' : `/login?redirect=${encodeURIComponent(target)}`;
}

export function RequireSession({ children }: { children: ReactNode }) {
  const session = useSession();
  const loc = useLocation();
  if (!session?.token) return <Navigate to={loginPath(loc)} replace />;
  if (session.mustChangePassword) return <Navigate to="/UserChangePassword" replace />;
  return children;
}

/** The route path of a location: decoded (a malformed escape is left as typed and ends at /404), no trailing slash. */
function pathOf(pathname: string): string {
  let p = pathname;
  try {
    p = decodeURI(pathname);
  } catch {
    // URIError: the server knows no such route either.
  }
  return p.replace(/\/+$/, '') || '/';
}

type Lookup = { kind: 'ok'; entry: CurrentMenu } | { kind: 'forbidden' } | { kind: 'notFound' } | { kind: 'login' } | { kind: 'offline' };

/** Asks the server for the menu entry of a path; offline, a path looked up before still opens. */
async function lookup(path: string): Promise<Lookup> {
  const key = path.toLowerCase();
  try {
    const r = await call(getMenusByUser, { routePath: path }, { noGlobalRouting: true });
    if (!r.currentMenu) return { kind: 'notFound' };
    updateSession({ routes: { ...getSession()?.routes, [key]: r.currentMenu } });
    return { kind: 'ok', entry: r.currentMenu };
  } catch (err) {
    if (err instanceof ApiError) {
      if (err.kind === 'auth') return { kind: 'login' };
      if (err.msg.startsWith('401')) return { kind: 'forbidden' };
      const known = getSession()?.routes?.[key];
      if (err.kind === 'network') return known ? { kind: 'ok', entry: known } : { kind: 'offline' };
    }
    return { kind: 'notFound' };
  }
}

/** The catch-all route inside the layout: any path that is not a fixed route. */
export function MenuRoute() {
  const session = useSession();
  const loc = useLocation();
  const navigate = useNavigate();
  const path = pathOf(loc.pathname);
  const local = useMemo(() => findByPath(session?.sideMenuList ?? [], path), [session?.sideMenuList, path]);
  const [looked, setLooked] = useState<{ path: string; entry: CurrentMenu } | null>(null);
  // The path whose lookup found no network, and a counter that Retry bumps to look it up again.
  const [offline, setOffline] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);

  const entry = local ? toCurrentMenu(local) : looked?.path === path ? looked.entry : null;
  const Screen = entry ? screenFor(entry.routeComponent) : undefined;

  useEffect(() => {
    if (local) return;
    let live = true;
    void lookup(path).then((r) => {
      if (!live) return;
      setOffline(r.kind === 'offline' ? path : null);
      if (r.kind === 'ok') setLooked({ path, entry: r.entry });
      else if (r.kind === 'offline') return;
      else if (r.kind === 'login') {
        markSessionEnded();
        void navigate(loginPath(loc), { replace: true, flushSync: true });
        clearSession();
      } else void navigate(r.kind === 'forbidden' ? '/401' : '/404', { replace: true });
    });
    return () => {
      live = false;
    };
    // loc only supplies the redirect target of this same path, so the path (and a retry) is the dependency.
  }, [path, local, attempt]);

  if (!entry) return offline === path ? <OfflineState onRetry={() => setAttempt((n) => n + 1)} /> : <ScreenLoader />;
  return (
    <CurrentMenuContext.Provider value={entry}>
      <PageBreadcrumb entry={entry} />
      {Screen ? (
        <Suspense fallback={<ScreenLoader />}>
          <Screen key={path.toLowerCase()} />
        </Suspense>
      ) : (
        // A menu entry of a screen a later version brings (sales entry, reports, workflow, tasks, mail records).
        <ComingSoon name={menuName(entry)} />
      )}
    </CurrentMenuContext.Provider>
  );
}
