import {
  userEducationSaveSchema,
  userExperienceSaveSchema,
  type UserRecordKind as RecordKind,
  type UserRecord,
} from '@kantora/domain';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { type FieldValues, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { EntityDialog } from '../../../components/ui/entity-dialog.tsx';
import { DateField } from '../../../components/ui/fields/date-field.tsx';
import { applyServerErrors } from '../../../components/ui/fields/server-errors.ts';
import { StringListField } from '../../../components/ui/fields/string-list-field.tsx';
import { FormTextField } from '../../../components/ui/fields/text-field.tsx';
import { useInvalidate } from '../../../lib/metadata.ts';
import { schemaResolver } from '../../../lib/labels.ts';
import { type UserRecordSaveRequest, userKeys, usersApi } from '../../../api/users.ts';

const str = (value: unknown) => (typeof value === 'string' ? value : '');
const date = (value: unknown) => (typeof value === 'string' && value ? value : null);

/** Form values of an entry of either kind (new when `record` is null). */
export function toRecordForm(kind: RecordKind, userId: string, record: UserRecord | null): FieldValues {
  const common = { ...(record ? { _id: record._id } : {}), userId, type: str(record?.type), notes: str(record?.notes) };
  if (kind === 'education') {
    return {
      ...common,
      place: str(record?.place),
      degree: str(record?.degree),
      startDate: date(record?.startDate),
      endDate: date(record?.endDate),
    };
  }
  return {
    ...common,
    position: str(record?.position),
    company: str(record?.company),
    dateOfJoin: date(record?.dateOfJoin),
    dateOfRetire: date(record?.dateOfRetire),
    location: str(record?.location),
    responsibilities: Array.isArray(record?.responsibilities) ? record.responsibilities : [],
    description: str(record?.description),
  };
}

const SCHEMAS = { education: userEducationSaveSchema, experience: userExperienceSaveSchema };
const pair = { display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } } as const;

export interface RecordDialogProps {
  kind: RecordKind;
  userId: string;
  /** The entry to preview; null adds one. */
  id: string | null;
  onClose: () => void;
}

/** Add or preview an education or experience entry of a user. */
export function RecordDialog({ kind, userId, id, onClose }: RecordDialogProps) {
  const { t } = useTranslation('settings');
  const invalidate = useInvalidate();
  const loaded = useQuery({
    queryKey: [...userKeys.records(kind, userId), 'one', id],
    queryFn: () => usersApi.getRecord(kind, id as string),
    enabled: id !== null,
    staleTime: 0,
  });
  const form = useForm<FieldValues, any, FieldValues>({
    resolver: schemaResolver(SCHEMAS[kind]),
    defaultValues: toRecordForm(kind, userId, null),
  });
  const { control, reset } = form;
  useEffect(() => {
    if (loaded.data) reset(toRecordForm(kind, userId, loaded.data));
  }, [loaded.data, reset, kind, userId]);

  return (
    <EntityDialog<FieldValues, UserRecord>
      open
      onClose={onClose}
      title={(mode) => t(`${kind}.${mode === 'create' ? 'new' : 'one'}`)}
      form={form}
      initialMode={id ? 'edit' : 'create'}
      loading={id !== null && loaded.isPending}
      maxWidth="md"
      onSave={async (values) => {
        try {
          // The resolver has parsed the values with the kind's save schema.
          return await usersApi.saveRecord(kind, values as UserRecordSaveRequest);
        } catch (error) {
          applyServerErrors(form.setError, error);
          throw error;
        }
      }}
      onSaved={() => invalidate(userKeys.records(kind, userId))}
      toFormValues={(saved) => toRecordForm(kind, userId, saved)}
    >
      {kind === 'education' ? (
        <Stack spacing={2} sx={{ pt: 0.5 }}>
          <FormTextField control={control} name="place" label={t('fields.education_place')} required />
          <Box sx={pair}>
            <FormTextField
              control={control}
              name="type"
              label={t('fields.education_type')}
              helperText={t('education.type_hint')}
            />
            <FormTextField control={control} name="degree" label={t('fields.degree')} />
            <DateField control={control} name="startDate" label={t('fields.start_date')} />
            <DateField control={control} name="endDate" label={t('fields.end_date')} />
          </Box>
          <FormTextField control={control} name="notes" label={t('fields.notes')} multiline minRows={2} />
        </Stack>
      ) : (
        <Stack spacing={2} sx={{ pt: 0.5 }}>
          <Box sx={pair}>
            <FormTextField control={control} name="position" label={t('fields.position')} required />
            <FormTextField control={control} name="company" label={t('fields.employer')} required />
            <FormTextField
              control={control}
              name="type"
              label={t('fields.experience_type')}
              helperText={t('experience.type_hint')}
            />
            <FormTextField control={control} name="location" label={t('fields.location')} />
            <DateField control={control} name="dateOfJoin" label={t('fields.date_of_join')} />
            <DateField control={control} name="dateOfRetire" label={t('fields.date_of_retire')} />
          </Box>
          <StringListField
            control={control}
            name="responsibilities"
            label={t('fields.responsibilities')}
            helperText={t('experience.responsibilities_hint')}
          />
          <FormTextField control={control} name="description" label={t('fields.description')} multiline minRows={2} />
          <FormTextField control={control} name="notes" label={t('fields.notes')} multiline minRows={2} />
        </Stack>
      )}
    </EntityDialog>
  );
}
