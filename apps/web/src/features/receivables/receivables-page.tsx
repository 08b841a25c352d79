import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { receivableQueries } from '../../api/receivables.ts';
import { PageLoader } from '../../components/ui/page-loader.tsx';
import { PageToolbar } from '../../components/ui/page-toolbar.tsx';
import { formatDate } from '../../lib/format.ts';
import { AgingCard } from './aging-card.tsx';
import { CurrencyCards } from './currency-cards.tsx';
import { DebtorsCard } from './debtors-card.tsx';
import { HoursCard, MonthsCard } from './months-card.tsx';
import { OVERDUE_PATH } from './overdue-links.ts';

/**
 * /receivables (admin, manager, accountant): per currency what is owed and overdue, the aging, the top debtors and
 * invoiced against paid; the hours recorded against invoiced. Every figure comes from GET /api/receivables/summary.
 */
export default function ReceivablesPage() {
  const { t } = useTranslation('receivables');
  const summary = useQuery(receivableQueries.summary());
  const [chosen, setChosen] = useState<string | null>(null);

  if (summary.isPending) return <PageLoader />;
  if (summary.isError) return <Alert severity="error">{t('load_failed')}</Alert>;
  const { currencies, months, today } = summary.data;
  const current = currencies.find((item) => item.currency === chosen) ?? currencies[0];

  return (
    <>
      <PageToolbar description={t('intro')}>
        <Button component={Link} to={OVERDUE_PATH} variant="contained">
          {t('open_overdue')}
        </Button>
      </PageToolbar>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('as_of', { date: formatDate(today) })}
      </Typography>
      {currencies.length === 0 ? (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('empty')}
        </Alert>
      ) : (
        <CurrencyCards currencies={currencies} />
      )}
      {current && (
        <>
          {currencies.length > 1 && (
            <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1.5, mb: 2 }}>
              <Typography id="receivables-currency" color="text.secondary">
                {t('currency_choice')}
              </Typography>
              <ToggleButtonGroup
                size="small"
                exclusive
                value={current.currency}
                onChange={(_, value: string | null) => value && setChosen(value)}
                aria-labelledby="receivables-currency"
              >
                {currencies.map((item) => (
                  <ToggleButton key={item.currency} value={item.currency} sx={{ color: 'text.primary', px: 2 }}>
                    {item.currency}
                  </ToggleButton>
                ))}
              </ToggleButtonGroup>
            </Box>
          )}
          <AgingCard summary={current} />
          <DebtorsCard summary={current} />
          <MonthsCard summary={current} />
        </>
      )}
      {months.length > 0 && <HoursCard months={months} />}
    </>
  );
}
