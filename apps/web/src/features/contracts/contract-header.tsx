import {
  ContractStatus,
  type ContractView,
  effectiveCurrencyCode,
  MessageKeys as M,
  missingProviderBank,
  type DictionaryItem,
} from '@kantora/domain';
import Block from '@mui/icons-material/Block';
import HowToReg from '@mui/icons-material/HowToReg';
import Undo from '@mui/icons-material/Undo';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '../../components/ui/confirm-dialog.tsx';
import { RecordHeader } from '../../components/ui/record-header.tsx';
import { ContractStatusChip } from '../../components/entities/contract-status-chip.tsx';
import { applyServerErrors } from '../../components/ui/fields/server-errors.ts';
import { formatDateTime } from '../../lib/format.ts';
import { localized } from '../../lib/labels.ts';
import { useMetadata } from '../../api/metadata.ts';
import { notify } from '../../lib/notify.ts';
import { CancelContractDialog } from './cancel-contract-dialog.tsx';
import type { ContractFormValues } from './contract-form.ts';
import { contractsApi } from '../../api/contracts.ts';

export interface ContractHeaderProps {
  contract: ContractView | null;
  /** Saves the form; resolves the saved contract, or null when it was not saved (invalid, refused). */
  onSave: () => Promise<ContractView | null>;
  saving: boolean;
  /** After a transition: the contract as the server answered it. */
  onChanged: (contract: ContractView) => void;
}

/** Who did what when: created, registered, canceled. */
function Stamps({ contract }: { contract: ContractView }) {
  const { t, i18n } = useTranslation('contracts');
  const name = (value: ContractView['createdByName']) => localized(value, i18n.language) || '—';
  const lines = [
    contract.created &&
      t('stamps.created', { name: name(contract.createdByName), date: formatDateTime(contract.created) }),
    contract.registeredOn &&
      t('stamps.registered', { name: name(contract.registeredByName), date: formatDateTime(contract.registeredOn) }),
    contract.canceledOn &&
      t('stamps.canceled', { name: name(contract.canceledByName), date: formatDateTime(contract.canceledOn) }),
  ].filter(Boolean);
  return (
    <Typography variant="body2" color="text.secondary" sx={{ flexBasis: '100%' }}>
      {lines.join(' · ')}
    </Typography>
  );
}

/**
 * The contract's name, status and stamps, and its buttons: Save (a draft, management), Register (management,
 * draft), Cancel (management, registered; asks for the reason) and Unregister (admin). Each transition asks
 * first; a changed form is saved before registering.
 */
export function ContractHeader({ contract, onSave, saving, onChanged }: ContractHeaderProps) {
  const { t, i18n } = useTranslation('contracts');
  const confirm = useConfirm();
  const form = useFormContext<ContractFormValues>();
  const { isDirty } = form.formState;
  const [canceling, setCanceling] = useState(false);
  const [busy, setBusy] = useState(false);
  const rights = contract?.rights;
  const canSave = contract ? contract.rights.canEdit : true;
  const currencies = useMetadata<DictionaryItem[]>('getCurrencies', Boolean(rights?.canRegister));

  /** Runs a transition; a refusal naming fields of the form (register: the provider's banks) marks them too. */
  const run = async (call: () => Promise<ContractView>) => {
    setBusy(true);
    try {
      onChanged(await call());
      return true;
    } catch (error) {
      // The API client has shown why.
      applyServerErrors(form.setError, error, ['providerBank', 'providerBank2']);
      return false;
    } finally {
      setBusy(false);
    }
  };

  /** The code of the form's currency (the saved contract's while the currencies load). */
  const currencyCodeOf = (currency: string | null): string | null | undefined => {
    const item = currencies.data?.find((one) => one._id === currency);
    if (item) return effectiveCurrencyCode(typeof item.code === 'string' ? item.code : null, item.name);
    return contract && currency === contract.currency
      ? effectiveCurrencyCode(contract.currencyCode, contract.currencyName ?? undefined)
      : undefined;
  };

  const register = async () => {
    if (!contract) return;
    const { customer, isAdvance, currency, providerBank, providerBank2 } = form.getValues();
    if (!customer) return notify.warning('please_select_side2_contract');
    if (contract.servicesCount === 0) return notify.warning('please_enter_services_contract');
    // The provider's account of the contract's currency (the server and the billing run apply the same rule).
    const code = currencyCodeOf(currency);
    const noBank =
      code === undefined
        ? null
        : missingProviderBank(code, { providerBank: providerBank?._id, providerBank2: providerBank2?._id });
    if (noBank) {
      form.setError(noBank, { type: 'server', message: M.no_provider_bank_in_currency });
      return notify.warning(M.no_provider_bank_in_currency);
    }
    const sure = await confirm({
      titleKey: t('register.title'),
      messageKey: t(isAdvance ? 'register.text_advance' : 'register.text'),
      confirmLabel: t('actions.register'),
    });
    if (!sure) return;
    if (isDirty && !(await onSave())) return;
    await run(() => contractsApi.register(contract._id));
  };

  const cancel = async () => {
    const sure = await confirm({
      titleKey: t('cancel.confirm_title'),
      messageKey: t('cancel.confirm_text'),
      confirmLabel: t('common:actions.confirm'),
      destructive: true,
    });
    if (sure) setCanceling(true);
  };

  const unregister = async () => {
    if (!contract) return;
    const sure = await confirm({
      titleKey: t('unregister.title'),
      messageKey: t('unregister.text'),
      confirmLabel: t('actions.unregister'),
    });
    if (sure) await run(() => contractsApi.deregister(contract._id));
  };

  return (
    <RecordHeader
      title={contract ? localized(contract.name, i18n.language) : t('new_title')}
      chips={<ContractStatusChip status={contract?.status ?? ContractStatus.draft} size="medium" />}
      canSave={canSave}
      saveDisabled={busy || saving}
      details={contract && <Stamps contract={contract} />}
      actions={
        <>
          {rights?.canUnregister && (
            <Button variant="outlined" startIcon={<Undo />} onClick={() => void unregister()} disabled={busy || saving}>
              {t('actions.unregister')}
            </Button>
          )}
          {rights?.canCancel && (
            <Button
              variant="outlined"
              color="error"
              startIcon={<Block />}
              onClick={() => void cancel()}
              disabled={busy || saving}
            >
              {t('actions.cancel')}
            </Button>
          )}
          {rights?.canRegister && (
            <Button
              variant="outlined"
              color="success"
              startIcon={<HowToReg />}
              onClick={() => void register()}
              disabled={busy || saving}
            >
              {t('actions.register')}
            </Button>
          )}
        </>
      }
    >
      {contract?.status === ContractStatus.canceled && contract.cancelationReason && (
        <Alert severity="error" variant="outlined" sx={{ mt: 1.5 }}>
          {t('cancel.reason_shown', { reason: contract.cancelationReason })}
        </Alert>
      )}
      {contract && !canSave && (
        <Alert severity="info" sx={{ mt: 1.5 }}>
          {t(
            rights?.canChangeBanks
              ? 'read_only.not_draft_banks'
              : rights?.canSeeBilling
                ? 'read_only.not_draft'
                : 'read_only.staff',
          )}
        </Alert>
      )}
      {contract && (
        <CancelContractDialog
          open={canceling}
          onClose={() => setCanceling(false)}
          onCancelContract={async (reason) => {
            if (await run(() => contractsApi.cancel(contract._id, reason))) setCanceling(false);
          }}
        />
      )}
    </RecordHeader>
  );
}
