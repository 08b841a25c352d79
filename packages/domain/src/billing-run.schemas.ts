/**
 * The billing run: every contract due in a month billed in one step, nothing missed, nothing twice.
 *
 * API (permission `billingRun`: management). Every JSON answer is the house envelope.
 * - POST /api/billing-run/preview  `billingRunPreviewQuery` `{ month? }` (YYYY-MM, default the current month in
 *                                  Europe/Sofia) → `BillingRunPreview`: one row per due contract and period (a contract
 *                                  whose first period and a grid period both start in the month has two), in the
 *                                  run's order (client, contract, period); the sums per currency; the contracts left
 *                                  out with their reasons.
 * - POST /api/billing-run/run      `billingRunSchema` `{ month, items: [{ contractId, periodFrom }], issue?,
 *                                  timesheetAnnex? }` (1–200 items; the web sends the chosen rows in chunks and shows
 *                                  the progress) → `BillingRunResult`: the drafts created (proformas for advance
 *                                  contracts, invoices for the others), the items skipped and why (`billed`: the period
 *                                  has its document, also made by a concurrent run; `not_due`; a left-out reason), and
 *                                  with `issue` the documents issued in the items' order (numbers in preview order)
 *                                  or why one could not be (`issueErrors`, the document stays a draft).
 *                                  Idempotent: a unique key on (contract, period start) decides.
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
/** The web sends the chosen rows in calls of this many (the progress bar moves per call). */
export const BILLING_RUN_CHUNK = 20;

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

/** A due contract's period, as the run would bill it. */
export interface BillingRunRow {
  contractId: string;
  contractName: Text;
  customerId: string | null;
  companyName: Text | null;
  /** proforma for an advance contract, else invoice. */
  kind: BillingKind;
  periodFrom: string;
  periodTo: string;
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
