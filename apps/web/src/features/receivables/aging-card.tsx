import type { AgingBucket, CurrencySummary } from '@kantora/domain';
import { BarChart } from '@mui/x-charts/BarChart';
import Link from '@mui/material/Link';
import { useTheme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { SectionCard } from '../../components/ui/section-card.tsx';
import { formatMoney, formatNumber } from '../../lib/format.ts';
import { ChartPanel } from './chart-panel.tsx';
import { overdueHref } from './overdue-links.ts';

/** The aging of one currency's receivables: a bar per bucket and the table; a bar or a row opens its invoices. */
export function AgingCard({ summary }: { summary: CurrencySummary }) {
  const { t } = useTranslation('receivables');
  const theme = useTheme();
  const navigate = useNavigate();
  const { currency, buckets } = summary;
  const label = (key: AgingBucket) => t(`bucket.${key}`);
  const colors = [
    theme.palette.success.main,
    theme.palette.warning.light,
    theme.palette.warning.main,
    theme.palette.error.light,
    theme.palette.error.dark,
  ];
  const open = (key: AgingBucket) => navigate(overdueHref({ bucket: key, currency }));
  return (
    <SectionCard title={t('aging.title')} subtitle={t('aging.subtitle', { currency })}>
      <ChartPanel
        chartLabel={t('aging.chart', { currency })}
        chart={
          <BarChart
            height={280}
            hideLegend
            xAxis={[
              {
                scaleType: 'band',
                // Short labels fit a phone's width; the tooltip and the table beside name the bucket in full.
                data: buckets.map((bucket) => bucket.key),
                valueFormatter: (key: AgingBucket, context) =>
                  context.location === 'tick' ? t(`bucket_short.${key}`) : label(key),
                colorMap: { type: 'ordinal', values: buckets.map((bucket) => bucket.key), colors },
              },
            ]}
            yAxis={[{ width: 64, valueFormatter: (value: number) => formatNumber(value, 0) }]}
            series={[
              {
                id: 'amount',
                label: t('aging.amount'),
                data: buckets.map((bucket) => bucket.amount),
                valueFormatter: (value) => formatMoney(value, currency),
              },
            ]}
            onItemClick={(_, item) => {
              const bucket = buckets[item.dataIndex];
              if (bucket) open(bucket.key);
            }}
            sx={{ '& .MuiBarElement-root': { cursor: 'pointer' } }}
          />
        }
        table={
          <Table size="small" aria-label={t('aging.table', { currency })}>
            <TableHead>
              <TableRow>
                <TableCell>{t('aging.bucket')}</TableCell>
                <TableCell align="right">{t('aging.count')}</TableCell>
                <TableCell align="right">{t('aging.amount')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {buckets.map((bucket) => (
                <TableRow key={bucket.key} hover>
                  <TableCell>
                    <Link
                      component={RouterLink}
                      to={overdueHref({ bucket: bucket.key, currency })}
                      aria-label={t('aging.open', { bucket: label(bucket.key) })}
                    >
                      {label(bucket.key)}
                    </Link>
                  </TableCell>
                  <TableCell align="right">{bucket.count}</TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {formatMoney(bucket.amount, currency)}
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
