import { date, index, pgTable, primaryKey, timestamp, uuid } from 'drizzle-orm/pg-core';
import { billingDocuments } from './billing.ts';
import { contracts } from './contracts.ts';

/**
 * The invoicing periods of contracts that a document bills (docs/decisions.md, "Billing run: each period once"): one
 * row per contract and period start, written in the same transaction as the document that bills it (the billing run,
 * generateProformaInvoice, a document saved by hand for the contract, a proforma's invoice). The key decides who
 * bills a period first; the billing run offers only periods without a row.
 */
export const contractBilledPeriods = pgTable(
  'contract_billed_periods',
  {
    contractId: uuid('contract_id')
      .notNull()
      .references(() => contracts.id, { onDelete: 'cascade' }),
    periodFrom: date('period_from', { mode: 'string' }).notNull(),
    periodTo: date('period_to', { mode: 'string' }).notNull(),
    /** The document that bills the period (the first one that did). */
    documentId: uuid('document_id')
      .notNull()
      .references(() => billingDocuments.id, { onDelete: 'cascade' }),
    created: timestamp('created', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'contract_billed_periods_pk', columns: [t.contractId, t.periodFrom] }),
    index('contract_billed_periods_document_idx').on(t.documentId),
  ],
);
