/**
 * Billing: invoices (with their credit and debit notices) and proforma invoices, one module with a `kind`.
 *
 * API. Every JSON answer is the house envelope `{ Type, Message, Result }`. Two route families over one service:
 * `/api/invoices` (kind `invoice`) and `/api/proforma-invoices` (kind `proforma`). Permissions (permissions.ts):
 * invoices: `invoicesRead` (admin, manager, accountant) for reading, `invoicesWrite` (management) for changes;
 * proformas: `proformas` (management) for everything; unissue: `billingUnissue` (admin) on both.
 * A document is named in a body by `invoiceId` (invoices), `proformaInvoiceId` (proformas) or `_id` (both);
 * an item by `itemId`, `invoiceItemId`, `proformaInvoiceItemId` or `_id`. An unknown id (or one of the other
 * kind) answers 404 `the_invoice_was_not_found` / `the_proforma_invoice_was_not_found`.
 *
 * Calls (POST unless GET is written; `{base}` is /api/invoices or /api/proforma-invoices):
 * - POST {base}/list            `billingListQuery` → `ListResult<BillingRow>`; default sort `created` descending.
 *                               The tabs: `issued: true` / `issued: false`; the client and contract tabs: `customerId`
 *                               / `contract` (no `issued`: both). Totals past 1 000 are estimates (`Estimated`, `Capped`).
 * - GET  {base}/getDocsCount    query `billingCountQuery` (the list's filters) → `BillingCounts` `{ issued, drafts }`.
 * - POST {base}/search          `billingSearchQuery` → `ListResult<BillingOption>`: the invoice autocomplete
 *                               (number or `_id`, issued only by default, created ascending).
 * - GET  {base}/{id}            → `BillingDocumentView`.
 * - POST {base}/save            `billingSaveSchema` → `BillingDocumentView`, Message `saved_successfully`. Without `_id`
 *                               it creates a draft (the invoice defaults fill currency, VAT type, payment type and
 *                               signer; today's date). A missing field keeps its value, `null` clears it. Party
 *                               snapshots are copied from the own company, the client and the chosen banks.
 *                               An issued document: 409 `document_issued`.
 * - POST {base}/getItems        `{ invoiceId }` → `BillingItemRow[]` in their order (`index` from 1).
 * - GET  {base}/item/{id}       → `BillingItemRow`.
 * - POST {base}/saveItem        `billingItemSaveSchema` → `BillingItemChange` (the row and the document with its
 *                               new totals). 409 `document_issued` on an issued document. Limits (money.ts): price up
 *                               to MAX_PRICE, quantity up to MAX_QUANTITY, price × quantity up to MAX_MONEY (else 400
 *                               `amount_too_large` on `quantity`); a document figure past MAX_MONEY (this call, and
 *                               every call that recomputes the totals): 400 `amount_too_large` with `Errors` naming it
 *                               (`price`, `total`, `amount`, `VATAmount`, `totalAmount`, or `currencyRate` in leva).
 * - POST {base}/removeItem      `{ itemId }` → `BillingItemChange` (item null).
 * - POST {base}/addItemAsService `billingAddServiceSchema` → `BillingItemChange`: a row from a contract's service
 *                               (`contractServiceId`: its name and the contract's price, converted to the document's
 *                               currency) or from Settings › Services (`serviceId`: its name and price, taken as in the
 *                               document's currency).
 * - POST {base}/getTotals       `{ invoiceId }` → `BillingPaidTotals` `{ total, paid, notPaid }`.
 * - POST {base}/getPaidDetails  `{ invoiceId }` → `{ totals, invoice }` (proformas: `{ totals, proformaInvoice }`).
 * - POST {base}/changeCurrency  `billingChangeCurrencySchema` → `BillingDocumentView`: the rows' prices converted
 *                               (× old rate ÷ new rate, rounded to the cent) when the currency changes, then the totals.
 *                               `currencyRate` missing: the currency's rate (BGN 1, EUR 1.95583 always). A notice
 *                               has its original's currency and rate (a save writes them whatever it is sent): another
 *                               one here is 409 `notice_currency_of_original`.
 * - POST {base}/setVATType      `billingSetVatSchema` → `BillingDocumentView` (rule: `resolveVat`), totals recomputed.
 * - POST /api/invoices/changeNoticeType `billingNoticeSchema` → `BillingDocumentView`; rows and totals change sign.
 * - POST {base}/issue           `{ invoiceId }` → `BillingDocumentView`, Message `saved_successfully`. Management.
 *                               Failures (400): Message `please_fill_all_required_fields` with `Errors` per field
 *                               (`field_is_required`, `payment_deadline_before_date`, ...), or, when that alone is
 *                               missing, `please_select_customer` / `please_add_invoice_items` /
 *                               `please_add_proforma_invoice_items`; a credit notice above what is left of its
 *                               invoice (in the invoice's currency): `credit_notice_exceeds_invoice`; a notice not in
 *                               its original's currency and rate: `notice_currency_of_original` (save it to take them).
 *                               Already issued: 409 `document_issued`.
 *                               Takes the register's next number (kept when issued before), freezes the snapshots.
 * - POST {base}/unissue         `{ invoiceId }` → `BillingDocumentView` (a draft, number kept). Admin only.
 *                               A draft: 409 `document_not_issued`; a document with payments: 409
 *                               `document_has_payments`. Payments: payments.schemas.ts.
 * - POST {base}/remove          `{ invoiceId }` → `{ _id }`, Message `deleted_successfully`. Management. Only a draft
 *                               never issued and without a number (rows, annex and billed period go with it): an
 *                               issued one 409 `document_issued`, one unissued with its number 409 `document_numbered`.
 * - POST {base}/duplicate       `{ invoiceId }` → `BillingDocumentView` of a new draft: the header and rows of any
 *                               document of the kind, dated today, no number, no payments. Management.
 * - POST /api/invoices/copyOriginalItems `{ invoiceId }` → `BillingDocumentView`: an empty draft credit or debit
 *                               notice takes its original invoice's rows. Rows already there: 409 `document_has_items`;
 *                               not a notice with an original: 409 `notice_original_required`; issued: 409
 *                               `document_issued`.
 * - POST /api/proforma-invoices/transformProformaToInvoice `{ proformaInvoiceId }` → `BillingDocumentView` of the new
 *                               draft invoice. An unissued proforma: 409 `document_not_issued`; already (partly)
 *                               transformed: 409 `proforma_already_transformed`.
 * - POST /api/proforma-invoices/transformItemsToInvoice `{ proformaInvoiceId, proformaInvoiceItems: [ids] }` → the new
 *                               invoice's view. A row already transformed (also by a concurrent call): 409
 *                               `proforma_items_transformed`; choosing every row is the whole transformation.
 * - POST /api/contracts/generateProformaInvoice `{ contractId }` → `BillingDocumentView` of the new draft proforma
 *                               (permission `proformas`). Not registered (or expired): 409 `contract_not_registered`;
 *                               every period invoiced: 409 `contract_periods_invoiced`.
 * - GET  {base}/print/{id}?layout=&lang= → application/pdf (same roles as reading; drafts print with a watermark).
 */
