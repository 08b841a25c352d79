import AttachFile from '@mui/icons-material/AttachFile';
import Download from '@mui/icons-material/Download';
import { type DocumentSaveInput, documentSaveSchema } from '@kantora/domain';
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
import { EntityDialog } from '../../../components/entity-dialog.tsx';
import { DateField } from '../../../components/fields/date-field.tsx';
import { LocalizedTextField } from '../../../components/fields/localized-text-field.tsx';
import { OptionSelectField } from '../../../components/fields/option-select-field.tsx';
import { applyServerErrors } from '../../../components/fields/server-errors.ts';
import { download } from '../../../lib/api-client.ts';
import { formatSize } from '../../../lib/format.ts';
import { translateMessage } from '../../../lib/i18n.ts';
import { emptyText, localized, schemaResolver } from '../../../lib/labels.ts';
import type { DictionaryItem } from '../../../lib/metadata.ts';
import { useInvalidate, useMetadata } from '../../../lib/metadata.ts';
import { type UserDocument, type UserFile, userKeys, usersApi } from './users-api.ts';

interface DocumentFormValues {
  _id?: string;
  userId: string;
  type: string | null;
  date: string | null;
  description: { bg: string; it: string };
  notes: { bg: string; it: string };
}

const toForm = (userId: string, document: UserDocument | null): DocumentFormValues => ({
  ...(document ? { _id: document._id } : {}),
  userId,
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

export function FileChip({ file }: { file: UserFile }) {
  const { t, i18n } = useTranslation('settings');
  return (
    <Chip
      size="small"
      variant="outlined"
      icon={<Download />}
      label={`${file.filename} (${formatSize(file.length, i18n.language)})`}
      onClick={() => void download(`/documents/download/${file._id}`).catch(() => undefined)}
      aria-label={`${t('documents.download')}: ${file.filename}`}
      sx={{ maxWidth: '100%' }}
    />
  );
}

/** Upload a document of a user (type, date, description, notes, a file) or preview one and add a file. */
export function DocumentDialog({ userId, id, onClose }: { userId: string; id: string | null; onClose: () => void }) {
  const { t, i18n } = useTranslation('settings');
  const inputId = useId();
  const invalidate = useInvalidate();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState(false);
  const [saved, setSaved] = useState<UserDocument | null>(null);
  const loaded = useQuery({ queryKey: [...userKeys.documents(userId), 'one', id], queryFn: () => usersApi.getDocument(id as string), enabled: id !== null, staleTime: 0 });
  const types = useMetadata<DictionaryItem[]>('getDocumentTypes');
  const form = useForm<DocumentFormValues, any, DocumentSaveInput>({ resolver: schemaResolver(documentSaveSchema), defaultValues: toForm(userId, null) });
  const { control, reset } = form;
  useEffect(() => {
    if (loaded.data) reset(toForm(userId, loaded.data));
  }, [loaded.data, reset, userId]);

  const document = saved ?? loaded.data ?? null;
  const files = document?.files ?? [];
  return (
    <EntityDialog<DocumentFormValues, UserDocument, DocumentSaveInput>
      open
      onClose={onClose}
      title={(mode) => t(mode === 'create' ? 'documents.new' : 'documents.one')}
      form={form}
      initialMode={id ? 'edit' : 'create'}
      loading={id !== null && loaded.isPending}
      maxWidth="md"
      onSave={async (values, mode) => {
        // A new document needs its file; a saved one may get another.
        if (mode === 'create' && !file) {
          setFileError(true);
          throw new Error('file_required');
        }
        try {
          const result = await usersApi.saveDocument(documentFormData(values, file));
          setFile(null);
          return result;
        } catch (error) {
          applyServerErrors(form.setError, error);
          throw error;
        }
      }}
      onSaved={(entry) => {
        setSaved(entry);
        invalidate(userKeys.documents(userId));
      }}
      toFormValues={(entry) => toForm(userId, entry)}
    >
      <Stack spacing={2} sx={{ pt: 0.5 }}>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          <OptionSelectField
            control={control}
            name="type"
            label={t('fields.document_type')}
            required
            options={(types.data ?? []).map((item) => ({ value: item._id, label: localized(item.name, i18n.language) }))}
          />
          <DateField control={control} name="date" label={t('fields.document_date')} helperText={t('documents.date_hint')} />
        </Box>
        <LocalizedTextField control={control} name="description" label={t('fields.description')} multiline />
        <LocalizedTextField control={control} name="notes" label={t('fields.notes')} multiline />
        {files.length > 0 && (
          <Box>
            <Typography variant="subtitle2" sx={{ mb: 1 }}>
              {t('documents.files')}
            </Typography>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
              {files.map((item) => (
                <FileChip key={item._id} file={item} />
              ))}
            </Box>
          </Box>
        )}
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
              {files.length > 0 ? t('documents.add_file') : t('documents.choose_file')}
            </Button>
            <Typography variant="body2" color={file ? 'text.primary' : 'text.secondary'} sx={{ wordBreak: 'break-all' }}>
              {file ? `${file.name} (${formatSize(file.size, i18n.language)})` : t('documents.no_file')}
            </Typography>
          </Box>
          <FormHelperText error={fileError}>{fileError ? translateMessage('field_is_required') : t('documents.file_hint')}</FormHelperText>
        </Box>
      </Stack>
    </EntityDialog>
  );
}
