import type { AreaPageProps } from '../../components/ui/area-types.ts';
import i18n from '../../lib/i18n.ts';
import { preloadableLazy } from '../../lib/preloadable-lazy.ts';

/**
 * The contracts area's pages, each a chunk of its own: contracts-area.tsx renders them, and app/areas.ts loads the one
 * a cold load opens (with its texts) together with the area. Small on purpose: it ships with the entry.
 */
export const ContractsPage = preloadableLazy(() => import('./contracts-page.tsx'));
export const ContractPage = preloadableLazy(() => import('./contract-page.tsx'));

/** The page and its texts (the list's client filter: clients; the contract's party cards: parties). */
export function preloadContractsPage(route: AreaPageProps['route']): Promise<unknown> {
  const list = route.path === '/contracts';
  return Promise.all([
    (list ? ContractsPage : ContractPage).preload(),
    i18n.loadNamespaces(list ? ['contracts', 'clients'] : ['contracts', 'clients', 'parties']),
  ]);
}