import { z } from 'zod';
import { AUTOCOMPLETE_PAGE_SIZE } from './api.ts';
import {
  lineTotalCents,
  NOTICE_TYPES,
  type NoticeTypeValue,
  PAID_STATES,
  type PaidStateValue,
} from './billing-totals.ts';
import type { PartySnapshot } from './contracts.schemas.ts';
import { MessageKeys as M } from './messages.ts';
import { CURRENCY_RATE_DECIMALS, fitsMoney, MAX_CURRENCY_RATE, MAX_PRICE } from './money.ts';
import { Access } from './roles.ts';
import {
  alwaysCheck,
  businessDate,
  filterDate,
  filterId,
  filterText,
  hasAtMostDecimals,
  idSchema,
  listQuery,
  type LocalizedText,
  localizedText,
  optionalString,
  pagingFields,
  priceSchema,
  requiredString,
} from './schemas.ts';
import { FILTER_ALIASES, foldAliases } from './filter-aliases.ts';

export type BillingKind = 'invoice' | 'proforma';
export const BILLING_KINDS: readonly BillingKind[] = ['invoice', 'proforma'];
/** The API base path of each kind. */
export const BILLING_API: Record<BillingKind, string> = {
  invoice: '/api/invoices',
  proforma: '/api/proforma-invoices',
};
/** The web routes of each kind. */
export const BILLING_ROUTES: Record<BillingKind, string> = { invoice: '/invoices', proforma: '/proforma-invoices' };

