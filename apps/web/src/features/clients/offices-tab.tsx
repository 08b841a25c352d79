import type { Office } from '@kantora/domain';
import Add from '@mui/icons-material/Add';
import Delete from '@mui/icons-material/Delete';
import Visibility from '@mui/icons-material/Visibility';
import Button from '@mui/material/Button';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RowAction } from '../../components/ui/row-action.tsx';
import { useConfirmRemove } from '../../components/ui/use-confirm-remove.ts';
import { DataTable, type DataTableColumn } from '../../components/ui/data-table.tsx';
import { SectionCard } from '../../components/ui/section-card.tsx';
import { StatusIcon } from '../../components/ui/status-icon.tsx';
import { type ListRequest, useListState } from '../../components/ui/use-list-query.ts';
import { localized } from '../../lib/labels.ts';
import { clientKeys, clientsApi } from '../../api/clients.ts';
import type { ClientTabProps } from '../../components/ui/area-types.ts';
import { OfficeDialog } from './office-dialog.tsx';

const officeAddress = (row: Office, locale: string) =>
  [localized(row.country, locale), localized(row.city, locale), localized(row.street, locale)]
    .filter(Boolean)
    .join(', ');

/** The client's offices: a table, the office dialog and (management) delete. */
export default function OfficesTab({ clientId, canWrite }: ClientTabProps) {
  const { t, i18n } = useTranslation('clients');
  const locale = i18n.language;
  const confirmRemove = useConfirmRemove();
  const list = useListState({ sortBy: 'created', sortDesc: false });
  const [dialog, setDialog] = useState<{ id: string | null } | null>(null);
  const fetcher = useMemo(
    () => (request: ListRequest) => clientsApi.listOffices({ ...request, company: clientId }),
    [clientId],
  );
  const address = (row: Office) => officeAddress(row, locale);

  const columns = useMemo<DataTableColumn<Office>[]>(
    () => [
      { field: `city.${locale}`, header: 'clients:fields.address', render: (row) => officeAddress(row, locale) },
      { field: 'phone', header: 'clients:fields.phone' },
      { field: 'email', header: 'clients:fields.email' },
      {
        field: 'isHeadquarters',
        header: 'clients:fields.is_headquarters',
        align: 'center',
        render: (row) => (row.isHeadquarters ? <StatusIcon active label={t('fields.is_headquarters')} /> : null),
      },
    ],
    [locale, t],
  );

  const remove = (row: Office) =>
    confirmRemove({
      messageKey: 'are_your_sure_delete_office',
      remove: () => clientsApi.removeOffice(row._id),
      invalidate: [clientKeys.offices(clientId)],
    });

  return (
    <SectionCard
      title={t('tabs.offices')}
      flush
      actions={
        canWrite && (
          <Button variant="contained" startIcon={<Add />} onClick={() => setDialog({ id: null })}>
            {t('offices.add')}
          </Button>
        )
      }
    >
      <DataTable<Office>
        embedded
        queryKey={clientKeys.offices(clientId)}
        fetcher={fetcher}
        columns={columns}
        state={list.state}
        onStateChange={list.setState}
        label={t('tabs.offices')}
        rowActions={(row) => (
          <>
            <RowAction
              label={t('common:actions.preview')}
              target={address(row)}
              icon={<Visibility fontSize="small" />}
              onClick={() => setDialog({ id: row._id })}
            />
            {canWrite && (
              <RowAction
                label={t('common:actions.delete')}
                target={address(row)}
                icon={<Delete fontSize="small" />}
                onClick={() => void remove(row)}
              />
            )}
          </>
        )}
      />
      {dialog && (
        <OfficeDialog
          key={dialog.id ?? 'new'}
          companyId={clientId}
          id={dialog.id}
          canWrite={canWrite}
          onClose={() => setDialog(null)}
        />
      )}
    </SectionCard>
  );
}
