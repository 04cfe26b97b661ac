// The routes (spec part 1 §2): fixed /, /login (/Login), /UserChangePassword, /401, /404; every other path is a menu
// route resolved by the guard. Paths match case-insensitively. The client's global error routing uses this router.
// Only the login screen is in the first download: the signed-in part (guard, layout, menus) and every screen load lazily.
import { lazy, Suspense, type ReactNode } from 'react';
import { createBrowserRouter, Outlet } from 'react-router-dom';
import { setNavigator } from './api/client';
import { RouteError, ScreenLoader } from './components/shell/status-page';
import LoginPage from './features/auth/login-page';

const SignedIn = lazy(() => import('./signed-in'));
const MenuRoute = lazy(() => import('./signed-in').then((m) => ({ default: m.MenuRoute })));
const UserChangePasswordPage = lazy(() => import('./features/auth/user-change-password-page'));
const HomePage = lazy(() => import('./features/auth/home-page'));
const UnauthorizedPage = lazy(() => import('./features/auth/unauthorized-page'));
const NotFoundPage = lazy(() => import('./features/auth/not-found-page'));
const OutboxPage = lazy(() => import('./offline/outbox-page'));

const suspend = (node: ReactNode) => <Suspense fallback={<ScreenLoader />}>{node}</Suspense>;

export const router = createBrowserRouter([
  {
    element: <Outlet />,
    errorElement: <RouteError />,
    children: [
      { path: '/login', element: <LoginPage /> },
      { path: '/UserChangePassword', element: suspend(<UserChangePasswordPage />) },
      {
        element: suspend(<SignedIn />),
        errorElement: <RouteError />,
        children: [
          { index: true, element: suspend(<HomePage />) },
          { path: '401', element: suspend(<UnauthorizedPage />) },
          { path: '404', element: suspend(<NotFoundPage />) },
          // This device's unsynced entries (DESIGN §6): not a server menu, open to every signed-in user.
          { path: 'Outbox', element: suspend(<OutboxPage />) },
          { path: '*', element: suspend(<MenuRoute />), errorElement: <RouteError /> },
        ],
      },
    ],
  },
]);

setNavigator((to, opts) => void router.navigate(to, opts));