export const BILLING_SORT_COLUMNS = [
  'created',
  'number',
  'date',
  'companyName',
  'companyName.bg',
  'companyName.it',
  'bulstat',
  'amount',
  'VATAmount',
  'totalAmount',
  'isPaid',
] as const;

/** Rows of one document at most. */
export const MAX_BILLING_ITEMS = 500;
/** The highest quantity of a row. */
export const MAX_QUANTITY = 1_000_000;

const blankToUndefined = (value: unknown) => (value === '' ? undefined : value);
const blankToNull = (value: unknown) => (value === '' ? null : value);

/** A pick of an entity on save: missing keeps the stored value (undefined), `null` or blank clears it. */
const keepOrPick = z.preprocess(blankToNull, idSchema.nullable()).optional();
/** A date on save: missing keeps, null or blank clears. */
const keepOrDate = z.preprocess(blankToNull, businessDate.nullable()).optional();

export const noticeTypeSchema = z
  .number({ error: M.field_is_required })
  .int(M.invalid_value)
  .refine((value) => (NOTICE_TYPES as readonly number[]).includes(value), M.invalid_value)
  .transform((value) => value as NoticeTypeValue);

export const paidStateSchema = z
  .number()
  .int(M.invalid_value)
  .refine((value) => (PAID_STATES as readonly number[]).includes(value), M.invalid_value)
  .transform((value) => value as PaidStateValue);

/** Leva per unit of the currency: positive with at most 6 decimals (so MIN_CURRENCY_RATE at least), at most MAX_CURRENCY_RATE. */
export const currencyRateSchema = z
  .number({ error: M.field_is_required })
  .positive(M.invalid_value)
  .max(MAX_CURRENCY_RATE, M.invalid_value)
  .refine((value) => hasAtMostDecimals(value, CURRENCY_RATE_DECIMALS), M.invalid_value);

/** A quantity: above zero, at most 3 decimals. Default 1. */
export const quantitySchema = z
  .number({ error: M.field_is_required })
  .positive(M.invalid_value)
  .max(MAX_QUANTITY, M.invalid_value)
  .refine((value) => hasAtMostDecimals(value, 3), M.invalid_value);

/** A document number filter: up to 10 digits (leading zeros optional). */
const numberFilter = z
  .string()
  .trim()
  .regex(/^\d{0,10}$/, M.invalid_value)
  .nullish()
  .transform((value) => value || undefined);

const booleanish = z
  .union([z.boolean(), z.enum(['true', 'false']).transform((value) => value === 'true')])
  .nullish()
  .transform((value) => value ?? undefined);

const paidFilter = z
  .preprocess(
    (value) => (value === '' || value === null ? undefined : typeof value === 'string' ? Number(value) : value),
    paidStateSchema.optional(),
  )
  .optional();
const noticeFilter = z
  .preprocess(
    (value) => (value === '' || value === null ? undefined : typeof value === 'string' ? Number(value) : value),
    noticeTypeSchema.optional(),
  )
  .optional();

/** The list's filters (also the query of getDocsCount). */
const billingFilterFields = {
  /** The number: digits, matched as a whole number (7 finds 0000000007). */
  number: numberFilter,
  customerId: filterId,
  clientId: filterId,
  client: filterId,
  contract: filterId,
  contractId: filterId,
  /** The document's date, both ends included. */
  fromDate: filterDate,
  toDate: filterDate,
  isPaid: paidFilter,
  /** Invoices only: 0 invoices, 1 credit notices, 2 debit notices. */
  noticeType: noticeFilter,
};

type FilterShape = {
  clientId?: string;
  client?: string;
  contractId?: string;
  customerId?: string;
  contract?: string;
  fromDate?: string;
  toDate?: string;
};
const datesInOrder = (value: { fromDate?: string; toDate?: string }, ctx: z.RefinementCtx) => {
  if (value.fromDate && value.toDate && value.toDate < value.fromDate)
    ctx.addIssue({ code: 'custom', path: ['toDate'], message: M.end_date_before_start_date });
};
const withAliases = <T extends FilterShape>(value: T) => foldAliases(value, FILTER_ALIASES.billing);

