import type { PartySnapshot } from '@kantora/domain';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { companies } from './clients.ts';
import { contracts } from './contracts.ts';
import { type Localized, users } from './core.ts';
import { currencies, paymentTypes, services, vatTypes } from './settings.ts';

const emptyText = { bg: '', it: '' };

/**
 * Invoices (kind 'invoice', with their credit and debit notices: `notice_type` 1 and 2) and proforma invoices
 * (kind 'proforma'): one table, one service. `number` is taken from the register of the kind when the document is
 * first issued (10 digits, kept when unissued); the unique index backs the registers. Totals are stored as the
 * server computed them from the rows. `provider` and `customer` are party snapshots, frozen by issuing.
 */
export const billingDocuments = pgTable(
  'billing_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    number: text('number'),
    date: date('date', { mode: 'string' }).notNull(),
    taxDate: date('tax_date', { mode: 'string' }),
    paymentDeadlineDate: date('payment_deadline_date', { mode: 'string' }),
    paymentTypeId: uuid('payment_type_id').references(() => paymentTypes.id),
    signerId: uuid('signer_id').references(() => users.id),
    signerName: jsonb('signer_name').$type<Localized>(),
    vatCharging: boolean('vat_charging').notNull().default(false),
    vatTypeId: uuid('vat_type_id').references(() => vatTypes.id),
    vatName: jsonb('vat_name').$type<Localized>().notNull().default(emptyText),
    vatPercentage: numeric('vat_percentage', { precision: 5, scale: 2, mode: 'number' }).notNull().default(0),
    /** The EN 16931 VAT category and VATEX code stored with the VAT type's name (documentVatSnapshot). */
    vatCategory: text('vat_category'),
    vatExemptionCode: text('vat_exemption_code'),
    noticeType: smallint('notice_type').notNull().default(0),
    creditToInvoiceId: uuid('credit_to_invoice_id').references((): AnyPgColumn => billingDocuments.id),
    noticeReason: jsonb('notice_reason').$type<Localized>().notNull().default(emptyText),
    currencyId: uuid('currency_id').references(() => currencies.id),
    /** Leva per unit of the currency, as on the document. */
    currencyRate: numeric('currency_rate', { precision: 16, scale: 6, mode: 'number' }).notNull().default(1),
    /** 0 not paid, 1 paid, 2 partially paid; follows `paid_amount` (payments). */
    isPaid: smallint('is_paid').notNull().default(0),
    paidAmount: numeric('paid_amount', { precision: 14, scale: 2, mode: 'number' }).notNull().default(0),
    issued: boolean('issued').notNull().default(false),
    amount: numeric('amount', { precision: 14, scale: 2, mode: 'number' }).notNull().default(0),
    vatAmount: numeric('vat_amount', { precision: 14, scale: 2, mode: 'number' }).notNull().default(0),
    totalAmount: numeric('total_amount', { precision: 14, scale: 2, mode: 'number' }).notNull().default(0),
    providerId: uuid('provider_id'),
    providerBankId: uuid('provider_bank_id'),
    providerBank2Id: uuid('provider_bank2_id'),
    provider: jsonb('provider').$type<PartySnapshot>(),
    customerId: uuid('customer_id').references(() => companies.id),
    customerBankId: uuid('customer_bank_id'),
    customer: jsonb('customer').$type<PartySnapshot>(),
    contractId: uuid('contract_id').references(() => contracts.id),
    /**
     * The contract's invoicing period the document bills (a generated proforma or invoice: generateProformaInvoice,
     * the billing run). Transformed invoices and notices never carry one (the invoice of a period's proforma bills
     * that period through its link); the unique index below lets a period be billed once.
     */
    periodFrom: date('period_from', { mode: 'string' }),
    periodTo: date('period_to', { mode: 'string' }),
    /** Print the period's timesheet report (hours per service and person) as an annex page. */
    timesheetAnnex: boolean('timesheet_annex').notNull().default(false),
    showBgInvoice: boolean('show_bg_invoice').notNull().default(false),
    /** Proforma: the invoice of its whole transformation. Invoice: the proforma it was made from. */
    transformedToInvoiceId: uuid('transformed_to_invoice_id').references((): AnyPgColumn => billingDocuments.id),
    transformedFromProformaId: uuid('transformed_from_proforma_id').references((): AnyPgColumn => billingDocuments.id),
    created: timestamp('created', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    createdBy: uuid('created_by'),
    createdByName: jsonb('created_by_name').$type<Localized>(),
    updated: timestamp('updated', { withTimezone: true, mode: 'string' }),
    issuedBy: uuid('issued_by'),
    issuedByName: jsonb('issued_by_name').$type<Localized>(),
    issuedOn: timestamp('issued_on', { withTimezone: true, mode: 'string' }),
  },
  (t) => [
    check('billing_documents_kind_ck', sql`${t.kind} in ('invoice', 'proforma')`),
    check(
      'billing_documents_notice_ck',
      sql`${t.noticeType} in (0, 1, 2) and (${t.kind} = 'invoice' or ${t.noticeType} = 0)`,
    ),
    check('billing_documents_paid_ck', sql`${t.isPaid} in (0, 1, 2)`),
    check('billing_documents_number_ck', sql`${t.number} ~ '^[0-9]{10}$'`),
    check('billing_documents_issued_number_ck', sql`not ${t.issued} or ${t.number} is not null`),
    // One register per kind: invoices with their notices, proformas.
    uniqueIndex('billing_documents_number_uq').on(t.kind, t.number),
    // The tabs (default order) and the filters that keep that order.
    index('billing_documents_tab_created_idx').on(t.kind, t.issued, t.created.desc(), t.id),
    index('billing_documents_tab_paid_created_idx').on(t.kind, t.issued, t.isPaid, t.created.desc(), t.id),
    // Both tabs at once (no `issued`: the API's list without a tab) in the default order: drafts without a number
    // first, newest first, then by number, highest first; its first page stops after its rows (the unique index
    // alone leaves the 17 000 drafts of the large preset to be sorted: 73 ms).
    index('billing_documents_kind_number_created_idx').on(t.kind, t.number.desc().nullsFirst(), t.created.desc(), t.id),
    // A client's tab (both tabs of one client, or its issued ones) in the same order: the kind-wide index above walked
    // every draft and other client's document before a client's 15 (16 823 rows, 79 ms for a client of 1 000 invoices).
    index('billing_documents_customer_number_idx').on(
      t.customerId,
      t.kind,
      t.number.desc().nullsFirst(),
      t.created.desc(),
      t.id,
    ),
    // With the sort keys (created, id, and the number of the issued tab's default order), a date range is read from
    // the index alone (no wide row) and sorted.
    index('billing_documents_tab_date_number_idx').on(t.kind, t.issued, t.date, t.created, t.id, t.number),
    index('billing_documents_notices_idx')
      .on(t.kind, t.issued, t.created.desc(), t.id)
      .where(sql`${t.noticeType} <> 0`),
    index('billing_documents_customer_created_idx').on(t.customerId, t.created.desc(), t.id),
    // Receivables: issued invoices (not notices) not marked paid, by deadline (the overdue list, the aging,
    // reminders), with every column of their due rows, so that the due rows are read from the index alone (an
    // index-only scan of about 40 % of the invoices instead of the wide table); deadline, number, id is the overdue
    // list's default order, so its first page stops after its rows.
    index('billing_documents_open_dues_idx')
      .on(t.paymentDeadlineDate, t.number, t.id, t.customerId, t.currencyId, t.totalAmount, t.paidAmount, t.date)
      .where(sql`${t.kind} = 'invoice' and ${t.issued} and ${t.isPaid} <> 1 and ${t.noticeType} = 0`),
    // Receivables: the issued notices' sums per invoice they change, from the index alone.
    index('billing_documents_notice_sums_idx')
      .on(t.creditToInvoiceId, t.isPaid, t.totalAmount, t.paidAmount)
      .where(
        sql`${t.kind} = 'invoice' and ${t.issued} and ${t.noticeType} <> 0 and ${t.creditToInvoiceId} is not null`,
      ),
    // Receivables: the issued invoices and notices invoiced per month (the summary's months), from the index alone.
    index('billing_documents_issued_date_idx')
      .on(t.date, t.currencyId, t.totalAmount)
      .where(sql`${t.kind} = 'invoice' and ${t.issued}`),
    // Receivables' hours invoiced per month: whether a billed period's document is an issued invoice (or a proforma
    // turned into one), looked up for thousands of periods from this narrow index instead of the wide table.
    index('billing_documents_invoiced_idx').on(t.id, t.kind, t.issued, t.transformedToInvoiceId),
    // The statement of account: one client's issued invoices and notices by date.
    index('billing_documents_customer_issued_date_idx')
      .on(t.customerId, t.date)
      .where(sql`${t.kind} = 'invoice' and ${t.issued}`),
    index('billing_documents_contract_created_idx')
      .on(t.contractId, t.created.desc(), t.id)
      .where(sql`${t.contractId} is not null`),
    index('billing_documents_credit_to_idx').on(t.creditToInvoiceId).where(sql`${t.creditToInvoiceId} is not null`),
    index('billing_documents_from_proforma_idx')
      .on(t.transformedFromProformaId)
      .where(sql`${t.transformedFromProformaId} is not null`),
    // One document per contract and invoicing period (the billing run's ON CONFLICT and "billed" look-up).
    uniqueIndex('billing_documents_contract_period_uq')
      .on(t.contractId, t.periodFrom)
      .where(sql`${t.periodFrom} is not null`),
    check(
      'billing_documents_period_ck',
      sql`${t.periodFrom} is null or (${t.contractId} is not null and ${t.periodTo} >= ${t.periodFrom} and ${t.noticeType} = 0 and ${t.transformedFromProformaId} is null)`,
    ),
  ],
);

