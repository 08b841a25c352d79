/**
 * Payments of issued invoices and proforma invoices (docs/architecture.md and docs/decisions.md, "Payments").
 *
 * API, under each billing base path (`{base}` is /api/invoices or /api/proforma-invoices). Permissions
 * (permissions.ts): invoices: reading `invoicePaymentsRead` (admin, manager, accountant), changes `paymentsWrite`
 * (management); proformas: `proformas` (management) for every call. A document is named by `invoiceId`,
 * `proformaInvoiceId` or `_id` (savePayment also `invoice`), a payment by `invoicePaymentId` (or
 * `proformaInvoicePaymentId`, `paymentId`, `_id`).
 * - POST {base}/getPayments     `paymentsListQuery` → `ListResult<PaymentRow>`: every payment of the document
 *                               (up to 100 a page, no paging in the web), by date then entry.
 * - POST {base}/getPayment      `{ invoicePaymentId }` → `PaymentRow`; 404 `not_found` when it is not a payment
 *                               of a document of the kind the user sees.
 * - POST {base}/savePayment     `paymentSaveSchema` → `PaymentChange`, Message `saved_successfully`. Without `_id` a
 *                               new payment. 400 with field errors: `field_is_required` (amount, date, type);
 *                               `entered_amount_should_be_bigger_than_zero` (an invoice's or proforma's payment
 *                               is above zero); `entered_amount_should_be_below_zero` (a credit notice's payments
 *                               are refunds); `entered_amount_is_bigger_than_wanted_amount` (with the other payments
 *                               of the document, as stored, it would pass the total); on `date`: `date_in_future` (after
 *                               today in Europe/Sofia), `payment_date_before_document_date` (before the document's date).
 *                               A draft: 409 `document_not_issued`.
 * - POST {base}/removePayment   `{ invoicePaymentId, invoiceId }` → `PaymentChange` (payment null),
 *                               Message `deleted_successfully`.
 * - POST {base}/getPaidDetails  `{ invoiceId }` → `{ totals, invoice }` / `{ totals, proformaInvoice }` (billing).
 * - POST /api/proforma-invoices/setItemIsPaid `{ proformaInvoiceItemId, isPaid }` → `BillingItemRow` (an issued
 *                               proforma's row; a draft: 409 `document_not_issued`).
 * Every change is logged (InvoicePayment / ProformaInvoicePayment, ProformaInvoiceItem) with the old and new
 * values, and the document's paid amount and state (`paidStateOf`) follow the payments in the same transaction.
 * Unissuing a document with payments: 409 `document_has_payments`.
 */
import { z } from 'zod';
import { NoticeType, type PaidStateValue } from './billing-totals.ts';
import type { BillingDocumentView, BillingPaidTotals } from './billing.schemas.ts';
import { MessageKeys as M } from './messages.ts';
import { hasAtMostTwoDecimals } from './money.ts';
import {
  alwaysCheck,
  businessDate,
  idSchema,
  MAX_MONEY,
  type LocalizedText,
  pagingFields,
  selectId,
} from './schemas.ts';

/** The payments dialog lists up to this many payments (the dialog has no paging). */
export const PAYMENTS_PAGE_SIZE = 100;
/** The longest note of a payment. */
export const PAYMENT_NOTES_MAX = 1000;

export const PAYMENT_SORT_COLUMNS = ['date', 'amount', 'created'] as const;

const blankToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);
const optionalId = z.preprocess(blankToUndefined, idSchema.optional()).optional();

/** The document of a payments call: `invoiceId`, `proformaInvoiceId`, `invoice` or `_id`. */
const documentIdOf = (value: { invoiceId?: string; proformaInvoiceId?: string; invoice?: string; _id?: string }) =>
  value.invoiceId ?? value.proformaInvoiceId ?? value.invoice ?? value._id;

/** POST {base}/getPayments: the document and the paging of the list (100 by default). */
export const paymentsListQuery = z
  .object({
    ...pagingFields(PAYMENTS_PAGE_SIZE),
    sortBy: z.union([z.string().max(64), z.array(z.string().max(64))]).optional(),
    sortDesc: z.union([z.boolean(), z.array(z.boolean())]).optional(),
    invoiceId: optionalId,
    proformaInvoiceId: optionalId,
    _id: optionalId,
  })
  .transform((value, ctx) => {
    const documentId = documentIdOf(value);
    if (!documentId) ctx.addIssue({ code: 'custom', path: ['invoiceId'], message: M.field_is_required });
    const first = <T>(one: T | T[] | undefined) => (Array.isArray(one) ? one[0] : one);
    const sortBy = first(value.sortBy);
    return {
      documentId: documentId as string,
      page: value.page,
      itemsPerPage: value.itemsPerPage,
      sortBy: (PAYMENT_SORT_COLUMNS as readonly string[]).includes(sortBy ?? '')
        ? (sortBy as (typeof PAYMENT_SORT_COLUMNS)[number])
        : 'date',
      sortDesc: first(value.sortDesc) ?? false,
    };
  });
export type PaymentsListInput = z.input<typeof paymentsListQuery>;
export type PaymentsListQuery = z.output<typeof paymentsListQuery>;

