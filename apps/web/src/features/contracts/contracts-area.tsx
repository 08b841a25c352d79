import { lazy } from 'react';
import type { AreaPageProps } from '../../components/area-types.ts';

const ContractsPage = lazy(() => import('./contracts-page.tsx'));
const ContractPage = lazy(() => import('./contract-page.tsx'));

/** The contracts area: the list, and the contract page (new or existing). */
export default function ContractsArea({ route }: AreaPageProps) {
  switch (route.path) {
    case '/contracts':
      return <ContractsPage />;
    case '/contracts/create':
    case '/contracts/:id':
      return <ContractPage />;
  }
  return null;
}
