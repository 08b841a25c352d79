import AttachFile from '@mui/icons-material/AttachFile';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import Download from '@mui/icons-material/Download';
import {
  type DocumentSaveInput,
  documentSaveSchema,
  type DictionaryItem,
  type DocumentParent,
  type ParentDocument,
  type StoredFile,
} from '@kantora/domain';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { RowAction } from '../../ui/row-action.tsx';
import { download } from '../../../lib/api-client.ts';
import { formatSize } from '../../../lib/format.ts';
import { translateMessage } from '../../../lib/i18n.ts';
import { emptyText, localized, schemaResolver } from '../../../lib/labels.ts';
import { useInvalidate } from '../../../lib/metadata.ts';
import { useMetadata } from '../../../api/metadata.ts';
import { useConfirmRemove } from '../../ui/use-confirm-remove.ts';
import { EntityDialog } from '../../ui/entity-dialog.tsx';
import { DateField } from '../../ui/fields/date-field.tsx';
import { LocalizedTextField } from '../../ui/fields/localized-text-field.tsx';
import { OptionSelectField } from '../../ui/fields/option-select-field.tsx';
import { applyServerErrors } from '../../ui/fields/server-errors.ts';
import { documentKeys, documentsApi } from '../../../api/documents.ts';

interface DocumentFormValues {
  _id?: string;
  parentType: DocumentParent['parentType'];
  parentId: string;
  type: string | null;
  date: string | null;
  description: { bg: string; it: string };
  notes: { bg: string; it: string };
}

const toForm = (parent: DocumentParent, document: ParentDocument | null): DocumentFormValues => ({
  ...(document ? { _id: document._id } : {}),
  ...parent,
  type: document?.type ?? null,
  date: document?.date ?? null,
  description: document ? { bg: document.description.bg, it: document.description.it } : emptyText(),
  notes: document ? { bg: document.notes.bg, it: document.notes.it } : emptyText(),
});

/** The multipart body of /api/documents/save: nested names as `description.bg`, the file last. */
export function documentFormData(values: DocumentSaveInput, file: File | null): FormData {
  const body = new FormData();
  if (values._id) body.append('_id', values._id);
  body.append('type', values.type);
  if (values.date) body.append('date', values.date);
  for (const locale of ['bg', 'it'] as const) {
    body.append(`description.${locale}`, values.description[locale]);
    body.append(`notes.${locale}`, values.notes[locale]);
  }
  if (values.parentType && values.parentId) {
    body.append('parentType', values.parentType);
    body.append('parentId', values.parentId);
  }
  if (file) body.append('file', file, file.name);
  return body;
}

/** A stored file: click downloads it. */
export function FileChip({
  file,
  downloadPath = documentsApi.downloadPath,
}: {
  file: StoredFile;
  downloadPath?: (fileId: string) => string;
}) {
  const { t, i18n } = useTranslation('documents');
  return (
    <Chip
      size="small"
      variant="outlined"
      icon={<Download />}
      label={`${file.filename} (${formatSize(file.length, i18n.language)})`}
      onClick={() => void download(downloadPath(file._id)).catch(() => undefined)}
      aria-label={`${t('download')}: ${file.filename}`}
      sx={{ maxWidth: '100%' }}
    />
  );
}

export interface DocumentDialogProps {
  parent: DocumentParent;
  /** The document to preview, or null for a new one. */
  id: string | null;
  onClose: () => void;
  /** Preview only: no save buttons, no new file. */
  readOnly?: boolean;
  /** Files may be removed (management). */
  canDeleteFiles?: boolean;
}

/**
 * Upload a document of a user or a contract (type, date, description and notes in both languages, a file),
 * or preview one: download its files, add another, and (management) remove one.
 */
