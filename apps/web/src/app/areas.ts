import { matchRoute, WEB_ROUTES } from '@kantora/domain';
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import type { AreaPageProps } from '../components/ui/area-types.ts';
import { preloadBillingPage } from '../features/billing/billing-pages.ts';
import { preloadClientsPage } from '../features/clients/clients-pages.ts';
import { preloadContractsPage } from '../features/contracts/contracts-pages.ts';
import { preloadReceivablesPage } from '../features/receivables/receivables-pages.ts';
import { preloadTimesheetsPage } from '../features/timesheets/timesheets-pages.ts';
import { type PreloadableComponent, preloadableLazy } from '../lib/preloadable-lazy.ts';

type AreaModule = { default: ComponentType<AreaPageProps> };
type AreaPage = LazyExoticComponent<ComponentType<AreaPageProps>>;

const comingSoon = (): Promise<AreaModule> => import('../features/coming/coming-soon-page.tsx');

/**
 * Built areas: area name (WebRoute.area) -> its lazily loaded module. An area missing here shows
 * the coming-soon page. Plug an area in with e.g.
 * `clients: () => import('../features/clients/clients-area.tsx')`.
 */
const BUILT_AREAS: Record<string, () => Promise<AreaModule>> = {
  settings: () => import('../features/settings/settings-area.tsx'),
  calendar: () => import('../features/calendar/calendar-area.tsx'),
  clients: () => import('../features/clients/clients-area.tsx'),
  contracts: () => import('../features/contracts/contracts-area.tsx'),
  'documents-flow': () => import('../features/documents-flow/documents-flow-area.tsx'),
  billing: () => import('../features/billing/billing-area.tsx'),
  'billing-run': () => import('../features/billing-run/billing-run-area.tsx'),
  timesheets: () => import('../features/timesheets/timesheets-area.tsx'),
  portal: () => import('../features/portal/portal-area.tsx'),
  receivables: () => import('../features/receivables/receivables-area.tsx'),
  account: () => import('../features/account/account-area.tsx'),
};

/** One lazy chunk per area of the route matrix. */
export const AREA_PAGES: Record<string, PreloadableComponent<AreaPageProps>> = Object.fromEntries(
  [...new Set(WEB_ROUTES.map((route) => route.area))].map((area) => [
    area,
    preloadableLazy(BUILT_AREAS[area] ?? comingSoon),
  ]),
);

/**
 * What an area that lazily loads a page per route loads for a route besides its own chunk: that page and the texts it
 * asks for. Each is a small module of the area that ships with the entry (features/billing/billing-pages.ts).
 */
const AREA_PAGE_PRELOADS: Record<string, (route: AreaPageProps['route']) => Promise<unknown>> = {
  billing: preloadBillingPage,
  clients: preloadClientsPage,
  contracts: preloadContractsPage,
  receivables: preloadReceivablesPage,
  timesheets: preloadTimesheetsPage,
};

/**
 * Loads a route's first screen before it renders: the area's chunk, and the page and texts the area names for it,
 * all at once. A cold load of a signed-in page calls it while the user is still being loaded (route-guard.tsx), so
 * nothing there waits to be found until the previous chunk has run. Settles when all are there or failed (a failure
 * is left to the lazy page, which meets it again when it renders).
 */
export async function preloadRoute(pathname: string): Promise<void> {
  const route = matchRoute(pathname);
  if (!route) return; // every route's area has a lazy page (AREA_PAGES above)
  await Promise.allSettled([AREA_PAGES[route.area].preload(), AREA_PAGE_PRELOADS[route.area]?.(route)]);
}

/** Public pages of later areas (the calendar's invitation page), same plug-in rule. */
export const InvitationPage: AreaPage = lazy(() => import('../features/calendar/invitation-page.tsx'));
