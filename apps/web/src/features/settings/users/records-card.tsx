import type { UserRecordKind as RecordKind, UserRecord } from '@kantora/domain';
import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import Visibility from '@mui/icons-material/Visibility';
import Button from '@mui/material/Button';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RowAction } from '../../../components/ui/row-action.tsx';
import { useConfirmRemove } from '../../../components/ui/use-confirm-remove.ts';
import { DataTable, type DataTableColumn } from '../../../components/ui/data-table.tsx';
import { SectionCard } from '../../../components/ui/section-card.tsx';
import { type ListRequest, useListState } from '../../../components/ui/use-list-query.ts';
import { formatDate } from '../../../lib/format.ts';
import { RecordDialog } from './record-dialog.tsx';
import { userKeys, usersApi } from '../../../api/users.ts';

const dateColumn = (field: string, header: string, hideBelow?: 'sm'): DataTableColumn<UserRecord> => ({
  field,
  header,
  sortable: true,
  hideBelow,
  render: (row) => formatDate(row[field] as string | null) || '—',
});

/** What differs between the education and the experience tables. */
const KINDS: Record<
  RecordKind,
  { sortBy: string; deleteKey: string; label: (row: UserRecord) => string; columns: DataTableColumn<UserRecord>[] }
> = {
  education: {
    sortBy: 'startDate',
    deleteKey: 'are_your_sure_delete_user_education',
    label: (row) => String(row.place ?? ''),
    columns: [
      { field: 'place', header: 'settings:fields.education_place', sortable: true },
      { field: 'degree', header: 'settings:fields.degree', sortable: true, hideBelow: 'sm' },
      dateColumn('startDate', 'settings:fields.start_date'),
      dateColumn('endDate', 'settings:fields.end_date', 'sm'),
    ],
  },
  experience: {
    sortBy: 'dateOfJoin',
    deleteKey: 'are_your_sure_delete_user_experience',
    label: (row) => `${row.position ?? ''}, ${row.company ?? ''}`,
    columns: [
      { field: 'position', header: 'settings:fields.position', sortable: true },
      { field: 'company', header: 'settings:fields.employer', sortable: true, hideBelow: 'sm' },
      { field: 'location', header: 'settings:fields.location', sortable: true, hideBelow: 'sm' },
      dateColumn('dateOfJoin', 'settings:fields.date_of_join'),
      dateColumn('dateOfRetire', 'settings:fields.date_of_retire', 'sm'),
    ],
  },
};

/** A user's education or experience: the table (newest first), add, preview and delete. */
export function RecordsCard({ kind, userId }: { kind: RecordKind; userId: string }) {
  const { t } = useTranslation('settings');
  const confirmRemove = useConfirmRemove();
  const config = KINDS[kind];
  const list = useListState({ sortBy: config.sortBy, sortDesc: true });
  const [dialog, setDialog] = useState<{ id: string | null } | null>(null);
  const fetcher = useMemo(
    () => (request: ListRequest) => usersApi.listRecords(kind, { ...request, userId }),
    [kind, userId],
  );

  const remove = (row: UserRecord) =>
    confirmRemove({
      messageKey: config.deleteKey,
      remove: () => usersApi.removeRecord(kind, row._id),
      invalidate: [userKeys.records(kind, userId)],
    });

  return (
    <SectionCard
      title={t(`${kind}.title`)}
      flush
      actions={
        <Button variant="outlined" startIcon={<Add />} onClick={() => setDialog({ id: null })}>
          {t(`${kind}.add`)}
        </Button>
      }
    >
      <DataTable<UserRecord>
        embedded
        queryKey={userKeys.records(kind, userId)}
        fetcher={fetcher}
        columns={config.columns}
        state={list.state}
        onStateChange={list.setState}
        label={t(`${kind}.title`)}
        rowActions={(row) => (
          <>
            <RowAction
              label={t('common:actions.preview')}
              target={config.label(row)}
              icon={<Visibility fontSize="small" />}
              onClick={() => setDialog({ id: row._id })}
            />
            <RowAction
              label={t('common:actions.delete')}
              target={config.label(row)}
              icon={<DeleteOutline fontSize="small" />}
              onClick={() => void remove(row)}
            />
          </>
        )}
      />
      {dialog && (
        <RecordDialog
          key={dialog.id ?? 'new'}
          kind={kind}
          userId={userId}
          id={dialog.id}
          onClose={() => setDialog(null)}
        />
      )}
    </SectionCard>
  );
}
