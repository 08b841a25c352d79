import type { CurrencySummary } from '@kantora/domain';
import { BarChart } from '@mui/x-charts/BarChart';
import { useTheme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '../../components/ui/section-card.tsx';
import { formatMoney, formatNumber } from '../../lib/format.ts';
import { ChartPanel, monthLabel } from './chart-panel.tsx';

/** Invoiced against paid per month in one currency (the last 12 months, oldest first). */
export function MonthsCard({ summary }: { summary: CurrencySummary }) {
  const { t } = useTranslation('receivables');
  const theme = useTheme();
  const { currency, months } = summary;
  const labels = months.map((month) => monthLabel(month.month));
  const money = (value: number | null) => formatMoney(value, currency);
  return (
    <SectionCard title={t('months.title')} subtitle={t('months.subtitle', { currency })}>
      <ChartPanel
        chartLabel={t('months.chart', { currency })}
        chart={
          <BarChart
            height={280}
            xAxis={[{ scaleType: 'band', data: labels }]}
            yAxis={[{ width: 64, valueFormatter: (value: number) => formatNumber(value, 0) }]}
            series={[
              {
                id: 'invoiced',
                label: t('months.invoiced'),
                data: months.map((month) => month.invoiced),
                color: theme.palette.primary.main,
                valueFormatter: money,
              },
              {
                id: 'paid',
                label: t('months.paid'),
                data: months.map((month) => month.paid),
                color: theme.palette.success.main,
                valueFormatter: money,
              },
            ]}
          />
        }
        table={
          <Table size="small" aria-label={t('months.table', { currency })}>
            <TableHead>
              <TableRow>
                <TableCell>{t('months.month')}</TableCell>
                <TableCell align="right">{t('months.invoiced')}</TableCell>
                <TableCell align="right">{t('months.paid')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {months.map((month, index) => (
                <TableRow key={month.month}>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{labels[index]}</TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {formatMoney(month.invoiced)}
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {formatMoney(month.paid)}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        }
      />
    </SectionCard>
  );
}
