import type { ContractRow } from '@kantora/domain';
import Add from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ClientTabProps } from '../../components/ui/area-types.ts';
import { ContractPreviewButton, useContractColumns } from '../../components/entities/contract-columns.tsx';
import { DataTable } from '../../components/ui/data-table.tsx';
import { SectionCard } from '../../components/ui/section-card.tsx';
import { type ListRequest, useListState } from '../../components/ui/use-list-query.ts';
import { contractKeys, contractsApi } from '../../api/contracts.ts';

/** The client page's contracts tab: the client's contracts, newest first, each with a preview; management adds one. */
export default function ClientContractsTab({ clientId, canWrite }: ClientTabProps) {
  const { t } = useTranslation('contracts');
  const list = useListState({ sortBy: 'created', sortDesc: true });
  const fetcher = useMemo(
    () => (request: ListRequest) => contractsApi.list({ ...request, customerId: clientId }),
    [clientId],
  );
  const columns = useContractColumns({ withCompany: false });
  return (
    <SectionCard
      title={t('list.title')}
      flush
      actions={
        canWrite && (
          <Button
            component={Link}
            to={`/contracts/create?clientId=${encodeURIComponent(clientId)}`}
            variant="contained"
            startIcon={<Add />}
          >
            {t('list.add')}
          </Button>
        )
      }
    >
      <DataTable<ContractRow>
        embedded
        queryKey={[...contractKeys.list, 'client', clientId]}
        fetcher={fetcher}
        columns={columns}
        state={list.state}
        onStateChange={list.setState}
        label={t('list.title')}
        emptyText={t('list.client_empty')}
        rowActions={(row) => <ContractPreviewButton row={row} />}
      />
    </SectionCard>
  );
}
