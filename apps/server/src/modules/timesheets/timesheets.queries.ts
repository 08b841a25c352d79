import {
  Access,
  isManagement,
  type TimesheetFilter,
  type TimesheetRights,
  type TimesheetRow,
  type TimesheetView,
} from '@kantora/domain';
import { and, eq, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { companies, contracts, services, timesheets, type Localized, users } from '../../db/schema/index.ts';
import { iso } from '../../http/dto.ts';
import { offsetOf, orderBy } from '../../http/paging.ts';
import type { Actor } from '../../http/actor.ts';

type Who = Pick<Actor, 'id' | 'access'>;

/**
 * WHO SEES WHICH TIMESHEET (docs/architecture.md, "Lock windows and who sees what"): management every row, an employee their own, anyone else none. A row
 * outside this answers 404 like an unknown id. The client's own visibility (clients/access.ts) decides what an
 * employee may record on, not which of their own rows they see.
 */
export function visibleTimesheets(actor: Who): SQL {
  if (isManagement(actor.access)) return sql`true`;
  if (actor.access === Access.employee) return eq(timesheets.userId, actor.id);
  return sql`false`;
}

const DAY_MS = 86_400_000;

/**
 * The lock window (docs/architecture.md, "Lock windows and who sees what"): for everyone but admin a row locks `lockDays` after it was created (counted in
 * milliseconds: "10 days" is 240 hours); admin is never locked and alone deletes.
 */
export function rightsOf(actor: Who, row: { created: string }, lockDays: number, now = Date.now()): TimesheetRights {
  const admin = actor.access === Access.admin;
  const locked = !admin && now - Date.parse(row.created) >= lockDays * DAY_MS;
  return { locked, canEdit: !locked, canDelete: admin };
}

/** The filters as SQL on `timesheets` (the same for the list, the export and the print). */
export function filterWhere(actor: Who, filter: TimesheetFilter): SQL {
  return and(
    visibleTimesheets(actor),
    filter.client ? eq(timesheets.clientId, filter.client) : undefined,
    filter.user ? eq(timesheets.userId, filter.user) : undefined,
    filter.services?.length ? inArray(timesheets.serviceId, filter.services) : undefined,
    filter.contract ? eq(timesheets.contractId, filter.contract) : undefined,
    filter.fromDate ? gte(timesheets.date, filter.fromDate) : undefined,
    filter.toDate ? lte(timesheets.date, filter.toDate) : undefined,
  )!;
}

/** The sort keys of the list and the export (both are served by an index, so no sort walks the whole table). */
export const SORT_COLUMNS = { created: timesheets.created, date: timesheets.date };
export const DEFAULT_SORT = { by: 'created', desc: true } as const;

/**
 * A row's date follows its creation, which the planner does not know: for a closed date range far back it would
 * walk the created index from the newest row. A closed range of at most NARROW_DATE_DAYS sorts the rows the date
 * index finds instead (the sort key as an expression, so the created index is not taken).
 */
const NARROW_DATE_DAYS = 400;
const narrowDates = (filter: TimesheetFilter) =>
  Boolean(filter.fromDate && filter.toDate) &&
  Date.parse(filter.toDate!) - Date.parse(filter.fromDate!) <= NARROW_DATE_DAYS * DAY_MS;
const SORT_BY_DATE_RANGE = { ...SORT_COLUMNS, created: sql`(${timesheets.created} + interval '0 seconds')` };

export function sortOf(query: { sortBy: string[]; sortDesc: boolean[] } & TimesheetFilter): SQL[] {
  return orderBy(
    { ...query, page: 1, itemsPerPage: 1 },
    narrowDates(query) ? SORT_BY_DATE_RANGE : SORT_COLUMNS,
    DEFAULT_SORT,
    timesheets.id,
    { descNullsLast: true },
  );
}

/** What a row shows, with the names of its user, client, contract and service. */
export const recordColumns = {
  id: timesheets.id,
  userId: timesheets.userId,
  firstName: users.firstName,
  lastName: users.lastName,
  clientId: timesheets.clientId,
  clientName: companies.name,
  contractId: timesheets.contractId,
  contractName: contracts.name,
  contractFromDate: contracts.fromDate,
  contractToDate: contracts.toDate,
  serviceId: timesheets.serviceId,
  serviceName: services.name,
  serviceCode: services.code,
  date: timesheets.date,
  duration: timesheets.duration,
  comment: timesheets.comment,
  created: timesheets.created,
  updated: timesheets.updated,
};

export interface TimesheetRecord {
  id: string;
  userId: string;
  firstName: Localized | null;
  lastName: Localized | null;
  clientId: string;
  clientName: Localized | null;
  contractId: string;
  contractName: Localized | null;
  contractFromDate: string | null;
  contractToDate: string | null;
  serviceId: string;
  serviceName: Localized | null;
  serviceCode: string | null;
  date: string;
  duration: number;
  comment: string;
  created: string;
  updated: string | null;
}

/** A row as the export's walk reads it: the table's own columns, the names are added from `ExportNames`. */
export const walkColumns = {
  id: timesheets.id,
  userId: timesheets.userId,
  clientId: timesheets.clientId,
  contractId: timesheets.contractId,
  serviceId: timesheets.serviceId,
  date: timesheets.date,
  duration: timesheets.duration,
  comment: timesheets.comment,
  created: timesheets.created,
  updated: timesheets.updated,
};
export type WalkRow = { [K in keyof typeof walkColumns]: TimesheetRecord[K] };
/** `walkColumns` as a select list, each column named as its key (for a query read straight from the driver). */
export const walkSelection = sql.join(
  Object.entries(walkColumns).map(([key, column]) => sql`${column} as ${sql.identifier(key)}`),
  sql`, `,
);

/** How many names of one kind a walk keeps (past it, they are read again: memory stays flat whatever the export). */
const NAMES_KEPT = 20_000;

/**
 * The names of the users, clients, contracts and services of a walk's rows, each read once (by id, for the ids its
 * cache does not have yet) instead of joined to every row: an export of 200 000 rows names a few thousand clients and
 * contracts, so it reads (and parses) each name once, not 200 000 times, and no batch hashes the clients table.
 */
export class ExportNames {
  private readonly users = new Map<string, Pick<TimesheetRecord, 'firstName' | 'lastName'>>();
  private readonly clients = new Map<string, Localized | null>();
  private readonly contracts = new Map<
    string,
    Pick<TimesheetRecord, 'contractName' | 'contractFromDate' | 'contractToDate'>
  >();
  private readonly services = new Map<string, Pick<TimesheetRecord, 'serviceName' | 'serviceCode'>>();

  /** The rows with their names (null where a name is missing, as the list's left joins give), read through `executor`. */
  async of(executor: Executor, rows: WalkRow[]): Promise<TimesheetRecord[]> {
    const missing = <V>(cache: Map<string, V>, key: (row: WalkRow) => string) => {
      if (cache.size > NAMES_KEPT) cache.clear();
      return [...new Set(rows.map(key))].filter((id) => !cache.has(id));
    };
    const users_ = missing(this.users, (row) => row.userId);
    const clients = missing(this.clients, (row) => row.clientId);
    const contracts_ = missing(this.contracts, (row) => row.contractId);
    const services_ = missing(this.services, (row) => row.serviceId);
    if (users_.length)
      for (const user of await executor
        .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
        .from(users)
        .where(inArray(users.id, users_)))
        this.users.set(user.id, { firstName: user.firstName, lastName: user.lastName });
    if (clients.length)
      for (const client of await executor
        .select({ id: companies.id, name: companies.name })
        .from(companies)
        .where(inArray(companies.id, clients)))
        this.clients.set(client.id, client.name);
    if (contracts_.length)
      for (const contract of await executor
        .select({ id: contracts.id, name: contracts.name, fromDate: contracts.fromDate, toDate: contracts.toDate })
        .from(contracts)
        .where(inArray(contracts.id, contracts_)))
        this.contracts.set(contract.id, {
          contractName: contract.name,
          contractFromDate: contract.fromDate,
          contractToDate: contract.toDate,
        });
    if (services_.length)
      for (const service of await executor
        .select({ id: services.id, name: services.name, code: services.code })
        .from(services)
        .where(inArray(services.id, services_)))
        this.services.set(service.id, { serviceName: service.name, serviceCode: service.code });
    const noUser = { firstName: null, lastName: null };
    const noContract = { contractName: null, contractFromDate: null, contractToDate: null };
    const noService = { serviceName: null, serviceCode: null };
    const records: TimesheetRecord[] = new Array(rows.length);
    for (let index = 0; index < rows.length; index++) {
      const row = rows[index];
      const user = this.users.get(row.userId) ?? noUser;
      const contract = this.contracts.get(row.contractId) ?? noContract;
      const service = this.services.get(row.serviceId) ?? noService;
      records[index] = {
        id: row.id,
        userId: row.userId,
        firstName: user.firstName,
        lastName: user.lastName,
        clientId: row.clientId,
        clientName: this.clients.get(row.clientId) ?? null,
        contractId: row.contractId,
        contractName: contract.contractName,
        contractFromDate: contract.contractFromDate,
        contractToDate: contract.contractToDate,
        serviceId: row.serviceId,
        serviceName: service.serviceName,
        serviceCode: service.serviceCode,
        date: row.date,
        duration: row.duration,
        comment: row.comment,
        created: row.created,
        updated: row.updated,
      };
    }
    return records;
  }
}

/** The rows the actor sees that match `condition`, with their names. */
export function selectTimesheets(executor: Executor, actor: Who, condition: SQL) {
  return executor
    .select(recordColumns)
    .from(timesheets)
    .leftJoin(users, eq(users.id, timesheets.userId))
    .leftJoin(companies, eq(companies.id, timesheets.clientId))
    .leftJoin(contracts, eq(contracts.id, timesheets.contractId))
    .leftJoin(services, eq(services.id, timesheets.serviceId))
    .where(and(visibleTimesheets(actor), condition));
}

/** A user's full name in both languages. */
export function fullNameOf(row: Pick<TimesheetRecord, 'firstName' | 'lastName'>): Localized | null {
  if (!row.firstName && !row.lastName) return null;
  const join = (locale: 'bg' | 'it') => [row.firstName?.[locale], row.lastName?.[locale]].filter(Boolean).join(' ');
  return { bg: join('bg'), it: join('it') };
}

export function rowDto(row: TimesheetRecord, rights: TimesheetRights): TimesheetRow {
  return {
    _id: row.id,
    user: row.userId,
    userName: fullNameOf(row),
    client: row.clientId,
    clientName: row.clientName,
    contract: row.contractId,
    contractName: row.contractName,
    service: row.serviceId,
    serviceName: row.serviceName,
    serviceCode: row.serviceCode,
    date: row.date,
    duration: row.duration,
    comment: row.comment,
    created: iso(row.created)!,
    ...rights,
  };
}

export function viewDto(
  row: TimesheetRecord,
  rights: TimesheetRights,
  lockDays: number,
  now = Date.now(),
): TimesheetView {
  return {
    ...rowDto(row, rights),
    contractFromDate: row.contractFromDate,
    contractToDate: row.contractToDate,
    updated: iso(row.updated),
    currentTime: new Date(now).toISOString(),
    lockDays,
  };
}

/** A row as logged (no rights: they depend on who looks and when). */
export function timesheetLogView(row: TimesheetRecord) {
  return {
    _id: row.id,
    user: row.userId,
    client: row.clientId,
    contract: row.contractId,
    service: row.serviceId,
    date: row.date,
    duration: row.duration,
    comment: row.comment,
    created: iso(row.created),
  };
}

/**
 * The list's queries: the page's ids (the sort and cut on `timesheets` alone, through one of its indexes; the names
 * are joined to those rows only) and the durations to count and sum (`select duration …`, for `cappedSum`; the
 * filters' indexes carry `duration`, so both read an index alone). The bench runs them directly too.
 *
 * A narrow date range seen by management without a user, client or contract filter matches tens of thousands of rows
 * at the large preset (a month: 2 % of two million), too many to sort for each page: its page is taken day by day
 * (the date index holds each day's rows newest first, so each day gives its first rows at once) and those few are
 * sorted. With a user, client or contract the rows are few and their own index serves.
 */
export function timesheetListQueries(
  actor: Who,
  query: TimesheetFilter & { sortBy: string[]; sortDesc: boolean[]; page: number; itemsPerPage: number },
): { ids: SQL; durations: SQL } {
  const where = filterWhere(actor, query);
  const offset = offsetOf(query);
  const byCreated = query.sortBy.length === 0 || (query.sortBy.length === 1 && query.sortBy[0] === 'created');
  if (
    narrowDates(query) &&
    isManagement(actor.access) &&
    !query.user &&
    !query.client &&
    !query.contract &&
    byCreated
  ) {
    const descending = query.sortBy.length === 0 || (query.sortDesc[0] ?? false);
    const direction = descending ? sql`desc nulls last` : sql`asc nulls first`;
    const sameDay = filterWhere(actor, { ...query, fromDate: undefined, toDate: undefined });
    return {
      ids: sql`select page.id from generate_series(${query.fromDate}::date, ${query.toDate}::date, interval '1 day') as days(day)
               cross join lateral (
                 select ${timesheets.id} as id, ${timesheets.created} as created from ${timesheets}
                 where ${timesheets.date} = days.day::date and ${sameDay}
                 order by ${timesheets.created} ${direction}, ${timesheets.id} limit ${offset + query.itemsPerPage}
               ) page
               order by page.created ${direction}, page.id limit ${query.itemsPerPage} offset ${offset}`,
      durations: sql`select ${timesheets.duration} as value from ${timesheets} where ${where}`,
    };
  }
  return {
    ids: sql`select ${timesheets.id} as id from ${timesheets} where ${where} order by ${sql.join(sortOf(query), sql`, `)} limit ${query.itemsPerPage} offset ${offset}`,
    durations: sql`select ${timesheets.duration} as value from ${timesheets} where ${where}`,
  };
}
