import { PAGE_SIZES, PAGE_SIZES_LARGE } from '@kantora/domain';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import PaginationItem from '@mui/material/PaginationItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

/** At most this many page-number buttons; phones show fewer so the bar fits one line. */
export const PAGE_BUTTONS = 10;
const PAGE_BUTTONS_PHONE = 5;

/** The page numbers to show: a window of at most `size` pages that contains `page`. */
export function pageWindow(page: number, totalPages: number, size = PAGE_BUTTONS): number[] {
  if (totalPages <= 0) return [];
  const start = Math.max(1, Math.min(page - Math.floor(size / 2) + 1, totalPages - size + 1));
  const end = Math.min(totalPages, start + size - 1);
  return Array.from({ length: end - start + 1 }, (_, index) => start + index);
}

interface TablePaginationBarProps {
  page: number;
  itemsPerPage: number;
  total: number;
  large?: boolean;
  onPageChange: (page: number) => void;
  onItemsPerPageChange: (itemsPerPage: number) => void;
}

/** Rows-per-page choice, "1–15 of 120", and first/previous/pages/next/last buttons. */
export function TablePaginationBar({
  page,
  itemsPerPage,
  total,
  large,
  onPageChange,
  onItemsPerPageChange,
}: TablePaginationBarProps) {
  const { t } = useTranslation();
  const sizeId = useId();
  const phone = useMediaQuery((theme) => theme.breakpoints.down('sm'));
  const totalPages = Math.max(1, Math.ceil(total / itemsPerPage));
  const from = total === 0 ? 0 : (page - 1) * itemsPerPage + 1;
  const to = Math.min(total, page * itemsPerPage);
  const sizes: readonly number[] = large ? PAGE_SIZES_LARGE : PAGE_SIZES;
  const nav = (type: 'first' | 'previous' | 'next' | 'last', target: number, disabled: boolean) => (
    <li key={type}>
      <PaginationItem
        type={type}
        disabled={disabled}
        onClick={() => onPageChange(target)}
        aria-label={t(`table.${type}_page`)}
        size="small"
      />
    </li>
  );

  return (
    <Box
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        justifyContent: 'space-between',
        gap: 1.5,
        px: 2,
        py: 1.5,
        borderTop: 1,
        borderColor: 'divider',
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
        <TextField
          select
          id={sizeId}
          label={t('table.rows_per_page')}
          value={String(itemsPerPage)}
          onChange={(event) => onItemsPerPageChange(Number(event.target.value))}
          sx={{ width: 180 }}
        >
          {sizes.map((size) => (
            <MenuItem key={size} value={String(size)}>
              {size}
            </MenuItem>
          ))}
        </TextField>
        <Typography variant="body2" color="text.secondary" aria-live="polite">
          {t('table.range', { from, to, total })}
        </Typography>
      </Box>
      <Box component="nav" aria-label={t('table.pagination')}>
        <Box
          component="ul"
          sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', listStyle: 'none', m: 0, p: 0, gap: 0.25 }}
        >
          {nav('first', 1, page <= 1)}
          {nav('previous', page - 1, page <= 1)}
          {pageWindow(page, totalPages, phone ? PAGE_BUTTONS_PHONE : PAGE_BUTTONS).map((number) => (
            <li key={number}>
              <PaginationItem
                page={number}
                selected={number === page}
                onClick={() => onPageChange(number)}
                aria-label={t('table.page', { page: number })}
                aria-current={number === page ? 'page' : undefined}
                size="small"
              />
            </li>
          ))}
          {nav('next', page + 1, page >= totalPages)}
          {nav('last', totalPages, page >= totalPages)}
        </Box>
      </Box>
    </Box>
  );
}
