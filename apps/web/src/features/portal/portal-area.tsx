import { lazy } from 'react';
import type { AreaPageProps } from '../../components/ui/area-types.ts';

const CompaniesPage = lazy(() => import('./companies-page.tsx'));
const CompanyPage = lazy(() => import('./company-page.tsx'));
const ContractsPage = lazy(() => import('./contracts-page.tsx'));
const ContractPage = lazy(() => import('./contract-page.tsx'));
const BillingListPage = lazy(() =>
  import('./billing-list-page.tsx').then((module) => ({ default: module.PortalBillingListPage })),
);
const BillingPage = lazy(() => import('./billing-page.tsx').then((module) => ({ default: module.PortalBillingPage })));
const DocumentsFlowPage = lazy(() => import('../documents-flow/my-documents-flow.tsx'));

/**
 * The client portal (client users only): their companies, contracts, invoices and proforma invoices read-only, and
 * the document flow of their companies.
 */
export default function PortalArea({ route }: AreaPageProps) {
  switch (route.path) {
    case '/my-companies':
      return <CompaniesPage />;
    case '/my-companies/:id':
      return <CompanyPage />;
    case '/my-contracts':
      return <ContractsPage />;
    case '/my-contracts/:id':
      return <ContractPage />;
    case '/my-invoices':
      return <BillingListPage key="invoice" kind="invoice" />;
    case '/my-invoices/:id':
      return <BillingPage key="invoice" kind="invoice" />;
    case '/my-proforma-invoices':
      return <BillingListPage key="proforma" kind="proforma" />;
    case '/my-proforma-invoices/:id':
      return <BillingPage key="proforma" kind="proforma" />;
    case '/my-documents-flow':
      return <DocumentsFlowPage />;
  }
  return null;
}
