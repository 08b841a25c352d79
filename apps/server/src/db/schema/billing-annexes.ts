import type { PrintTimesheetAnnex } from '@kantora/domain';
import { date, index, jsonb, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { billingDocuments } from './billing.ts';
import { contracts } from './contracts.ts';

/**
 * The timesheet annex of an issued document, frozen when it is issued (modules/billing/billing-annex.ts): the period
 * it covers (the document's own, or its proforma's) and its rows (hours per service and person). A row exists
 * exactly while an annex-bearing document with a period is issued: unissue deletes it, issuing again freezes anew.
 * Printing an issued document reads these rows, never the timesheets; the period also locks the contract's
 * timesheets of those days for everyone but admin.
 */
export const billingTimesheetAnnexes = pgTable(
  'billing_timesheet_annexes',
  {
    documentId: uuid('document_id')
      .primaryKey()
      .references(() => billingDocuments.id, { onDelete: 'cascade' }),
    contractId: uuid('contract_id')
      .notNull()
      .references(() => contracts.id),
    periodFrom: date('period_from', { mode: 'string' }).notNull(),
    periodTo: date('period_to', { mode: 'string' }).notNull(),
    rows: jsonb('rows').$type<PrintTimesheetAnnex['rows']>().notNull(),
    frozen: timestamp('frozen', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  // A timesheet's save looks up the invoiced periods of its contract around its date.
  (t) => [index('billing_timesheet_annexes_contract_period_idx').on(t.contractId, t.periodFrom, t.periodTo)],
);
