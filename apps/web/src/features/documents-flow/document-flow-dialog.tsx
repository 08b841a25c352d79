import {
  alwaysCheck,
  type DocumentFlowView,
  documentFlowSaveSchema,
  MessageKeys,
  selectId,
  type ClientOption,
} from '@kantora/domain';
import LockOutlined from '@mui/icons-material/LockOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { type Control, type FieldValues, type Path, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ClientSearchField } from '../../components/entities/client-search.tsx';
import { EntityDialog } from '../../components/ui/entity-dialog.tsx';
import { DateField } from '../../components/ui/fields/date-field.tsx';
import { OptionSelectField } from '../../components/ui/fields/option-select-field.tsx';
import { applyServerErrors } from '../../components/ui/fields/server-errors.ts';
import { FormTextField } from '../../components/ui/fields/text-field.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { localized, schemaResolver } from '../../lib/labels.ts';
import { useInvalidate } from '../../lib/metadata.ts';
import { sofiaDate } from '../../lib/sofia-time.ts';
import { AttachedFile, FileInputField } from './document-flow-file.tsx';
import type { DocumentFlowFormValues } from './document-flow-form.ts';
import { type DocumentsFlowApi, documentFlowFormData, documentFlowKeys } from '../../api/documents-flow.ts';

export type { DocumentFlowFormValues };
import { useCategoryOptions } from './use-category-options.ts';

const optionId = (value: unknown) => (value && typeof value === 'object' ? (value as ClientOption)._id : value);

/** The domain's save fields, the client picked as an option, and the file rule: required while none is attached. */
const dialogSchema = documentFlowSaveSchema
  .extend({
    company: z.preprocess(optionId, selectId),
    file: z
      .custom<File | null>((value) => value === null || value === undefined || value instanceof Blob)
      .nullable()
      .optional(),
    hasAttached: z.boolean(),
  })
  .superRefine((value, ctx) => {
    if (!value.hasAttached && !value.file)
      ctx.addIssue({ code: 'custom', path: ['file'], message: MessageKeys.field_is_required });
  }, alwaysCheck);
type DialogOutput = z.output<typeof dialogSchema>;

const clientOf = (document: DocumentFlowView): ClientOption => ({
  _id: document.company,
  name: document.companyName ?? { bg: '', it: '' },
});

function toForm(document: DocumentFlowView | null, client: ClientOption | null): DocumentFlowFormValues {
  return {
    ...(document ? { _id: document._id } : {}),
    company: document ? clientOf(document) : client,
    category: document?.category ?? null,
    date: document?.date ?? sofiaDate(),
    description: document?.description ?? '',
    notes: document?.notes ?? '',
    file: null,
    hasAttached: Boolean(document?.file),
  };
}

/**
 * The client field of the dialog (`company`) and of the filter (`client`), a `ClientOption` in both: the staff
 * search by default; the portal passes a choice of its own companies.
 */
export type ClientFieldRenderer = <T extends FieldValues>(props: {
  control: Control<T, any, any>;
  name: Path<T>;
  label: string;
  required?: boolean;
}) => ReactNode;
export const staffClientField: ClientFieldRenderer = ({ control, name, label, required }) => (
  <ClientSearchField control={control} name={name} label={label} required={required} />
);

export interface DocumentFlowDialogProps {
  api: DocumentsFlowApi;
  /** The document to open; null for a new one. */
  id: string | null;
  /** The client of a new document (the client page's tab). */
  client?: ClientOption | null;
  clientField?: ClientFieldRenderer;
  onClose: () => void;
}

/** Why Save is hidden, from the server's flags. */
function LockNote({ document }: { document: DocumentFlowView }) {
  const { t, i18n } = useTranslation('documents-flow');
  if (document.canEdit) return null;
  const text = document.locked
    ? t('lock.locked', { days: document.lockDays })
    : t('lock.not_own', { name: localized(document.createdByName, i18n.language) || '—' });
  return (
    <Alert severity="info" icon={<LockOutlined fontSize="inherit" />}>
      {text}
    </Alert>
  );
}

