import {
  type ContractView,
  effectiveCurrencyCode,
  MessageKeys as M,
  missingProviderBank,
  type PartyBank,
  type Bank,
} from '@kantora/domain';
import AccountBalance from '@mui/icons-material/AccountBalance';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { EntityDialog } from '../../components/ui/entity-dialog.tsx';
import { OptionSelectField, type ValueOption } from '../../components/ui/fields/option-select-field.tsx';
import { applyServerErrors } from '../../components/ui/fields/server-errors.ts';
import { localized } from '../../lib/labels.ts';
import { useMetadata } from '../../api/metadata.ts';
import { contractsApi } from '../../api/contracts.ts';

/** The dialog's form: the chosen accounts' ids (null: none). */
export interface ChangeBanksValues {
  bank: string | null;
  bank2: string | null;
}

const valuesOf = (contract: ContractView): ChangeBanksValues => ({
  bank: contract.providerBank,
  bank2: contract.providerBank2,
});

/**
 * The own company's active accounts in a currency, and the contract's current one even when it is no longer active
 * (it stays until another is chosen). The menu shows each account's IBAN under its name (it tells two accounts of one
 * bank apart); the field shows the name, and the chosen IBAN under it.
 */
function bankOptions(
  banks: readonly Bank[],
  code: 'BGN' | 'EUR',
  current: PartyBank | null | undefined,
  locale: string,
): Array<ValueOption & { iban: string }> {
  const options = banks
    .filter(
      (bank) =>
        bank.status !== false && effectiveCurrencyCode(bank.currencyCode, bank.currencyName ?? undefined) === code,
    )
    .map((bank) => ({ value: bank._id, label: localized(bank.name, locale), secondary: bank.iban, iban: bank.iban }));
  if (current && !options.some((option) => option.value === current.bankId)) {
    options.unshift({
      value: current.bankId,
      label: localized(current.name, locale),
      secondary: current.iban,
      iban: current.iban,
    });
  }
  return options;
}

export interface ChangeBanksDialogProps {
  open: boolean;
  onClose: () => void;
  contract: ContractView;
  /** After a save: the contract as the server answered it. */
  onChanged: (contract: ContractView) => void;
}

/**
 * The provider's BGN and EUR accounts of a registered contract (management, `rights.canChangeBanks`): two pickers of
 * the own company's accounts, saved by POST /api/contracts/saveBanks, which changes nothing else. The account of the
 * contract's currency is required (the rule registering and the billing run apply: `missingProviderBank`).
 */
export function ChangeBanksDialog({ open, onClose, contract, onChanged }: ChangeBanksDialogProps) {
  const { t, i18n } = useTranslation('contracts');
  const locale = i18n.language;
  const own = useMetadata<{ banks?: Bank[] } | null>('getMyCompany', open);
  const form = useForm<ChangeBanksValues>({ defaultValues: valuesOf(contract) });
  const currencyCode = effectiveCurrencyCode(contract.currencyCode, contract.currencyName ?? undefined);
  // The account the rule asks for when none is chosen; another currency takes either, so neither is marked required.
  const requiredField =
    currencyCode === 'BGN' || currencyCode === 'EUR'
      ? missingProviderBank(currencyCode, { providerBank: null, providerBank2: null })
      : null;
  const banks = own.data?.banks ?? [];
  const chosen = useWatch({ control: form.control, name: ['bank', 'bank2'] });

  // Each opening starts from the contract as it is now.
  useEffect(() => {
    if (open) form.reset(valuesOf(contract));
  }, [open, contract, form]);

  const save = async (values: ChangeBanksValues) => {
    const missing = missingProviderBank(currencyCode, { providerBank: values.bank, providerBank2: values.bank2 });
    if (missing) {
      form.setError(
        missing === 'providerBank' ? 'bank' : 'bank2',
        { type: 'server', message: M.no_provider_bank_in_currency },
        { shouldFocus: true },
      );
      throw new Error(M.no_provider_bank_in_currency);
    }
    try {
      return await contractsApi.saveBanks(contract._id, values.bank, values.bank2);
    } catch (error) {
      applyServerErrors(form.setError, error, ['bank', 'bank2']);
      throw error;
    }
  };

  const field = (name: 'bank' | 'bank2', code: 'BGN' | 'EUR', current: PartyBank | null | undefined) => {
    const isRequired = requiredField === (name === 'bank' ? 'providerBank' : 'providerBank2');
    const options = bankOptions(banks, code, current, locale);
    const iban = options.find((option) => option.value === chosen[name === 'bank' ? 0 : 1])?.iban;
    return (
      <OptionSelectField
        control={form.control}
        name={name}
        label={t(name === 'bank' ? 'parties.bgn_bank' : 'parties.eur_bank')}
        options={options}
        clearable={!isRequired}
        required={isRequired}
        helperText={
          iban || isRequired ? (
            <>
              {iban && (
                <Box component="span" sx={{ display: 'block', fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
                  IBAN {iban}
                </Box>
              )}
              {isRequired && t('change_banks.required', { currency: code })}
            </>
          ) : undefined
        }
        fullWidth
      />
    );
  };

  return (
    <EntityDialog<ChangeBanksValues, ContractView>
      open={open}
      onClose={onClose}
      title={t('change_banks.title')}
      form={form}
      initialMode="edit"
      onSave={save}
      onSaved={onChanged}
      toFormValues={valuesOf}
      loading={open && own.isPending}
    >
      <Stack spacing={2.5} sx={{ pt: 0.5 }}>
        <Typography variant="body2" color="text.secondary">
          {t('change_banks.text')}
        </Typography>
        {field('bank', 'BGN', contract.provider?.bank)}
        {field('bank2', 'EUR', contract.provider?.bank2)}
      </Stack>
    </EntityDialog>
  );
}

/** The provider card's "change banks" button with its dialog (shown for `rights.canChangeBanks` only). */
export function ChangeBanksButton({
  contract,
  onChanged,
}: {
  contract: ContractView;
  onChanged: (contract: ContractView) => void;
}) {
  const { t } = useTranslation('contracts');
  const [open, setOpen] = useState(false);
  if (!contract.rights.canChangeBanks) return null;
  return (
    <>
      <Button variant="outlined" startIcon={<AccountBalance />} onClick={() => setOpen(true)}>
        {t('change_banks.action')}
      </Button>
      <ChangeBanksDialog open={open} onClose={() => setOpen(false)} contract={contract} onChanged={onChanged} />
    </>
  );
}
