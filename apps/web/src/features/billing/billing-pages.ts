import type { AreaPageProps } from '../../components/area-types.ts';
import i18n from '../../lib/i18n.ts';

/**
 * The billing area's pages, each a chunk of its own: billing-area.tsx renders them, and app/areas.ts starts the one a
 * cold load opens (with its texts) together with the area, so that neither waits for the other. Small on purpose: it
 * ships with the entry.
 */
export const loadBillingList = () => import('./billing-list-page.tsx');
export const loadBillingEditor = () => import('./billing-editor-page.tsx');

export const isBillingList = (path: string) => path === '/invoices' || path === '/proforma-invoices';

/** The route's page and the namespaces its first screen asks for (the list's client filter: clients). */
export function preloadBillingPage(route: AreaPageProps['route']): void {
  const list = isBillingList(route.path);
  (list ? loadBillingList() : loadBillingEditor()).catch(() => undefined);
  i18n.loadNamespaces(list ? ['billing', 'clients'] : ['billing', 'clients', 'parties', 'contracts']).catch(() => undefined);
}