/**
 * POST {base}/list. `issued` true: the issued tab, false: the drafts tab, missing/null: both (the client's and the
 * contract's tabs). `customerId` (aliases `clientId`, `client`), `contract` (alias `contractId`), `number`,
 * `fromDate`/`toDate` (document date), `isPaid` 0/1/2, `noticeType` (invoices).
 */
export const billingListQuery = listQuery
  .extend({ issued: booleanish, ...billingFilterFields })
  .superRefine(datesInOrder, alwaysCheck)
  .transform(withAliases);
export type BillingListInput = z.input<typeof billingListQuery>;
export type BillingListQuery = z.output<typeof billingListQuery>;

/** GET {base}/getDocsCount?…: the list's filters as query parameters (no paging, no `issued`). */
export const billingCountQuery = z
  .object(billingFilterFields)
  .superRefine(datesInOrder, alwaysCheck)
  .transform(withAliases);
export type BillingCountInput = z.input<typeof billingCountQuery>;
export type BillingCountQuery = z.output<typeof billingCountQuery>;

/** The filter form's fields (blank means no filter). */
export interface BillingFilter {
  number?: string | null;
  customerId?: string | null;
  fromDate?: string | null;
  toDate?: string | null;
  isPaid?: PaidStateValue | null;
  noticeType?: NoticeTypeValue | null;
}

/**
 * POST {base}/search: the invoice autocomplete. `text` (alias `number`) is digits (numbers starting with them, or
 * equal to them as a number) or a whole id; `issued` defaults to true; `customerId` and `noticeType` narrow it
 * (the notice's original invoice: the customer's issued invoices, `noticeType: 0`). Sorted by created ascending.
 */
export const billingSearchQuery = z
  .object({
    ...pagingFields(AUTOCOMPLETE_PAGE_SIZE),
    text: filterText(64),
    number: filterText(64),
    _id: filterId,
    customerId: filterId,
    noticeType: noticeFilter,
    issued: z
      .boolean()
      .nullish()
      .transform((value) => value ?? true),
  })
  .transform(({ number, ...rest }) => ({ ...rest, text: rest.text ?? number }));
export type BillingSearchInput = z.input<typeof billingSearchQuery>;
export type BillingSearchQuery = z.output<typeof billingSearchQuery>;

/**
 * POST {base}/save: the header of a draft. Missing fields keep their stored value (on create: the invoice
 * defaults, today's date, noticeType 0); `null` clears. The VAT fields follow `resolveVat`; `VATName` and
 * `VATPercentage` come from the VAT type, `currencyRate` from the currency unless given. A different `currency`
 * than stored converts the rows' prices as changeCurrency does. `paymentDeadlineDate` not before `date`
 * (`payment_deadline_before_date`). `noticeType`, `creditToInvoice` and `noticeReason` are for invoices only.
 */
export const billingSaveSchema = z
  .object({
    _id: z.preprocess(blankToUndefined, idSchema.optional()).optional(),
    customerId: keepOrPick,
    customerBank: keepOrPick,
    /** The own company's BGN account (bank) and EUR account (bank2). */
    providerBank: keepOrPick,
    providerBank2: keepOrPick,
    contract: keepOrPick,
    date: keepOrDate,
    taxDate: keepOrDate,
    paymentDeadlineDate: keepOrDate,
    paymentType: keepOrPick,
    signer: keepOrPick,
    VATCharging: z
      .boolean()
      .nullish()
      .transform((value) => value ?? undefined)
      .optional(),
    VATType: keepOrPick,
    currency: keepOrPick,
    currencyRate: currencyRateSchema
      .nullish()
      .transform((value) => value ?? undefined)
      .optional(),
    noticeType: noticeTypeSchema.optional(),
    creditToInvoice: keepOrPick,
    noticeReason: localizedText.optional(),
    /** Offer the Bulgarian (converted to leva) invoice layout. */
    showBGInvoice: z.boolean().optional(),
    /** Print the period's timesheet report as an annex page (a contract's period: its own or its proforma's). */
    timesheetAnnex: z.boolean().optional(),
    /**
     * The contract period a hand-made invoice (not a notice) or proforma bills, by its first day (YYYY-MM-DD): one of
     * the contract's period starts (`invalid_contract_period`), not billed by another document (409
     * `contract_period_billed`). Missing keeps the stored one; null clears it (the period its date falls in).
     */
    periodFrom: keepOrDate,
  })
  .superRefine((value, ctx) => {
    const { date, paymentDeadlineDate } = value as { date?: unknown; paymentDeadlineDate?: unknown };
    if (typeof date === 'string' && typeof paymentDeadlineDate === 'string' && paymentDeadlineDate < date) {
      ctx.addIssue({ code: 'custom', path: ['paymentDeadlineDate'], message: M.payment_deadline_before_date });
    }
  }, alwaysCheck);
