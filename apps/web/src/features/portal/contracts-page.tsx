import type { PortalContractRow } from '@kantora/domain';
import { useTranslation } from 'react-i18next';
import { ContractPreviewButton, useContractColumns } from '../../components/entities/contract-columns.tsx';
import { DataTable } from '../../components/ui/data-table.tsx';
import { PageToolbar } from '../../components/ui/page-toolbar.tsx';
import { useListState } from '../../components/ui/use-list-query.ts';
import { PORTAL_ROUTES, portalApi, portalKeys } from '../../api/portal.ts';

/** /my-contracts: the contracts of the user's companies (never drafts), the latest start first. */
export default function PortalContractsPage() {
  const { t } = useTranslation(['portal', 'contracts']);
  const list = useListState({ sortBy: 'fromDate', sortDesc: true });
  const columns = useContractColumns({ withCompany: true });
  return (
    <>
      <PageToolbar description={t('contracts.intro')} />
      <DataTable<PortalContractRow>
        queryKey={[...portalKeys.contracts, 'list']}
        fetcher={portalApi.contracts}
        columns={columns}
        state={list.state}
        onStateChange={list.setState}
        label={t('contracts.title')}
        emptyText={t('contracts.empty')}
        rowActions={(row) => <ContractPreviewButton row={row} base={PORTAL_ROUTES.contracts} />}
      />
    </>
  );
}
