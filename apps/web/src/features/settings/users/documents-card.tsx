import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import UploadFile from '@mui/icons-material/UploadFile';
import Visibility from '@mui/icons-material/Visibility';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '../../../components/confirm-dialog.tsx';
import { DataTable, type DataTableColumn } from '../../../components/data-table.tsx';
import { SectionCard } from '../../../components/section-card.tsx';
import { type ListRequest, useListState } from '../../../components/use-list-query.ts';
import { formatDate, formatDateTime } from '../../../lib/format.ts';
import { localized } from '../../../lib/labels.ts';
import { useInvalidate } from '../../../lib/metadata.ts';
import { DocumentDialog, FileChip } from './document-dialog.tsx';
import { type UserDocument, userKeys, usersApi } from './users-api.ts';

/** A user's documents: upload, list (newest first), download each file, preview and remove. */
export function DocumentsCard({ userId }: { userId: string }) {
  const { t, i18n } = useTranslation('settings');
  const locale = i18n.language;
  const confirm = useConfirm();
  const invalidate = useInvalidate();
  const list = useListState({ sortBy: 'created', sortDesc: true });
  const [dialog, setDialog] = useState<{ id: string | null } | null>(null);
  const fetcher = useMemo(() => (request: ListRequest) => usersApi.listDocuments({ ...request, userId }), [userId]);
  const name = (row: UserDocument) => localized(row.typeName, locale) || row.files[0]?.filename || '';

  const columns = useMemo<DataTableColumn<UserDocument>[]>(
    () => [
      { field: 'type', header: 'settings:fields.document_type', sortable: true, render: (row) => localized(row.typeName, locale) },
      { field: 'date', header: 'settings:fields.document_date', sortable: true, hideBelow: 'sm', render: (row) => formatDate(row.date) },
      { field: 'description', header: 'settings:fields.description', hideBelow: 'md', render: (row) => localized(row.description, locale) },
      {
        field: 'files',
        header: 'settings:documents.files',
        render: (row) => (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
            {row.files.map((file) => (
              <FileChip key={file._id} file={file} />
            ))}
          </Box>
        ),
      },
      {
        field: 'created',
        header: 'settings:documents.uploaded',
        sortable: true,
        hideBelow: 'sm',
        render: (row) => (
          <Box sx={{ whiteSpace: 'nowrap' }}>
            {formatDateTime(row.created)}
            <Box component="span" sx={{ display: 'block', color: 'text.secondary', fontSize: '0.8rem' }}>
              {localized(row.createdByName, locale)}
            </Box>
          </Box>
        ),
      },
    ],
    [locale],
  );

  const remove = async (row: UserDocument) => {
    const sure = await confirm({ messageKey: 'are_your_sure_delete_user_document', destructive: true, confirmLabel: t('common:actions.delete') });
    if (!sure) return;
    await usersApi.removeDocument(row._id).catch(() => undefined);
    invalidate(userKeys.documents(userId));
  };

  return (
    <SectionCard
      title={t('documents.title')}
      flush
      actions={
        <Button variant="outlined" startIcon={<UploadFile />} onClick={() => setDialog({ id: null })}>
          {t('documents.add')}
        </Button>
      }
    >
      <DataTable<UserDocument>
        embedded
        queryKey={userKeys.documents(userId)}
        fetcher={fetcher}
        columns={columns}
        state={list.state}
        onStateChange={list.setState}
        label={t('documents.title')}
        rowActions={(row) => (
          <>
            <Tooltip title={t('common:actions.preview')}>
              <IconButton aria-label={`${t('common:actions.preview')}: ${name(row)}`} onClick={() => setDialog({ id: row._id })}>
                <Visibility fontSize="small" />
              </IconButton>
            </Tooltip>
            <Tooltip title={t('common:actions.delete')}>
              <IconButton aria-label={`${t('common:actions.delete')}: ${name(row)}`} onClick={() => void remove(row)}>
                <DeleteOutline fontSize="small" />
              </IconButton>
            </Tooltip>
          </>
        )}
      />
      {dialog && <DocumentDialog key={dialog.id ?? 'new'} userId={userId} id={dialog.id} onClose={() => setDialog(null)} />}
    </SectionCard>
  );
}
