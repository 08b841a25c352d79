import type { AreaPageProps } from '../../components/area-types.ts';
import i18n from '../../lib/i18n.ts';
import { preloadableLazy } from '../../lib/preloadable-lazy.ts';

/**
 * The contracts area's pages, each a chunk of its own: contracts-area.tsx renders them, and app/areas.ts loads the one
 * a cold load opens (with its texts) together with the area. Small on purpose: it ships with the entry.
 */
export const ContractsPage = preloadableLazy(() => import('./contracts-page.tsx'));
export const ContractPage = preloadableLazy(() => import('./contract-page.tsx'));

/** The page and its texts (the list's client filter: clients). */
export function preloadContractsPage(route: AreaPageProps['route']): Promise<unknown> {
  return Promise.all([(route.path === '/contracts' ? ContractsPage : ContractPage).preload(), i18n.loadNamespaces(['contracts', 'clients'])]);
}
