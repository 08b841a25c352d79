import type { PartySnapshot } from '@kantora/domain';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
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
import type { Localized } from './core.ts';
import { currencies, services } from './settings.ts';

/**
 * The lower-cased text the contract autocomplete searches (`like '%needle%'`) through a GIN index of its pg_trgm
 * trigrams (see db/schema/clients.ts). The expression must stay identical to modules/contracts/contracts.queries.ts.
 */
export const CONTRACT_NAME_SEARCH_TEXT = `lower(coalesce("name"->>'bg', '') || ' ' || coalesce("name"->>'it', ''))`;

/**
 * Contracts between the own company (provider) and a client (customer). `status` is stored 0 draft,
 * 1 registered, 2 canceled; "expired" (3) is derived from status 1 and `to_date` (never stored).
 * `provider` and `customer` are party snapshots, copied on every save of a draft and frozen by register.
 */
export const contracts = pgTable(
  'contracts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: jsonb('name').$type<Localized>().notNull(),
    /** The own company (my_company.id) the provider snapshot was taken from. */
    providerId: uuid('provider_id'),
    /** The provider's BGN and EUR accounts (banks of the own company). */
    providerBankId: uuid('provider_bank_id'),
    providerBank2Id: uuid('provider_bank2_id'),
    provider: jsonb('provider').$type<PartySnapshot>(),
    customerId: uuid('customer_id').references(() => companies.id),
    customerBankId: uuid('customer_bank_id'),
    customer: jsonb('customer').$type<PartySnapshot>(),
    responsiblePerson: jsonb('responsible_person').$type<Localized>().notNull().default({ bg: '', it: '' }),
    invoiceDate: date('invoice_date', { mode: 'string' }),
    invoiceMonthlyInterval: smallint('invoice_monthly_interval').notNull().default(1),
    fromDate: date('from_date', { mode: 'string' }).notNull(),
    toDate: date('to_date', { mode: 'string' }).notNull(),
    email: text('email').notNull().default(''),
    description: jsonb('description').$type<Localized>().notNull().default({ bg: '', it: '' }),
    currencyId: uuid('currency_id')
      .notNull()
      .references(() => currencies.id),
    status: smallint('status').notNull().default(0),
    isAdvance: boolean('is_advance').notNull().default(false),
    pricePerMonth: numeric('price_per_month', { precision: 14, scale: 2, mode: 'number' }).notNull(),
    managingUsers: uuid('managing_users').array().notNull().default(sql`'{}'::uuid[]`),
    created: timestamp('created', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    createdBy: uuid('created_by'),
    createdByName: jsonb('created_by_name').$type<Localized>(),
    updated: timestamp('updated', { withTimezone: true, mode: 'string' }),
    registeredBy: uuid('registered_by'),
    registeredByName: jsonb('registered_by_name').$type<Localized>(),
    registeredOn: timestamp('registered_on', { withTimezone: true, mode: 'string' }),
    canceledBy: uuid('canceled_by'),
    canceledByName: jsonb('canceled_by_name').$type<Localized>(),
    canceledOn: timestamp('canceled_on', { withTimezone: true, mode: 'string' }),
    cancelationReason: text('cancelation_reason').notNull().default(''),
    /**
     * The billing run catches up from here (no period starting before it is offered): null for contracts made since
     * the billed periods exist (their from date); set for older ones by migration 0020 (docs/decisions.md, "Billing
     * run: each period once").
     */
    billingFrom: date('billing_from', { mode: 'string' }),
  },
  (t) => [
    check('contracts_status_ck', sql`${t.status} in (0, 1, 2)`),
    check('contracts_interval_ck', sql`${t.invoiceMonthlyInterval} in (1, 3, 6, 12)`),
    check('contracts_dates_ck', sql`${t.toDate} >= ${t.fromDate}`),
    // The default list (created descending) and the filters that keep that order.
    index('contracts_created_idx').on(t.created.desc(), t.id),
    // Status and end date at the end: an employee's total (their clients' contracts, by status) reads this index alone.
    index('contracts_customer_created_idx').on(t.customerId, t.created.desc(), t.id, t.status, t.toDate),
    // A status in the default order; the client and end date at the end, so that a page's ids ("expired": registered
    // and ended) and an employee's counts (their clients' contracts) read this index alone.
    index('contracts_status_created_customer_idx').on(t.status, t.created.desc(), t.id, t.customerId, t.toDate),
    // Registered contracts by end date: the expired filter and the "registered, not expired" look-ups.
    index('contracts_registered_to_date_idx').on(t.toDate, t.created.desc()).where(sql`${t.status} = 1`),
    index('contracts_name_trgm_idx').using('gin', sql.raw(`${CONTRACT_NAME_SEARCH_TEXT} gin_trgm_ops`)),
  ],
);

/**
 * The services of a contract: a copy of the service (code, name, description, price) when it was added; the
 * service settings change the contract's own price and description. Once per service and contract.
 */
export const contractServices = pgTable(
  'contract_services',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    contractId: uuid('contract_id')
      .notNull()
      .references(() => contracts.id, { onDelete: 'cascade' }),
    serviceId: uuid('service_id')
      .notNull()
      .references(() => services.id),
    code: text('code').notNull(),
    name: jsonb('name').$type<Localized>().notNull(),
    description: jsonb('description').$type<Localized>().notNull().default({ bg: '', it: '' }),
    price: numeric('price', { precision: 14, scale: 2, mode: 'number' }).notNull(),
    created: timestamp('created', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    createdBy: uuid('created_by'),
    addedByName: jsonb('added_by_name').$type<Localized>(),
    updated: timestamp('updated', { withTimezone: true, mode: 'string' }),
  },
  (t) => [
    uniqueIndex('contract_services_contract_service_uq').on(t.contractId, t.serviceId),
    index('contract_services_contract_created_idx').on(t.contractId, t.created, t.id),
  ],
);
