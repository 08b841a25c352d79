import type { AreaPageProps } from '../../components/ui/area-types.ts';
import i18n from '../../lib/i18n.ts';
import { preloadableLazy } from '../../lib/preloadable-lazy.ts';

/**
 * The receivables pages, each a chunk of its own: the summary carries the charts library, the overdue list does not.
 * receivables-area.tsx renders them and app/areas.ts loads the route's page with its texts on a cold load.
 */
export const ReceivablesPage = preloadableLazy(() => import('./receivables-page.tsx'));
export const OverduePage = preloadableLazy(() => import('./overdue-page.tsx'));

/** The route's page and its texts. */
export function preloadReceivablesPage(route: AreaPageProps['route']): Promise<unknown> {
  const page = route.path === '/receivables/overdue' ? OverduePage : ReceivablesPage;
  return Promise.all([page.preload(), i18n.loadNamespaces(['receivables'])]);
}
