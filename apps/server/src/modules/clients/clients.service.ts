import {
  type ClientOptionsQuery,
  type CompanyListQuery,
  type CompanySaveInput,
  type CompanySearchQuery,
  identifierWarnings,
  isNewClientBankFilled,
  type ListResult,
  MessageKeys as M,
} from '@kantora/domain';
import { and, eq, ne, type SQL, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import { estimatedRows, isUniqueViolation } from '../../db/sql-helpers.ts';
import { companies } from '../../db/schema/index.ts';
import { AppError } from '../../http/errors.ts';
import { localizedSort, offsetOf, orderBy } from '../../http/paging.ts';
import { fieldError, validationError } from '../../http/validation.ts';
import type { BankDto, BanksService } from '../banks/index.ts';
import type { Actor } from '../../http/actor.ts';
import { writeLog } from '../logs/index.ts';
import { clientNotFound, visibleClients } from './access.ts';
import type { OfficesService } from './offices.service.ts';
import { checkPeople, nameOfUser } from './people.ts';
import { bulstatContains, nameContains, uuidArray, vatNumberContains } from './search.ts';
import {
  type CompanyDto,
  type CompanyRow,
  companyColumns,
  companyDto,
  clientListColumns,
  type OfficeDto,
  userNameOf,
} from './views.ts';

const nameBg = sql`(${companies.name}->>'bg')`;
const SORT_COLUMNS = {
  ...localizedSort('name', companies.name),
  name: nameBg,
  'name.bg': nameBg,
  bulstat: companies.bulstat,
  vatNumber: companies.vatNumber,
  phone: companies.phone,
  email: companies.email,
  status: companies.status,
  created: companies.created,
};

export type CompanySaveResult = CompanyDto & { warnings: string[]; office?: OfficeDto; bank?: BankDto | null };

/** The conditions of the clients filter, inside what the actor may see. */
function listWhere(actor: Actor, query: CompanyListQuery): SQL | undefined {
  const bulstat = query.bulstat?.replace(/\s+/g, '');
  const vatNumber = query.vatNumber?.replace(/\s+/g, '');
  return and(
    visibleClients(actor),
    query.name ? nameContains(query.name) : undefined,
    bulstat ? bulstatContains(bulstat) : undefined,
    vatNumber ? vatNumberContains(vatNumber) : undefined,
    query.status === null ? undefined : eq(companies.status, query.status),
    query.referent ? eq(companies.referentId, query.referent) : undefined,
    query.managingUsers.length > 0 ? sql`${companies.managingUsers} && ${uuidArray(query.managingUsers)}` : undefined,
  );
}

/**
 * The same orders as SORT_COLUMNS through expressions no index holds (`|| ''` on a text, `::int` on the status, `+ 0
 * seconds` on a timestamp: the same order, the same nulls), so that PostgreSQL sorts the matching rows instead of
 * walking an index in the sort's order.
 */
const SORT_COLUMNS_OF_MATCHES = {
  ...SORT_COLUMNS,
  name: sql`(${nameBg} || '')`,
  'name.bg': sql`(${nameBg} || '')`,
  status: sql`(${companies.status})::int`,
  created: sql`(${companies.created} + interval '0 seconds')`,
};

/**
 * A filtered list whose matches the planner estimates at most this many sorts them (found through the filter's own
 * index: trigrams, referent, managing users) rather than walking the (status, name) index until it has a page: a name
 * filter matches names that sort together ("пирин": 400 clients, all under П, 13 000 rows walked before the first),
 * and a filter with the employee's own conditions matches fewer rows than the planner expects.
 */
const SORT_MATCHES_UP_TO = 2_000;

/** True when the planner expects at most SORT_MATCHES_UP_TO clients to match (one EXPLAIN, about 0.2 ms). */
async function fewMatches(db: Db, where: SQL | undefined): Promise<boolean> {
  return (await estimatedRows(db, sql`select 1 from ${companies} where ${where ?? sql`true`}`)) <= SORT_MATCHES_UP_TO;
}

/** POST /api/companies/list: the page and the exact total (at most the 20 000s of clients, from indexes). */
export async function clientList(db: Db, actor: Actor, query: CompanyListQuery) {
  const where = listWhere(actor, query);
  const filtered =
    Boolean(query.name || query.bulstat?.trim() || query.vatNumber?.trim() || query.referent) ||
    query.managingUsers.length > 0;
  const page = async () => {
    const few = filtered && (await fewMatches(db, where));
    const sort = orderBy(
      query,
      few ? SORT_COLUMNS_OF_MATCHES : SORT_COLUMNS,
      { by: 'name', desc: false },
      companies.id,
    );
    return db
      .select(clientListColumns)
      .from(companies)
      .where(where)
      .orderBy(...sort)
      .limit(query.itemsPerPage)
      .offset(offsetOf(query));
  };
  const [rows, [{ n }]] = await Promise.all([
    page(),
    db.select({ n: sql<number>`cast(count(*) as integer)` }).from(companies).where(where),
  ]);
  return { Items: rows, Total: n, Page: query.page };
}

/** Client companies: the list, the client page, its save, the autocomplete and the picker look-up. */
export class ClientsService {
  constructor(
    private readonly db: Db,
    private readonly services: { offices: OfficesService; banks: BanksService },
  ) {}

  /** The page and the total in parallel (clientList). */
  list(actor: Actor, query: CompanyListQuery) {
    return clientList(this.db, actor, query);
  }

  private async count(where: SQL | undefined): Promise<number> {
    const [row] = await this.db.select({ n: sql<number>`cast(count(*) as integer)` }).from(companies).where(where);
    return row.n;
  }

  /** The client autocomplete: visible clients whose name, bulstat or VAT number contains the text, by name. */
  async search(
    actor: Actor,
    query: CompanySearchQuery,
  ): Promise<
    ListResult<{
      _id: string;
      name: { bg: string; it: string };
      bulstat: string;
      vatNumber: string;
      status: boolean;
      paymentTermDays: number | null;
    }>
  > {
    const text = query.name;
    const compact = text?.replace(/\s+/g, '');
    const where = and(
      visibleClients(actor),
      query.status === null ? undefined : eq(companies.status, query.status),
      text
        ? sql`(${nameContains(text)} or ${compact ? bulstatContains(compact) : sql`false`} or ${compact ? vatNumberContains(compact) : sql`false`})`
        : undefined,
    );
    // A text's matches sorted by name when few (as the list's: they sort together), else the name index walked.
    const page = async () => {
      const order = text && (await fewMatches(this.db, where)) ? sql`(${nameBg} || '')` : nameBg;
      return (
        this.db
          // The payment term: the billing editor fills a new document's due date from it.
          .select({
            _id: companies.id,
            name: companies.name,
            bulstat: companies.bulstat,
            vatNumber: companies.vatNumber,
            status: companies.status,
            paymentTermDays: companies.paymentTermDays,
          })
          .from(companies)
          .where(where)
          .orderBy(order, companies.id)
          .limit(query.itemsPerPage)
          .offset((query.page - 1) * query.itemsPerPage)
      );
    };
    const [rows, total] = await Promise.all([page(), this.count(where)]);
    return { Items: rows, Total: total, Page: query.page };
  }

  /** POST /api/metaData/getClients: the active clients the actor sees, `{ _id, name }`, by name. */
  async options(actor: Actor, query: ClientOptionsQuery) {
    return this.db
      .select({ _id: companies.id, name: companies.name })
      .from(companies)
      .where(and(visibleClients(actor), eq(companies.status, true), query.name ? nameContains(query.name) : undefined))
      .orderBy(nameBg, companies.id);
  }

  private async find(executor: Executor, actor: Actor, id: string, forUpdate = false) {
    const query = executor
      .select({ ...companyColumns, referentName: userNameOf(companies.referentId) })
      .from(companies)
      .where(and(eq(companies.id, id), visibleClients(actor)));
    const [row] = forUpdate ? await query.for('update', { of: companies }) : await query;
    if (!row) throw clientNotFound();
    return row;
  }

  async get(actor: Actor, id: string): Promise<CompanyDto> {
    const { referentName, ...row } = await this.find(this.db, actor, id);
    return companyDto(row, referentName);
  }

  /** The client page's header. */
  async details(actor: Actor, id: string) {
    const row = await this.find(this.db, actor, id);
    return {
      _id: row.id,
      name: row.name,
      bulstat: row.bulstat,
      vatNumber: row.vatNumber,
      status: row.status,
      created: companyDto(row).created,
      createdBy: row.createdBy,
      createdByName: row.createdByName ?? { bg: '', it: '' },
    };
  }

  /**
   * Creates or updates a client. A new client may come with its first office (the headquarters) and
   * its bank; all of it commits in one transaction or none of it does. Doubtful identifiers
   * answer `warnings`, not errors.
   */
  async save(actor: Actor, input: CompanySaveInput): Promise<CompanySaveResult> {
    const warnings = identifierWarnings(input);
    try {
      return await this.db.transaction(async (tx) => {
        const old = input._id ? await this.find(tx, actor, input._id, true) : undefined;
        const [taken] = await tx
          .select({ id: companies.id })
          .from(companies)
          .where(
            and(sql`lower(${companies.bulstat}) = lower(${input.bulstat})`, old ? ne(companies.id, old.id) : undefined),
          )
          .limit(1);
        if (taken) throw fieldError('bulstat', M.bulstat_already_exists);
        const access = {
          referentId: input.referent,
          clientUsers: [...new Set(input.clientUsers ?? old?.clientUsers ?? [])],
          managingUsers: [...new Set(input.managingUsers ?? old?.managingUsers ?? [])],
          managingUsersAll: input.managingUsersAll ?? old?.managingUsersAll ?? false,
        };
        await checkPeople(tx, access, old);
        const values = {
          name: input.name,
          bulstat: input.bulstat,
          vatNumber: input.vatNumber,
          responsiblePerson: input.responsiblePerson,
          status: input.status ?? old?.status ?? true,
          phone: input.phone,
          email: input.email,
          comment: input.comment,
          notificationsEmails: input.notificationsEmails,
          subscription: input.subscription,
          // Missing keeps the stored term; null: the invoice defaults' term.
          paymentTermDays: input.paymentTermDays !== undefined ? input.paymentTermDays : (old?.paymentTermDays ?? null),
          // Missing keeps the stored flag (a new client: reminders on).
          noReminders: input.noReminders ?? old?.noReminders ?? false,
          ...access,
        };
        const [row]: CompanyRow[] = old
          ? await tx
              .update(companies)
              .set({ ...values, updated: sql`now()` })
              .where(eq(companies.id, old.id))
              .returning(companyColumns)
          : await tx
              .insert(companies)
              .values({ ...values, createdBy: actor.id, createdByName: actor.fullName })
              .returning(companyColumns);
        const saved = companyDto(row, await nameOfUser(tx, row.referentId));
        await writeLog(tx, {
          name: 'Company',
          doc: row.id,
          model: 'companies',
          type: old ? 'update' : 'create',
          action: 'save',
          old: old ? companyDto(old, old.referentName) : null,
          new: saved,
          actor,
        });
        if (old) return { ...saved, warnings };
        const office = input.office
          ? await this.services.offices.insertHeadquarters(tx, actor, row.id, input.office)
          : undefined;
        const bank = await this.saveFirstBank(tx, actor, row.id, input.bank);
        return { ...saved, warnings, ...(office ? { office } : {}), bank };
      });
    } catch (error) {
      if (isUniqueViolation(error, 'companies_bulstat_uq')) throw fieldError('bulstat', M.bulstat_already_exists);
      throw error;
    }
  }

  /** The new client's bank card, when some field is filled; its field errors answer under `bank.`. */
  private async saveFirstBank(
    tx: Executor,
    actor: Actor,
    companyId: string,
    bank: CompanySaveInput['bank'],
  ): Promise<BankDto | null> {
    if (!bank || !isNewClientBankFilled(bank)) return null;
    try {
      return await this.services.banks.save(actor, { ...bank, companyId, default: false, default2: false }, tx);
    } catch (error) {
      if (error instanceof AppError && error.status === 400) {
        const errors = error.errors?.length ? error.errors : [{ field: '', message: error.key }];
        throw validationError(errors.map((e) => ({ field: e.field ? `bank.${e.field}` : 'bank', message: e.message })));
      }
      throw error;
    }
  }
}
