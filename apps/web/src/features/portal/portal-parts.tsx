import type { LocalizedText, PartySnapshot } from '@kantora/domain';
import ArrowBack from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Visibility from '@mui/icons-material/Visibility';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageLoader } from '../../components/ui/page-loader.tsx';
import { RecordHeader as KitRecordHeader } from '../../components/ui/record-header.tsx';
import { PartyCard } from '../../components/entities/party-card.tsx';
import { localized } from '../../lib/labels.ts';

/** The preview button of a row: a link to the object's portal page, named after the row for screen readers. */
export function PreviewLink({ to, name }: { to: string; name: string }) {
  const { t } = useTranslation();
  return (
    <Tooltip title={t('actions.preview')}>
      <IconButton component={Link} to={to} aria-label={`${t('actions.preview')}: ${name}`}>
        <Visibility fontSize="small" />
      </IconButton>
    </Tooltip>
  );
}

export interface RecordHeaderProps {
  title: ReactNode;
  /** Chips beside the title (status, paid state). */
  chips?: ReactNode;
  /** Buttons on the right (print). */
  actions?: ReactNode;
  /** A line under the title (the company, the dates). */
  subtitle?: ReactNode;
  /** The list this page belongs to. */
  back: { to: string; label: string };
}

/** The title line of a portal preview: title and chips, the page's buttons and the way back to its list. */
export function RecordHeader({ title, chips, actions, subtitle, back }: RecordHeaderProps) {
  return (
    <KitRecordHeader
      title={title}
      chips={chips}
      canSave={false}
      saveDisabled
      actions={
        <>
          <Button component={Link} to={back.to} startIcon={<ArrowBack />}>
            {back.label}
          </Button>
          {actions}
        </>
      }
    >
      {subtitle && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          {subtitle}
        </Typography>
      )}
    </KitRecordHeader>
  );
}

/** Label and value pairs as a definition list: two columns from `sm` up, stacked on phones. Empty values are left out. */
export function DetailList({
  items,
  label,
}: {
  items: ReadonlyArray<{ key: string; label: string; value: ReactNode }>;
  label?: string;
}) {
  return (
    <Box
      component="dl"
      aria-label={label}
      sx={{
        m: 0,
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: 'minmax(160px, max-content) 1fr' },
        columnGap: 3,
        rowGap: { xs: 0, sm: 1 },
        '& dd': { mb: { xs: 1.25, sm: 0 } },
      }}
    >
      {items
        .filter((item) => item.value !== '' && item.value !== null && item.value !== undefined)
        .map((item) => (
          <Box key={item.key} sx={{ display: 'contents' }}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {item.label}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
              {item.value}
            </Typography>
          </Box>
        ))}
    </Box>
  );
}

/**
 * The provider and customer cards of a contract or a document, from its frozen snapshots: company, address,
 * responsible person, bulstat, VAT number and the accounts (the provider's BGN and EUR ones, the customer's).
 */
export function SnapshotPartyCards({
  provider,
  customer,
  customerTitle,
}: {
  provider: PartySnapshot | null;
  customer: PartySnapshot | null;
  customerTitle: string;
}) {
  const { t } = useTranslation('contracts');
  const providerBanks = [{ key: 'bank', label: t('parties.bgn_bank'), bank: provider?.bank ?? null }];
  if (provider?.bank2) providerBanks.push({ key: 'bank2', label: t('parties.eur_bank'), bank: provider.bank2 });
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' },
        mb: 2,
        '& > section': { mb: 0 },
      }}
    >
      <PartyCard title={t('parties.provider')} party={provider} banks={providerBanks} />
      <PartyCard
        title={customerTitle}
        party={customer}
        banks={[{ key: 'bank', label: t('parties.bank'), bank: customer?.bank ?? null }]}
      />
    </Box>
  );
}

/** What a preview shows before its object: a spinner, or (a failure other than not-found) the way back to the list. */
export function RecordPending({ failed, back }: { failed: boolean; back: { to: string; label: string } }) {
  const { t } = useTranslation('portal');
  if (!failed) return <PageLoader />;
  return (
    <Alert
      severity="error"
      variant="outlined"
      action={
        <Button component={Link} to={back.to} color="inherit" size="small" startIcon={<ArrowBack />}>
          {back.label}
        </Button>
      }
    >
      {t('load_failed')}
    </Alert>
  );
}

/** An office's address on one line: street, zip code, city, country. */
export function addressLine(
  office: { street: LocalizedText; zipCode: string; city: LocalizedText; country: LocalizedText },
  locale: string,
): string {
  return [
    localized(office.street, locale),
    office.zipCode,
    localized(office.city, locale),
    localized(office.country, locale),
  ]
    .filter(Boolean)
    .join(', ');
}
