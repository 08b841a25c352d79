import type { CurrencySummary } from '@kantora/domain';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { formatMoney } from '../../lib/format.ts';
import { overdueHref } from './overdue-links.ts';

/** The leva of documents from before the euro: shown apart, never added to euros. */
export const isLeva = (currency: string) => currency === 'BGN';

/** One card per currency (EUR first, as the server orders them): outstanding, overdue, and the overdue list's link. */
export function CurrencyCards({ currencies }: { currencies: CurrencySummary[] }) {
  return (
    <Box
      sx={{ display: 'grid', gap: 2, mb: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 280px), 1fr))' }}
    >
      {currencies.map((summary) => (
        <CurrencyCard key={summary.currency} summary={summary} />
      ))}
    </Box>
  );
}

function CurrencyCard({ summary }: { summary: CurrencySummary }) {
  const { t } = useTranslation('receivables');
  const headingId = useId();
  const { currency } = summary;
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby={headingId}
      sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 1 }}
    >
      <Typography id={headingId} variant="h6" component="h2">
        {currency}
      </Typography>
      <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5 }}>
        <Typography component="dt" color="text.secondary">
          {t('card.outstanding')}
        </Typography>
        <Typography component="dd" sx={{ m: 0, textAlign: 'right', fontWeight: 600, whiteSpace: 'nowrap' }}>
          {formatMoney(summary.outstanding, currency)}
        </Typography>
        <Typography component="dt" color="text.secondary">
          {t('card.overdue')}
        </Typography>
        <Typography
          component="dd"
          sx={{
            m: 0,
            textAlign: 'right',
            fontWeight: 600,
            whiteSpace: 'nowrap',
            color: summary.overdue > 0 ? 'error.main' : undefined,
          }}
        >
          {formatMoney(summary.overdue, currency)}
        </Typography>
      </Box>
      {isLeva(currency) && (
        <Typography variant="body2" color="text.secondary">
          {t('card.bgn_note')}
        </Typography>
      )}
      <Link component={RouterLink} to={overdueHref({ currency })} sx={{ mt: 'auto' }}>
        {t('card.open_list', { currency })}
      </Link>
    </Paper>
  );
}
