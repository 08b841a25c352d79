import { isManagement, type ContractRow } from '@kantora/domain';
import Add from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ContractPreviewButton, useContractColumns } from '../../components/entities/contract-columns.tsx';
import { DataTable } from '../../components/ui/data-table.tsx';
import { PageToolbar } from '../../components/ui/page-toolbar.tsx';
import { type ListRequest, useListState } from '../../components/ui/use-list-query.ts';
import { useSessionUser } from '../../lib/session.ts';
import { type ContractFilterValues, ContractsFilter, toListFilter } from './contracts-filter.tsx';
import { contractKeys, contractsApi } from '../../api/contracts.ts';

/** /contracts: the filter and the contracts the user sees, newest first; management adds. */
export default function ContractsPage() {
  const { t } = useTranslation('contracts');
  const user = useSessionUser();
  const management = user ? isManagement(user.access) : false;
  const list = useListState<Partial<ContractFilterValues>>({ sortBy: 'created', sortDesc: true });
  const fetcher = useMemo(
    () => (request: ListRequest<Partial<ContractFilterValues>>) => contractsApi.list(toListFilter(request)),
    [],
  );
  const columns = useContractColumns({ withCompany: true });
  return (
    <>
      <PageToolbar description={t('list.intro')}>
        {management && (
          <Button component={Link} to="/contracts/create" variant="contained" startIcon={<Add />}>
            {t('list.add')}
          </Button>
        )}
      </PageToolbar>
      <ContractsFilter onApply={list.applyFilters} onResetPage={list.resetPage} />
      <DataTable<ContractRow, Partial<ContractFilterValues>>
        queryKey={contractKeys.list}
        fetcher={fetcher}
        filters={list.filters}
        columns={columns}
        state={list.state}
        onStateChange={list.setState}
        label={t('list.title')}
        emptyText={t('list.empty')}
        rowActions={(row) => <ContractPreviewButton row={row} />}
      />
    </>
  );
}