/**
 * A document of the flow: client, category (a tree), date, description, notes and its one file, sent
 * as multipart. New until the first save; the server's flags decide whether Save and the file's delete
 * show (the lock window and the own-document rule).
 */
export function DocumentFlowDialog({
  api,
  id,
  client = null,
  clientField = staffClientField,
  onClose,
}: DocumentFlowDialogProps) {
  const { t, i18n } = useTranslation('documents-flow');
  const invalidate = useInvalidate();
  const [saved, setSaved] = useState<DocumentFlowView | null>(null);
  const loaded = useQuery({
    queryKey: documentFlowKeys.one(api.base, id ?? ''),
    queryFn: () => api.get(id as string),
    enabled: id !== null,
    staleTime: 0,
    retry: false,
  });
  const form = useForm<DocumentFlowFormValues, any, DialogOutput>({
    resolver: schemaResolver(dialogSchema),
    defaultValues: toForm(null, client),
  });
  const { control, reset, setValue } = form;
  useEffect(() => {
    if (loaded.data) reset(toForm(loaded.data, null));
  }, [loaded.data, reset]);
  useEffect(() => {
    if (id !== null && loaded.isError) onClose();
  }, [id, loaded.isError, onClose]);

  const document = saved ?? loaded.data ?? null;
  const readOnly = document ? !document.canEdit : false;
  const categories = useCategoryOptions(api, document ? { _id: document.category, name: document.categoryName } : null);
  const refresh = () => invalidate(documentFlowKeys.all(api.base));

  const fileRemoved = async () => {
    if (!document) return;
    const fresh = await api.get(document._id).catch(() => null);
    if (fresh) setSaved(fresh);
    setValue('hasAttached', Boolean(fresh?.file), { shouldDirty: false });
    refresh();
  };

  return (
    <EntityDialog<DocumentFlowFormValues, DocumentFlowView, DialogOutput>
      open
      onClose={onClose}
      title={(mode) => t(mode === 'create' ? 'dialog.new' : 'dialog.one')}
      form={form}
      initialMode={id ? 'edit' : 'create'}
      loading={id !== null && loaded.isPending}
      readOnly={readOnly}
      maxWidth="md"
      onSave={async (values) => {
        try {
          return await api.save(documentFlowFormData(values, values.file ?? null));
        } catch (error) {
          applyServerErrors(form.setError, error);
          throw error;
        }
      }}
      onSaved={(entry) => {
        setSaved(entry);
        refresh();
      }}
      toFormValues={(entry) => toForm(entry, client)}
      footer={
        document?.file && (
          <AttachedFile api={api} document={document} file={document.file} onRemoved={() => void fileRemoved()} />
        )
      }
    >
      {({ readOnly: locked }) => (
        <Stack spacing={2} sx={{ pt: 0.5 }}>
          {document && <LockNote document={document} />}
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            {clientField({ control, name: 'company', label: t('fields.company'), required: true })}
            <OptionSelectField
              control={control}
              name="category"
              label={t('fields.category')}
              required
              options={categories.options}
            />
          </Box>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 2fr' } }}>
            <DateField control={control} name="date" label={t('fields.date')} helperText={t('dialog.date_hint')} />
            <FormTextField
              control={control}
              name="description"
              label={t('fields.description')}
              slotProps={{ htmlInput: { maxLength: 2000 } }}
            />
          </Box>
          <FormTextField
            control={control}
            name="notes"
            label={t('fields.notes')}
            multiline
            minRows={2}
            slotProps={{ htmlInput: { maxLength: 4000 } }}
          />
          {!document?.file && !locked && <FileInputField control={control} />}
          {document?.created && (
            <Typography variant="body2" color="text.secondary">
              {t('dialog.created_by_on', {
                name: localized(document.createdByName, i18n.language) || '—',
                date: formatDateTime(document.created),
              })}
            </Typography>
          )}
        </Stack>
      )}
    </EntityDialog>
  );
}
