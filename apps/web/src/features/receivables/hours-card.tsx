import type { HoursMonth } from '@kantora/domain';
import { BarChart } from '@mui/x-charts/BarChart';
import { useTheme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '../../components/ui/section-card.tsx';
import { formatNumber } from '../../lib/format.ts';
import { ChartPanel, monthLabel } from './chart-panel.tsx';

/** Hours recorded in timesheets against the hours of periods already invoiced, per month (not per currency). */
export function HoursCard({ months }: { months: HoursMonth[] }) {
  const { t } = useTranslation('receivables');
  const theme = useTheme();
  const labels = months.map((month) => monthLabel(month.month));
  const hours = (value: number | null) => formatNumber(value, 1);
  return (
    <SectionCard title={t('hours.title')} subtitle={t('hours.subtitle')}>
      <ChartPanel
        chartLabel={t('hours.chart')}
        chart={
          <BarChart
            height={280}
            xAxis={[{ scaleType: 'band', data: labels }]}
            yAxis={[{ width: 48, valueFormatter: (value: number) => formatNumber(value, 0) }]}
            series={[
              {
                id: 'hours',
                label: t('hours.hours'),
                data: months.map((month) => month.hours),
                color: theme.palette.primary.main,
                valueFormatter: hours,
              },
              {
                id: 'billed',
                label: t('hours.billed'),
                data: months.map((month) => month.billedHours),
                color: theme.palette.success.main,
                valueFormatter: hours,
              },
            ]}
          />
        }
        table={
          <Table size="small" aria-label={t('hours.table')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('hours.month')}</TableCell>
                <TableCell align="right">{t('hours.hours')}</TableCell>
                <TableCell align="right">{t('hours.billed')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {months.map((month, index) => (
                <TableRow key={month.month}>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{labels[index]}</TableCell>
                  <TableCell align="right">{formatNumber(month.hours, 1)}</TableCell>
                  <TableCell align="right">{formatNumber(month.billedHours, 1)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        }
      />
    </SectionCard>
  );
}
