import type { AreaPageProps } from '../../components/ui/area-types.ts';
import i18n from '../../lib/i18n.ts';
import { preloadableLazy } from '../../lib/preloadable-lazy.ts';

/**
 * The clients area's pages, each a chunk of its own: clients-area.tsx renders them, and app/areas.ts loads the one a
 * cold load opens (with its texts) together with the area. Small on purpose: it ships with the entry.
 */
export const ClientsPage = preloadableLazy(() => import('./clients-page.tsx'));
export const ClientPage = preloadableLazy(() => import('./client-page.tsx'));

/** The route's page and its texts (a client's form has the reminders' "no reminders" mark). */
export function preloadClientsPage(route: AreaPageProps['route']): Promise<unknown> {
  const list = route.path === '/clients';
  return Promise.all([
    (list ? ClientsPage : ClientPage).preload(),
    i18n.loadNamespaces(list ? ['clients'] : ['clients', 'reminders']),
  ]);
}
