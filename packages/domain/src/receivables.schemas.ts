/**
 * Receivables (docs/decisions.md, "Receivables"): what clients owe, computed by the server in SQL
 * (apps/server/src/modules/receivables/receivables.sql.ts holds the money rule).
 *
 * A receivable is an issued invoice with its issued credit and debit notices; its amount due is
 * Σ (total − paid) over them. Outstanding: due > 0; overdue: outstanding and the payment deadline before today
 * (Europe/Sofia). Amounts are per currency (the invoice's currency code; EUR first, then the others by code; BGN is
 * its own currency, never added to euros).
 *
 * API (admin, manager, accountant: permission `invoicesRead`):
 * - GET  /api/receivables/summary          → `ReceivablesSummary`.
 * - POST /api/receivables/overdue          `overdueListQuery` → `ListResult<OverdueRow>`. Without `bucket`: the
 *                                          overdue invoices; `bucket` 'current': the outstanding ones not yet due;
 *                                          another bucket: the overdue ones whose days overdue fall in it.
 * - POST /api/receivables/overdue/export   the same filters and sort (paging ignored) and `lang` → an XLSX file of
 *                                          every row.
 */
import { z } from 'zod';
import type { LocalizedText } from './schemas.ts';
import { filterId, listQuery } from './schemas.ts';
import { LOCALES } from './api.ts';
import { MessageKeys as M } from './messages.ts';

/** The aging buckets by the payment deadline: not yet due, 1–30, 31–60, 61–90 and over 90 days overdue. */
export const AGING_BUCKETS = ['current', 'd1_30', 'd31_60', 'd61_90', 'd90_plus'] as const;
export type AgingBucket = (typeof AGING_BUCKETS)[number];

/** The summary's months: the current one (Europe/Sofia) and the 11 before it, oldest first. */
export const RECEIVABLES_MONTHS = 12;
/** The summary's top debtors per currency. */
export const TOP_DEBTORS = 10;

export interface AgingBucketRow {
  key: AgingBucket;
  /** Σ due of the outstanding invoices in the bucket. */
  amount: number;
  /** The number of those invoices. */
  count: number;
}

export interface TopDebtor {
  clientId: string;
  name: LocalizedText;
  /** Σ due of the client's outstanding invoices in the currency. */
  due: number;
  /** The overdue part of it. */
  overdue: number;
}

export interface CurrencyMonth {
  /** YYYY-MM. */
  month: string;
  /** Σ total of the issued invoices and notices dated in the month (notices signed: credit negative). */
  invoiced: number;
  /** Σ payments of issued invoices and notices dated in the month (refunds negative). */
  paid: number;
}

export interface CurrencySummary {
  /** The currency's code (upper case; '' for a currency without one). */
  currency: string;
  /** Σ due of the outstanding invoices. */
  outstanding: number;
  /** Σ due of the overdue invoices. */
  overdue: number;
  /** All five buckets, in AGING_BUCKETS order (zeros included). */
  buckets: AgingBucketRow[];
  /** Up to TOP_DEBTORS clients by due, highest first. */
  topDebtors: TopDebtor[];
  /** RECEIVABLES_MONTHS months, oldest first. */
  months: CurrencyMonth[];
}

/**
 * Hours are not per currency: the summary's top-level `months`.
 * - `hours`: the timesheet hours recorded (by the timesheet's date) in the month.
 * - `billedHours`: of those hours, the ones of a contract whose invoicing period containing the timesheet's date has
 *   been billed (an issued invoice, or a proforma transformed into one, for that contract and period — the billed
 *   periods register).
 */
export interface HoursMonth {
  month: string;
  hours: number;
  billedHours: number;
}

export interface ReceivablesSummary {
  /** Every currency with something outstanding or invoiced/paid in the months: EUR first, then by code. */
  currencies: CurrencySummary[];
  /** RECEIVABLES_MONTHS months, oldest first. */
  months: HoursMonth[];
  /** Today (Europe/Sofia) as the server counted it, YYYY-MM-DD. */
  today: string;
}

export const OVERDUE_SORT_COLUMNS = ['deadline', 'daysOverdue', 'due', 'total', 'number', 'date', 'client'] as const;
export type OverdueSortColumn = (typeof OVERDUE_SORT_COLUMNS)[number];

const blankToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);
const firstOf = (value: unknown) => (Array.isArray(value) ? value[0] : value);

/**
 * POST /api/receivables/overdue (and …/export): paging; filters `clientId` (alias `customerId`), `bucket`,
 * `currency` (a code); `sortBy` one of OVERDUE_SORT_COLUMNS (default `deadline`, the oldest first), `sortDesc`.
 */
export const overdueListQuery = listQuery
  .extend({
    clientId: filterId,
    customerId: filterId,
    bucket: z.preprocess(blankToUndefined, z.enum(AGING_BUCKETS, { error: M.invalid_value }).optional()),
    currency: z.preprocess(blankToUndefined, z.string().trim().max(16, M.invalid_value).toUpperCase().optional()),
    sortBy: z.preprocess(
      (value) => blankToUndefined(firstOf(value)),
      z.enum(OVERDUE_SORT_COLUMNS, { error: M.invalid_value }).default('deadline'),
    ),
    sortDesc: z.preprocess(
      (value) => {
        const first = firstOf(value);
        return first === 'true' ? true : first === 'false' ? false : (first ?? false);
      },
      z.boolean({ error: M.invalid_value }),
    ),
    /** The export's language (the one on screen); without it, the user's stored language. */
    lang: z.enum(LOCALES, { error: M.invalid_value }).optional(),
  })
  .transform(({ customerId, clientId, ...rest }) => ({ ...rest, clientId: clientId ?? customerId }));
export type OverdueListInput = z.input<typeof overdueListQuery>;
export type OverdueListQuery = z.output<typeof overdueListQuery>;

export interface OverdueRow {
  /** The invoice's id. */
  _id: string;
  number: string;
  date: string;
  deadline: string | null;
  /** today − deadline (0 or less when not yet due; 0 without a deadline). */
  daysOverdue: number;
  bucket: AgingBucket;
  client: { id: string; name: LocalizedText };
  currency: string;
  /** The invoice's total. */
  total: number;
  /** Σ of its notices (credit negative, debit positive). */
  credited: number;
  /** Σ paid on the invoice and its notices (refunds negative). */
  paid: number;
  /** total + credited − paid. */
  due: number;
  lastReminder: { stage: number; at: string } | null;
  contact: { email: string; phone: string; notificationsEmails: string[] };
}
