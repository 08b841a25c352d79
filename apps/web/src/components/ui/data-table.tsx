import Box from '@mui/material/Box';
import { alpha, type Theme } from '@mui/material/styles';
import Checkbox from '@mui/material/Checkbox';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import Typography from '@mui/material/Typography';
import type { QueryKey } from '@tanstack/react-query';
import { type ReactNode, type RefObject, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../lib/i18n.ts';
import { TablePaginationBar } from './table-pagination-bar.tsx';
import { type ListFetcher, type ListFilters, type TableState, useListQuery } from './use-list-query.ts';

export interface DataTableColumn<T> {
  /** Sort key sent as `sortBy`, and the property shown when there is no `render`. */
  field: string;
  /** i18n key of the header, e.g. `clients:name` or `common:table.actions`. */
  header: string;
  sortable?: boolean;
  render?: (row: T) => ReactNode;
  align?: 'left' | 'right' | 'center';
  width?: number | string;
  /** Left out on screens narrower than this breakpoint (phones keep the telling columns). */
  hideBelow?: 'sm' | 'md' | 'lg' | 'xl';
  /**
   * May be left out when the table is wider than its place (a long language, a narrow window): the highest number
   * first, until the table fits. A column without one always stays (the telling ones: a number, a client, a paid
   * state, a duration).
   */
  priority?: number;
}

/**
 * The row actions stay at the right edge when a wide table scrolls sideways (phones, long names), over
 * the row's own hover and selection tint. Over the cells scrolled under them: a table whose columns have priorities
 * leaves columns out instead of scrolling (useFittingColumns), so nothing of it hides there.
 */
const stickyActions = (theme: Theme) => ({
  position: 'sticky' as const,
  right: 0,
  zIndex: 1,
  backgroundColor: theme.palette.background.paper,
  boxShadow: `inset 1px 0 0 ${theme.palette.divider}`,
  'tr.MuiTableRow-hover:hover > &': {
    backgroundImage: `linear-gradient(${theme.palette.action.hover}, ${theme.palette.action.hover})`,
  },
  'tr.Mui-selected > &': {
    backgroundImage: `linear-gradient(${alpha(theme.palette.primary.main, theme.palette.action.selectedOpacity)}, ${alpha(theme.palette.primary.main, theme.palette.action.selectedOpacity)})`,
  },
});

/** The display rule of a column that narrow screens leave out. */
const visibility = (hideBelow: DataTableColumn<unknown>['hideBelow']) =>
  hideBelow ? { display: { xs: 'none', [hideBelow]: 'table-cell' } } : undefined;

export interface DataTableProps<T, F extends ListFilters> {
  queryKey: QueryKey;
  fetcher: ListFetcher<T, F>;
  filters?: F;
  columns: readonly DataTableColumn<T>[];
  state: TableState;
  onStateChange: (state: TableState) => void;
  /** Adds the page size 200 (document flow). */
  large?: boolean;
  getRowId?: (row: T) => string;
  /** Buttons of the last column (preview, delete, ...). */
  rowActions?: (row: T) => ReactNode;
  selectable?: boolean;
  /** With `selectable`: rows this returns false for get a disabled checkbox (e.g. a document without a file). */
  isRowSelectable?: (row: T) => boolean;
  /** Selected row ids (controlled); leave out to let the table keep them. */
  selected?: readonly string[];
  onSelectionChange?: (ids: string[], rows: T[]) => void;
  /** Message key of the empty text; default `no_table_results`. */
  emptyText?: string;
  /** Accessible name of the table. */
  label?: string;
  /** Inside a card that already draws the frame: no border of its own. */
  embedded?: boolean;
  /** False: one page holds the whole list (e.g. a document's payments, up to 100): no paging bar. */
  paged?: boolean;
}

/**
 * How many of the droppable columns (those with a priority) to leave out so that the table fits its container
 * instead of scrolling under the sticky actions column: after each render that overflows, one more. A container that
 * grows starts again from none; a few pixels (a page scrollbar coming and going as rows change height) do not count,
 * or the two could take turns. Before the browser paints, so no frame shows the overflow.
 */
function useFittingColumns(container: RefObject<HTMLDivElement | null>, droppable: number): number {
  const [dropped, setDropped] = useState(0);
  const [, recheck] = useState(0);
  const width = useRef(0);
  useLayoutEffect(() => {
    const element = container.current;
    if (!element || dropped >= droppable) return;
    if (element.scrollWidth > element.clientWidth + 1) setDropped(dropped + 1);
  });
  useEffect(() => {
    const element = container.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    width.current = element.clientWidth;
    const observer = new ResizeObserver(() => {
      const now = element.clientWidth;
      if (now > width.current + SCROLLBAR_SLACK) {
        width.current = now;
        setDropped(0);
      } else if (now < width.current) {
        width.current = now;
        recheck((count) => count + 1);
      }
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [container]);
  return Math.min(dropped, droppable);
}

/** Wider than a page scrollbar: a container growing by less keeps its columns left out. */
const SCROLLBAR_SLACK = 24;

const defaultRowId = (row: unknown): string => {
  const record = row as { _id?: unknown; id?: unknown };
  return String(record._id ?? record.id ?? '');
};

/** Reads `a.b.c`; a `{bg, it}` value shows the current language. */
function cellValue(row: unknown, field: string, locale: string): ReactNode {
  const value = field
    .split('.')
    .reduce<unknown>((current, key) => (current as Record<string, unknown> | undefined)?.[key], row);
  if (value === null || value === undefined) return '';
  if (typeof value === 'object' && ('bg' in value || 'it' in value)) {
    const text = value as Record<string, unknown>;
    return String(text[locale] || text.bg || text.it || '');
  }
  if (typeof value === 'boolean') return value ? '✓' : '';
  return String(value);
}

/** A server-side paged, sorted list: the shared table of every list screen. */
export function DataTable<T, F extends ListFilters = ListFilters>({
  queryKey,
  fetcher,
  filters,
  columns: allColumns,
  state,
  onStateChange,
  large,
  getRowId = defaultRowId,
  rowActions,
  selectable,
  isRowSelectable,
  selected,
  onSelectionChange,
  emptyText = 'no_table_results',
  label,
  embedded = false,
  paged = true,
}: DataTableProps<T, F>) {
  const { t, i18n } = useTranslation();
  const query = useListQuery(queryKey, fetcher, state, filters);
  const rows = query.data?.Items ?? [];
  const total = query.data?.Total ?? 0;
  const container = useRef<HTMLDivElement>(null);
  const droppable = allColumns
    .filter((column) => column.priority !== undefined)
    .sort((a, b) => (b.priority ?? 0) - (a.priority ?? 0));
  const dropped = new Set(
    droppable.slice(0, useFittingColumns(container, droppable.length)).map((column) => column.field),
  );
  const columns = allColumns.filter((column) => !dropped.has(column.field));
  const [ownSelection, setOwnSelection] = useState<Map<string, T>>(new Map());
  const selectedIds = new Set(selected ?? ownSelection.keys());
  const columnCount = columns.length + (selectable ? 1 : 0) + (rowActions ? 1 : 0);

  // A page past the end (after deletes, a smaller total, or an estimate the last page found too high: the server
  // then answers the exact total) moves to the last page.
  const lastPage = Math.max(1, Math.ceil(total / state.itemsPerPage));
  useEffect(() => {
    const settled = query.data && (!query.data.Estimated || query.data.Items.length === 0);
    if (settled && !query.isPlaceholderData && state.page > lastPage) onStateChange({ ...state, page: lastPage });
  }, [query.data, query.isPlaceholderData, state, lastPage, onStateChange]);

  const changeSelection = (ids: Set<string>) => {
    const known = new Map(ownSelection);
    for (const row of rows) known.set(getRowId(row), row);
    const next = new Map([...ids].filter((id) => known.has(id)).map((id) => [id, known.get(id) as T]));
    setOwnSelection(next);
    onSelectionChange?.([...ids], [...next.values()]);
  };
  const toggleRow = (id: string) => {
    const next = new Set(selectedIds);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    changeSelection(next);
  };
  const pageIds = rows.filter((row) => isRowSelectable?.(row) ?? true).map(getRowId);
  const pageSelected = pageIds.filter((id) => selectedIds.has(id)).length;
  const togglePage = () => {
    const next = new Set(selectedIds);
    const allSelected = pageSelected === pageIds.length;
    for (const id of pageIds) {
      if (allSelected) next.delete(id);
      else next.add(id);
    }
    changeSelection(next);
  };

  const sortBy = (field: string) => {
    const sortDesc = state.sortBy === field ? !state.sortDesc : false;
    onStateChange({ ...state, sortBy: field, sortDesc, page: 1 });
  };

  const renderBody = () => {
    if (query.isPending) {
      return Array.from({ length: Math.min(state.itemsPerPage, 5) }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity
        <TableRow key={index}>
          {Array.from({ length: columnCount }, (_, cell) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholder cells have no identity
            <TableCell key={cell}>
              <Skeleton variant="text" />
            </TableCell>
          ))}
        </TableRow>
      ));
    }
    // The empty text shows under the table (below), where a wide table cannot push it off screen.
    if (rows.length === 0) return null;
    return rows.map((row) => {
      const id = getRowId(row);
      const isSelected = selectedIds.has(id);
      return (
        <TableRow key={id} hover selected={isSelected}>
          {selectable && (
            <TableCell padding="checkbox">
              <Checkbox
                checked={isSelected}
                disabled={!isSelected && isRowSelectable ? !isRowSelectable(row) : false}
                onChange={() => toggleRow(id)}
                slotProps={{ input: { 'aria-label': t('table.select_row') } }}
              />
            </TableCell>
          )}
          {columns.map((column) => (
            <TableCell key={column.field} align={column.align} sx={visibility(column.hideBelow)}>
              {column.render ? column.render(row) : cellValue(row, column.field, i18n.language)}
            </TableCell>
          ))}
          {rowActions && (
            <TableCell align="right" sx={[{ whiteSpace: 'nowrap', py: 0.5 }, stickyActions]}>
              {rowActions(row)}
            </TableCell>
          )}
        </TableRow>
      );
    });
  };

  return (
    <Paper
      variant={embedded ? 'elevation' : 'outlined'}
      square={embedded}
      sx={{ position: 'relative', overflow: 'hidden' }}
    >
      <Box sx={{ height: 4 }}>
        {query.isFetching && !query.isPending && <LinearProgress aria-label={t('loading')} />}
      </Box>
      <TableContainer ref={container}>
        <Table
          size="small"
          aria-label={label}
          aria-busy={query.isFetching}
          // Phones: half the side padding, so a name, a status and the actions fit 400 px without scrolling.
          sx={{ '& .MuiTableCell-root:not(.MuiTableCell-paddingCheckbox)': { px: { xs: 1, sm: 2 } } }}
        >
          <TableHead>
            <TableRow>
              {selectable && (
                <TableCell padding="checkbox">
                  <Checkbox
                    checked={pageIds.length > 0 && pageSelected === pageIds.length}
                    indeterminate={pageSelected > 0 && pageSelected < pageIds.length}
                    disabled={pageIds.length === 0}
                    onChange={togglePage}
                    slotProps={{ input: { 'aria-label': t('table.select_all') } }}
                  />
                </TableCell>
              )}
              {columns.map((column) => {
                const active = state.sortBy === column.field;
                return (
                  <TableCell
                    key={column.field}
                    align={column.align}
                    sx={{ width: column.width, ...visibility(column.hideBelow) }}
                    sortDirection={active ? (state.sortDesc ? 'desc' : 'asc') : false}
                  >
                    {column.sortable ? (
                      <TableSortLabel
                        active={active}
                        direction={active && state.sortDesc ? 'desc' : 'asc'}
                        onClick={() => sortBy(column.field)}
                      >
                        {t(column.header)}
                      </TableSortLabel>
                    ) : (
                      t(column.header)
                    )}
                  </TableCell>
                );
              })}
              {rowActions && (
                // Phones: the header is read out but not shown (the icons say what they do), so it is no wider than they are.
                <TableCell align="right" sx={stickyActions} aria-label={t('table.actions')}>
                  <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
                    {t('table.actions')}
                  </Box>
                </TableCell>
              )}
            </TableRow>
          </TableHead>
          <TableBody sx={{ opacity: query.isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }}>
            {renderBody()}
          </TableBody>
        </Table>
      </TableContainer>
      {!query.isPending && rows.length === 0 && (
        <Box sx={{ py: 6, px: 2, textAlign: 'center' }}>
          <Typography color="text.secondary">{query.isError ? '' : translateMessage(emptyText)}</Typography>
        </Box>
      )}
      {selectable && selectedIds.size > 0 && (
        <Typography variant="body2" sx={{ px: 2, pt: 1 }} color="primary">
          {t('table.selected', { count: selectedIds.size })}
        </Typography>
      )}
      {paged && (
        <TablePaginationBar
          page={state.page}
          itemsPerPage={state.itemsPerPage}
          total={total}
          estimated={query.data?.Estimated}
          capped={query.data?.Capped}
          rowsOnPage={query.data ? rows.length : undefined}
          large={large}
          onPageChange={(page) => onStateChange({ ...state, page })}
          onItemsPerPageChange={(itemsPerPage) => onStateChange({ ...state, itemsPerPage, page: 1 })}
        />
      )}
    </Paper>
  );
}
