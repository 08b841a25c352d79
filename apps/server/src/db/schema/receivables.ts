import { sql } from 'drizzle-orm';
import {
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
