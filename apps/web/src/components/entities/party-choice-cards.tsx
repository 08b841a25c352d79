import type { PartySnapshot, ClientOption } from '@kantora/domain';
import AccountBalance from '@mui/icons-material/AccountBalance';
import PersonSearch from '@mui/icons-material/PersonSearch';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { type ReactNode, useState } from 'react';
import { type FieldError, useFormContext, useFormState, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useMetadata } from '../../api/metadata.ts';
import { type BankChoice, bankFromAccount } from './banks/bank-choice.ts';
import { fieldErrorText } from '../ui/fields/field-error.ts';
import { BankSelectDialog } from './banks/bank-select-dialog.tsx';
import { ClientPicker } from './client-picker.tsx';
import { PartyCard, type PartyCardData } from './party-card.tsx';

/**
 * The party choices of a contract's or a billing document's form (the same field names in both), and the saved
 * document's snapshots. The texts are the contracts namespace's `parties.*`.
 */
export interface PartyChoiceValues {
  providerBank: BankChoice | null;
  providerBank2: BankChoice | null;
  customer: ClientOption | null;
  customerBank: BankChoice | null;
}

/** What the cards read from the saved document (a contract or an invoice): its snapshots. */
export interface SavedParties {
  providerId: string | null;
  provider: PartySnapshot | null;
  customerId: string | null;
  customer: PartySnapshot | null;
}

/** The own company as GET /api/metaData/getMyCompany gives it (null before its first save). */
interface MyCompany extends PartyCardData {
  _id: string;
}

/**
 * The provider: the own company (its snapshot once saved) with the chosen BGN and EUR accounts. In a draft,
 * management chooses them in the bank dialog ("choose as BGN bank", "choose as EUR bank"); an error the form holds on
 * either account (e.g. none in the contract's currency) shows under it. `actions` are the card's buttons when it is
 * not editable (a registered contract's "change banks").
 */
export function ProviderCard({
  saved,
  editable,
  title,
  actions,
}: {
  saved: SavedParties | null;
  editable: boolean;
  title?: string;
  actions?: ReactNode;
}) {
  // 'settings' (the bank dialog's) loads with the card: the dialog mounts only once the banks' owner is known, and a
  // namespace first asked for then would suspend the whole page back to its loader after it was shown.
  const { t } = useTranslation(['contracts', 'settings']);
  const { control, setValue, clearErrors } = useFormContext<PartyChoiceValues>();
  const [bank, bank2] = useWatch({ control, name: ['providerBank', 'providerBank2'] });
  const { errors } = useFormState({ control, name: ['providerBank', 'providerBank2'] });
  const [choosing, setChoosing] = useState(false);
  const own = useMetadata<MyCompany | null>('getMyCompany', editable || !saved?.provider);
  const party: PartyCardData | null = saved?.provider ?? own.data ?? null;
  const companyId = own.data?._id ?? saved?.providerId ?? null;
  return (
    <>
      <PartyCard
        title={title ?? t('parties.provider')}
        party={party}
        emptyText={own.isLoading ? t('common:loading') : t('parties.no_provider')}
        banks={[
          {
            key: 'bank',
            label: t('parties.bgn_bank'),
            bank,
            error: fieldErrorText(errors.providerBank as FieldError | undefined),
          },
          {
            key: 'bank2',
            label: t('parties.eur_bank'),
            bank: bank2,
            error: fieldErrorText(errors.providerBank2 as FieldError | undefined),
          },
        ]}
        actions={
          editable && companyId ? (
            <Button variant="outlined" startIcon={<AccountBalance />} onClick={() => setChoosing(true)}>
              {t('parties.choose_banks')}
            </Button>
          ) : (
            actions
          )
        }
      />
      {editable && companyId && (
        <BankSelectDialog
          open={choosing}
          onClose={() => setChoosing(false)}
          owner={{ myCompanyId: companyId }}
          title={t('parties.provider_banks')}
          actions={[
            {
              key: 'bgn',
              label: t('parties.choose_bgn'),
              chosenId: bank?._id,
              accepts: (row) => row.currencyCode === 'BGN',
              onChoose: (row) => {
                setValue('providerBank', bankFromAccount(row), { shouldDirty: true });
                clearErrors('providerBank');
              },
            },
            {
              key: 'eur',
              label: t('parties.choose_eur'),
              chosenId: bank2?._id,
              accepts: (row) => row.currencyCode === 'EUR',
              onChoose: (row) => {
                setValue('providerBank2', bankFromAccount(row), { shouldDirty: true });
                clearErrors('providerBank2');
              },
            },
          ]}
        />
      )}
    </>
  );
}

/**
 * The customer: a client chosen in the client picker, then one of its accounts. The saved snapshot (address,
 * responsible person) shows once the document is saved with that client.
 */
export function CustomerCard({
  saved,
  editable,
  title,
  onCustomerChange,
}: {
  saved: SavedParties | null;
  editable: boolean;
  title?: string;
  /** After the user picks another client (dependent choices follow from here). */
  onCustomerChange?: (client: ClientOption) => void;
}) {
  // 'settings' (the bank dialog's) loads with the card: the dialog mounts only once the banks' owner is known, and a
  // namespace first asked for then would suspend the whole page back to its loader after it was shown.
  const { t } = useTranslation(['contracts', 'settings']);
  const { control, setValue } = useFormContext<PartyChoiceValues>();
  const [customer, bank] = useWatch({ control, name: ['customer', 'customerBank'] });
  const [picking, setPicking] = useState(false);
  const [choosing, setChoosing] = useState(false);
  const snapshot = customer && saved?.customerId === customer._id ? saved.customer : null;
  const party: PartyCardData | PartySnapshot | null =
    snapshot ?? (customer ? { name: customer.name, bulstat: customer.bulstat, vatNumber: customer.vatNumber } : null);
  return (
    <>
      <PartyCard
        title={title ?? t('parties.customer')}
        party={party}
        emptyText={t('parties.no_customer')}
        note={customer && !snapshot ? t('parties.copied_on_save') : undefined}
        banks={[{ key: 'bank', label: t('parties.bank'), bank }]}
        actions={
          editable && (
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
              <Button
                variant={customer ? 'outlined' : 'contained'}
                startIcon={<PersonSearch />}
                onClick={() => setPicking(true)}
              >
                {customer ? t('parties.change_client') : t('parties.choose_client')}
              </Button>
              {customer && (
                <Button variant="outlined" startIcon={<AccountBalance />} onClick={() => setChoosing(true)}>
                  {t('parties.choose_bank')}
                </Button>
              )}
            </Box>
          )
        }
      />
      {editable && (
        <ClientPicker
          open={picking}
          onClose={() => setPicking(false)}
          onSelect={(client) => {
            if (client._id === customer?._id) return;
            setValue('customer', client, { shouldDirty: true });
            setValue('customerBank', null, { shouldDirty: true });
            onCustomerChange?.(client);
          }}
        />
      )}
      {editable && customer && (
        <BankSelectDialog
          open={choosing}
          onClose={() => setChoosing(false)}
          owner={{ companyId: customer._id }}
          title={t('parties.customer_banks')}
          actions={[
            {
              key: 'choose',
              label: t('parties.choose'),
              chosenId: bank?._id,
              onChoose: (row) => setValue('customerBank', bankFromAccount(row), { shouldDirty: true }),
            },
          ]}
        />
      )}
    </>
  );
}
