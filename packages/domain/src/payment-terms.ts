import { z } from 'zod';
import { NoticeType } from './billing-totals.ts';
import { MessageKeys as M } from './messages.ts';

/** The longest payment term, in days. */
export const MAX_PAYMENT_TERM_DAYS = 365;

/** A payment term: a whole number of days, 0 (due the day issued) to 365. */
export const paymentTermDaysSchema = z
  .number({
    error: (issue) => (issue.input === null || issue.input === undefined ? M.field_is_required : M.invalid_value),
  })
  .int(M.invalid_value)
  .min(0, M.invalid_value)
  .max(MAX_PAYMENT_TERM_DAYS, M.invalid_value);

/** A client's own term: blank or null is none (the invoice defaults' term applies). */
export const clientPaymentTermDaysSchema = z.preprocess(
  (value) => (value === '' ? null : value),
  paymentTermDaysSchema.nullable(),
);

/** The term a client's new document takes: the client's own, else the invoice defaults', else 0. */
export function paymentTermOf(clientTerm: number | null | undefined, defaultTerm: number | null | undefined): number {
  return clientTerm ?? defaultTerm ?? 0;
}

/** A YYYY-MM-DD date plus whole days (UTC arithmetic: business dates have no time zone). */
export function addDaysToDate(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/**
 * The payment deadline of a new document: its date plus the client's term (else the default term). A credit notice
 * has none (null).
 */
export function paymentDeadlineOf(
  date: string,
  term: { client?: number | null; default?: number | null },
  noticeType: number = NoticeType.invoice,
): string | null {
  if (noticeType === NoticeType.credit) return null;
  return addDaysToDate(date, paymentTermOf(term.client, term.default));
}
