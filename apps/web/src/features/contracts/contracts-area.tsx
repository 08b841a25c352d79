import type { AreaPageProps } from '../../components/ui/area-types.ts';
import { ContractPage, ContractsPage } from './contracts-pages.ts';

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
