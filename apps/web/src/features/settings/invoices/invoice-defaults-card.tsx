import Save from '@mui/icons-material/Save';
import {
  type InvoiceSettingsSaveInput,
  invoiceSettingsSaveSchema,
  type InvoiceSettings,
  type DictionaryItem,
  type UserOption,
} from '@kantora/domain';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useQueryClient } from '@tanstack/react-query';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { NumberField } from '../../../components/ui/fields/number-field.tsx';
import { OptionSelectField } from '../../../components/ui/fields/option-select-field.tsx';
import { applyServerErrors } from '../../../components/ui/fields/server-errors.ts';
import { SectionCard } from '../../../components/ui/section-card.tsx';
import { formatNumber } from '../../../lib/format.ts';
import { currencyLabel, localized, schemaResolver } from '../../../lib/labels.ts';
import { settingsApi, settingsKeys } from '../../../api/settings.ts';
import { useInvalidate } from '../../../lib/metadata.ts';
import { metadataKey, useMetadata } from '../../../api/metadata.ts';

interface DefaultsFormValues {
  _id?: string;
  currency: string | null;
  vatType: string | null;
  paymentType: string | null;
  signer: string | null;
  signers: string[];
  /** Days from a new document's date to its payment deadline. */
  paymentTermDays: number | null;
}

const DAYS = { htmlInput: { inputMode: 'numeric' as const, maxLength: 3 } };

/** The VAT type's name, with its percentage when the name does not say it. */
function vatLabel(item: DictionaryItem, locale: string): string {
  const name = localized(item.name, locale);
  const percentage = formatNumber(item.percentage as number);
  return name.includes(percentage) ? name : `${name} (${percentage} %)`;
}

const toForm = (settings: InvoiceSettings | null): DefaultsFormValues => ({
  ...(settings ? { _id: settings._id } : {}),
  currency: settings?.currency ?? null,
  vatType: settings?.vatType ?? null,
  paymentType: settings?.paymentType ?? null,
  signer: settings?.signer ?? null,
  signers: settings?.signers ?? [],
  paymentTermDays: settings?.paymentTermDays ?? 0,
});

/** Defaults of new invoices: currency, VAT type, payment type, the signers offered, the default signer and the payment term. */
export function InvoiceDefaultsCard({ settings }: { settings: InvoiceSettings | null }) {
  const { t, i18n } = useTranslation('settings');
  const locale = i18n.language;
  const queryClient = useQueryClient();
  const invalidate = useInvalidate();
  const currencies = useMetadata<DictionaryItem[]>('getCurrencies');
  const vatTypes = useMetadata<DictionaryItem[]>('getVATTypes');
  const paymentTypes = useMetadata<DictionaryItem[]>('getPaymentTypes');
  const staff = useMetadata<UserOption[]>('getAllEmployeeUsers');
  const form = useForm<DefaultsFormValues, any, InvoiceSettingsSaveInput>({
    resolver: schemaResolver(invoiceSettingsSaveSchema),
    defaultValues: toForm(settings),
  });
  const { control, formState } = form;
  const signers = useWatch({ control, name: 'signers' }) ?? [];

  const people = new Map((staff.data ?? []).map((user) => [user._id, localized(user.fullName, locale)]));
  const signerOptions = signers
    .filter((id) => people.has(id))
    .map((id) => ({ value: id, label: people.get(id) as string }));

  const save = form.handleSubmit(async (values) => {
    try {
      const saved = await settingsApi.saveInvoiceSettings(values);
      queryClient.setQueryData(settingsKeys.invoiceSettings, saved);
      form.reset(toForm(saved));
      invalidate(metadataKey('getInvoiceDefaults'));
    } catch (error) {
      applyServerErrors(form.setError, error);
    }
  });

  return (
    <SectionCard title={t('invoices.defaults')} subtitle={t('invoices.defaults_intro')}>
      <Box component="form" noValidate onSubmit={save} aria-label={t('invoices.defaults')}>
        <Stack spacing={2}>
          <OptionSelectField
            control={control}
            name="currency"
            label={t('fields.currency')}
            required
            options={(currencies.data ?? []).map((item) => ({ value: item._id, label: currencyLabel(item, locale) }))}
          />
          <OptionSelectField
            control={control}
            name="vatType"
            label={t('fields.vat_type')}
            required
            options={(vatTypes.data ?? []).map((item) => ({ value: item._id, label: vatLabel(item, locale) }))}
          />
          <OptionSelectField
            control={control}
            name="paymentType"
            label={t('fields.payment_type')}
            required
            options={(paymentTypes.data ?? []).map((item) => ({
              value: item._id,
              label: localized(item.name, locale),
            }))}
          />
          <OptionSelectField
            control={control}
            name="signers"
            label={t('fields.signers')}
            required
            multiple
            helperText={t('invoices.signers_hint')}
            options={[...people].map(([value, label]) => ({ value, label }))}
            onValueChange={(next) => {
              const chosen = Array.isArray(next) ? next : [];
              const signer = form.getValues('signer');
              if (signer && !chosen.includes(signer)) form.setValue('signer', null, { shouldDirty: true });
              else if (!signer && chosen.length === 1) form.setValue('signer', chosen[0], { shouldDirty: true });
            }}
          />
          <OptionSelectField
            control={control}
            name="signer"
            label={t('fields.signer')}
            required
            disabled={signerOptions.length === 0}
            helperText={t('invoices.signer_hint')}
            options={signerOptions}
          />
          <NumberField
            control={control}
            name="paymentTermDays"
            label={t('fields.payment_term_days')}
            required
            decimals={0}
            grouping={false}
            helperText={t('invoices.payment_term_hint')}
            slotProps={DAYS}
          />
        </Stack>
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 2 }}>
          <Button type="submit" variant="contained" startIcon={<Save />} disabled={formState.isSubmitting}>
            {t('invoices.save_defaults')}
          </Button>
        </Box>
      </Box>
    </SectionCard>
  );
}