/**
 * The rows of a document. `total` is price × quantity rounded (negative on a credit notice), kept by the server.
 * Proforma rows carry the paid toggle and their transformation (`is_transformed` changes once, by a conditional
 * update); invoice rows copied from a proforma name it.
 */
export const billingItems = pgTable(
  'billing_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    documentId: uuid('document_id')
      .notNull()
      .references(() => billingDocuments.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    name: jsonb('name').$type<Localized>().notNull(),
    comment: jsonb('comment').$type<Localized>().notNull().default(emptyText),
    quantity: numeric('quantity', { precision: 14, scale: 3, mode: 'number' }).notNull().default(1),
    price: numeric('price', { precision: 14, scale: 2, mode: 'number' }).notNull(),
    total: numeric('total', { precision: 14, scale: 2, mode: 'number' }).notNull(),
    serviceId: uuid('service_id').references(() => services.id),
    contractId: uuid('contract_id').references(() => contracts.id),
    isPaid: boolean('is_paid').notNull().default(false),
    isTransformed: boolean('is_transformed').notNull().default(false),
    transformedToInvoiceId: uuid('transformed_to_invoice_id').references(() => billingDocuments.id),
    transformedFromProformaId: uuid('transformed_from_proforma_id').references(() => billingDocuments.id),
    transformedFromItemId: uuid('transformed_from_item_id'),
    created: timestamp('created', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    createdBy: uuid('created_by'),
    updated: timestamp('updated', { withTimezone: true, mode: 'string' }),
  },
  (t) => [
    check('billing_items_quantity_ck', sql`${t.quantity} > 0`),
    check('billing_items_transformed_ck', sql`${t.isTransformed} = (${t.transformedToInvoiceId} is not null)`),
    index('billing_items_document_position_idx').on(t.documentId, t.position, t.id),
  ],
);
