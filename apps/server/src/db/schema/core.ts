import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

export type Localized = { bg: string; it: string };
export type Address = { country: string; state: string; city: string; zipCode: string; street: string };

const created = () => timestamp('created', { withTimezone: true, mode: 'string' }).notNull().defaultNow();

/** Staff and client users. */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    firstName: jsonb('first_name').$type<Localized>().notNull(),
    middleName: jsonb('middle_name').$type<Localized>().notNull().default({ bg: '', it: '' }),
    lastName: jsonb('last_name').$type<Localized>().notNull(),
    gender: smallint('gender').notNull().default(0),
    email: text('email').notNull(),
    phone: text('phone').notNull().default(''),
    address: jsonb('address')
      .$type<Address>()
      .notNull()
      .default({ country: '', state: '', city: '', zipCode: '', street: '' }),
    dateOfBirth: date('date_of_birth', { mode: 'string' }),
    notes: text('notes').notNull().default(''),
    passwordHash: text('password_hash').notNull(),
    type: smallint('type').notNull().default(1),
    access: smallint('access').notNull().default(4),
    status: smallint('status').notNull().default(1),
    locale: text('locale').notNull().default('bg'),
    tokenVersion: integer('token_version').notNull().default(0),
    created: created(),
    createdBy: uuid('created_by'),
    updated: timestamp('updated', { withTimezone: true, mode: 'string' }),
  },
  (t) => [
    uniqueIndex('users_email_lower_uq').on(sql`lower(${t.email})`),
    index('users_first_name_bg_idx').on(sql`(${t.firstName}->>'bg')`),
  ],
);

/** The audit log: one row per mutation, sign-in and reported unknown page. */
export const logs = pgTable(
  'logs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    doc: text('doc'),
    model: text('model').notNull(),
    type: text('type').notNull(),
    action: text('action').notNull(),
    documents: jsonb('documents').$type<{ old: unknown; new: unknown }>().notNull().default({ old: null, new: null }),
    createdBy: uuid('created_by'),
    createdByName: jsonb('created_by_name').$type<Localized>(),
    ip: text('ip'),
    created: created(),
  },
  (t) => [
    index('logs_created_idx').on(t.created.desc()),
    index('logs_action_created_idx').on(t.action, t.created.desc()),
    index('logs_name_created_idx').on(t.name, t.created.desc()),
    index('logs_created_by_created_idx').on(t.createdBy, t.created.desc()),
  ],
);

/** Tokens ended by sign-out, kept until they would expire anyway. */
export const revokedTokens = pgTable('revoked_tokens', {
  jti: uuid('jti').primaryKey(),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'string' }).notNull(),
});

/** Sign-in attempts, for the per-IP and per-username limit shared by every API process. */
export const signInAttempts = pgTable(
  'sign_in_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ip: text('ip').notNull(),
    username: text('username').notNull(),
    success: boolean('success').notNull(),
    at: timestamp('at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [
    index('sign_in_attempts_username_at_idx').on(t.username, t.at),
    index('sign_in_attempts_ip_at_idx').on(t.ip, t.at),
  ],
);

/** Installation-wide values (the generated JWT secret, seed markers). */
export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});
