import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { billingDocuments } from './billing.ts';
import type { Localized } from './core.ts';
import { mailMessages } from './mail.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'string' });

/**
 * Automatic payment reminders (docs/decisions.md, "Receivables"): on or off and up to three stages, each the number
 * of days after the payment deadline at which an overdue invoice gets that stage's mail. A single row; no row = off
 * with the default stages.
 */
export const reminderSettings = pgTable(
  'reminder_settings',
  {
    singleton: boolean('singleton').primaryKey().default(true),
    enabled: boolean('enabled').notNull().default(false),
    /** Days after the deadline, strictly ascending, 1 to 3 entries (default 7, 21, 45). */
    stageDays: integer('stage_days').array().notNull().default(sql`'{7,21,45}'::integer[]`),
    updated: ts('updated').notNull().defaultNow(),
    updatedBy: uuid('updated_by'),
  },
  (t) => [
    check('reminder_settings_singleton_ck', sql`${t.singleton}`),
    check('reminder_settings_stages_ck', sql`cardinality(${t.stageDays}) between 1 and 3`),
  ],
);

/**
 * Each reminder sent for an invoice: stage 1–3 by the daily run (at most once per invoice and stage, backed by the
 * partial unique index, so two processes or a repeated run cannot send a stage twice), stage 0 by "send a reminder
 * now" (any number). `mail_id` is the outbox message that carries it.
 */
export const invoiceReminders = pgTable(
  'invoice_reminders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    documentId: uuid('document_id')
      .notNull()
      .references(() => billingDocuments.id),
    stage: smallint('stage').notNull(),
    mailId: uuid('mail_id').references(() => mailMessages.id, { onDelete: 'set null' }),
    /** The day (Europe/Sofia) of the run that sent it; null for a reminder sent by hand. */
    runDate: date('run_date', { mode: 'string' }),
    created: ts('created').notNull().defaultNow(),
    createdBy: uuid('created_by'),
    createdByName: jsonb('created_by_name').$type<Localized>(),
  },
  (t) => [
    check('invoice_reminders_stage_ck', sql`${t.stage} between 0 and 3`),
    uniqueIndex('invoice_reminders_stage_uq').on(t.documentId, t.stage).where(sql`${t.stage} > 0`),
    index('invoice_reminders_document_idx').on(t.documentId, t.created.desc()),
  ],
);

/**
 * Daily jobs run once per day whatever the number of API processes: the process whose insert of (job, day) succeeds
 * runs it (ON CONFLICT DO NOTHING); the others see the row and skip. Works on PostgreSQL and the embedded database.
 */
export const jobRuns = pgTable(
  'job_runs',
  {
    job: text('job').notNull(),
    runDate: date('run_date', { mode: 'string' }).notNull(),
    startedAt: ts('started_at').notNull().defaultNow(),
    finishedAt: ts('finished_at'),
    result: jsonb('result').$type<Record<string, unknown>>(),
    error: text('error'),
  },
  (t) => [primaryKey({ columns: [t.job, t.runDate] })],
);

/**
 * What each issued invoice leaves due, kept by the database (migration 0031's trigger on billing_documents), for the
 * receivables summary's money: a row per issued invoice (kind 'invoice', notice_type 0) with its client, currency and
 * deadline, and `due_cents` = Σ (total_amount − paid_amount) of the invoice and its issued notices in cents, the money
 * rule of modules/receivables/receivables.sql.ts. Every write of a document moves it by the change it makes (payments
 * of an invoice and of its notices add up whatever their order); an invoice entering the receivables (issued) gets its
 * row from its amounts and its notices', one leaving them (unissued, removed) loses it. Nothing else writes it.
 */
export const storedReceivableDues = pgTable(
  'receivable_dues',
  {
    invoiceId: uuid('invoice_id').primaryKey(),
    customerId: uuid('customer_id'),
    currencyId: uuid('currency_id'),
    deadline: date('deadline', { mode: 'string' }),
    dueCents: bigint('due_cents', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    index('receivable_dues_outstanding_idx')
      .on(t.currencyId, t.customerId, t.deadline, t.dueCents)
      .where(sql`${t.dueCents} > 0`),
  ],
);
