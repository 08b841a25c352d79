/**
 * The billing run: every contract period due up to a month billed in one step, nothing missed (missed months are
 * offered as late), nothing twice (whatever billed a period: the run, generateProformaInvoice, a document made by
 * hand, a proforma's invoice).
 *
 * API (permission `billingRun`: management). Every JSON answer is the house envelope.
 * - POST /api/billing-run/preview  `billingRunPreviewQuery` `{ month? }` (YYYY-MM, default the current month in
 *                                  Europe/Sofia) → `BillingRunPreview`: one row per due contract and period — every
 *                                  period of a running contract that starts by the end of the month and that no
 *                                  document bills yet (those starting before the month are `late`) — the oldest
 *                                  first (period start, client, contract: the run's order); the sums per currency;
 *                                  the periods left out with their reasons. At most BILLING_RUN_PREVIEW_MAX rows and
 *                                  left-out periods together (`truncated` when more are due: bill these, then preview
 *                                  again).
 * - POST /api/billing-run/run      `billingRunSchema` `{ month, items: [{ contractId, periodFrom }], issue?,
 *                                  timesheetAnnex? }` (1–200 items; the web sends the chosen rows in chunks and shows
 *                                  the progress) → `BillingRunResult`: the drafts created (proformas for advance
 *                                  contracts, invoices for the others), the items skipped and why (`billed`: the period
 *                                  is billed by a document, also one made by a concurrent run or by hand; `not_due`:
 *                                  not an unbilled period up to the month; a left-out reason), and
 *                                  with `issue` the documents issued in the items' order (numbers in preview order)
 *                                  or why one could not be (`issueErrors`, the document stays a draft).
 *                                  Idempotent: the key of the billed periods (contract, period start) decides.
 */
import { z } from 'zod';
import type { BillingKind } from './billing.schemas.ts';
import { MessageKeys as M } from './messages.ts';
import { businessDate, idSchema } from './schemas.ts';

export const BILLING_RUN_API = '/api/billing-run';
/** The web's page (under the invoices). */
export const BILLING_RUN_ROUTE = '/invoices/billing-run';
/** At most this many items in one run call. */
export const BILLING_RUN_MAX_ITEMS = 200;
/**
 * The web sends the chosen rows in calls of this many (the progress bar moves per call). A call's work is set-based
 * (about 18 statements whatever its size), so 100 rows take about 4× the time of 20 for 5× the drafts: a month of
 * 5 000 periods is 50 calls, the bar moving about once a second.
 */
export const BILLING_RUN_CHUNK = 100;
/** At most this many periods (due and left out together) in one preview, the oldest first. */
export const BILLING_RUN_PREVIEW_MAX = 10_000;

/** Why a due contract is left out of the run. */
export const BILLING_RUN_REASONS = ['no_services', 'no_bank', 'client_inactive'] as const;
export type BillingRunReason = (typeof BILLING_RUN_REASONS)[number];
/** Why a run item made no document. */
export type BillingRunSkipReason = BillingRunReason | 'billed' | 'not_due';

/** A month YYYY-MM (1900 or later). */
export const billingMonth = z
  .string({ error: M.field_is_required })
  .regex(/^(19|20|21)\d{2}-(0[1-9]|1[0-2])$/, M.invalid_value);

export const billingRunPreviewQuery = z.object({ month: billingMonth.optional() });
export type BillingRunPreviewQuery = z.infer<typeof billingRunPreviewQuery>;

export const billingRunSchema = z.object({
  month: billingMonth,
  items: z
    .array(z.object({ contractId: idSchema, periodFrom: businessDate }))
    .min(1, M.field_is_required)
    .max(BILLING_RUN_MAX_ITEMS, M.invalid_value),
  /** Issue the created documents in the same call, in the items' order. */
  issue: z.boolean().optional().default(false),
  /** Print the period's timesheet report as an annex page of the documents' PDFs. */
  timesheetAnnex: z.boolean().optional().default(false),
});
export type BillingRunInput = z.input<typeof billingRunSchema>;
export type BillingRunValues = z.output<typeof billingRunSchema>;

type Text = { bg: string; it: string };

/** A due contract's period, as the run would bill it (the preview: oldest first). */
export interface BillingRunRow {
  contractId: string;
  contractName: Text;
  customerId: string | null;
  companyName: Text | null;
  /** proforma for an advance contract, else invoice. */
  kind: BillingKind;
  periodFrom: string;
  periodTo: string;
  /** The period starts before the chosen month: an earlier run should have billed it. */
  late: boolean;
  months: number;
  interval: number;
  currency: string;
  currencyCode: string | null;
  /** Without VAT, VAT and with VAT, computed by the server (billingTotals) from the rows the run would make. */
  amount: number;
  VATAmount: number;
  totalAmount: number;
}

export interface BillingRunLeftOut {
  contractId: string;
  contractName: Text;
  customerId: string | null;
  companyName: Text | null;
  periodFrom: string;
  periodTo: string;
  late: boolean;
  reasons: BillingRunReason[];
}

export interface BillingRunSum {
  currency: string;
  currencyCode: string | null;
  count: number;
  amount: number;
  VATAmount: number;
  totalAmount: number;
}

export interface BillingRunPreview {
  month: string;
  rows: BillingRunRow[];
  sums: BillingRunSum[];
  leftOut: BillingRunLeftOut[];
  /** More periods are due than BILLING_RUN_PREVIEW_MAX: the oldest are listed. */
  truncated: boolean;
}

export interface BillingRunCreated {
  _id: string;
  kind: BillingKind;
  number: string | null;
  issued: boolean;
  contractId: string;
  contractName: Text;
  companyName: Text | null;
  periodFrom: string;
  periodTo: string;
  totalAmount: number;
  currencyCode: string | null;
}

export interface BillingRunResult {
  created: BillingRunCreated[];
  skipped: Array<{ contractId: string; periodFrom: string; reason: BillingRunSkipReason }>;
  issueErrors: Array<{ _id: string; message: string }>;
}