export type BillingSaveInput = z.input<typeof billingSaveSchema>;
export type BillingSaveValues = z.output<typeof billingSaveSchema>;

/** The document a call names: `{ invoiceId }`, `{ proformaInvoiceId }` or `{ _id }`. */
export const billingDocumentRef = z
  .object({
    invoiceId: z.preprocess(blankToUndefined, idSchema.optional()).optional(),
    proformaInvoiceId: z.preprocess(blankToUndefined, idSchema.optional()).optional(),
    _id: z.preprocess(blankToUndefined, idSchema.optional()).optional(),
  })
  .passthrough()
  .transform((value, ctx) => {
    const id = value.invoiceId ?? value.proformaInvoiceId ?? value._id;
    if (!id) ctx.addIssue({ code: 'custom', path: ['invoiceId'], message: M.field_is_required });
    return { documentId: id as string };
  });
export type BillingDocumentRefInput = z.input<typeof billingDocumentRef>;

const documentIdFields = {
  invoiceId: z.preprocess(blankToUndefined, idSchema.optional()).optional(),
  proformaInvoiceId: z.preprocess(blankToUndefined, idSchema.optional()).optional(),
  documentId: z.preprocess(blankToUndefined, idSchema.optional()).optional(),
};
const pickDocumentId = (
  value: { invoiceId?: string; proformaInvoiceId?: string; documentId?: string },
  ctx: z.RefinementCtx,
) => {
  const id = value.invoiceId ?? value.proformaInvoiceId ?? value.documentId;
  if (!id) ctx.addIssue({ code: 'custom', path: ['invoiceId'], message: M.field_is_required });
  return id as string;
};

/** The item a call names: `{ itemId }`, `{ invoiceItemId }`, `{ proformaInvoiceItemId }` or `{ _id }`. */
export const billingItemRef = z
  .object({
    itemId: z.preprocess(blankToUndefined, idSchema.optional()).optional(),
    invoiceItemId: z.preprocess(blankToUndefined, idSchema.optional()).optional(),
    proformaInvoiceItemId: z.preprocess(blankToUndefined, idSchema.optional()).optional(),
    _id: z.preprocess(blankToUndefined, idSchema.optional()).optional(),
  })
  .passthrough()
  .transform((value, ctx) => {
    const id = value.itemId ?? value.invoiceItemId ?? value.proformaInvoiceItemId ?? value._id;
    if (!id) ctx.addIssue({ code: 'custom', path: ['itemId'], message: M.field_is_required });
    return { itemId: id as string };
  });
export type BillingItemRefInput = z.input<typeof billingItemRef>;

/**
 * A row's price × quantity must fit an amount (MAX_MONEY): else `amount_too_large` on the quantity (the server checks
 * the document's totals, converted prices and the total in leva the same way when it computes them).
 */
const rowTotalFits = (value: { price?: unknown; quantity?: unknown }, ctx: z.RefinementCtx) => {
  const { price, quantity } = value;
  // Out of their own bounds, the price or the quantity has its error already.
  if (
    typeof price !== 'number' ||
    typeof quantity !== 'number' ||
    !(Math.abs(price) <= MAX_PRICE) ||
    !(Math.abs(quantity) <= MAX_QUANTITY)
  )
    return;
  if (!fitsMoney(lineTotalCents(price, quantity)))
    ctx.addIssue({ code: 'custom', path: ['quantity'], message: M.amount_too_large });
};

/**
 * A row's name: the Bulgarian one required, the Italian one optional (where it is empty the Bulgarian one is shown and
 * printed: every reader of a localized text falls back to `bg`).
 */
export const billingItemName = z.object({ bg: requiredString(500), it: optionalString(500) });

