import { DEFAULT_PAGE_SIZE, type ListResult } from '@kantora/domain';
import { keepPreviousData, type QueryKey, useQuery } from '@tanstack/react-query';
import { useCallback, useState } from 'react';

/** Paging and sorting of a server-side list (controlled by the page that shows the table). */
export interface TableState {
  page: number;
  itemsPerPage: number;
  sortBy?: string;
  sortDesc: boolean;
}

/** Any filter object of a list screen. */
export type ListFilters = object;

/** The body of a `POST .../list` call: paging, sorting and the filters. */
export type ListRequest<F extends ListFilters = ListFilters> = F & {
  page: number;
  itemsPerPage: number;
  sortBy?: string;
  sortDesc?: boolean;
};

export type ListFetcher<T, F extends ListFilters = ListFilters> = (request: ListRequest<F>) => Promise<ListResult<T>>;

/** Filters with empty values left out, then paging and sorting. */
export function toListRequest<F extends ListFilters>(state: TableState, filters?: F): ListRequest<F> {
  const cleaned = Object.fromEntries(Object.entries(filters ?? {}).filter(([, value]) => !isEmptyValue(value))) as F;
  const request = { ...cleaned, page: state.page, itemsPerPage: state.itemsPerPage } as ListRequest<F>;
  if (state.sortBy) {
    request.sortBy = state.sortBy;
    request.sortDesc = state.sortDesc;
  }
  return request;
}

/** Empty for filters: undefined, null, blank text, an empty list, false, an object of empty values. 0 is a value. */
export function isEmptyValue(value: unknown): boolean {
  if (value === undefined || value === null || value === false) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (typeof value === 'number') return Number.isNaN(value);
  if (Array.isArray(value)) return value.length === 0;
  if (value instanceof Date) return Number.isNaN(value.getTime());
  if (typeof value === 'object') return Object.values(value).every(isEmptyValue);
  return false;
}

/** Fetches one page through TanStack Query; the previous page stays visible while the next loads. */
export function useListQuery<T, F extends ListFilters = ListFilters>(
  queryKey: QueryKey,
  fetcher: ListFetcher<T, F>,
  state: TableState,
  filters?: F,
) {
  const request = toListRequest(state, filters);
  return useQuery({
    queryKey: [...queryKey, 'list', request],
    queryFn: () => fetcher(request),
    placeholderData: keepPreviousData,
  });
}

export interface ListStateDefaults<F extends ListFilters> {
  sortBy?: string;
  sortDesc?: boolean;
  itemsPerPage?: number;
  filters?: F;
}

/**
 * State of a list page: paging/sorting for DataTable and the applied filters. Applying filters
 * goes back to page 1.
 */
export function useListState<F extends ListFilters = ListFilters>(defaults: ListStateDefaults<F> = {}) {
  const [state, setState] = useState<TableState>({
    page: 1,
    itemsPerPage: defaults.itemsPerPage ?? DEFAULT_PAGE_SIZE,
    sortBy: defaults.sortBy,
    sortDesc: defaults.sortDesc ?? false,
  });
  const [filters, setFilters] = useState<F>((defaults.filters ?? {}) as F);
  const applyFilters = useCallback((next: F) => {
    setFilters(next);
    setState((current) => ({ ...current, page: 1 }));
  }, []);
  const resetPage = useCallback(() => setState((current) => ({ ...current, page: 1 })), []);
  return { state, setState, filters, applyFilters, resetPage };
}
