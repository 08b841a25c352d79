import type { ContractOption, ContractView } from '@kantora/domain';
import { useQuery } from '@tanstack/react-query';
import { clientsApi } from '../../api/clients.ts';
import { contractsApi } from '../../api/contracts.ts';
import { timesheetKeys } from '../../api/timesheets.ts';
import { TimesheetDialog } from './timesheet-dialog.tsx';

const PAGE = /^\/(clients|contracts)\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/?$/i;

/** The client or contract of the page the top bar's button was pressed on. */
export function pageOf(path: string): { clientId?: string; contractId?: string } {
  const match = PAGE.exec(path);
  if (!match) return {};
  return match[1] === 'clients' ? { clientId: match[2] } : { contractId: match[2] };
}

function optionOf(contract: ContractView): ContractOption {
  const { _id, name, customerId, companyName, fromDate, toDate, status, currency, currencyCode } = contract;
  return { _id, name, customerId, companyName, fromDate, toDate, status, currency, currencyCode };
}

/**
 * The top bar's add-timesheet dialog, from any page: on a client's page its rows start with that client, on a
 * contract's with its client (and the contract, when registered). A page that does not load leaves them blank.
 */
export default function QuickTimesheetDialog({ path, onClose }: { path: string; onClose: () => void }) {
  const { clientId, contractId } = pageOf(path);
  const client = useQuery({
    queryKey: timesheetKeys.client(clientId),
    queryFn: () => clientsApi.get(clientId as string, { quiet: true }),
    enabled: Boolean(clientId),
    retry: false,
    staleTime: 60_000,
  });
  const contract = useQuery({
    queryKey: timesheetKeys.contract(contractId),
    queryFn: () => contractsApi.get(contractId as string, { quiet: true }),
    enabled: Boolean(contractId),
    retry: false,
    staleTime: 60_000,
  });
  if ((clientId && client.isPending) || (contractId && contract.isPending)) return null;
  const fromContract = contract.data?.customerId
    ? { _id: contract.data.customerId, name: contract.data.companyName ?? { bg: '', it: '' } }
    : null;
  const prefill = client.data ? { _id: client.data._id, name: client.data.name } : fromContract;
  return (
    <TimesheetDialog
      id={null}
      client={prefill}
      contract={contract.data ? optionOf(contract.data) : null}
      onClose={onClose}
    />
  );
}
