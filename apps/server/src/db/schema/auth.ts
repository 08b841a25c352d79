import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './core.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'string' });

/**
 * One row per issued session token (its `jti` is the id): a token is accepted only while its row exists and is not
 * ended, so ending one session ends exactly that token (docs/decisions.md, "Account security").
 */
export const userSessions = pgTable(
  'user_sessions',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    created: ts('created').notNull().defaultNow(),
    lastUsedAt: ts('last_used_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
    ip: text('ip').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
    /** Set when signed out or ended (by the user or an administrator); the token is refused from then on. */
    endedAt: ts('ended_at'),
    endedBy: uuid('ended_by'),
  },
  (t) => [index('user_sessions_user_idx').on(t.userId, t.endedAt, t.lastUsedAt.desc())],
);

/** Password reset links: only the SHA-256 of the token is stored; a link works once, until `expires_at`. */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    created: ts('created').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    ip: text('ip').notNull().default(''),
  },
  (t) => [uniqueIndex('password_resets_token_uq').on(t.tokenHash), index('password_resets_user_idx').on(t.userId)],
);

/**
 * Events counted by the rate limits that are not sign-in attempts (a password reset request per address and per IP,
 * second-factor attempts per user), shared by every API process through the database.
 */
export const rateLimitEvents = pgTable(
  'rate_limit_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    bucket: text('bucket').notNull(),
    key: text('key').notNull(),
    at: ts('at').notNull().defaultNow(),
  },
  (t) => [index('rate_limit_events_bucket_key_at_idx').on(t.bucket, t.key, t.at)],
);

/**
 * A user's second factor (TOTP, RFC 6238). `secret` is encrypted at rest (AES-256-GCM under a key derived from the
 * installation's secret); `pending_secret` is the one being set up until a code confirms it; `last_step` is the time
 * step of the last accepted code (a code of that step or an earlier one is refused: no replay).
 */
export const userMfa = pgTable('user_mfa', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secret: text('secret'),
  pendingSecret: text('pending_secret'),
  enabledAt: ts('enabled_at'),
  lastStep: bigint('last_step', { mode: 'number' }),
  updated: ts('updated').notNull().defaultNow(),
});

/** Single-use recovery codes of a user's second factor, stored hashed; a new set replaces the old one. */
export const userRecoveryCodes = pgTable(
  'user_recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: ts('used_at'),
    created: ts('created').notNull().defaultNow(),
  },
  (t) => [index('user_recovery_codes_user_idx').on(t.userId)],
);

/** Account security settings (admin): a single row; no row = defaults. */
export const securitySettings = pgTable(
  'security_settings',
  {
    singleton: boolean('singleton').primaryKey().default(true),
    /** Every staff user must use a second factor; one who has none is led through its setup after the password. */
    requireStaffMfa: boolean('require_staff_mfa').notNull().default(false),
    updated: ts('updated').notNull().defaultNow(),
    updatedBy: uuid('updated_by'),
  },
  (t) => [check('security_settings_singleton_ck', sql`${t.singleton}`)],
);
