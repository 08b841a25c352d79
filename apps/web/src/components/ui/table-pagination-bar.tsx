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

/** About how many: two significant figures (170 857 → 170 000, 1 234 → 1 200), in the language's digits grouping. */
export function roundedTotal(total: number, locale: string): string {
  const magnitude = total >= 100 ? 10 ** (Math.floor(Math.log10(total)) - 1) : 1;
  return new Intl.NumberFormat(locale).format(Math.round(total / magnitude) * magnitude);
}

interface TablePaginationBarProps {
  page: number;
  itemsPerPage: number;
  total: number;
  /** Total is the server's estimate ("about"), or with `capped` a lower bound ("more than"): ListResult's flags. */
  estimated?: boolean;
  capped?: boolean;
  /** The rows the page shows (with an estimate the range ends there, and a full page leaves a next one). */
  rowsOnPage?: number;
  large?: boolean;
  onPageChange: (page: number) => void;
  onItemsPerPageChange: (itemsPerPage: number) => void;
}

/**
 * Rows-per-page choice, "1–15 of 120" ("of about 170 000" for an estimate, "of more than 1 000" for a capped count),
 * and first/previous/pages/next/last buttons. With a total that is not exact, a full page always leaves a next page
 * (the server answers the exact total once a page comes back short or empty, and the table moves there).
 */
export function TablePaginationBar({
  page,
  itemsPerPage,
  total,
  estimated = false,
  capped = false,
  rowsOnPage,
  large,
  onPageChange,
  onItemsPerPageChange,
}: TablePaginationBarProps) {
  const { t, i18n } = useTranslation();
  const sizeId = useId();
  const phone = useMediaQuery((theme) => theme.breakpoints.down('sm'));
  const exact = !estimated && !capped;
  const fullPage = rowsOnPage === undefined || rowsOnPage >= itemsPerPage;
  const counted = Math.max(1, Math.ceil(total / itemsPerPage));
  const totalPages = !exact && fullPage ? Math.max(counted, page + 1) : counted;
  const from = total === 0 || (!exact && rowsOnPage === 0) ? 0 : (page - 1) * itemsPerPage + 1;
  const to = exact || rowsOnPage === undefined ? Math.min(total, page * itemsPerPage) : from + rowsOnPage - 1;
  let range = t('table.range', { from, to, total });
  if (capped) range = t('table.range_capped', { from, to, total: new Intl.NumberFormat(i18n.language).format(total) });
  else if (estimated) range = t('table.range_estimated', { from, to, total: roundedTotal(total, i18n.language) });
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
          {range}
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
