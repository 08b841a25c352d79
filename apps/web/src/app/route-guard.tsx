import { MessageKeys, permittedRoutes } from '@kantora/domain';
import { useEffect, useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { PageLoader } from '../components/ui/page-loader.tsx';
import { loadSessionUser, resetSession, useSessionUser } from '../lib/session.ts';
import { loginPath } from '../lib/navigation.ts';
import { notify } from '../lib/notify.ts';
import { getToken } from '../lib/token.ts';
import { preloadRoute } from './areas.ts';
import { AppShell } from './lazy-pages.ts';

/**
 * The navigation guard (docs/architecture.md, "Dates, formats and the web's behaviour"), around every signed-in route:
 * - no token: /login?redirect=<path>;
 * - user not loaded yet: load getCurrentUserInfo first (and meanwhile the shell and the route's first screen, which
 *   render once all are there); on failure reset the token and go to /login?redirect=<path>;
 * - a user with no permitted route (negative access): error toast, signed out;
 * - a known route the role may not open: the shell with a page that says so (router.tsx, AreaRoute), a link home;
 * - anything else renders (unknown paths reach the 404 page inside the shell).
 */
export function RouteGuard() {
  const location = useLocation();
  const user = useSessionUser();
  const [failed, setFailed] = useState(false);
  const hasToken = getToken() !== null;
  const path = `${location.pathname}${location.search}`;
  const locked = user !== null && permittedRoutes(user.access).length === 0;

  useEffect(() => {
    if (user || !hasToken) return;
    let active = true;
    loadSessionUser().catch(() => {
      if (!active) return;
      resetSession();
      setFailed(true);
    });
    return () => {
      active = false;
    };
  }, [user, hasToken]);

  // A cold load: the shell and the route's first screen load while getCurrentUserInfo answers, not after it, and the
  // page shows once all are there, in one render (not a loader for each lazy piece in turn: React shows each for at
  // least 300 ms). This effect runs after the one above, so the user's call is sent first (the browser opens six
  // connections at most). Later navigations load their pages as they render.
  const [firstScreen, setFirstScreen] = useState<'loading' | 'shown'>(user === null ? 'loading' : 'shown');
  const { pathname } = location;
  useEffect(() => {
    if (firstScreen === 'shown' || !hasToken) return;
    let active = true;
    void Promise.allSettled([AppShell.preload(), preloadRoute(pathname)]).then(() => {
      if (active) setFirstScreen('shown');
    });
    return () => {
      active = false;
    };
  }, [firstScreen, hasToken, pathname]);

  useEffect(() => {
    if (!locked) return;
    notify.error(MessageKeys.no_permitted_actions);
    resetSession();
  }, [locked]);

  if (!hasToken || failed) return <Navigate to={loginPath(path)} replace />;
  if (!user || locked || firstScreen === 'loading') return <PageLoader fullScreen />;
  return <Outlet />;
}
