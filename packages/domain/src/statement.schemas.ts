/**
 * The statement of account of a client for a period (docs/decisions.md, "Receivables: the statement of account"): per
 * currency the opening balance, each issued invoice, notice and payment dated in the period in date order with the
 * running balance, and the closing balance; a PDF in Bulgarian or Italian. The portal's company balance: what the
 * company owes per currency (the receivables' money rule).
 *
 * Calls:
 * - POST /api/receivables/statement              `statementQuerySchema` → the PDF (permission `invoicesRead`: admin,
 *                                                manager, accountant). A client not found: 404 `the_client_was_not_found`.
 * - POST /api/receivables/statement/sendByMail   `statementMailSchema` → `MailView` of the queued (or held) message,
 *                                                Message `mail_queued` (`mail_held` without a mail server) (permission
 *                                                `documentsMail`: admin, manager). `to` missing: the client's
 *                                                notification e-mails (none: 400 `mail_no_recipients`).
 * - POST /api/my-companies/statement             `portalStatementQuerySchema` → the PDF (permission `portal`: the client
 *                                                user, own companies only; another company: 404 `the_client_was_not_found`).
 * - GET  /api/my-companies/balance/{id}          → `CompanyBalance[]` (permission `portal`; same not-found).
 * A period whose end is before its start: 400 `statement_period_invalid` on `toDate`; longer than
 * STATEMENT_MAX_DAYS: 400 `statement_period_too_long` on `toDate`.
 */
import { z } from 'zod';
import { LOCALES } from './api.ts';
import { mailRecipientsSchema } from './document-mail.schemas.ts';
import { MessageKeys as M } from './messages.ts';
import { businessDate, idSchema, type LocalizedText } from './schemas.ts';

export const STATEMENT_API = {
  statement: '/api/receivables/statement',
  sendByMail: '/api/receivables/statement/sendByMail',
  myStatement: '/api/my-companies/statement',
  myBalance: '/api/my-companies/balance',
} as const;

/** The longest period of one statement: ten years and a bit (a statement is read by people, not exported). */
export const STATEMENT_MAX_DAYS = 3700;

const blankToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);
const languageField = z.preprocess(blankToUndefined, z.enum(LOCALES, { error: M.invalid_value }).optional()).optional();

const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / 86_400_000;

const periodFields = { fromDate: businessDate, toDate: businessDate, language: languageField };

/** fromDate ≤ toDate, at most STATEMENT_MAX_DAYS apart (both on `toDate`). */
function checkPeriod(value: { fromDate: string; toDate: string }, ctx: z.RefinementCtx) {
  if (value.toDate < value.fromDate)
    ctx.addIssue({ code: 'custom', path: ['toDate'], message: M.statement_period_invalid });
  else if (dayNumber(value.toDate) - dayNumber(value.fromDate) > STATEMENT_MAX_DAYS)
    ctx.addIssue({ code: 'custom', path: ['toDate'], message: M.statement_period_too_long });
}

/**
 * POST /api/receivables/statement: the client and the period (both days included). `language` missing: the client's
 * (Italian for an Italian VAT number or address, else Bulgarian).
 */
export const statementQuerySchema = z.object({ clientId: idSchema, ...periodFields }).superRefine(checkPeriod);
export type StatementQueryInput = z.input<typeof statementQuerySchema>;
export type StatementQuery = z.output<typeof statementQuerySchema>;

/** POST /api/my-companies/statement: one of the user's companies and the period. */
export const portalStatementQuerySchema = z.object({ companyId: idSchema, ...periodFields }).superRefine(checkPeriod);
export type PortalStatementQueryInput = z.input<typeof portalStatementQuerySchema>;
export type PortalStatementQuery = z.output<typeof portalStatementQuerySchema>;

/** POST /api/receivables/statement/sendByMail: the statement's PDF to `to` (missing: the notification e-mails). */
export const statementMailSchema = z
  .object({ clientId: idSchema, ...periodFields, to: mailRecipientsSchema.optional() })
  .superRefine(checkPeriod);
export type StatementMailInput = z.input<typeof statementMailSchema>;
export type StatementMail = z.output<typeof statementMailSchema>;

/** What a line of a statement is: an invoice, a credit or debit notice, or a payment (a refund is a negative one). */
export type StatementEntryKind = 'invoice' | 'credit' | 'debit' | 'payment';

/**
 * One line. `debit` raises what the client owes (an invoice, a debit notice, a refund paid back), `credit` lowers it
 * (a payment, a credit notice), both ≥ 0 with two decimals; `balance` is the running balance after the line.
 * `reference`: the invoice a notice or a payment belongs to (its number), else null.
 */
export interface StatementEntry {
  date: string;
  kind: StatementEntryKind;
  documentId: string;
  number: string | null;
  reference: string | null;
  deadline: string | null;
  debit: number;
  credit: number;
  balance: number;
}

/** One currency's part: opening balance (before fromDate), its lines, their sums and the closing balance (at toDate). */
export interface StatementCurrency {
  currency: string;
  opening: number;
  entries: StatementEntry[];
  debit: number;
  credit: number;
  closing: number;
}

export interface StatementParty {
  name: LocalizedText;
  bulstat: string;
  vatNumber: string;
  /** One line: street, zip code and city, country. */
  address: LocalizedText;
}

/** The statement's data (what the PDF shows). Currencies: EUR first, then the others by code (BGN apart, never added). */
export interface Statement {
  clientId: string;
  client: StatementParty;
  provider: StatementParty | null;
  fromDate: string;
  toDate: string;
  /** The day it was made (Europe/Sofia). */
  today: string;
  currencies: StatementCurrency[];
}

/** GET /api/my-companies/balance/{id}: per currency what the company owes now and how much of it is overdue. */
export interface CompanyBalance {
  currency: string;
  outstanding: number;
  overdue: number;
}

/** The download name of a statement: `statement-<from>_<to>.pdf` (ASCII; the client is in the PDF). */
export const statementFilename = (fromDate: string, toDate: string) => `statement-${fromDate}_${toDate}.pdf`;
