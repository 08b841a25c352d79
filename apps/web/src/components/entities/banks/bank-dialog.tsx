import { type BankSaveInput, bankSaveSchema, type DictionaryItem, type Bank } from '@kantora/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { EntityDialog } from '../../ui/entity-dialog.tsx';
import { LocalizedTextField } from '../../ui/fields/localized-text-field.tsx';
import { OptionSelectField } from '../../ui/fields/option-select-field.tsx';
import { applyServerErrors } from '../../ui/fields/server-errors.ts';
import { SwitchField } from '../../ui/fields/switch-field.tsx';
import { FormTextField } from '../../ui/fields/text-field.tsx';
import { currencyLabel, emptyText, localized, schemaResolver } from '../../../lib/labels.ts';
import { invalidate } from '../../../lib/metadata.ts';
import { metadataKeys, useMetadata } from '../../../api/metadata.ts';
import { banksApi, banksKeys } from '../../../api/banks.ts';

/** Whose accounts: the own company (with the BGN/EUR default marks) or a client company. */
export type BankOwner = { myCompanyId: string } | { companyId: string };
export const bankOwnerId = (owner: BankOwner): string => ('myCompanyId' in owner ? owner.myCompanyId : owner.companyId);

interface BankFormValues {
  _id?: string;
  myCompanyId?: string;
  companyId?: string;
  name: { bg: string; it: string };
  address: { bg: string; it: string };
  bic: string;
  iban: string;
  currency: string | null;
  status: boolean;
  default: boolean;
  default2: boolean;
}

function toForm(ownCompany: boolean, ownerId: string, bank: Bank | null): BankFormValues {
  return {
    ...(bank ? { _id: bank._id } : {}),
    ...(ownCompany ? { myCompanyId: ownerId } : { companyId: ownerId }),
    name: bank ? { bg: bank.name.bg, it: bank.name.it } : emptyText(),
    address: bank ? { bg: bank.address.bg, it: bank.address.it } : emptyText(),
    bic: bank?.bic ?? '',
    iban: bank?.iban ?? '',
    currency: bank?.currency ?? null,
    status: bank?.status ?? true,
    default: bank?.default ?? false,
    default2: bank?.default2 ?? false,
  };
}

/**
 * Add or preview a bank account of the own company (the BGN and EUR default marks move here when
 * set) or of a client company (no default marks). `readOnly`: preview only (non-management).
 */
export function BankDialog({
  owner,
  id,
  onClose,
  readOnly = false,
}: {
  owner: BankOwner;
  id: string | null;
  onClose: () => void;
  readOnly?: boolean;
}) {
  const ownCompany = 'myCompanyId' in owner;
  const ownerId = bankOwnerId(owner);
  const { t, i18n } = useTranslation('settings');
  const [saved, setSaved] = useState<Bank | null>(null);
  const loaded = useQuery({
    queryKey: banksKeys.bank(id ?? ''),
    queryFn: () => banksApi.get(id as string),
    enabled: id !== null,
    staleTime: 0,
  });
  const currencies = useMetadata<DictionaryItem[]>('getCurrencies');
  const form = useForm<BankFormValues, any, BankSaveInput>({
    resolver: schemaResolver(bankSaveSchema),
    defaultValues: toForm(ownCompany, ownerId, null),
  });
  const { control, reset, setValue } = form;

  useEffect(() => {
    if (loaded.data) reset(toForm(ownCompany, ownerId, loaded.data));
  }, [loaded.data, reset, ownCompany, ownerId]);

  const codeOf = (currencyId: unknown) => currencies.data?.find((item) => item._id === currencyId)?.code;
  const [currency, status] = useWatch({ control, name: ['currency', 'status'] });
  const code = codeOf(currency);
  const canBeBgnDefault = ownCompany && code === 'BGN' && status;
  const canBeEurDefault = ownCompany && code === 'EUR' && status;
  // A mark that no longer fits (other currency, inactive account) goes.
  useEffect(() => {
    if (!canBeBgnDefault && form.getValues('default')) setValue('default', false, { shouldDirty: true });
    if (!canBeEurDefault && form.getValues('default2')) setValue('default2', false, { shouldDirty: true });
  }, [canBeBgnDefault, canBeEurDefault, form, setValue]);

  const options = (currencies.data ?? []).map((item) => ({
    value: item._id,
    label: currencyLabel(item, i18n.language),
  }));
  const bank = saved ?? loaded.data ?? null;
  return (
    <EntityDialog<BankFormValues, Bank, BankSaveInput>
      open
      onClose={onClose}
      title={(mode) =>
        mode === 'create' ? t('banks.new') : `${t('banks.one')}: ${localized(bank?.name, i18n.language)}`
      }
      form={form}
      initialMode={id ? 'edit' : 'create'}
      loading={id !== null && loaded.isPending}
      maxWidth="md"
      readOnly={readOnly}
      onSave={async (values) => {
        try {
          return await banksApi.save(values);
        } catch (error) {
          applyServerErrors(form.setError, error);
          throw error;
        }
      }}
      onSaved={(entry) => {
        setSaved(entry);
        // Setting a default may have taken it off another account.
        invalidate(banksKeys.banks(ownerId), metadataKeys.all);
      }}
      toFormValues={(entry) => toForm(ownCompany, ownerId, entry)}
    >
      <Stack spacing={2} sx={{ pt: 0.5 }}>
        <LocalizedTextField control={control} name="name" label={t('fields.bank_name')} required />
        <LocalizedTextField control={control} name="address" label={t('fields.bank_address')} required />
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '2fr 1fr 1fr' } }}>
          <FormTextField
            control={control}
            name="iban"
            label={t('fields.iban')}
            required
            slotProps={{ htmlInput: { maxLength: 64, spellCheck: false } }}
          />
          <FormTextField
            control={control}
            name="bic"
            label={t('fields.bic')}
            slotProps={{ htmlInput: { maxLength: 11, spellCheck: false } }}
          />
          <OptionSelectField
            control={control}
            name="currency"
            label={t('fields.currency')}
            required
            options={options}
          />
        </Box>
        <SwitchField control={control} name="status" label={t('fields.active')} helperText={t('banks.status_hint')} />
        {ownCompany && (
          <>
            <Alert severity="info" variant="outlined">
              {t('banks.defaults_explained')}
            </Alert>
            <SwitchField
              control={control}
              name="default"
              label={t('banks.default_bgn')}
              disabled={!canBeBgnDefault}
              helperText={canBeBgnDefault ? t('banks.default_moves') : t('banks.default_bgn_needs')}
            />
            <SwitchField
              control={control}
              name="default2"
              label={t('banks.default_eur')}
              disabled={!canBeEurDefault}
              helperText={canBeEurDefault ? t('banks.default_moves') : t('banks.default_eur_needs')}
            />
          </>
        )}
      </Stack>
    </EntityDialog>
  );
}