/** POST {base}/saveItem (the invoice item dialog): name bg, price and quantity required (quantity default 1); name it optional. */
export const billingItemSaveSchema = z
  .object({
    _id: z.preprocess(blankToUndefined, idSchema.optional()).optional(),
    ...documentIdFields,
    name: billingItemName,
    price: priceSchema,
    quantity: quantitySchema.optional().default(1),
    comment: localizedText.optional().default({ bg: '', it: '' }),
    /** The service the row is for (Settings › Services), when any. */
    service: z.preprocess(blankToNull, idSchema.nullable()).optional(),
  })
  .superRefine(rowTotalFits, alwaysCheck)
  .transform((value, ctx) => {
    const { invoiceId: _i, proformaInvoiceId: _p, documentId: _d, ...rest } = value;
    return { ...rest, documentId: pickDocumentId(value, ctx) };
  });
export type BillingItemSaveInput = z.input<typeof billingItemSaveSchema>;
export type BillingItemSaveValues = z.output<typeof billingItemSaveSchema>;

/** The item dialog's form (no ids). */
export const billingItemFormSchema = z
  .object({
    name: billingItemName,
    price: priceSchema,
    quantity: quantitySchema.optional().default(1),
    comment: localizedText.optional().default({ bg: '', it: '' }),
  })
  .superRefine(rowTotalFits, alwaysCheck);
export type BillingItemFormValues = z.output<typeof billingItemFormSchema>;

/** POST {base}/addItemAsService: `contractServiceId` (a row of the document's contract) or `serviceId`; quantity default 1. */
export const billingAddServiceSchema = z
  .object({
    ...documentIdFields,
    contractServiceId: z.preprocess(blankToUndefined, idSchema.optional()).optional(),
    serviceId: z.preprocess(blankToUndefined, idSchema.optional()).optional(),
    quantity: quantitySchema.optional().default(1),
  })
  .transform((value, ctx) => {
    if (Boolean(value.contractServiceId) === Boolean(value.serviceId))
      ctx.addIssue({ code: 'custom', path: ['serviceId'], message: M.field_is_required });
    return {
      documentId: pickDocumentId(value, ctx),
      contractServiceId: value.contractServiceId,
      serviceId: value.serviceId,
      quantity: value.quantity,
    };
  });
export type BillingAddServiceInput = z.input<typeof billingAddServiceSchema>;
export type BillingAddServiceValues = z.output<typeof billingAddServiceSchema>;

/** POST {base}/changeCurrency. */
export const billingChangeCurrencySchema = z
  .object({ ...documentIdFields, currency: idSchema, currencyRate: currencyRateSchema.nullish() })
  .transform((value, ctx) => ({
    documentId: pickDocumentId(value, ctx),
    currency: value.currency,
    currencyRate: value.currencyRate ?? undefined,
  }));
export type BillingChangeCurrencyInput = z.input<typeof billingChangeCurrencySchema>;

/** POST {base}/setVATType: `VATCharging` and/or `VATType` (see `resolveVat`). */
export const billingSetVatSchema = z
  .object({
    ...documentIdFields,
    VATCharging: z.boolean().nullish(),
    VATType: z.preprocess(blankToNull, idSchema.nullable()).optional(),
  })
  .transform((value, ctx) => {
    if ((value.VATCharging === undefined || value.VATCharging === null) && value.VATType === undefined)
      ctx.addIssue({ code: 'custom', path: ['VATType'], message: M.field_is_required });
    return {
      documentId: pickDocumentId(value, ctx),
      VATCharging: value.VATCharging ?? undefined,
      VATType: value.VATType,
    };
  });
export type BillingSetVatInput = z.input<typeof billingSetVatSchema>;

/** POST /api/invoices/changeNoticeType: 0 makes it a plain invoice again (the original is cleared). */
export const billingNoticeSchema = z
  .object({
    ...documentIdFields,
    noticeType: noticeTypeSchema,
    creditToInvoice: keepOrPick,
    noticeReason: localizedText.optional(),
  })
  .transform((value, ctx) => ({
    documentId: pickDocumentId(value, ctx),
    noticeType: value.noticeType,
    creditToInvoice: value.creditToInvoice,
    noticeReason: value.noticeReason,
  }));
export type BillingNoticeInput = z.input<typeof billingNoticeSchema>;

