import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { type Localized, users } from './core.ts';

export type LocalizedAddress = {
  country: Localized;
  state: Localized;
  city: Localized;
  street: Localized;
  zipCode: string;
  /** ISO 3166-1 alpha-2 (the e-invoice's country); filled from the country's name or the VAT number when added. */
  countryCode?: string | null;
};

const timestamps = () => ({
  created: timestamp('created', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  createdBy: uuid('created_by'),
  updated: timestamp('updated', { withTimezone: true, mode: 'string' }),
});

/** The columns every simple settings list shares (the generic dictionary code relies on them). */
const dictionaryColumns = () => ({
  id: uuid('id').primaryKey().defaultRandom(),
  name: jsonb('name').$type<Localized>().notNull(),
  status: boolean('status').notNull().default(true),
  ...timestamps(),
});

/** The own firm: a single row (the `singleton` column is always true and unique). */
export const myCompany = pgTable(
  'my_company',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    singleton: boolean('singleton').notNull().default(true),
    name: jsonb('name').$type<Localized>().notNull(),
    responsiblePerson: jsonb('responsible_person').$type<Localized>().notNull(),
    bulstat: text('bulstat').notNull(),
    vatNumber: text('vat_number').notNull(),
    address: jsonb('address').$type<LocalizedAddress>().notNull(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('my_company_singleton_uq').on(t.singleton),
    check('my_company_singleton_ck', sql`${t.singleton}`),
  ],
);

export const currencies = pgTable(
  'currencies',
  {
    ...dictionaryColumns(),
    /** The ISO code: optional (a currency needs only name, rate and status), unique when given. */
    code: text('code'),
    /** BGN for one unit of the currency. */
    exchangeRate: numeric('exchange_rate', { precision: 16, scale: 6, mode: 'number' }).notNull(),
  },
  (t) => [uniqueIndex('currencies_code_uq').on(sql`upper(${t.code})`)],
);

export const documentTypes = pgTable('document_types', dictionaryColumns());
export const paymentTypes = pgTable('payment_types', dictionaryColumns());

export const eventCategories = pgTable('event_categories', {
  ...dictionaryColumns(),
  color: text('color').notNull().default('#8B0000'),
});

export const services = pgTable(
  'services',
  {
    ...dictionaryColumns(),
    code: text('code').notNull(),
    description: jsonb('description').$type<Localized>().notNull().default({ bg: '', it: '' }),
    price: numeric('price', { precision: 14, scale: 2, mode: 'number' }).notNull(),
  },
  (t) => [uniqueIndex('services_code_uq').on(sql`lower(${t.code})`)],
);

export const documentFlowCategories = pgTable(
  'document_flow_categories',
  {
    ...dictionaryColumns(),
    parentId: uuid('parent_id').references((): AnyPgColumn => documentFlowCategories.id),
  },
  (t) => [index('document_flow_categories_parent_idx').on(t.parentId)],
);

export const vatTypes = pgTable(
  'vat_types',
  {
    ...dictionaryColumns(),
    percentage: numeric('percentage', { precision: 5, scale: 2, mode: 'number' }).notNull(),
    exemptionReason: jsonb('exemption_reason').$type<Localized>().notNull().default({ bg: '', it: '' }),
    /** The EN 16931 VAT category (VAT_CATEGORIES): S has a rate above zero, every other category a rate of zero. */
    category: text('category').notNull().default('S'),
    /** The VATEX exemption reason code (VAT_EXEMPTION_CODES), or null. */
    exemptionCode: text('exemption_code'),
  },
  (t) => [
    check('vat_types_percentage_ck', sql`${t.percentage} between 0 and 100`),
    check('vat_types_category_ck', sql`${t.category} in ('S', 'Z', 'E', 'AE', 'K', 'G', 'O')`),
  ],
);

/** Invoice defaults: a single row. */
export const invoiceSettings = pgTable(
  'invoice_settings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    singleton: boolean('singleton').notNull().default(true),
    currencyId: uuid('currency_id')
      .notNull()
      .references(() => currencies.id),
    vatTypeId: uuid('vat_type_id')
      .notNull()
      .references(() => vatTypes.id),
    paymentTypeId: uuid('payment_type_id')
      .notNull()
      .references(() => paymentTypes.id),
    signerId: uuid('signer_id')
      .notNull()
      .references(() => users.id),
    signers: uuid('signers').array().notNull(),
    /** Days from a new document's date to its payment deadline, unless its client has its own term. */
    paymentTermDays: integer('payment_term_days').notNull().default(0),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('invoice_settings_singleton_uq').on(t.singleton),
    check('invoice_settings_singleton_ck', sql`${t.singleton}`),
    check('invoice_settings_payment_term_ck', sql`${t.paymentTermDays} between 0 and 365`),
  ],
);

/**
 * Number registers: 'invoice' (invoices and their notices) and 'proforma'. `next` is the number the
 * next issued document takes (`UPDATE ... SET next = next + 1 RETURNING`); `max_issued` is the highest
 * number issued so far, kept by billing. The rows are created by a migration.
 */
export const numberRegisters = pgTable(
  'number_registers',
  {
    kind: text('kind').primaryKey(),
    next: bigint('next', { mode: 'number' }).notNull().default(1),
    maxIssued: bigint('max_issued', { mode: 'number' }).notNull().default(0),
    updated: timestamp('updated', { withTimezone: true, mode: 'string' }),
  },
  (t) => [
    check('number_registers_kind_ck', sql`${t.kind} in ('invoice', 'proforma')`),
    check('number_registers_next_ck', sql`${t.next} > ${t.maxIssued} and ${t.next} <= 9999999999`),
  ],
);

/**
 * Bank accounts of the own company (owner_type 'my_company') and of client companies
 * (owner_type 'company'; owner_id has no foreign key, the clients table comes later).
 * `is_default` is the BGN default, `is_default2` the EUR default: at most one of each per owner.
 */
export const banks = pgTable(
  'banks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerType: text('owner_type').notNull(),
    ownerId: uuid('owner_id').notNull(),
    name: jsonb('name').$type<Localized>().notNull(),
    address: jsonb('address').$type<Localized>().notNull(),
    bic: text('bic').notNull().default(''),
    iban: text('iban').notNull(),
    currencyId: uuid('currency_id')
      .notNull()
      .references(() => currencies.id),
    status: boolean('status').notNull().default(true),
    isDefault: boolean('is_default').notNull().default(false),
    isDefault2: boolean('is_default2').notNull().default(false),
    ...timestamps(),
  },
  (t) => [
    check('banks_owner_type_ck', sql`${t.ownerType} in ('my_company', 'company')`),
    index('banks_owner_created_idx').on(t.ownerType, t.ownerId, t.created.desc()),
    uniqueIndex('banks_default_uq').on(t.ownerType, t.ownerId).where(sql`${t.isDefault}`),
    uniqueIndex('banks_default2_uq').on(t.ownerType, t.ownerId).where(sql`${t.isDefault2}`),
  ],
);
