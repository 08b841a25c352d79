import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { boolean, check, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { type Localized, users } from './core.ts';
import { eventCategories } from './settings.ts';

/**
 * Calendar events. `from_date`/`to_date` are instants; an all-day event runs from the Europe/Sofia
 * midnight of its first day to the Sofia midnight of its last day (both days included).
 * `user_id` is the event's employee (its creator); `invited` the users invited now.
 */
export const events = pgTable(
  'events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => eventCategories.id),
    fromDate: timestamp('from_date', { withTimezone: true, mode: 'string' }).notNull(),
    toDate: timestamp('to_date', { withTimezone: true, mode: 'string' }).notNull(),
    allDay: boolean('all_day').notNull().default(false),
    title: text('title').notNull(),
    comment: text('comment').notNull().default(''),
    invited: uuid('invited').array().notNull().default(sql`'{}'::uuid[]`),
    created: timestamp('created', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    createdBy: uuid('created_by'),
    createdByName: jsonb('created_by_name').$type<Localized>(),
    updated: timestamp('updated', { withTimezone: true, mode: 'string' }),
  },
  (t) => [
    check('events_dates_ck', sql`${t.toDate} >= ${t.fromDate}`),
    index('events_from_date_idx').on(t.fromDate),
    index('events_user_from_date_idx').on(t.userId, t.fromDate),
    index('events_invited_idx').using('gin', t.invited),
  ],
);

/**
 * One invitation per invited user and event. The id is the only secret of the public invitation page,
 * so it is a random UUIDv4 from Node's CSPRNG, never sequential. `status`: null pending, true accepted,
 * false refused; it is set once (`UPDATE ... WHERE status IS NULL`).
 */
export const eventInvitations = pgTable(
  'event_invitations',
  {
    id: uuid('id')
      .primaryKey()
      .$defaultFn(() => randomUUID()),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    status: boolean('status'),
    acceptedOn: timestamp('accepted_on', { withTimezone: true, mode: 'string' }),
    refusedOn: timestamp('refused_on', { withTimezone: true, mode: 'string' }),
    refusedReason: text('refused_reason'),
    created: timestamp('created', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    createdBy: uuid('created_by'),
  },
  (t) => [
    uniqueIndex('event_invitations_event_user_uq').on(t.eventId, t.userId),
    index('event_invitations_user_pending_idx').on(t.userId).where(sql`${t.status} is null`),
  ],
);