/** POST /api/proforma-invoices/transformProformaToInvoice. */
export const transformProformaSchema = z
  .object({
    proformaInvoiceId: z.preprocess(blankToUndefined, idSchema.optional()).optional(),
    _id: z.preprocess(blankToUndefined, idSchema.optional()).optional(),
  })
  .transform((value, ctx) => {
    const id = value.proformaInvoiceId ?? value._id;
    if (!id) ctx.addIssue({ code: 'custom', path: ['proformaInvoiceId'], message: M.field_is_required });
    return { proformaInvoiceId: id as string };
  });

/** POST /api/proforma-invoices/transformItemsToInvoice: 1–500 rows of the proforma. */
export const transformItemsSchema = z.object({
  proformaInvoiceId: idSchema,
  proformaInvoiceItems: z
    .array(idSchema, { error: M.field_is_required })
    .min(1, M.field_is_required)
    .max(MAX_BILLING_ITEMS, M.invalid_value),
});
export type TransformItemsInput = z.input<typeof transformItemsSchema>;

/** POST /api/contracts/generateProformaInvoice. */
export const generateProformaSchema = z
  .object({
    contractId: z.preprocess(blankToUndefined, idSchema.optional()).optional(),
    _id: z.preprocess(blankToUndefined, idSchema.optional()).optional(),
  })
  .transform((value, ctx) => {
    const id = value.contractId ?? value._id;
    if (!id) ctx.addIssue({ code: 'custom', path: ['contractId'], message: M.field_is_required });
    return { contractId: id as string };
  });

// Answers ---------------------------------------------------------------------------------------

/** What the user may do with a document now (the server decides the same way). */
export interface BillingRights {
  /** Save the header and the rows, change currency, VAT, notice type: management and draft. */
  canEdit: boolean;
  /** Management and draft. */
  canIssue: boolean;
  /** Admin and issued, no payments (a proforma: none of its rows transformed). */
  canUnissue: boolean;
  /** Proforma: management, issued, no row transformed, not linked to an invoice. */
  canTransform: boolean;
  /** Proforma: management, issued, some row not yet transformed. */
  canTransformItems: boolean;
  /** Add, change and remove payments (and a proforma's paid toggles): management and issued. */
  canManagePayments: boolean;
  /** Delete the document (POST {base}/remove): management, a draft that never had a number. */
  canRemove: boolean;
  /** Copy it into a new draft (POST {base}/duplicate): management, any document. */
  canDuplicate: boolean;
}

/** The rights of a user (by access) on a document. */
export function billingRights(
  access: number,
  doc: {
    kind: BillingKind;
    issued: boolean;
    number?: string | null;
    transformedToInvoice?: string | null;
    transformedItems?: number;
    itemsCount?: number;
    paidAmount?: number;
  },
): BillingRights {
  const management = access === Access.admin || access === Access.manager;
  const proforma = doc.kind === 'proforma';
  const transformed = doc.transformedItems ?? 0;
  return {
    canEdit: management && !doc.issued,
    canIssue: management && !doc.issued,
    // A document with payments stays issued (their sum is never 0 while there are any: each has the total's sign).
    canUnissue:
      access === Access.admin && doc.issued && !doc.transformedToInvoice && transformed === 0 && !doc.paidAmount,
    canTransform:
      proforma &&
      management &&
      doc.issued &&
      !doc.transformedToInvoice &&
      transformed === 0 &&
      (doc.itemsCount ?? 0) > 0,
    canTransformItems:
      proforma && management && doc.issued && !doc.transformedToInvoice && transformed < (doc.itemsCount ?? 0),
    canManagePayments: management && doc.issued,
    canRemove: management && !doc.issued && !doc.number,
    canDuplicate: management,
  };
}

/** A row of the lists (and of the client's and contract's tabs). */
export interface BillingRow {
  _id: string;
  kind: BillingKind;
  /** 10 digits once issued (kept when unissued), else null. */
  number: string | null;
  /** YYYY-MM-DD. */
  date: string;
  customerId: string | null;
  /** The customer snapshot's name, bulstat and VAT number. */
  companyName: LocalizedText | null;
  bulstat: string;
  vatNumber: string;
  contract: string | null;
  /** Tax base, VAT, total (in the document's currency). */
  amount: number;
  VATAmount: number;
  totalAmount: number;
  currency: string | null;
  currencyCode: string | null;
  isPaid: PaidStateValue;
  paidAmount: number;
  noticeType: NoticeTypeValue;
  issued: boolean;
  /** ISO 8601 UTC. */
  created: string;
}