export function DocumentDialog({ parent, id, onClose, readOnly = false, canDeleteFiles = false }: DocumentDialogProps) {
  const { t, i18n } = useTranslation('documents');
  const inputId = useId();
  const invalidate = useInvalidate();
  const confirmRemove = useConfirmRemove();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState(false);
  const [current, setCurrent] = useState<ParentDocument | null>(null);
  const loaded = useQuery({
    queryKey: documentKeys.one(parent, id ?? ''),
    queryFn: () => documentsApi.get(id as string),
    enabled: id !== null,
    staleTime: 0,
  });
  const types = useMetadata<DictionaryItem[]>('getDocumentTypes');
  const form = useForm<DocumentFormValues, any, DocumentSaveInput>({
    resolver: schemaResolver(documentSaveSchema),
    defaultValues: toForm(parent, null),
  });
  const { control, reset } = form;
  const { parentType, parentId } = parent;
  useEffect(() => {
    if (loaded.data) {
      setCurrent(loaded.data);
      reset(toForm({ parentType, parentId }, loaded.data));
    }
  }, [loaded.data, reset, parentType, parentId]);

  const files = current?.files ?? [];
  const removeFile = async (item: StoredFile) => {
    if (!current) return;
    const outcome = await confirmRemove({
      messageKey: t('remove_file_confirm', { name: item.filename }),
      remove: () => documentsApi.removeFile(item._id, current._id),
      invalidate: [documentKeys.list(parent)],
      refresh: 'success',
    });
    if (outcome === 'removed')
      setCurrent({ ...current, files: current.files.filter((entry) => entry._id !== item._id) });
  };

  return (
    <EntityDialog<DocumentFormValues, ParentDocument, DocumentSaveInput>
      open
      onClose={onClose}
      title={(mode) => t(mode === 'create' ? 'new' : 'one')}
      form={form}
      initialMode={id ? 'edit' : 'create'}
      loading={id !== null && loaded.isPending}
      readOnly={readOnly}
      maxWidth="md"
      onSave={async (values, mode) => {
        // A new document needs its file; a saved one may get another.
        if (mode === 'create' && !file) {
          setFileError(true);
          throw new Error('file_required');
        }
        try {
          const result = await documentsApi.save(documentFormData(values, file));
          setFile(null);
          return result;
        } catch (error) {
          applyServerErrors(form.setError, error);
          throw error;
        }
      }}
      onSaved={(entry) => {
        setCurrent(entry);
        invalidate(documentKeys.list(parent));
      }}
      toFormValues={(entry) => toForm(parent, entry)}
      footer={
        files.length > 0 && (
          <Box sx={{ mt: 2 }}>
            <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
              {t('files')}
            </Typography>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
              {files.map((item) => (
                <Box key={item._id} sx={{ display: 'inline-flex', alignItems: 'center', maxWidth: '100%' }}>
                  <FileChip file={item} />
                  {canDeleteFiles && !readOnly && (
                    <RowAction
                      label={t('remove_file')}
                      target={item.filename}
                      icon={<DeleteOutline fontSize="small" />}
                      onClick={() => void removeFile(item)}
                      size="small"
                    />
                  )}
                </Box>
              ))}
            </Box>
          </Box>
        )
      }
    >
      <Stack spacing={2} sx={{ pt: 0.5 }}>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          <OptionSelectField
            control={control}
            name="type"
            label={t('fields.type')}
            required
            options={(types.data ?? []).map((item) => ({
              value: item._id,
              label: localized(item.name, i18n.language),
            }))}
          />
          <DateField
            control={control}
            name="date"
            label={t('fields.date')}
            helperText={readOnly ? undefined : t('date_hint')}
          />
        </Box>
        <LocalizedTextField control={control} name="description" label={t('fields.description')} multiline />
        <LocalizedTextField control={control} name="notes" label={t('fields.notes')} multiline />
        {!readOnly && (
          <Box>
            <input
              id={inputId}
              type="file"
              hidden
              onChange={(event) => {
                setFile(event.target.files?.[0] ?? null);
                setFileError(false);
                event.target.value = '';
              }}
            />
            <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5 }}>
              <Button component="label" htmlFor={inputId} variant="outlined" startIcon={<AttachFile />}>
                {files.length > 0 ? t('add_file') : t('choose_file')}
              </Button>
              <Typography
                variant="body2"
                color={file ? 'text.primary' : 'text.secondary'}
                sx={{ wordBreak: 'break-all' }}
              >
                {file ? `${file.name} (${formatSize(file.size, i18n.language)})` : t('no_file')}
              </Typography>
            </Box>
            <FormHelperText error={fileError}>
              {fileError ? translateMessage('field_is_required') : t('file_hint')}
            </FormHelperText>
          </Box>
        )}
      </Stack>
    </EntityDialog>
  );
}
