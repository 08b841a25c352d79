import {
  type ContractListQuery,
  type ContractRow,
  contractRights,
  type ContractSearchQuery,
  ContractStatus,
  type ContractStatusValue,
  type ContractView,
  type InvoiceMonthlyInterval,
  seesPrices,
} from '@kantora/domain';
import { and, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { sofiaToday } from '../../db/sql-helpers.ts';
import { companies, contracts, contractServices, currencies } from '../../db/schema/index.ts';
import { iso } from '../../http/dto.ts';
import { likePattern, localizedSort, offsetOf, orderBy } from '../../http/paging.ts';
import { bulstatContains, vatNumberContains } from '../clients/index.ts';
import type { Actor } from '../../http/actor.ts';
import { visibleContracts } from './access.ts';

/** The status as the API shows it: 3 (expired) for a registered contract whose end date is before today in Europe/Sofia. */
export const contractStatus = sql<ContractStatusValue>`(case when ${contracts.status} = ${ContractStatus.registered} and ${contracts.toDate} < ${sofiaToday} then ${ContractStatus.expired} else ${contracts.status} end)::int`;

/** The condition of one status (0–3), expired derived from the end date. */
export function statusIs(status: ContractStatusValue): SQL {
  switch (status) {
    case ContractStatus.registered:
      return and(eq(contracts.status, ContractStatus.registered), gte(contracts.toDate, sofiaToday))!;
    case ContractStatus.expired:
      return and(eq(contracts.status, ContractStatus.registered), lt(contracts.toDate, sofiaToday))!;
    default:
      return eq(contracts.status, status);
  }
}

/** Any of these statuses. */
export const statusIn = (statuses: readonly ContractStatusValue[]): SQL =>
  sql`(${sql.join(
    statuses.map((status) => statusIs(status)),
    sql` or `,
  )})`;

const customerName = sql`(${contracts.customer}->'name')`;

/** The columns of a list row (no join). */
export const contractRowColumns = {
  _id: contracts.id,
  name: contracts.name,
  customerId: contracts.customerId,
  companyName: sql<{ bg: string; it: string } | null>`${customerName}`,
  fromDate: contracts.fromDate,
  toDate: contracts.toDate,
  status: contractStatus,
  created: contracts.created,
};

/** A list row (timestamps as ISO 8601 UTC). */
export function contractRowDto(row: ContractRow): ContractRow {
  return { ...row, created: iso(row.created)! };
}

const SORT_COLUMNS = {
  created: contracts.created,
  ...localizedSort('name', contracts.name),
  companyName: sql`(${contracts.customer}->'name'->>'bg')`,
  'companyName.bg': sql`(${contracts.customer}->'name'->>'bg')`,
  'companyName.it': sql`(${contracts.customer}->'name'->>'it')`,
  fromDate: contracts.fromDate,
  toDate: contracts.toDate,
  status: contractStatus,
};

/** Contracts of the clients whose identifiers contain the texts (the clients' trigram indexes serve them). */
function customerIdentifiers(bulstat: string | undefined, vatNumber: string | undefined): SQL | undefined {
  if (!bulstat && !vatNumber) return undefined;
  return sql`${contracts.customerId} in (select ${companies.id} from ${companies} where ${and(bulstat ? bulstatContains(bulstat) : undefined, vatNumber ? vatNumberContains(vatNumber) : undefined)})`;
}

function listWhere(actor: Pick<Actor, 'id' | 'access'>, query: ContractListQuery): SQL | undefined {
  const bulstat = query.bulstat?.replace(/\s+/g, '');
  const vatNumber = query.vatNumber?.replace(/\s+/g, '');
  return and(
    visibleContracts(actor),
    query.customerId ? eq(contracts.customerId, query.customerId) : undefined,
    customerIdentifiers(bulstat, vatNumber),
    query.status === undefined ? undefined : statusIs(query.status),
  );
}

/**
 * The queries of POST /api/contracts/list: the page and the rows to count (`select 1 …`, for `cappedCount`). The bench
 * runs them directly too.
 *
 * The page picks its ids first (`id in (select id … order by … limit …)`), then reads those rows: in the default order
 * (created descending) the ids come from an index alone (`contracts_status_created_customer_idx` with a status: the
 * end date of "expired"/"registered" checked in the index, not in thousands of table rows; an employee's clients
 * checked in `companies_visibility_idx`), so the page stops after its rows whatever the filter skips.
 */
export function contractListQueries(executor: Executor, actor: Pick<Actor, 'id' | 'access'>, query: ContractListQuery) {
  const where = listWhere(actor, query) ?? sql`true`;
  const sort = orderBy(query, SORT_COLUMNS, { by: 'created', desc: true }, contracts.id, { descNullsLast: true });
  const pageIds = sql`select ${contracts.id} from ${contracts} where ${where} order by ${sql.join(sort, sql`, `)} limit ${query.itemsPerPage} offset ${offsetOf(query)}`;
  return {
    page: executor
      .select(contractRowColumns)
      .from(contracts)
      .where(sql`${contracts.id} in (${pageIds})`)
      .orderBy(...sort),
    count: sql`select 1 from ${contracts} where ${where}`,
  };
}

/** The lower-cased name text of the GIN index (the same expression as CONTRACT_NAME_SEARCH_TEXT in db/schema/contracts.ts). */
const nameText = sql`lower(coalesce(${contracts.name}->>'bg', '') || ' ' || coalesce(${contracts.name}->>'it', ''))`;

/** A case-insensitive substring of the name (LIKE on the lower-cased text), served by the pg_trgm index. */
export function nameContains(needle: string): SQL {
  return sql`${nameText} like ${likePattern(needle.toLowerCase())}`;
}

/** The columns of an autocomplete option (with the currency). */
export const contractOptionColumns = {
  _id: contracts.id,
  name: contracts.name,
  customerId: contracts.customerId,
  companyName: sql<{ bg: string; it: string } | null>`${customerName}`,
  fromDate: contracts.fromDate,
  toDate: contracts.toDate,
  status: contractStatus,
  currency: contracts.currencyId,
  currencyCode: currencies.code,
};

export function searchWhere(actor: Pick<Actor, 'id' | 'access'>, query: ContractSearchQuery): SQL | undefined {
  return and(
    visibleContracts(actor),
    query.clientId ? eq(contracts.customerId, query.clientId) : undefined,
    query.name ? nameContains(query.name) : undefined,
    query.status === undefined ? undefined : statusIs(query.status),
  );
}

/** A contract with its derived status, currency and number of services (join currencies). */
export const contractRecordColumns = {
  row: contracts,
  derivedStatus: contractStatus,
  currencyCode: currencies.code,
  currencyName: currencies.name,
  servicesCount: sql<number>`(select cast(count(*) as integer) from ${contractServices} where ${contractServices.contractId} = ${contracts.id})`,
};

export interface ContractRecord {
  row: typeof contracts.$inferSelect;
  derivedStatus: ContractStatusValue;
  currencyCode: string | null;
  currencyName: { bg: string; it: string } | null;
  servicesCount: number;
}

/** A contract as logged (no rights: they depend on who looks). */
export function contractLogView(row: ContractRecord) {
  const { rights: _rights, ...rest } = contractViewDto(row, { access: 0 });
  return rest;
}

/** GET /api/contracts/{id}: the contract with the actor's rights. */
export function contractViewDto(record: ContractRecord, actor: Pick<Actor, 'access'>): ContractView {
  const { row } = record;
  return {
    _id: row.id,
    name: row.name,
    customerId: row.customerId,
    companyName: row.customer?.name ?? null,
    fromDate: row.fromDate,
    toDate: row.toDate,
    status: record.derivedStatus,
    created: iso(row.created)!,
    providerId: row.providerId,
    provider: row.provider,
    providerBank: row.providerBankId,
    providerBank2: row.providerBank2Id,
    customer: row.customer,
    customerBank: row.customerBankId,
    responsiblePerson: row.responsiblePerson,
    invoiceDate: row.invoiceDate,
    invoiceMonthlyInterval: row.invoiceMonthlyInterval as InvoiceMonthlyInterval,
    email: row.email,
    description: row.description,
    currency: row.currencyId,
    currencyCode: record.currencyCode,
    currencyName: record.currencyName,
    issued: row.status !== ContractStatus.draft,
    isAdvance: row.isAdvance,
    // Prices are for everyone but employees (roles.ts): an employee's answer has no such key.
    ...(seesPrices(actor.access) ? { pricePerMonth: row.pricePerMonth } : {}),
    managingUsers: row.managingUsers,
    createdBy: row.createdBy,
    createdByName: row.createdByName,
    registeredByName: row.registeredByName,
    registeredOn: iso(row.registeredOn),
    canceledByName: row.canceledByName,
    canceledOn: iso(row.canceledOn),
    cancelationReason: row.cancelationReason,
    updated: iso(row.updated),
    servicesCount: record.servicesCount,
    rights: contractRights(actor.access, record.derivedStatus),
  };
}
