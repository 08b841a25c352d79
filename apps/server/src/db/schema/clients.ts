import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { type Localized, users } from './core.ts';

export type Subscription = { status: boolean; fromDate: string | null; toDate: string | null };

const timestamps = () => ({
  created: timestamp('created', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  createdBy: uuid('created_by'),
  updated: timestamp('updated', { withTimezone: true, mode: 'string' }),
});

/**
 * The lower-cased texts the substring filters search (`like '%needle%'`, modules/clients/search.ts): GIN indexes of
 * their pg_trgm trigrams (`gin_trgm_ops`, migration 0026 creates the extension) serve them. The expressions must stay
 * identical to modules/clients/search.ts.
 */
export const NAME_SEARCH_TEXT = `lower(coalesce("name"->>'bg', '') || ' ' || coalesce("name"->>'it', ''))`;

/**
 * Client companies. Access lists live on the row: `client_users` (client-type users who see the company
 * in the portal), `managing_users` (employees who manage it), `managing_users_all` (every employee does),
 * and `referent_id` (the responsible employee).
 */
export const companies = pgTable(
  'companies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: jsonb('name').$type<Localized>().notNull(),
    bulstat: text('bulstat').notNull(),
    vatNumber: text('vat_number').notNull(),
    responsiblePerson: jsonb('responsible_person').$type<Localized>().notNull().default({ bg: '', it: '' }),
    status: boolean('status').notNull().default(true),
    phone: text('phone').notNull().default(''),
    email: text('email').notNull().default(''),
    comment: text('comment').notNull().default(''),
    referentId: uuid('referent_id').references(() => users.id),
    notificationsEmails: text('notifications_emails').array().notNull().default(sql`'{}'::text[]`),
    subscription: jsonb('subscription')
      .$type<Subscription>()
      .notNull()
      .default({ status: false, fromDate: null, toDate: null }),
    clientUsers: uuid('client_users').array().notNull().default(sql`'{}'::uuid[]`),
    managingUsers: uuid('managing_users').array().notNull().default(sql`'{}'::uuid[]`),
    managingUsersAll: boolean('managing_users_all').notNull().default(false),
    /** The client's payment term in days; null: the invoice defaults' term. */
    paymentTermDays: integer('payment_term_days'),
    /** No automatic payment reminders for this client (management sets it); "send a reminder now" still works. */
    noReminders: boolean('no_reminders').notNull().default(false),
    ...timestamps(),
    createdByName: jsonb('created_by_name').$type<Localized>(),
  },
  (t) => [
    uniqueIndex('companies_bulstat_uq').on(sql`lower(${t.bulstat})`),
    index('companies_name_bg_idx').on(sql`(${t.name}->>'bg')`, t.id),
    index('companies_created_idx').on(t.created.desc(), t.id),
    // The referent filter's total counted from the index alone (the status is the list's default filter).
    index('companies_referent_status_idx').on(t.referentId, t.status),
    index('companies_managing_all_idx').on(t.id).where(sql`${t.managingUsersAll}`),
    // Who sees a client (clients/access.ts) read from the index alone: an employee's contracts and other lists check
    // their clients here (an index-only look-up or merge), never the table.
    index('companies_visibility_idx').on(t.id, t.managingUsersAll, t.referentId, t.managingUsers),
    index('companies_managing_users_idx').using('gin', t.managingUsers),
    index('companies_client_users_idx').using('gin', t.clientUsers),
    // The name, bulstat and VAT number filters (substrings, any letter case).
    index('companies_name_trgm_idx').using('gin', sql.raw(`${NAME_SEARCH_TEXT} gin_trgm_ops`)),
    index('companies_bulstat_trgm_idx').using('gin', sql`lower(${t.bulstat}) gin_trgm_ops`),
    index('companies_vat_number_trgm_idx').using('gin', sql`lower(${t.vatNumber}) gin_trgm_ops`),
    // The list by status (active by default) in name order.
    index('companies_status_name_bg_idx').on(t.status, sql`(${t.name}->>'bg')`, t.id),
    // The list's total by status, counted from this small index alone (an index-only scan).
    index('companies_status_idx').on(t.status),
    check('companies_payment_term_ck', sql`${t.paymentTermDays} between 0 and 365`),
  ],
);

/** Offices of a client company; one may be the headquarters. */
export const offices = pgTable(
  'offices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    isHeadquarters: boolean('is_headquarters').notNull().default(false),
    country: jsonb('country').$type<Localized>().notNull(),
    state: jsonb('state').$type<Localized>().notNull().default({ bg: '', it: '' }),
    city: jsonb('city').$type<Localized>().notNull(),
    street: jsonb('street').$type<Localized>().notNull(),
    zipCode: text('zip_code').notNull().default(''),
    /** ISO 3166-1 alpha-2 (the e-invoice's country); filled from the country's name or the VAT number when added. */
    countryCode: text('country_code'),
    phone: text('phone').notNull().default(''),
    email: text('email').notNull().default(''),
    ...timestamps(),
  },
  (t) => [index('offices_company_created_idx').on(t.companyId, t.created, t.id)],
);

/** Contact persons of an office. */
export const officeContacts = pgTable(
  'office_contacts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    officeId: uuid('office_id')
      .notNull()
      .references(() => offices.id, { onDelete: 'cascade' }),
    firstName: text('first_name').notNull(),
    middleName: text('middle_name').notNull().default(''),
    lastName: text('last_name').notNull(),
    position: text('position').notNull().default(''),
    phone: text('phone').notNull().default(''),
    email: text('email').notNull().default(''),
    ...timestamps(),
  },
  (t) => [index('office_contacts_office_created_idx').on(t.officeId, t.created, t.id)],
);
