import { type DictionaryKind, type DictionaryListQuery, type ListResult, MessageKeys as M } from '@kantora/domain';
import { and, asc, eq, getTableColumns, getTableName, ne, type SQL, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import { isUniqueViolation, lockName } from '../../db/sql-helpers.ts';
import { iso } from '../../http/dto.ts';
import { notFound } from '../../http/errors.ts';
import { localizedLike, localizedSort, offsetOf, orderBy, pageOf, totalCount } from '../../http/paging.ts';
import { fieldError } from '../../http/validation.ts';
import type { Actor } from '../../http/actor.ts';
import { type DictionaryConfig, dictionary, type Row } from './dictionaries.ts';
import { logChange } from '../logs/index.ts';

/** A dictionary entry as answered: `_id`, name, status, the kind's fields and the timestamps. */
export type DictionaryItem = Row & { _id: string; name: { bg: string; it: string }; status: boolean };

/** Only the fields every dictionary save has; the kind's own fields go through its config. */
interface SaveBase {
  _id?: string;
  name: { bg: string; it: string };
  status?: boolean;
}

/** The one implementation behind every simple settings list (currencies, VAT types, services, ...). */
export class DictionaryService {
  constructor(private readonly db: Db) {}

  private toItem(config: DictionaryConfig, row: Row): DictionaryItem {
    return {
      _id: row.id,
      name: row.name,
      status: row.status,
      ...config.dto(row),
      created: iso(row.created),
      updated: iso(row.updated),
    };
  }

  async list<K extends DictionaryKind>(kind: K, query: DictionaryListQuery): Promise<ListResult<DictionaryItem>> {
    const config = dictionary(kind) as DictionaryConfig;
    const t = config.table;
    const conditions: Array<SQL | undefined> = [
      query.name ? localizedLike(t.name, query.name) : undefined,
      query.status === true || query.status === false ? eq(t.status, query.status) : undefined,
      ...(config.filters?.(query as never) ?? []),
    ];
    const where = and(...conditions);
    const sort = orderBy(
      query,
      { ...localizedSort('name', t.name), status: t.status, created: t.created, ...config.sortColumns },
      config.defaultSort,
      t.id,
    );
    const rows = (await this.db
      .select({ ...getTableColumns(t), total: totalCount })
      .from(t)
      .where(where)
      .orderBy(...sort)
      .limit(query.itemsPerPage)
      .offset(offsetOf(query))) as Array<Row & { total: number }>;
    return pageOf(
      rows,
      query,
      (row) => this.toItem(config, row),
      () => this.count(t, where),
    );
  }

  private async count(table: DictionaryConfig['table'], where: SQL | undefined): Promise<number> {
    const [row] = await this.db.select({ n: sql<number>`cast(count(*) as integer)` }).from(table).where(where);
    return row.n;
  }

  private async find(
    executor: Executor,
    config: DictionaryConfig,
    id: string,
    forUpdate = false,
  ): Promise<Row | undefined> {
    const query = executor.select().from(config.table).where(eq(config.table.id, id));
    const [row] = forUpdate ? await query.for('update') : await query;
    return row as Row | undefined;
  }

  async get(kind: DictionaryKind, id: string): Promise<DictionaryItem> {
    const config = dictionary(kind) as DictionaryConfig;
    const row = await this.find(this.db, config, id);
    if (!row) throw notFound();
    return this.toItem(config, row);
  }

  /** Creates the entry when the payload has no `_id`, else updates it; writes the Log row in the same transaction. */
  async save(kind: DictionaryKind, actor: Actor, input: SaveBase): Promise<DictionaryItem> {
    const config = dictionary(kind) as DictionaryConfig;
    const t = config.table;
    try {
      return await this.db.transaction(async (tx) => {
        if (config.lock) await lockName(tx, config.lock);
        const old = input._id ? await this.find(tx, config, input._id, true) : undefined;
        if (input._id && !old) throw notFound();
        const payload = (config.resolve ? config.resolve(input as never, old) : input) as SaveBase;
        if (config.unique) await this.checkUnique(tx, config, payload, old?.id);
        await config.check?.(tx, payload as never, old?.id);
        const values = {
          ...config.values(payload as never),
          name: payload.name,
          status: payload.status ?? old?.status ?? true,
        };
        const [row] = old
          ? await tx
              .update(t)
              .set({ ...values, updated: sql`now()` })
              .where(eq(t.id, old.id))
              .returning()
          : await tx
              .insert(t)
              .values({ ...values, createdBy: actor.id })
              .returning();
        const saved = this.toItem(config, row as Row);
        await logChange(
          tx,
          { name: config.entity, model: getTableName(t) },
          { doc: saved._id, action: 'save', old: old ? this.toItem(config, old) : null, new: saved, actor },
        );
        return saved;
      });
    } catch (error) {
      // Two saves of the same code at once: the unique index decides.
      if (config.unique && isUniqueViolation(error, config.unique.constraint))
        throw fieldError(config.unique.field, M.code_already_exists);
      throw error;
    }
  }

  private async checkUnique(executor: Executor, config: DictionaryConfig, payload: SaveBase, id: string | undefined) {
    const unique = config.unique!;
    const given = (payload as Row)[unique.field];
    if (given === null || given === undefined || given === '') return;
    const value = String(given);
    const fn = unique.normalize === 'upper' ? sql`upper` : sql`lower`;
    const [taken] = await executor
      .select({ id: config.table.id })
      .from(config.table)
      .where(and(sql`${fn}(${unique.column}) = ${fn}(${value})`, id ? ne(config.table.id, id) : undefined))
      .limit(1);
    if (taken) throw fieldError(unique.field, M.code_already_exists);
  }

  /** Entries for pickers, by name: the active ones, or all of them. */
  async options(kind: DictionaryKind, includeInactive = false): Promise<DictionaryItem[]> {
    const config = dictionary(kind) as DictionaryConfig;
    const t = config.table;
    const rows = await this.db
      .select()
      .from(t)
      .where(includeInactive ? undefined : eq(t.status, true))
      .orderBy(sql`${t.name}->>'bg'`, asc(t.id));
    return rows.map((row) => this.toItem(config, row as Row));
  }
}
