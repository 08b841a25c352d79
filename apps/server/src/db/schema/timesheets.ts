import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { companies } from './clients.ts';
import { contracts } from './contracts.ts';
import { users } from './core.ts';
import { services } from './settings.ts';

/**
 * Time a staff user spent on a service (Settings › Services, one of the contract's services) of a registered
 * contract of a client, on one day. `duration` is in minutes (1–1440).
 */
export const timesheets = pgTable(
  'timesheets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    clientId: uuid('client_id')
      .notNull()
      .references(() => companies.id),
    contractId: uuid('contract_id')
      .notNull()
      .references(() => contracts.id),
    serviceId: uuid('service_id')
      .notNull()
      .references(() => services.id),
    date: date('date', { mode: 'string' }).notNull(),
    duration: integer('duration').notNull(),
    comment: text('comment').notNull().default(''),
    created: timestamp('created', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    createdBy: uuid('created_by'),
    updated: timestamp('updated', { withTimezone: true, mode: 'string' }),
  },
  (t) => [
    check('timesheets_duration_ck', sql`${t.duration} between 1 and 1440`),
    // The default list (created descending) and each filter that keeps that order; the export walks the same keys.
    // The filters' indexes end with `duration` (and the date ones with `created`), so a page's ids and the capped
    // count and sum of the durations read the index alone (an index-only scan), never thousands of table pages; a
    // user's index also has the service (management's filter of an employee and services).
    index('timesheets_created_idx').on(t.created.desc(), t.id),
    index('timesheets_user_created_idx').on(t.userId, t.created.desc(), t.id, t.duration, t.serviceId),
    // user_id last: an employee's client filter (their own rows of one client) is read from this index alone.
    index('timesheets_client_created_idx').on(t.clientId, t.created.desc(), t.id, t.duration, t.userId),
    index('timesheets_contract_created_idx').on(t.contractId, t.created.desc(), t.id, t.duration),
    index('timesheets_service_created_idx').on(t.serviceId, t.created.desc(), t.id, t.duration),
    // The date sort and date ranges (a day's rows newest first: the list's per-day scan of a narrow range), and an
    // employee's own rows in a date range.
    index('timesheets_date_idx').on(t.date.desc(), t.created.desc(), t.id, t.duration),
    index('timesheets_user_date_idx').on(t.userId, t.date.desc(), t.id, t.created, t.duration),
    // Receivables' hours invoiced per month: a contract's minutes in an invoiced period, from the index alone.
    index('timesheets_contract_date_idx').on(t.contractId, t.date, t.duration),
    // Receivables' hours recorded per month: the year's minutes per day from this narrow index alone (14 MB at 2 000 000
    // timesheets, deduplicated: a day's equal durations share an entry), not the list's date index (146 MB).
    index('timesheets_date_duration_idx').on(t.date, t.duration),
  ],
);
