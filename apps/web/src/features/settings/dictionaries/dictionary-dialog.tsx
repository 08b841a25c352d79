import type { DictionaryItem } from '@kantora/domain';
import Stack from '@mui/material/Stack';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { type FieldValues, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { EntityDialog } from '../../../components/ui/entity-dialog.tsx';
import { applyServerErrors } from '../../../components/ui/fields/server-errors.ts';
import { SwitchField } from '../../../components/ui/fields/switch-field.tsx';
import { localized, schemaResolver } from '../../../lib/labels.ts';
import { type DictionarySaveRequest, settingsApi, settingsKeys } from '../../../api/settings.ts';
import { useInvalidate } from '../../../lib/metadata.ts';
import type { DictionaryConfig } from './dictionary-config.tsx';
import { metadataKeys } from '../../../api/metadata.ts';

export interface DictionaryDialogProps {
  config: DictionaryConfig;
  /** The entry to preview; null adds a new one. */
  id: string | null;
  onClose: () => void;
}

/** Add or preview an entry of any simple settings list: Save, Save and close, Close. */
export function DictionaryDialog({ config, id, onClose }: DictionaryDialogProps) {
  const { t, i18n } = useTranslation('settings');
  const invalidate = useInvalidate();
  const [saved, setSaved] = useState<DictionaryItem | null>(null);
  const loaded = useQuery({
    queryKey: [...settingsKeys.dictionary(config.kind), 'item', id],
    queryFn: () => settingsApi.getDictionaryItem(config.kind, id as string),
    enabled: id !== null,
    staleTime: 0,
  });
  const form = useForm<FieldValues, any, FieldValues>({
    resolver: schemaResolver(config.schema),
    defaultValues: config.newValues(),
  });
  const { reset } = form;

  useEffect(() => {
    if (loaded.data) reset(config.toForm(loaded.data));
  }, [loaded.data, reset, config]);

  const item = saved ?? loaded.data ?? null;
  const texts = (key: string) => t(`${config.texts}.${key}`);
  return (
    <EntityDialog<FieldValues, DictionaryItem>
      open
      onClose={onClose}
      title={(mode) => (mode === 'create' ? texts('new') : `${texts('one')}: ${localized(item?.name, i18n.language)}`)}
      form={form}
      initialMode={id ? 'edit' : 'create'}
      loading={id !== null && loaded.isPending}
      onSave={async (values) => {
        try {
          // The resolver has parsed the values with the kind's save schema.
          return await settingsApi.saveDictionaryItem(config.kind, values as DictionarySaveRequest);
        } catch (error) {
          applyServerErrors(form.setError, error);
          throw error;
        }
      }}
      onSaved={(entry) => {
        setSaved(entry);
        invalidate(settingsKeys.dictionary(config.kind), metadataKeys.all);
      }}
      toFormValues={config.toForm}
    >
      <Stack spacing={2} sx={{ pt: 0.5 }}>
        <config.Fields form={form} item={item} />
        <SwitchField control={form.control} name="status" label={t('fields.active')} helperText={t('status.hint')} />
      </Stack>
    </EntityDialog>
  );
}
