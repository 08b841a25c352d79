import { Access } from '@kantora/domain';
import { lazy } from 'react';
import type { ClientTabProps } from '../../components/ui/area-types.ts';
import type { TabDef } from '../../components/ui/tab-registry.ts';

const MANAGEMENT = [Access.admin, Access.manager] as const;

/**
 * The tabs of an existing client, in order. Each loads on first open. Later areas (contracts,
 * timesheets, invoices, proformaInvoices, documentsFlow, statement) add their entry here; their tab takes
 * `ClientTabProps` from components/area-types.ts.
 */
export const CLIENT_TABS: readonly TabDef<ClientTabProps>[] = [
  { key: 'banks', roles: [...MANAGEMENT, Access.accountant], component: lazy(() => import('./banks-tab.tsx')) },
  {
    key: 'offices',
    roles: [...MANAGEMENT, Access.accountant, Access.employee],
    component: lazy(() => import('./offices-tab.tsx')),
  },
  {
    key: 'contracts',
    roles: [...MANAGEMENT, Access.accountant, Access.employee],
    component: lazy(() => import('../contracts/client-contracts-tab.tsx')),
  },
  {
    key: 'timesheets',
    roles: [...MANAGEMENT, Access.employee],
    component: lazy(() => import('../timesheets/client-timesheets-tab.tsx')),
  },
  {
    key: 'invoices',
    roles: [...MANAGEMENT, Access.accountant],
    component: lazy(() =>
      import('../billing/billing-tabs.tsx').then((module) => ({ default: module.ClientInvoicesTab })),
    ),
  },
  {
    key: 'proformaInvoices',
    roles: MANAGEMENT,
    component: lazy(() =>
      import('../billing/billing-tabs.tsx').then((module) => ({ default: module.ClientProformasTab })),
    ),
  },
  {
    key: 'documentsFlow',
    roles: [...MANAGEMENT, Access.accountant, Access.employee],
    component: lazy(() => import('../documents-flow/documents-flow-tab.tsx')),
  },
  {
    key: 'statement',
    roles: [...MANAGEMENT, Access.accountant],
    component: lazy(() => import('./statement-tab.tsx')),
  },
  { key: 'access', roles: MANAGEMENT, component: lazy(() => import('./access-tab.tsx')) },
];
