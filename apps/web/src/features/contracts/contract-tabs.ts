import { Access } from '@kantora/domain';
import { lazy } from 'react';
import type { ContractTabProps } from '../../components/ui/area-types.ts';
import { type TabDef, tabsFor } from '../../components/ui/tab-registry.ts';

const STAFF = [Access.admin, Access.manager, Access.accountant, Access.employee] as const;
const MANAGEMENT = [Access.admin, Access.manager] as const;

/** A tab of the contract page; `newContract` tabs also show on /contracts/create (before the first save). */
export interface ContractTabDef extends TabDef<ContractTabProps> {
  newContract?: boolean;
}

/**
 * The tabs of the contract page, in order; every tab but the first loads on first open. Billing adds its
 * `invoices` and `proformaInvoices` entries here (roles: management; labels `contracts:tabs.<key>` exist),
 * each a default export taking `ContractTabProps` from components/area-types.ts.
 */
export const CONTRACT_TABS: readonly ContractTabDef[] = [
  { key: 'details', roles: STAFF, newContract: true, component: lazy(() => import('./details-tab.tsx')) },
  { key: 'services', roles: STAFF, component: lazy(() => import('./services-tab.tsx')) },
  { key: 'documents', roles: STAFF, component: lazy(() => import('./documents-tab.tsx')) },
  {
    key: 'invoices',
    roles: MANAGEMENT,
    component: lazy(() =>
      import('../billing/billing-tabs.tsx').then((module) => ({ default: module.ContractInvoicesTab })),
    ),
  },
  {
    key: 'proformaInvoices',
    roles: MANAGEMENT,
    component: lazy(() =>
      import('../billing/billing-tabs.tsx').then((module) => ({ default: module.ContractProformasTab })),
    ),
  },
  {
    key: 'timesheets',
    roles: [Access.admin, Access.manager, Access.employee],
    component: lazy(() => import('../timesheets/contract-timesheets-tab.tsx')),
  },
];

/** The tabs a user sees on a saved contract, or on a new one (`saved` false). */
export function contractTabsFor(tabs: readonly ContractTabDef[], access: number, saved: boolean): ContractTabDef[] {
  return tabsFor(tabs, access).filter((tab) => saved || tab.newContract);
}
