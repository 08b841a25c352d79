import { Access, type AccessValue } from '@kantora/domain';
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/** What a tab of the client page receives. */
export interface ClientTabProps {
  clientId: string;
  /** Management may change what the tab shows. */
  canWrite: boolean;
}

export interface ClientTab {
  /** Also the i18n key `clients:tabs.<key>`. */
  key: string;
  roles: readonly AccessValue[];
  component: LazyExoticComponent<ComponentType<ClientTabProps>>;
}

const MANAGEMENT = [Access.admin, Access.manager] as const;

/**
 * The tabs of an existing client, in order. Each loads on first open. Later areas (contracts,
 * timesheets, invoices, proformaInvoices, documentsFlow) add their entry here.
 */
export const CLIENT_TABS: readonly ClientTab[] = [
  { key: 'banks', roles: [...MANAGEMENT, Access.accountant], component: lazy(() => import('./banks-tab.tsx')) },
  { key: 'offices', roles: [...MANAGEMENT, Access.accountant, Access.employee], component: lazy(() => import('./offices-tab.tsx')) },
  {
    key: 'documentsFlow',
    roles: [...MANAGEMENT, Access.accountant, Access.employee],
    component: lazy(() => import('../documents-flow/documents-flow-tab.tsx')),
  },
  { key: 'access', roles: MANAGEMENT, component: lazy(() => import('./access-tab.tsx')) },
];

/** The tabs a user of this access level sees. */
export function tabsFor(access: number, tabs: readonly ClientTab[] = CLIENT_TABS): ClientTab[] {
  return tabs.filter((tab) => (tab.roles as readonly number[]).includes(access));
}
