import { MessageKeys, type PortalContractView } from '@kantora/domain';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ContractStatusChip } from '../../components/entities/contract-status-chip.tsx';
import { LazyTabs } from '../../components/ui/lazy-tabs.tsx';
import { formatDate } from '../../lib/format.ts';
import { localized } from '../../lib/labels.ts';
import { PORTAL_ROUTES, portalQueries } from '../../api/portal.ts';
import { RecordHeader, RecordPending, SnapshotPartyCards } from './portal-parts.tsx';
import { PORTAL_CONTRACT_TABS } from './portal-tabs.ts';
import { usePortalRecord } from './use-portal-record.ts';

function ContractPreview({ contract }: { contract: PortalContractView }) {
  const { t, i18n } = useTranslation(['portal', 'contracts']);
  const locale = i18n.language;
  return (
    <>
      <RecordHeader
        title={localized(contract.name, locale)}
        chips={<ContractStatusChip status={contract.status} size="medium" />}
        subtitle={t('contract.period', { from: formatDate(contract.fromDate), to: formatDate(contract.toDate) })}
        back={{ to: PORTAL_ROUTES.contracts, label: t('contract.back') }}
      />
      <SnapshotPartyCards
        provider={contract.provider}
        customer={contract.customer}
        customerTitle={t('contracts:parties.customer')}
      />
      <LazyTabs
        tabs={PORTAL_CONTRACT_TABS}
        panelProps={{ contract }}
        idPrefix="my-contract"
        label={(key) => t(`contracts:tabs.${key}`)}
        ariaLabel={t('contracts:tabs.label')}
      />
    </>
  );
}

/**
 * /my-contracts/{id}: a registered, canceled or expired contract of one of the user's companies, read-only: the
 * provider and customer cards from its snapshots and the tabs. Anything else returns to the list.
 */
export default function PortalContractPage() {
  const { t } = useTranslation('portal');
  const { id } = useParams();
  const record = usePortalRecord({
    query: portalQueries.contract,
    id,
    listPath: PORTAL_ROUTES.contracts,
    notFound: MessageKeys.the_contract_was_not_found,
  });
  if (!record.data)
    return <RecordPending failed={record.failed} back={{ to: PORTAL_ROUTES.contracts, label: t('contract.back') }} />;
  return <ContractPreview key={record.data._id} contract={record.data} />;
}
