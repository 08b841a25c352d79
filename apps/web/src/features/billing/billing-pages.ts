import type { BillingKind } from '@kantora/domain';
import type { AreaPageProps } from '../../components/ui/area-types.ts';
import i18n from '../../lib/i18n.ts';
import { preloadableLazy } from '../../lib/preloadable-lazy.ts';

/**
 * The billing area's pages, each a chunk of its own: billing-area.tsx renders them, and app/areas.ts loads the one a
 * cold load opens (with its texts) together with the area, so that neither waits for the other. Small on purpose: it
 * ships with the entry.
 */
export const BillingListPage = preloadableLazy<{ kind: BillingKind }>(() =>
  import('./billing-list-page.tsx').then((module) => ({ default: module.BillingListPage })),
);
export const BillingEditorPage = preloadableLazy<{ kind: BillingKind }>(() =>
  import('./billing-editor-page.tsx').then((module) => ({ default: module.BillingEditorPage })),
);

export const isBillingList = (path: string) => path === '/invoices' || path === '/proforma-invoices';

/** The route's page and the namespaces its first screen asks for (the list's client filter: clients). */
export function preloadBillingPage(route: AreaPageProps['route']): Promise<unknown> {
  const list = isBillingList(route.path);
  return Promise.all([
    (list ? BillingListPage : BillingEditorPage).preload(),
    i18n.loadNamespaces(
      list ? ['billing', 'clients', 'mail'] : ['billing', 'clients', 'parties', 'contracts', 'mail', 'reminders'],
    ),
  ]);
}