/** GET {base}/getDocsCount. Past 1 000 a count is the database's estimate. */
export interface BillingCounts {
  issued: number;
  drafts: number;
  /** The tabs whose count is not exact: the database's estimate, or `capped` (more than the count). */
  inexact?: Partial<Record<'issued' | 'drafts', 'estimated' | 'capped'>>;
}

/** An option of the invoice autocomplete. */
export interface BillingOption {
  _id: string;
  number: string | null;
  date: string;
  customerId: string | null;
  companyName: LocalizedText | null;
  totalAmount: number;
  currencyCode: string | null;
  noticeType: NoticeTypeValue;
}

/** An invoice created from a proforma (or its rows). */
export interface BillingLink {
  _id: string;
  number: string | null;
  issued: boolean;
  date: string;
}

/** GET {base}/{id} and the answer of every change. */
export interface BillingDocumentView extends BillingRow {
  providerId: string | null;
  provider: PartySnapshot | null;
  providerBank: string | null;
  providerBank2: string | null;
  customer: PartySnapshot | null;
  customerBank: string | null;
  contractName: LocalizedText | null;
  taxDate: string | null;
  paymentDeadlineDate: string | null;
  paymentType: string | null;
  paymentTypeName: LocalizedText | null;
  signer: string | null;
  signerName: LocalizedText | null;
  VATCharging: boolean;
  VATType: string | null;
  /** The VAT type's name (the reason when VAT is not charged). */
  VATName: LocalizedText;
  VATPercentage: number;
  currencyName: LocalizedText | null;
  /** Leva per unit of the currency. */
  currencyRate: number;
  /** Invoices: the original invoice of a notice, its number and date, and the reason. */
  creditToInvoice: string | null;
  creditToInvoiceNumber: string | null;
  creditToInvoiceDate: string | null;
  noticeReason: LocalizedText;
  /** Invoices: the sum (a positive figure) of the issued credit notices of this invoice. */
  creditedAmount: number;
  showBGInvoice: boolean;
  timesheetAnnex: boolean;
  /** Proforma generated for a contract's invoicing period: its first and last day. */
  periodFrom: string | null;
  periodTo: string | null;
  /** Proforma: the invoice of its whole transformation; invoice: the proforma it came from. */
  transformedToInvoice: string | null;
  transformedFromProformaInvoice: string | null;
  /** Invoice made from a proforma: the proforma's number (shown in the editor and printed). */
  transformedFromProformaNumber: string | null;
  /** Proforma: every invoice made from it or its rows. */
  transformedInvoices: BillingLink[];
  itemsCount: number;
  /** Proforma: rows already transformed. */
  transformedItems: number;
  createdBy: string | null;
  createdByName: LocalizedText | null;
  issuedByName: LocalizedText | null;
  /** ISO 8601 UTC. */
  issuedOn: string | null;
  updated: string | null;
  rights: BillingRights;
}

/** A row of a document. */
export interface BillingItemRow {
  _id: string;
  /** The document's id (`invoice` in the original API). */
  invoice: string;
  /** 1, 2, ... in the document's order. */
  index: number;
  name: LocalizedText;
  comment: LocalizedText;
  quantity: number;
  /** Unit price without VAT. */
  price: number;
  /** price × quantity, rounded (negative on a credit notice). */
  total: number;
  service: string | null;
  contract: string | null;
  issued: boolean;
  /** Proforma rows: the paid toggle. */
  isPaid: boolean;
  /** Proforma rows: transformed into an invoice (`transformedToInvoice`). */
  isTransformed: boolean;
  transformedToInvoice: string | null;
  /** Invoice rows copied from a proforma. */
  transformedFromProformaInvoice: string | null;
  created: string;
}

/** The answer of saveItem, removeItem and addItemAsService: the row (null when removed) and the document with its totals. */
export interface BillingItemChange {
  item: BillingItemRow | null;
  document: BillingDocumentView;
}

/** `getTotals`: the document's total, paid and not paid. */
export interface BillingPaidTotals {
  total: number;
  paid: number;
  notPaid: number;
}
