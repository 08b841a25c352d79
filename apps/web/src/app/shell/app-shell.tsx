import {
  type CurrentUserInfo,
  canAccess,
  DRAWER_BREAKPOINT,
  type Locale,
  matchRoute,
  Permissions,
} from '@kantora/domain';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Toolbar from '@mui/material/Toolbar';
import useMediaQuery from '@mui/material/useMediaQuery';
import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { AppFooter } from '../../components/ui/app-footer.tsx';
import { PageLoader } from '../../components/ui/page-loader.tsx';
import { authApi } from '../../api/auth.ts';
import { SetupNotice } from '../../features/settings/setup/setup-notice.tsx';
import { changeLocale } from '../../lib/i18n.ts';
import { readLastVisited, recordVisit, VISITS_CHANGED } from '../../lib/last-visited.ts';
import { persistLocale } from '../../lib/locale.ts';
import { reloadPage } from '../../lib/navigation.ts';
import { notify } from '../../lib/notify.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { claimQueryCache } from '../../lib/query-client.ts';
import { useSessionUser } from '../../lib/session.ts';
import { clearToken } from '../../lib/token.ts';
import { DataProviders } from '../data-providers.tsx';
import { RouteErrorBoundary } from '../route-error.tsx';
import { AddTimesheetDialog } from './add-timesheet-dialog.tsx';
import { SideDrawer } from './side-drawer.tsx';
import { TopBar } from './top-bar.tsx';

/** Paths that only redirect: not worth remembering. */
const REDIRECT_PATHS = new Set(['/', '/settings']);

/** Saves the locale on the server, keeps it in storage and cookie, then reloads (docs/architecture.md, "Dates, formats and the web's behaviour"). */
async function switchLocaleSignedIn(locale: Locale): Promise<void> {
  persistLocale(locale);
  try {
    await authApi.saveLocale(locale);
  } catch {
    // The failure was shown; switch in place so the toast stays readable.
    await changeLocale(locale);
    return;
  }
  reloadPage();
}

function ShellLayout({ user }: { user: CurrentUserInfo }) {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const docked = useMediaQuery(`(min-width:${DRAWER_BREAKPOINT}px)`, { noSsr: true });
  const [drawerOpen, setDrawerOpen] = useState(docked);
  const [timesheetOpen, setTimesheetOpen] = useState(false);
  const [recent, setRecent] = useState(() => readLastVisited(user.id));

  const matched = matchRoute(location.pathname);
  // A page the role may not open shows "no access" (router.tsx) and is not remembered as visited.
  const forbidden = matched ? !canAccess(matched.roles, user.access) : false;
  const route = forbidden ? undefined : matched;
  const titleKey = forbidden
    ? 'no_access'
    : (route?.title ?? (REDIRECT_PATHS.has(location.pathname) ? 'loading' : 'not_found'));
  const title = t(`routes:${titleKey}`);
  usePageTitle(title);

  // Open by default on wide screens, closed on small ones.
  useEffect(() => setDrawerOpen(docked), [docked]);

  useEffect(() => {
    if (!route || REDIRECT_PATHS.has(location.pathname)) return;
    setRecent(recordVisit(user.id, { path: location.pathname, title: route.title }));
  }, [user.id, route, location.pathname]);

  // A page named its record (an invoice's number, a client's name): the list shows it.
  useEffect(() => {
    const reread = () => setRecent(readLastVisited(user.id));
    window.addEventListener(VISITS_CHANGED, reread);
    return () => window.removeEventListener(VISITS_CHANGED, reread);
  }, [user.id]);

  const signOut = async () => {
    await authApi.signOut().catch(() => undefined);
    // The token goes first so the sign-in page does not send the user back in.
    clearToken();
    navigate('/login', { replace: true });
    notify.success('signed_out');
  };

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <SkipToContent />
      <TopBar
        title={title}
        user={user}
        drawerOpen={drawerOpen}
        onToggleDrawer={() => setDrawerOpen((open) => !open)}
        onAddTimesheet={() => setTimesheetOpen(true)}
        onLocaleChange={(locale) => void switchLocaleSignedIn(locale)}
        onSignOut={() => void signOut()}
      />
      <SideDrawer
        access={user.access}
        isProduction={user.isProduction}
        docked={docked}
        open={drawerOpen}
        onClose={() => setDrawerOpen(false)}
        recent={recent}
      />
      <Box sx={{ flexGrow: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <Toolbar />
        <Box
          component="main"
          id="main"
          tabIndex={-1}
          sx={{ flexGrow: 1, p: { xs: 1.5, sm: 2, md: 3 }, '&:focus': { outline: 'none' } }}
        >
          <SetupNotice enabled={canAccess(Permissions.setupStatus, user.access)} />
          <RouteErrorBoundary resetKey={location.pathname}>
            <Suspense fallback={<PageLoader />}>
              <Outlet />
            </Suspense>
          </RouteErrorBoundary>
        </Box>
        <AppFooter />
      </Box>
      <AddTimesheetDialog open={timesheetOpen} onClose={() => setTimesheetOpen(false)} />
    </Box>
  );
}

/**
 * The first Tab stop of the shell (WCAG 2.4.1): hidden until focused, it moves the focus to the page's main region,
 * past the top bar and the drawer. Not an in-page anchor: the router reads the address's hash.
 */
function SkipToContent() {
  const { t } = useTranslation();
  return (
    <Link
      href="#main"
      onClick={(event) => {
        event.preventDefault();
        document.getElementById('main')?.focus();
      }}
      sx={{
        position: 'fixed',
        top: 8,
        left: 8,
        zIndex: (theme) => theme.zIndex.tooltip + 1,
        px: 2,
        py: 1,
        borderRadius: 1,
        bgcolor: 'background.paper',
        boxShadow: 3,
        fontWeight: 600,
        transform: 'translateY(-200%)',
        '&:focus': { transform: 'none' },
      }}
    >
      {t('shell.skip_to_content')}
    </Link>
  );
}

/** The signed-in frame: top bar, side drawer, page, footer; the query cache lives here. */
export default function AppShell() {
  const user = useSessionUser();
  if (!user) return null;
  claimQueryCache(user.id);
  return (
    <DataProviders>
      <ShellLayout user={user} />
    </DataProviders>
  );
}
