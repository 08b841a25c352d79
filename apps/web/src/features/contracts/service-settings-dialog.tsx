import {
  type ContractServiceRow,
  type ContractServiceSettingsValues,
  contractServiceSettingsSchema,
} from '@kantora/domain';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { EntityDialog } from '../../components/ui/entity-dialog.tsx';
import { LocalizedTextField } from '../../components/ui/fields/localized-text-field.tsx';
import { MoneyField } from '../../components/ui/fields/money-field.tsx';
import { applyServerErrors } from '../../components/ui/fields/server-errors.ts';
import { localized, schemaResolver } from '../../lib/labels.ts';
import { contractsApi } from '../../api/contracts.ts';

interface SettingsValues {
  _id: string;
  price: number | null;
  description: { bg: string; it: string };
}

const toForm = (row: ContractServiceRow): SettingsValues => ({
  _id: row._id,
  price: row.price ?? null,
  description: { bg: row.description.bg, it: row.description.it },
});

/** The service settings of one row of the contract: its own price and description (draft, management). */
export function ServiceSettingsDialog({
  row,
  currency,
  onClose,
  onSaved,
}: {
  row: ContractServiceRow;
  currency?: string;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t, i18n } = useTranslation('contracts');
  const form = useForm<SettingsValues, any, ContractServiceSettingsValues>({
    resolver: schemaResolver(contractServiceSettingsSchema),
    defaultValues: toForm(row),
  });
  return (
    <EntityDialog<SettingsValues, ContractServiceRow, ContractServiceSettingsValues>
      open
      onClose={onClose}
      title={t('services.settings_title', { name: localized(row.name, i18n.language) })}
      form={form}
      initialMode="edit"
      onSave={async (values) => {
        try {
          return await contractsApi.saveService(values);
        } catch (error) {
          applyServerErrors(form.setError, error);
          throw error;
        }
      }}
      onSaved={onSaved}
      toFormValues={toForm}
    >
      <Stack spacing={2} sx={{ pt: 0.5 }}>
        <Typography variant="body2" color="text.secondary">
          {t('services.settings_hint', { code: row.code })}
        </Typography>
        <MoneyField control={form.control} name="price" label={t('services.price')} currency={currency} required />
        <LocalizedTextField control={form.control} name="description" label={t('services.description')} multiline />
      </Stack>
    </EntityDialog>
  );
}
