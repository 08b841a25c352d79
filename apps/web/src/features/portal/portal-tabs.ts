import { Access } from '@kantora/domain';
import { lazy } from 'react';
import type { PortalCompanyTabProps, PortalContractTabProps } from '../../components/ui/area-types.ts';
import type { TabDef } from '../../components/ui/tab-registry.ts';

const CLIENT = [Access.client] as const;

/** The tabs of /my-contracts/{id} (labels `contracts:tabs.<key>`); every tab but the first loads on first open. */
export const PORTAL_CONTRACT_TABS: readonly TabDef<PortalContractTabProps>[] = [
  {
    key: 'details',
    roles: CLIENT,
    component: lazy(() => import('./contract-tabs.tsx').then((module) => ({ default: module.ContractDetailsTab }))),
  },
  {
    key: 'services',
    roles: CLIENT,
    component: lazy(() => import('./contract-tabs.tsx').then((module) => ({ default: module.ContractServicesTab }))),
  },
  {
    key: 'documents',
    roles: CLIENT,
    component: lazy(() => import('./contract-tabs.tsx').then((module) => ({ default: module.ContractDocumentsTab }))),
  },
  {
    key: 'invoices',
    roles: CLIENT,
    component: lazy(() => import('./contract-tabs.tsx').then((module) => ({ default: module.ContractInvoicesTab }))),
  },
  {
    key: 'proformaInvoices',
    roles: CLIENT,
    component: lazy(() => import('./contract-tabs.tsx').then((module) => ({ default: module.ContractProformasTab }))),
  },
];

/** The tabs of /my-companies/{id} (labels `portal:company.tabs.<key>`). */
export const PORTAL_COMPANY_TABS: readonly TabDef<PortalCompanyTabProps>[] = [
  {
    key: 'contracts',
    roles: CLIENT,
    component: lazy(() => import('./company-tabs.tsx').then((module) => ({ default: module.CompanyContractsTab }))),
  },
  {
    key: 'invoices',
    roles: CLIENT,
    component: lazy(() => import('./company-tabs.tsx').then((module) => ({ default: module.CompanyInvoicesTab }))),
  },
  {
    key: 'proformaInvoices',
    roles: CLIENT,
    component: lazy(() => import('./company-tabs.tsx').then((module) => ({ default: module.CompanyProformasTab }))),
  },
  {
    key: 'documentsFlow',
    roles: CLIENT,
    component: lazy(() =>
      import('../documents-flow/my-documents-flow.tsx').then((module) => ({
        default: module.MyCompanyDocumentsFlowTab,
      })),
    ),
  },
  {
    key: 'contacts',
    roles: CLIENT,
    component: lazy(() => import('./company-tabs.tsx').then((module) => ({ default: module.CompanyContactsTab }))),
  },
];
