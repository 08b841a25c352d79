import type { CurrencySummary, HoursMonth } from '@kantora/domain';
import { useTheme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { BarChart } from '@mui/x-charts/BarChart';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '../../components/ui/section-card.tsx';
import { formatMoney, formatNumber } from '../../lib/format.ts';
import { ChartPanel, monthLabel } from './chart-panel.tsx';

interface MonthlyPair {
  /** `YYYY-MM`, oldest first. */
  month: string;
  first: number;
  second: number;
}

interface MonthlyPairCardProps {
  /** The texts' key group in the receivables namespace: title, subtitle, chart, table, month and the two series. */
  texts: 'months' | 'hours';
  series: [string, string];
  currency?: string;
  months: MonthlyPair[];
  /** A figure in the table (and in the chart's tooltip unless `chartFormat`). */
  format: (value: number | null) => string;
  chartFormat?: (value: number | null) => string;
  axisWidth: number;
}

/** Two figures per month as a bar chart (the first in the primary colour, the second in green) and a table. */
function MonthlyPairCard({
  texts,
  series,
  currency,
  months,
  format,
  chartFormat = format,
  axisWidth,
}: MonthlyPairCardProps) {
  const { t } = useTranslation('receivables');
  const theme = useTheme();
  const labels = months.map((month) => monthLabel(month.month));
  const [first, second] = series;
  return (
    <SectionCard title={t(`${texts}.title`)} subtitle={t(`${texts}.subtitle`, { currency })}>
      <ChartPanel
        chartLabel={t(`${texts}.chart`, { currency })}
        chart={
          <BarChart
            height={280}
            xAxis={[{ scaleType: 'band', data: labels }]}
            yAxis={[{ width: axisWidth, valueFormatter: (value: number) => formatNumber(value, 0) }]}
            series={[
              {
                id: first,
                label: t(`${texts}.${first}`),
                data: months.map((month) => month.first),
                color: theme.palette.primary.main,
                valueFormatter: chartFormat,
              },
              {
                id: second,
                label: t(`${texts}.${second}`),
                data: months.map((month) => month.second),
                color: theme.palette.success.main,
                valueFormatter: chartFormat,
              },
            ]}
          />
        }
        table={
          <Table size="small" aria-label={t(`${texts}.table`, { currency })}>
            <TableHead>
              <TableRow>
                <TableCell>{t(`${texts}.month`)}</TableCell>
                <TableCell align="right">{t(`${texts}.${first}`)}</TableCell>
                <TableCell align="right">{t(`${texts}.${second}`)}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {months.map((month, index) => (
                <TableRow key={month.month}>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{labels[index]}</TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {format(month.first)}
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {format(month.second)}
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

/** Invoiced against paid per month in one currency (the last 12 months, oldest first). */
export function MonthsCard({ summary }: { summary: CurrencySummary }) {
  return (
    <MonthlyPairCard
      texts="months"
      series={['invoiced', 'paid']}
      currency={summary.currency}
      months={summary.months.map((month) => ({ month: month.month, first: month.invoiced, second: month.paid }))}
      format={(value) => formatMoney(value)}
      chartFormat={(value) => formatMoney(value, summary.currency)}
      axisWidth={64}
    />
  );
}

/** Hours recorded in timesheets against the hours of periods already invoiced, per month (not per currency). */
export function HoursCard({ months }: { months: HoursMonth[] }) {
  return (
    <MonthlyPairCard
      texts="hours"
      series={['hours', 'billed']}
      months={months.map((month) => ({ month: month.month, first: month.hours, second: month.billedHours }))}
      format={(value) => formatNumber(value, 1)}
      axisWidth={48}
    />
  );
}
