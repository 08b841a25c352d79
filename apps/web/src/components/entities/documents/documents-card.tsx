import type { ListResult, DocumentParent, ParentDocument } from '@kantora/domain';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import Edit from '@mui/icons-material/Edit';
import UploadFile from '@mui/icons-material/UploadFile';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RowAction } from '../../ui/row-action.tsx';
import { formatDate, formatDateTime } from '../../../lib/format.ts';
import { localized } from '../../../lib/labels.ts';
import { useConfirmRemove } from '../../ui/use-confirm-remove.ts';
import { DataTable, type DataTableColumn } from '../../ui/data-table.tsx';
import { SectionCard } from '../../ui/section-card.tsx';
import { type ListRequest, useListState } from '../../ui/use-list-query.ts';
import { DocumentDialog, FileChip } from './document-dialog.tsx';
import { documentKeys, documentsApi } from '../../../api/documents.ts';

export interface DocumentsCardProps {
  parent: DocumentParent;
  /** The upload button. */
  canAdd?: boolean;
  /** The edit row button (the dialog with save buttons and file removal). */
  canEdit?: boolean;
  /** The delete row button. */
  canDelete?: boolean;
  /** Message key or text of the delete question; default the documents namespace's. */
  deleteMessage?: string;
  title?: string;
  /** A line under the title (why adding is not offered, ...). */
  subtitle?: string;
  /**
   * Other calls for the list and the downloads (the client portal's /api/my-contracts/documents/...), for a
   * read-only card (the dialog of add and edit uses the staff calls).
   */
  source?: DocumentsSource;
}

/** The list and download calls of a read-only documents card. */
export interface DocumentsSource {
  queryKey: readonly unknown[];
  list: (request: ListRequest) => Promise<ListResult<ParentDocument>>;
  downloadPath: (fileId: string) => string;
}

/**
 * The documents of a user or a contract, newest first: type, date, description, notes, the files (each
 * downloads on click) and who uploaded them. Upload, edit and delete as the caller allows; without them the
 * table alone stays (the files still download).
 */
export function DocumentsCard({
  parent,
  canAdd = false,
  canEdit = false,
  canDelete = false,
  deleteMessage,
  title,
  subtitle,
  source,
}: DocumentsCardProps) {
  const { t, i18n } = useTranslation('documents');
  const locale = i18n.language;
  const confirmRemove = useConfirmRemove();
  const list = useListState({ sortBy: 'created', sortDesc: true });
  const [dialog, setDialog] = useState<{ id: string | null } | null>(null);
  const { parentType, parentId } = parent;
  const fetcher = useMemo(
    () => source?.list ?? ((request: ListRequest) => documentsApi.list({ parentType, parentId }, request)),
    [source, parentType, parentId],
  );
  const downloadPath = source?.downloadPath;
  const name = (row: ParentDocument) => localized(row.typeName, locale) || row.files[0]?.filename || '';

  const columns = useMemo<DataTableColumn<ParentDocument>[]>(
    () => [
      {
        field: 'type',
        header: 'documents:fields.type',
        sortable: true,
        render: (row) => localized(row.typeName, locale),
      },
      {
        field: 'date',
        header: 'documents:fields.date',
        sortable: true,
        hideBelow: 'sm',
        render: (row) => <Box sx={{ whiteSpace: 'nowrap' }}>{formatDate(row.date)}</Box>,
      },
      {
        field: 'description',
        header: 'documents:fields.description',
        hideBelow: 'md',
        render: (row) => localized(row.description, locale),
      },
      {
        field: 'notes',
        header: 'documents:fields.notes',
        hideBelow: 'lg',
        render: (row) => localized(row.notes, locale),
      },
      {
        field: 'files',
        header: 'documents:files',
        render: (row) => (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
            {row.files.map((file) => (
              <FileChip key={file._id} file={file} downloadPath={downloadPath} />
            ))}
          </Box>
        ),
      },
      {
        field: 'created',
        header: 'documents:uploaded',
        sortable: true,
        // Beside the drawer at 1280 px the files matter more; wide screens show who uploaded them.
        hideBelow: 'xl',
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
    [locale, downloadPath],
  );

  const remove = (row: ParentDocument) =>
    confirmRemove({
      messageKey: deleteMessage ?? t('delete_confirm'),
      remove: () => documentsApi.remove(row._id),
      invalidate: [documentKeys.list(parent)],
    });

  const withActions = canEdit || canDelete;
  return (
    <SectionCard
      title={title ?? t('title')}
      subtitle={subtitle}
      flush
      actions={
        canAdd && (
          <Button variant="outlined" startIcon={<UploadFile />} onClick={() => setDialog({ id: null })}>
            {t('add')}
          </Button>
        )
      }
    >
      <DataTable<ParentDocument>
        embedded
        queryKey={source?.queryKey ?? documentKeys.list(parent)}
        fetcher={fetcher}
        columns={columns}
        state={list.state}
        onStateChange={list.setState}
        label={title ?? t('title')}
        rowActions={
          withActions
            ? (row) => (
                <>
                  {canEdit && (
                    <RowAction
                      label={t('edit')}
                      target={name(row)}
                      icon={<Edit fontSize="small" />}
                      onClick={() => setDialog({ id: row._id })}
                    />
                  )}
                  {canDelete && (
                    <RowAction
                      label={t('common:actions.delete')}
                      target={name(row)}
                      icon={<DeleteOutline fontSize="small" />}
                      onClick={() => void remove(row)}
                    />
                  )}
                </>
              )
            : undefined
        }
      />
      {dialog && (
        <DocumentDialog
          key={dialog.id ?? 'new'}
          parent={parent}
          id={dialog.id}
          canDeleteFiles={canDelete}
          onClose={() => setDialog(null)}
        />
      )}
    </SectionCard>
  );
}
