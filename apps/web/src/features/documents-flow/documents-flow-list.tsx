import type { DocumentFlowRow, ClientOption } from '@kantora/domain';
import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import Download from '@mui/icons-material/Download';
import FolderZipOutlined from '@mui/icons-material/FolderZipOutlined';
import Preview from '@mui/icons-material/Preview';
import Visibility from '@mui/icons-material/Visibility';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { type ReactNode, useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RowAction } from '../../components/ui/row-action.tsx';
import { useConfirmRemove } from '../../components/ui/use-confirm-remove.ts';
import { DataTable, type DataTableColumn } from '../../components/ui/data-table.tsx';
import { PageToolbar } from '../../components/ui/page-toolbar.tsx';
import { type ListRequest, useListState } from '../../components/ui/use-list-query.ts';
import { formatDate, formatDateTime } from '../../lib/format.ts';
import { localized } from '../../lib/labels.ts';
import { type ClientFieldRenderer, DocumentFlowDialog } from './document-flow-dialog.tsx';
import { type DocumentsFlowApi, documentFlowKeys } from '../../api/documents-flow.ts';
import { type DocumentFlowFilterValues, DocumentsFlowFilter, toListFilter } from './documents-flow-filter.tsx';
import { FilePreviewDialog } from './file-preview-dialog.tsx';

export interface DocumentsFlowListProps {
  api: DocumentsFlowApi;
  /** One client's documents (the client page's tab): no client filter or column; new documents are its. */
  client?: ClientOption | null;
  /** The text left of the buttons. */
  description?: ReactNode;
  /** The client field of the filter and the dialog (the portal offers its own companies). */
  clientField?: ClientFieldRenderer;
}

const nowrap = { whiteSpace: 'nowrap' } as const;

/**
 * The document flow: filter, add, the table (newest first, page sizes up to 200) with preview, download,
 * file preview and (admin) delete per row, and a zip of the selected rows' files.
 */
