import { BILLING_ROUTES, type BillingKind, type BillingRow, ContractStatus } from '@kantora/domain';
import Add from '@mui/icons-material/Add';
import AutoAwesome from '@mui/icons-material/AutoAwesome';
import Button from '@mui/material/Button';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { ClientTabProps, ContractTabProps } from '../../components/ui/area-types.ts';
import { useConfirm } from '../../components/ui/confirm-dialog.tsx';
import { DataTable } from '../../components/ui/data-table.tsx';
import { SectionCard } from '../../components/ui/section-card.tsx';
import { type ListRequest, useListState } from '../../components/ui/use-list-query.ts';
import { useInvalidate } from '../../lib/metadata.ts';
import { billingApi, billingKeys, documentRoute, generateProforma } from '../../api/billing.ts';
import { BillingPreviewButton, useBillingColumns } from './billing-columns.tsx';
import { usePaymentsFromList } from './payments-dialog.tsx';

interface DocumentsTabProps {
  kind: BillingKind;
  /** The list's filter: the client's (`customerId`) or the contract's (`contract`). */
  filter: { customerId: string } | { contract: string };
  emptyText: string;
  withClient: boolean;
  actions?: ReactNode;
}

/** The documents of a client or a contract, issued and drafts together, drafts first (newest first), then by number (highest first), each with its preview. */
function DocumentsTab({ kind, filter, emptyText, withClient, actions }: DocumentsTabProps) {
  const { t } = useTranslation('billing');
  const list = useListState({ sortBy: 'number', sortDesc: true });
  const key = 'customerId' in filter ? `client:${filter.customerId}` : `contract:${filter.contract}`;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the filter object is identified by its key
  const fetcher = useMemo(
    () => (request: ListRequest) => billingApi(kind).list({ ...request, ...filter }),
    [kind, key],
  );
  const payments = usePaymentsFromList();
  const columns = useBillingColumns({ withClient, withState: true, onPaidClick: payments.onPaidClick });
  const title = t(`${kind}.list_title`);
  return (
    <SectionCard title={title} flush actions={actions}>
      <DataTable<BillingRow>
        embedded
        queryKey={[...billingKeys.list(kind), key]}
        fetcher={fetcher}
        columns={columns}
        state={list.state}
        onStateChange={list.setState}
        label={title}
        emptyText={emptyText}
        rowActions={(row) => <BillingPreviewButton kind={kind} row={row} />}
      />
      {payments.dialog}
    </SectionCard>
  );
}

/** The add button of a client's tab: a new document for that client (management). */
function AddForClient({ kind, clientId }: { kind: BillingKind; clientId: string }) {
  const { t } = useTranslation('billing');
  return (
    <Button
      component={Link}
      to={`${BILLING_ROUTES[kind]}/create?clientId=${encodeURIComponent(clientId)}`}
      variant="contained"
      startIcon={<Add />}
    >
      {t(`${kind}.add`)}
    </Button>
  );
}

/** The client page's invoices tab (management and accountants; management adds). */
export function ClientInvoicesTab({ clientId, canWrite }: ClientTabProps) {
  const { t } = useTranslation('billing');
  return (
    <DocumentsTab
      kind="invoice"
      filter={{ customerId: clientId }}
      withClient={false}
      emptyText={t('list.client_empty')}
      actions={canWrite && <AddForClient kind="invoice" clientId={clientId} />}
    />
  );
}

/** The client page's proforma invoices tab (management). */
export function ClientProformasTab({ clientId, canWrite }: ClientTabProps) {
  const { t } = useTranslation('billing');
  return (
    <DocumentsTab
      kind="proforma"
      filter={{ customerId: clientId }}
      withClient={false}
      emptyText={t('list.client_empty')}
      actions={canWrite && <AddForClient kind="proforma" clientId={clientId} />}
    />
  );
}

/** The contract page's invoices tab (management). */
export function ContractInvoicesTab({ contract }: ContractTabProps) {
  const { t } = useTranslation('billing');
  if (!contract) return null;
  return (
    <DocumentsTab
      kind="invoice"
      filter={{ contract: contract._id }}
      withClient={false}
      emptyText={t('list.contract_empty')}
    />
  );
}

/** The contract page's proforma invoices tab (management): a registered contract generates the next period's proforma. */
export function ContractProformasTab({ contract }: ContractTabProps) {
  const { t } = useTranslation('billing');
  const confirm = useConfirm();
  const navigate = useNavigate();
  const invalidate = useInvalidate();
  const [busy, setBusy] = useState(false);
  if (!contract) return null;
  const generate = async () => {
    const sure = await confirm({
      titleKey: t('generate.title'),
      messageKey: t('generate.text'),
      confirmLabel: t('generate.button'),
    });
    if (!sure) return;
    setBusy(true);
    try {
      const proforma = await generateProforma(contract._id);
      invalidate(billingKeys.all('proforma'));
      navigate(documentRoute('proforma', proforma._id));
    } catch {
      // The API client has shown why (e.g. every period already has its proforma).
    } finally {
      setBusy(false);
    }
  };
  const canGenerate = contract.status === ContractStatus.registered && contract.rights.canSeeBilling;
  return (
    <DocumentsTab
      kind="proforma"
      filter={{ contract: contract._id }}
      withClient={false}
      emptyText={t('list.contract_empty')}
      actions={
        canGenerate && (
          <Button variant="contained" startIcon={<AutoAwesome />} onClick={() => void generate()} disabled={busy}>
            {t('generate.button')}
          </Button>
        )
      }
    />
  );
}