/** The payment a call names, and for removePayment the document it must belong to. */
export const paymentRef = z
  .object({
    invoicePaymentId: optionalId,
    proformaInvoicePaymentId: optionalId,
    paymentId: optionalId,
    _id: optionalId,
    invoiceId: optionalId,
    proformaInvoiceId: optionalId,
  })
  .transform((value, ctx) => {
    const paymentId = value.invoicePaymentId ?? value.proformaInvoicePaymentId ?? value.paymentId ?? value._id;
    if (!paymentId) ctx.addIssue({ code: 'custom', path: ['invoicePaymentId'], message: M.field_is_required });
    return { paymentId: paymentId as string, documentId: value.invoiceId ?? value.proformaInvoiceId };
  });
export type PaymentRefInput = z.input<typeof paymentRef>;

/** An amount of a payment: required, at most two decimals; its sign is checked against the document. */
export const paymentAmountSchema = z
  .number({ error: M.field_is_required })
  .min(-MAX_MONEY, M.invalid_value)
  .max(MAX_MONEY, M.invalid_value)
  .refine(hasAtMostTwoDecimals, M.invalid_value);

/** The payment dialog's fields: amount, date and payment type required, notes free. */
export const paymentFormSchema = z.object({
  amount: paymentAmountSchema,
  date: businessDate,
  type: selectId,
  notes: z.string().trim().max(PAYMENT_NOTES_MAX, M.invalid_value).optional().default(''),
});
export type PaymentFormValues = z.output<typeof paymentFormSchema>;

/** The sign rule of a payment's amount (above zero unless the document is a credit notice, whose payments are refunds). */
export function paymentSignError(amount: number, noticeType: number): string | null {
  if (noticeType === NoticeType.credit) return amount < 0 ? null : M.entered_amount_should_be_below_zero;
  return amount > 0 ? null : M.entered_amount_should_be_bigger_than_zero;
}

/**
 * The date rule of a payment: not after today in Europe/Sofia (`date_in_future`), not before the document's date
 * (`payment_date_before_document_date`). Dates are YYYY-MM-DD, so they compare as text.
 */
export function paymentDateError(date: string, documentDate: string | null | undefined, today: string): string | null {
  if (date > today) return M.date_in_future;
  if (documentDate && date < documentDate) return M.payment_date_before_document_date;
  return null;
}

/**
 * The dialog's form with the sign rule of the document and, when given, its date rule (`paymentDateError`); the server
 * checks them again, and the total.
 */
export const paymentFormSchemaFor = (
  noticeType: number,
  dates?: { documentDate: string | null | undefined; today: string },
) =>
  paymentFormSchema.superRefine((value, ctx) => {
    // Checked also while other fields fail (`alwaysCheck`), so every message shows at once.
    const amount: unknown = value.amount;
    const error = typeof amount === 'number' && Number.isFinite(amount) ? paymentSignError(amount, noticeType) : null;
    if (error) ctx.addIssue({ code: 'custom', path: ['amount'], message: error });
    const date: unknown = value.date;
    const dateError =
      dates && typeof date === 'string' && businessDate.safeParse(date).success
        ? paymentDateError(date, dates.documentDate, dates.today)
        : null;
    if (dateError) ctx.addIssue({ code: 'custom', path: ['date'], message: dateError });
  }, alwaysCheck);

/** POST {base}/savePayment: a new payment (no `_id`) or a change of one, of the document named. */
export const paymentSaveSchema = paymentFormSchema
  .extend({ _id: optionalId, invoice: optionalId, invoiceId: optionalId, proformaInvoiceId: optionalId })
  .transform((value, ctx) => {
    const documentId = value.invoiceId ?? value.proformaInvoiceId ?? value.invoice;
    if (!documentId) ctx.addIssue({ code: 'custom', path: ['invoice'], message: M.field_is_required });
    return {
      _id: value._id,
      documentId: documentId as string,
      amount: value.amount,
      date: value.date,
      type: value.type,
      notes: value.notes,
    };
  });
export type PaymentSaveInput = z.input<typeof paymentSaveSchema>;
export type PaymentSaveValues = z.output<typeof paymentSaveSchema>;

/** POST /api/proforma-invoices/setItemIsPaid. */
export const setItemIsPaidSchema = z
  .object({
    proformaInvoiceItemId: optionalId,
    itemId: optionalId,
    _id: optionalId,
    isPaid: z.boolean({ error: M.field_is_required }),
  })
  .transform((value, ctx) => {
    const itemId = value.proformaInvoiceItemId ?? value.itemId ?? value._id;
    if (!itemId) ctx.addIssue({ code: 'custom', path: ['proformaInvoiceItemId'], message: M.field_is_required });
    return { itemId: itemId as string, isPaid: value.isPaid };
  });
export type SetItemIsPaidInput = z.input<typeof setItemIsPaidSchema>;

/** A payment as the calls answer it. */
export interface PaymentRow {
  _id: string;
  /** The document's id (`invoice` in the original API). */
  invoice: string;
  amount: number;
  /** YYYY-MM-DD. */
  date: string;
  /** The payment type's id and name. */
  type: string;
  typeName: LocalizedText | null;
  notes: string;
  /** ISO 8601 UTC. */
  created: string;
  createdByName: LocalizedText | null;
  updated: string | null;
}

/** The answer of savePayment and removePayment: the payment (null when removed) and the document's new figures. */
export interface PaymentChange {
  payment: PaymentRow | null;
  totals: BillingPaidTotals;
  isPaid: PaidStateValue;
}

/** The answer of getPaidDetails: the totals and the document (`invoice` or `proformaInvoice`, by kind). */
export interface PaidDetails {
  totals: BillingPaidTotals;
  invoice?: BillingDocumentView;
  proformaInvoice?: BillingDocumentView;
}
