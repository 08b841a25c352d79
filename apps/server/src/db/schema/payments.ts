import { date, index, jsonb, numeric, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { billingDocuments } from './billing.ts';
import type { Localized } from './core.ts';
import { paymentTypes } from './settings.ts';

/**
 * Payments of an issued invoice or proforma (docs/decisions.md, "Payments"). A credit notice's payments are refunds (negative).
 * Inserted, changed and removed under a lock of the document's row; the document's `paid_amount` and `is_paid`
 * follow their sum in the same transaction (modules/billing/billing-payments.service.ts).
 */
export const billingPayments = pgTable(
  'billing_payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    documentId: uuid('document_id')
      .notNull()
      .references(() => billingDocuments.id),
    amount: numeric('amount', { precision: 14, scale: 2, mode: 'number' }).notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    paymentTypeId: uuid('payment_type_id')
      .notNull()
      .references(() => paymentTypes.id),
    notes: text('notes').notNull().default(''),
    created: timestamp('created', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    createdBy: uuid('created_by'),
    createdByName: jsonb('created_by_name').$type<Localized>(),
    updated: timestamp('updated', { withTimezone: true, mode: 'string' }),
  },
  (t) => [index('billing_payments_document_date_idx').on(t.documentId, t.date, t.created, t.id)],
);
