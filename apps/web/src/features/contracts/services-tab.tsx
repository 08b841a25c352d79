import type { ContractServiceRow } from '@kantora/domain';
import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import Tune from '@mui/icons-material/Tune';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RowAction } from '../../components/ui/row-action.tsx';
import type { ContractTabProps } from '../../components/ui/area-types.ts';
import { useConfirmRemove } from '../../components/ui/use-confirm-remove.ts';
import { DataTable, type DataTableColumn } from '../../components/ui/data-table.tsx';
import { SectionCard } from '../../components/ui/section-card.tsx';
import { contractServiceColumns } from '../../components/entities/contract-service-columns.tsx';
import { type ServiceOption, ServicesPickerDialog } from '../../components/entities/services-picker-dialog.tsx';
import { type ListRequest, useListState } from '../../components/ui/use-list-query.ts';
import { formatDateTime } from '../../lib/format.ts';
import { localized } from '../../lib/labels.ts';
import { useInvalidate } from '../../lib/metadata.ts';
import { contractKeys, contractsApi } from '../../api/contracts.ts';
import { ServiceSettingsDialog } from './service-settings-dialog.tsx';

/**
 * The contract's services in the order they were added: code, name, the contract's description and price
 * (not for employees: the server leaves it out). In a draft, management adds services from the active ones,
 * sets a row's own price and description, and removes rows.
 */
export default function ServicesTab({ contract }: ContractTabProps) {
  const { t, i18n } = useTranslation('contracts');
  const locale = i18n.language;
  const confirmRemove = useConfirmRemove();
  const invalidate = useInvalidate();
  const contractId = contract?._id ?? '';
  const canWrite = contract?.rights.canEditServices ?? false;
  const showPrices = contract?.rights.canSeePrices ?? false;
  const list = useListState({ sortBy: 'created', sortDesc: false });
  const [picking, setPicking] = useState(false);
  const [settings, setSettings] = useState<ContractServiceRow | null>(null);
  const [added, setAdded] = useState<Set<string>>(new Set());
  const [shown, setShown] = useState<ContractServiceRow[]>([]);
  const fetcher = useMemo(
    () => async (request: ListRequest) => {
      const page = await contractsApi.services({ ...request, contractId });
      setShown(page.Items);
      return page;
    },
    [contractId],
  );
  const currency = contract?.currencyCode ?? undefined;

  const columns = useMemo<DataTableColumn<ContractServiceRow>[]>(
    () => [
      ...contractServiceColumns<ContractServiceRow>(locale, { currency, prices: showPrices }),
      {
        field: 'created',
        header: 'contracts:services.added',
        sortable: true,
        hideBelow: 'sm',
        render: (row) => (
          <Box sx={{ whiteSpace: 'nowrap' }}>
            {formatDateTime(row.created)}
            <Box component="span" sx={{ display: 'block', color: 'text.secondary', fontSize: '0.8rem' }}>
              {localized(row.addedByName, locale)}
            </Box>
          </Box>
        ),
      },
    ],
    [locale, showPrices, currency],
  );

  if (!contract) return null;
  const changed = () => invalidate(contractKeys.services(contractId), contractKeys.one(contractId));
  const remove = async (row: ContractServiceRow) => {
    const outcome = await confirmRemove({
      messageKey: t('services.remove_confirm', { name: localized(row.name, locale) }),
      confirmLabel: t('services.remove'),
      remove: () => contractsApi.removeService(row._id),
      invalidate: [contractKeys.services(contractId), contractKeys.one(contractId)],
    });
    if (outcome !== 'cancelled') setAdded((ids) => new Set([...ids].filter((id) => id !== row.service)));
  };
  const add = async (service: ServiceOption) => {
    await contractsApi.addService(contractId, service._id);
    setAdded((ids) => new Set(ids).add(service._id));
    changed();
  };
  const addedIds = new Set([...added, ...shown.map((row) => row.service)]);

  return (
    <SectionCard
      title={t('tabs.services')}
      subtitle={canWrite ? t('services.hint') : contract.rights.canSeeBilling ? t('services.read_only') : undefined}
      flush
      actions={
        canWrite && (
          <Button variant="contained" startIcon={<Add />} onClick={() => setPicking(true)}>
            {t('services.add')}
          </Button>
        )
      }
    >
      <DataTable<ContractServiceRow>
        embedded
        queryKey={contractKeys.services(contractId)}
        fetcher={fetcher}
        columns={columns}
        state={list.state}
        onStateChange={list.setState}
        label={t('tabs.services')}
        emptyText={t('services.empty')}
        rowActions={
          canWrite
            ? (row) => (
                <>
                  <RowAction
                    label={t('services.settings')}
                    target={localized(row.name, locale)}
                    icon={<Tune fontSize="small" />}
                    onClick={() => setSettings(row)}
                  />
                  <RowAction
                    label={t('services.remove')}
                    target={localized(row.name, locale)}
                    icon={<DeleteOutline fontSize="small" />}
                    onClick={() => void remove(row)}
                  />
                </>
              )
            : undefined
        }
      />
      {canWrite && (
        <ServicesPickerDialog
          open={picking}
          onClose={() => setPicking(false)}
          onAdd={add}
          addedIds={addedIds}
          title={t('services.picker_title')}
        />
      )}
      {settings && (
        <ServiceSettingsDialog
          key={settings._id}
          row={settings}
          currency={currency}
          onClose={() => setSettings(null)}
          onSaved={changed}
        />
      )}
    </SectionCard>
  );
}
