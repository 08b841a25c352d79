/** The envelope of every JSON answer (docs/architecture.md, "Answers"). */
export const ResultType = { failure: 0, success: 1 } as const;

export interface ApiSuccess<T> {
  Type: 1;
  Message: string | null;
  Result: T;
}
export interface ApiFieldError {
  field: string;
  message: string;
  /**
   * Values the message names (the web's text of the key shows them): `amount` is money in `currency` (the code),
   * e.g. the most a payment may be.
   */
  params?: Record<string, string | number | null>;
}
export interface ApiFailure {
  Type: 0;
  Message: string;
  Errors?: ApiFieldError[];
}
export type ApiEnvelope<T> = ApiSuccess<T> | ApiFailure;

export interface ListResult<T> {
  Items: T[];
  Total: number;
  Page: number;
  /**
   * Set when Total is not an exact count (lists past 1 000 rows): the database's estimate ("about Total"), or with
   * `Capped` a lower bound.
   */
  Estimated?: boolean;
  /** With `Estimated`: there are more than Total rows, how many more unknown ("more than Total"). */
  Capped?: boolean;
}

export const PAGE_SIZES = [5, 15, 25, 50, 100] as const;
export const PAGE_SIZES_LARGE = [5, 15, 25, 50, 100, 200] as const;
export const DEFAULT_PAGE_SIZE = 15;
export const MAX_PAGE_SIZE = 200;
/** The highest page number a list accepts (1 000 000 pages: far past every table; beyond it 400 `invalid_value`). */
export const MAX_PAGE = 1_000_000;
export const AUTOCOMPLETE_PAGE_SIZE = 15;
export const REQUEST_TIMEOUT_MS = 5 * 60 * 1000;
export const TOAST_DURATION_MS = 4000;
export const LAST_VISITED_LIMIT = 5;
export const DRAWER_WIDTH = 270;
export const DRAWER_BREAKPOINT = 960;
export const FOOTER_FIRST_YEAR = 1997;
export const DEFAULT_LANDING = '/clients';
export const LOCALES = ['bg', 'it'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'bg';
export const LOCALE_STORAGE_KEY = '_locale';
export const TOKEN_COOKIE = 'kantora_token';
export const PRODUCT_TITLE = 'Kantora';
