import type { LocalizedText, PartyBank, PartySnapshot } from '@kantora/domain';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { localized } from '../../lib/labels.ts';
import { SectionCard } from '../ui/section-card.tsx';

/** A bank as a party card shows it: the snapshot's `PartyBank`, or an account just chosen. */
export type PartyCardBank = Pick<PartyBank, 'name' | 'bic' | 'iban' | 'currency'>;

/** What a party card shows; any part may be missing (a client picked but not saved yet). */
export interface PartyCardData {
  name: LocalizedText;
  address?: PartySnapshot['address'] | null;
  responsiblePerson?: LocalizedText | null;
  bulstat?: string;
  vatNumber?: string;
}

export interface PartyCardProps {
  title: string;
  party: PartyCardData | null;
  /**
   * The accounts to show, each under its own label ("BGN bank", "EUR bank", "Bank"); null when none is chosen. `error`
   * (a text) shows under the account, e.g. why the contract cannot be registered without it.
   */
  banks: ReadonlyArray<{ key: string; label: string; bank: PartyCardBank | null; error?: string }>;
  /** Shown instead of the details when there is no party (e.g. "choose a client"). */
  emptyText?: string;
  /** A line under the details (e.g. "the address is copied on save"). */
  note?: ReactNode;
  /** Buttons on the card's title line (choose client, choose bank). */
  actions?: ReactNode;
}

function Line({ label, children }: { label: string; children: ReactNode }) {
  if (children === '' || children === null || children === undefined) return null;
  return (
    <>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </>
  );
}

/**
 * A party of a contract or an invoice (provider or customer): company, address, responsible person, bulstat,
 * VAT number and the chosen accounts (bank, BIC, IBAN, currency). Read-only; the caller's buttons choose.
 */
export function PartyCard({ title, party, banks, emptyText, note, actions }: PartyCardProps) {
  const { t, i18n } = useTranslation('parties');
  const locale = i18n.language;
  const address = party?.address;
  const street = address
    ? [
        localized(address.street, locale),
        address.zipCode,
        localized(address.city, locale),
        localized(address.country, locale),
      ]
        .filter(Boolean)
        .join(', ')
    : '';
  return (
    <SectionCard title={title} actions={actions}>
      {party ? (
        <Box
          component="dl"
          sx={{
            m: 0,
            display: 'grid',
            gridTemplateColumns: { xs: '1fr', sm: 'minmax(120px, max-content) 1fr' },
            columnGap: 2,
            rowGap: { xs: 0, sm: 0.75 },
            '& dd': { mb: { xs: 1, sm: 0 } },
          }}
        >
          <Line label={t('company')}>
            <Box component="span" sx={{ fontWeight: 600 }}>
              {localized(party.name, locale)}
            </Box>
          </Line>
          <Line label={t('address')}>{street}</Line>
          <Line label={t('responsible_person')}>{localized(party.responsiblePerson, locale)}</Line>
          <Line label={t('bulstat')}>{party.bulstat}</Line>
          <Line label={t('vat_number')}>{party.vatNumber}</Line>
          {banks.map(({ key, label, bank, error }) => (
            <Line key={key} label={label}>
              {error && (
                <Box component="span" role="alert" sx={{ display: 'block', color: 'error.main', fontWeight: 500 }}>
                  {error}
                </Box>
              )}
              {bank ? (
                <>
                  {localized(bank.name, locale)}
                  {bank.currency ? ` · ${bank.currency}` : ''}
                  <Box component="span" sx={{ display: 'block', fontFamily: 'monospace' }}>
                    {bank.iban}
                  </Box>
                  {bank.bic && (
                    <Box component="span" sx={{ display: 'block', color: 'text.secondary' }}>
                      BIC {bank.bic}
                    </Box>
                  )}
                </>
              ) : (
                <Box component="span" sx={{ color: 'text.secondary', fontStyle: 'italic' }}>
                  {t('no_bank')}
                </Box>
              )}
            </Line>
          ))}
        </Box>
      ) : (
        <Typography color="text.secondary">{emptyText ?? t('none')}</Typography>
      )}
      {note && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
          {note}
        </Typography>
      )}
    </SectionCard>
  );
}
