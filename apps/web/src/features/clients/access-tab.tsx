import type { UserOption } from '@kantora/domain';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { OptionSelectField } from '../../components/ui/fields/option-select-field.tsx';
import { SwitchField } from '../../components/ui/fields/switch-field.tsx';
import { PageLoader } from '../../components/ui/page-loader.tsx';
import { SectionCard } from '../../components/ui/section-card.tsx';
import { queryClient } from '../../lib/query-client.ts';
import { localized } from '../../lib/labels.ts';
import { useMetadata } from '../../api/metadata.ts';
import { clientKeys, clientSavePayload, clientsApi } from '../../api/clients.ts';
import type { ClientTabProps } from '../../components/ui/area-types.ts';

const ALL = '__all__';
interface AccessValues {
  managingUsersAll: boolean;
  managingUsers: string[];
  clientUsers: string[];
}

/** Who sees the client: every staff user, or the managing users; and its portal users. Saved with the client. */
export default function AccessTab({ clientId, canWrite }: ClientTabProps) {
  const { t, i18n } = useTranslation('clients');
  const client = useQuery({ queryKey: clientKeys.one(clientId), queryFn: () => clientsApi.get(clientId) });
  const staff = useMetadata<UserOption[]>('getAllEmployeeUsers');
  const clientUsers = useMetadata<UserOption[]>('getClientsUsers');
  const [saving, setSaving] = useState(false);
  const form = useForm<AccessValues>({
    defaultValues: { managingUsersAll: false, managingUsers: [], clientUsers: [] },
  });
  const { control, reset, setValue } = form;
  const all = useWatch({ control, name: 'managingUsersAll' });

  useEffect(() => {
    if (client.data)
      reset({
        managingUsersAll: client.data.managingUsersAll,
        managingUsers: client.data.managingUsers,
        clientUsers: client.data.clientUsers,
      });
  }, [client.data, reset]);

  if (client.isPending) return <PageLoader />;
  if (!client.data) return null;
  const staffIds = (staff.data ?? []).map((user) => user._id);
  const staffOptions = [
    { value: ALL, label: t('access.select_all') },
    ...(staff.data ?? []).map((user) => ({ value: user._id, label: localized(user.fullName, i18n.language) })),
  ];
  const clientOptions = (clientUsers.data ?? []).map((user) => ({
    value: user._id,
    label: localized(user.fullName, i18n.language),
  }));

  const save = form.handleSubmit(async (values) => {
    if (!client.data) return;
    setSaving(true);
    try {
      const saved = await clientsApi.save({ ...clientSavePayload(client.data), ...values });
      queryClient.setQueryData(clientKeys.one(clientId), saved);
      reset(values);
    } catch {
      // The API client has shown the failure.
    } finally {
      setSaving(false);
    }
  });

  return (
    <SectionCard
      title={t('tabs.access')}
      actions={
        canWrite && (
          <Button variant="contained" onClick={() => void save()} disabled={saving}>
            {t('common:actions.save')}
          </Button>
        )
      }
    >
      <Stack spacing={2} component="fieldset" disabled={!canWrite} sx={{ border: 0, p: 0, m: 0 }}>
        <SwitchField
          control={control}
          name="managingUsersAll"
          label={t('fields.managing_users_all')}
          disabled={!canWrite}
        />
        <OptionSelectField
          control={control}
          name="managingUsers"
          label={t('fields.managing_users')}
          options={staffOptions}
          multiple
          disabled={!canWrite || all}
          onValueChange={(value) => {
            if (Array.isArray(value) && value.includes(ALL)) setValue('managingUsers', staffIds, { shouldDirty: true });
          }}
        />
        <OptionSelectField
          control={control}
          name="clientUsers"
          label={t('fields.client_users')}
          options={clientOptions}
          multiple
          disabled={!canWrite}
        />
      </Stack>
    </SectionCard>
  );
}
