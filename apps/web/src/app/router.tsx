import { canAccess, landingPath, WEB_ROUTES, type WebRoute } from '@kantora/domain';
import { Suspense } from 'react';
import { Navigate, Outlet, type RouteObject, useLocation, useParams, useRoutes, useSearchParams } from 'react-router';
import { PageLoader } from '../components/ui/page-loader.tsx';
import { loginPath } from '../lib/navigation.ts';
import { useSessionUser } from '../lib/session.ts';
import { getToken } from '../lib/token.ts';
import { AREA_PAGES } from './areas.ts';
import {
  AppShell,
  ForgotPasswordPage,
  LoginPage,
  NoAccessPage,
  NotFoundPage,
  PublicInvitation,
  ResetPasswordPage,
} from './lazy-pages.ts';
import { RouteErrorBoundary } from './route-error.tsx';
import { RouteGuard } from './route-guard.tsx';

function Root() {
  const { pathname } = useLocation();
  return (
    <RouteErrorBoundary resetKey={pathname}>
      <Suspense fallback={<PageLoader fullScreen />}>
        <Outlet />
      </Suspense>
    </RouteErrorBoundary>
  );
}

/** A route's page; one the user's role may not open says so (inside the shell, a link to the start page). */
function AreaRoute({ route }: { route: WebRoute }) {
  const user = useSessionUser();
  if (!user || !canAccess(route.roles, user.access)) return <NoAccessPage />;
  const Page = AREA_PAGES[route.area];
  return <Page route={route} />;
}

function LandingRedirect() {
  const user = useSessionUser();
  return <Navigate to={user ? landingPath(user.access) : '/login'} replace />;
}

/** /events/invitation/{id}: public; `create` (like no id at all) goes to /login. */
function InvitationRoute() {
  const { id } = useParams();
  if (!id || id === 'create') return <Navigate to="/login" replace />;
  return <PublicInvitation />;
}

/** /auth-redirect: open without sign-in; passes on to `redirect` (the guard decides from there). */
function AuthRedirect() {
  const [params] = useSearchParams();
  const redirect = params.get('redirect');
  const target = redirect?.startsWith('/') && !redirect.startsWith('//') ? redirect : '/';
  if (!getToken()) return <Navigate to={loginPath(target)} replace />;
  return <Navigate to={target} replace />;
}

/** Every route of the app: public pages, then the guarded shell with one route per matrix entry. */
export function buildRoutes(): RouteObject[] {
  const areaRoutes: RouteObject[] = WEB_ROUTES.filter((route) => route.path !== '/settings').map((route) => ({
    path: route.path,
    element: <AreaRoute route={route} />,
  }));
  return [
    {
      element: <Root />,
      children: [
        { path: '/login', element: <LoginPage /> },
        { path: '/auth-redirect', element: <AuthRedirect /> },
        { path: '/forgot-password', element: <ForgotPasswordPage /> },
        { path: '/reset-password', element: <ResetPasswordPage /> },
        { path: '/events/invitation', element: <Navigate to="/login" replace /> },
        { path: '/events/invitation/:id', element: <InvitationRoute /> },
        {
          element: <RouteGuard />,
          children: [
            {
              element: <AppShell />,
              children: [
                { path: '/', element: <LandingRedirect /> },
                { path: '/settings', element: <Navigate to="/settings/users" replace /> },
                ...areaRoutes,
                { path: '*', element: <NotFoundPage /> },
              ],
            },
          ],
        },
      ],
    },
  ];
}

const routes = buildRoutes();

/** The route table; used inside a HashRouter (app) or a MemoryRouter (tests). */
export function AppRoutes() {
  return useRoutes(routes);
}
