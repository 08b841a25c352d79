import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { Localized } from './core.ts';

/** bytea as a Buffer (PGlite hands out Uint8Array, node-postgres Buffer). */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
  toDriver: (value) => value,
});

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'string' });

/**
 * The outbox (docs/decisions.md, "Mail"): a message is written in the transaction of the action that causes it and
 * delivered by the in-process sender, which claims due rows under `FOR UPDATE SKIP LOCKED` and sets `lease_until`;
 * a sender killed mid-send leaves an expired lease, and the message is claimed again.
 */
export const mailMessages = pgTable(
  'mail_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    state: text('state').notNull(),
    to: text('to').array().notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    language: text('language').notNull(),
    kind: text('kind').notNull(),
    entityModel: text('entity_model'),
    entityId: uuid('entity_id'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: ts('next_attempt_at').notNull().defaultNow(),
    leaseUntil: ts('lease_until'),
    lastError: text('last_error'),
    smtpMessageId: text('smtp_message_id'),
    messageIdHeader: text('message_id_header').notNull(),
    sentAt: ts('sent_at'),
    created: ts('created').notNull().defaultNow(),
    createdBy: uuid('created_by'),
    createdByName: jsonb('created_by_name').$type<Localized>(),
  },
  (t) => [
    check('mail_messages_state_ck', sql`${t.state} in ('queued', 'sent', 'failed', 'held')`),
    check('mail_messages_language_ck', sql`${t.language} in ('bg', 'it')`),
    index('mail_messages_entity_idx').on(t.entityModel, t.entityId, t.created.desc()),
    index('mail_messages_due_idx').on(t.state, t.nextAttemptAt),
    index('mail_messages_created_idx').on(t.created.desc()),
  ],
);

/** A message's attachments: the exact bytes sent. */
export const mailAttachments = pgTable(
  'mail_attachments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    mailId: uuid('mail_id')
      .notNull()
      .references(() => mailMessages.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    filename: text('filename').notNull(),
    contentType: text('content_type').notNull(),
    content: bytea('content').notNull(),
  },
  (t) => [index('mail_attachments_mail_idx').on(t.mailId, t.position)],
);

/** Subject and body per document kind and language; no row = the built-in default (DEFAULT_MAIL_TEMPLATES). */
export const mailTemplates = pgTable(
  'mail_templates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    language: text('language').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    updated: ts('updated').notNull().defaultNow(),
    updatedBy: uuid('updated_by'),
  },
  (t) => [
    uniqueIndex('mail_templates_kind_language_uq').on(t.kind, t.language),
    check('mail_templates_language_ck', sql`${t.language} in ('bg', 'it')`),
  ],
);

/** The SMTP delivery state shown in Settings → outgoing mail: a single row. */
export const mailStatus = pgTable(
  'mail_status',
  {
    singleton: boolean('singleton').primaryKey().default(true),
    lastSuccessAt: ts('last_success_at'),
    lastErrorAt: ts('last_error_at'),
    lastError: text('last_error'),
  },
  (t) => [check('mail_status_singleton_ck', sql`${t.singleton}`)],
);