export function DocumentsFlowList({ api, client = null, description, clientField }: DocumentsFlowListProps) {
  const { t, i18n } = useTranslation('documents-flow');
  const locale = i18n.language;
  const confirmRemove = useConfirmRemove();
  const list = useListState<Partial<DocumentFlowFilterValues>>({ sortBy: 'created', sortDesc: true });
  const [dialog, setDialog] = useState<{ id: string | null } | null>(null);
  const [previewing, setPreviewing] = useState<DocumentFlowRow | null>(null);
  const [selected, setSelected] = useState<string[]>([]);
  const [selectedRows, setSelectedRows] = useState<DocumentFlowRow[]>([]);
  const [zipping, setZipping] = useState(false);
  const clientId = client?._id;
  const fetcher = useMemo(
    () => (request: ListRequest<Partial<DocumentFlowFilterValues>>) => api.list(toListFilter(request, clientId)),
    [api, clientId],
  );
  const queryKey = useMemo(() => [...documentFlowKeys.all(api.base), clientId ?? 'all'], [api.base, clientId]);
  const label = (row: DocumentFlowRow) => row.description || row.file?.filename || localized(row.categoryName, locale);

  const columns = useMemo<DataTableColumn<DocumentFlowRow>[]>(() => {
    const all: Array<DataTableColumn<DocumentFlowRow> | false> = [
      {
        field: 'category',
        header: 'documents-flow:fields.category',
        sortable: true,
        hideBelow: 'sm',
        render: (row) => localized(row.categoryName, locale),
      },
      !clientId && {
        field: 'company',
        header: 'documents-flow:fields.company',
        sortable: true,
        render: (row) => localized(row.companyName, locale),
      },
      {
        field: 'description',
        header: 'documents-flow:fields.description',
        sortable: true,
        hideBelow: 'md',
        render: (row) => (
          <Box
            component="span"
            title={row.description}
            sx={{
              display: '-webkit-box',
              WebkitLineClamp: 2,
              WebkitBoxOrient: 'vertical',
              overflow: 'hidden',
              overflowWrap: 'anywhere',
              minWidth: 96,
              maxWidth: 260,
            }}
          >
            {row.description}
          </Box>
        ),
      },
      {
        field: 'date',
        header: 'documents-flow:fields.date',
        sortable: true,
        hideBelow: 'sm',
        render: (row) => <Box sx={nowrap}>{formatDate(row.date)}</Box>,
      },
      {
        field: 'file',
        header: 'documents-flow:fields.file',
        sortable: true,
        render: (row) =>
          row.file ? (
            <Box sx={{ overflowWrap: 'anywhere', minWidth: { xs: 72, sm: 88 }, maxWidth: 220 }}>
              {row.file.filename}
            </Box>
          ) : (
            '—'
          ),
      },
      {
        field: 'created',
        header: 'documents-flow:fields.created',
        sortable: true,
        hideBelow: 'sm',
        render: (row) => (
          <Box>
            <Box sx={nowrap}>{formatDateTime(row.created)}</Box>
            <Box component="span" sx={{ display: 'block', color: 'text.secondary', fontSize: '0.8rem' }}>
              {localized(row.createdByName, locale)}
            </Box>
          </Box>
        ),
      },
    ];
    return all.filter((column): column is DataTableColumn<DocumentFlowRow> => Boolean(column));
  }, [clientId, locale]);

  const select = useCallback((ids: string[], rows: DocumentFlowRow[]) => {
    setSelected(ids);
    setSelectedRows(rows);
  }, []);
  const clearSelection = () => select([], []);
  const selectedFiles = selectedRows.flatMap((row) => (row.file ? [row.file._id] : []));

  const downloadZip = async () => {
    setZipping(true);
    try {
      await api.downloadZip(selectedFiles);
    } catch {
      // The API client has shown why.
    } finally {
      setZipping(false);
    }
  };

  const remove = async (row: DocumentFlowRow) => {
    const outcome = await confirmRemove({
      messageKey: 'are_your_sure_delete_document_flow',
      remove: () => api.remove(row._id),
      invalidate: [documentFlowKeys.all(api.base)],
      refresh: 'success',
    });
    if (outcome !== 'removed') return;
    select(
      selected.filter((id) => id !== row._id),
      selectedRows.filter((item) => item._id !== row._id),
    );
  };

  return (
    <>
      <PageToolbar description={description}>
        {api.staff && selected.length > 0 && (
          <>
            <Button onClick={clearSelection}>{t('selection.clear')}</Button>
            <Button
              variant="outlined"
              startIcon={<FolderZipOutlined />}
              disabled={zipping || selectedFiles.length === 0}
              onClick={() => void downloadZip()}
            >
              {t('selection.download', { count: selectedFiles.length })}
            </Button>
          </>
        )}
        <Button variant="contained" startIcon={<Add />} onClick={() => setDialog({ id: null })}>
          {t('list.add')}
        </Button>
      </PageToolbar>
      <DocumentsFlowFilter
        api={api}
        withClient={!clientId}
        clientField={clientField}
        onApply={(values) => {
          list.applyFilters(values);
          clearSelection();
        }}
        onResetPage={list.resetPage}
      />
      <DataTable<DocumentFlowRow, Partial<DocumentFlowFilterValues>>
        queryKey={queryKey}
        fetcher={fetcher}
        filters={list.filters}
        columns={columns}
        state={list.state}
        onStateChange={list.setState}
        large
        label={t('list.title')}
        selectable={api.staff}
        isRowSelectable={(row) => row.file !== null}
        selected={selected}
        onSelectionChange={select}
        rowActions={(row) => (
          <>
            <RowAction
              label={t('common:actions.preview')}
              target={label(row)}
              icon={<Visibility fontSize="small" />}
              onClick={() => setDialog({ id: row._id })}
              size="small"
            />
            {row.file && (
              <RowAction
                label={t('actions.download')}
                target={row.file.filename}
                icon={<Download fontSize="small" />}
                onClick={() => row.file && void api.download(row.file._id).catch(() => undefined)}
                size="small"
              />
            )}
            {row.file?.previewable && (
              <RowAction
                label={t('actions.file_preview')}
                target={row.file.filename}
                icon={<Preview fontSize="small" />}
                onClick={() => setPreviewing(row)}
                size="small"
              />
            )}
            {api.staff && row.canDelete && (
              <RowAction
                label={t('common:actions.delete')}
                target={label(row)}
                icon={<DeleteOutline fontSize="small" />}
                onClick={() => void remove(row)}
                size="small"
              />
            )}
          </>
        )}
      />
      {dialog && (
        <DocumentFlowDialog
          key={dialog.id ?? 'new'}
          api={api}
          id={dialog.id}
          client={client}
          clientField={clientField}
          onClose={() => setDialog(null)}
        />
      )}
      {previewing?.file && <FilePreviewDialog api={api} file={previewing.file} onClose={() => setPreviewing(null)} />}
    </>
  );
}
