import type { CurrencySummary } from '@kantora/domain';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { SectionCard } from '../../components/ui/section-card.tsx';
import { formatMoney } from '../../lib/format.ts';
import { localized } from '../../lib/labels.ts';
import { overdueHref } from './overdue-links.ts';

/** The ten clients who owe most in one currency; a client opens their overdue invoices. */
export function DebtorsCard({ summary }: { summary: CurrencySummary }) {
  const { t, i18n } = useTranslation('receivables');
  const { currency, topDebtors } = summary;
  return (
    <SectionCard title={t('debtors.title')} subtitle={t('debtors.subtitle', { currency })} flush>
      {topDebtors.length === 0 ? (
        <Typography sx={{ p: 2 }} color="text.secondary">
          {t('debtors.empty')}
        </Typography>
      ) : (
        <Table size="small" aria-label={t('debtors.table', { currency })}>
          <TableHead>
            <TableRow>
              <TableCell>{t('debtors.client')}</TableCell>
              <TableCell align="right">{t('debtors.due')}</TableCell>
              <TableCell align="right">{t('debtors.overdue')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {topDebtors.map((debtor) => {
              const name = localized(debtor.name, i18n.language);
              return (
                <TableRow key={debtor.clientId} hover>
                  <TableCell sx={{ overflowWrap: 'break-word' }}>
                    <Link
                      component={RouterLink}
                      to={overdueHref({ clientId: debtor.clientId, currency })}
                      aria-label={t('debtors.open', { client: name })}
                    >
                      {name}
                    </Link>
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {formatMoney(debtor.due, currency)}
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {formatMoney(debtor.overdue, currency)}
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      )}
    </SectionCard>
  );
}
