import type { BillingRunRow } from '@kantora/domain';
import Schedule from '@mui/icons-material/Schedule';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TablePaginationBar } from '../../components/ui/table-pagination-bar.tsx';
import { formatDate, formatMoney } from '../../lib/format.ts';
import { localized } from '../../lib/labels.ts';

/** A row's key: its contract and period start (what a run item names). */
export const rowKey = (row: Pick<BillingRunRow, 'contractId' | 'periodFrom'>) => `${row.contractId}|${row.periodFrom}`;

/** A dark amber that keeps the AA contrast (4.5:1) of small text on white and on a chosen row's tint. */
const LATE_COLOR = '#7a4100';

/** The mark of a late period (it starts before the chosen month): a word with an icon, never colour alone. */
export function LateMark() {
  const { t } = useTranslation('billing-run');
  return (
    <Chip
      component="span"
      size="small"
      variant="outlined"
      icon={<Schedule aria-hidden />}
      label={t('late')}
      sx={{ color: LATE_COLOR, borderColor: LATE_COLOR, '& .MuiChip-icon': { color: LATE_COLOR } }}
    />
  );
}

export interface DueTableProps {
  rows: BillingRunRow[];
  chosen: ReadonlySet<string>;
  onToggle: (key: string) => void;
  onToggleAll: (all: boolean) => void;
  disabled?: boolean;
}

const hideBelow = (breakpoint: 'sm' | 'md') => ({ display: { xs: 'none', [breakpoint]: 'table-cell' } });

/**
 * The due periods with a check box each (all chosen at first), in the preview's order (the oldest first, so the late
 * ones lead, each marked), paged in the browser (the preview has them all).
 */
export function DueTable({ rows, chosen, onToggle, onToggleAll, disabled }: DueTableProps) {
  const { t, i18n } = useTranslation('billing-run');
  const locale = i18n.language;
  const [page, setPage] = useState(1);
  const [itemsPerPage, setItemsPerPage] = useState(25);
  const shown = rows.slice((page - 1) * itemsPerPage, page * itemsPerPage);
  const all = rows.length > 0 && rows.every((row) => chosen.has(rowKey(row)));
  const some = rows.some((row) => chosen.has(rowKey(row)));
  return (
    <>
      <TableContainer>
        <Table size="small" aria-label={t('table.label')}>
          <TableHead>
            <TableRow>
              <TableCell padding="checkbox">
                <Checkbox
                  checked={all}
                  indeterminate={some && !all}
                  disabled={disabled || rows.length === 0}
                  onChange={(event) => onToggleAll(event.target.checked)}
                  slotProps={{ input: { 'aria-label': t('table.choose_all') } }}
                />
              </TableCell>
              <TableCell sx={hideBelow('sm')}>{t('table.client')}</TableCell>
              <TableCell>{t('table.contract')}</TableCell>
              <TableCell sx={hideBelow('md')}>{t('table.period')}</TableCell>
              <TableCell align="right" sx={hideBelow('sm')}>
                {t('table.amount')}
              </TableCell>
              <TableCell align="right">{t('table.total')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {shown.map((row) => {
              const key = rowKey(row);
              const name = localized(row.contractName, locale);
              const period = `${formatDate(row.periodFrom)} – ${formatDate(row.periodTo)}`;
              const label = t(row.late ? 'table.choose_late' : 'table.choose', {
                name,
                client: localized(row.companyName, locale),
                period,
              });
              return (
                <TableRow key={key} hover selected={chosen.has(key)}>
                  <TableCell padding="checkbox">
                    <Checkbox
                      checked={chosen.has(key)}
                      disabled={disabled}
                      onChange={() => onToggle(key)}
                      slotProps={{ input: { 'aria-label': label } }}
                    />
                  </TableCell>
                  <TableCell sx={{ ...hideBelow('sm'), overflowWrap: 'break-word' }}>
                    {localized(row.companyName, locale)}
                  </TableCell>
                  <TableCell sx={{ overflowWrap: 'break-word' }}>
                    <Typography variant="body2" sx={{ display: { xs: 'block', sm: 'none' }, fontWeight: 500 }}>
                      {localized(row.companyName, locale)}
                    </Typography>
                    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 0.75 }}>
                      {name}
                      <Chip
                        size="small"
                        variant="outlined"
                        color={row.kind === 'proforma' ? 'secondary' : 'default'}
                        label={t(`kind.${row.kind}`)}
                      />
                    </Box>
                    <Box
                      sx={{
                        display: { xs: 'flex', md: 'none' },
                        flexWrap: 'wrap',
                        alignItems: 'center',
                        gap: 0.75,
                        mt: 0.5,
                      }}
                    >
                      <Typography variant="caption" color="text.secondary">
                        {period}
                      </Typography>
                      {row.late && <LateMark />}
                    </Box>
                  </TableCell>
                  <TableCell sx={{ ...hideBelow('md'), whiteSpace: 'nowrap' }}>
                    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}>
                      {period}
                      {row.late && <LateMark />}
                    </Box>
                    <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                      {t(`interval.${row.interval}`, { defaultValue: '' })}
                    </Typography>
                  </TableCell>
                  <TableCell align="right" sx={{ ...hideBelow('sm'), whiteSpace: 'nowrap' }}>
                    {formatMoney(row.amount, row.currencyCode ?? undefined)}
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {formatMoney(row.totalAmount, row.currencyCode ?? undefined)}
                  </TableCell>
                </TableRow>
              );
            })}
            {rows.length === 0 && (
              <TableRow>
                <TableCell colSpan={6}>
                  <Typography color="text.secondary" sx={{ py: 2 }}>
                    {t('table.empty')}
                  </Typography>
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
      {rows.length > itemsPerPage && (
        <TablePaginationBar
          page={page}
          itemsPerPage={itemsPerPage}
          total={rows.length}
          large
          onPageChange={setPage}
          onItemsPerPageChange={(size) => {
            setItemsPerPage(size);
            setPage(1);
          }}
        />
      )}
    </>
  );
}
