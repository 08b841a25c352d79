import type { ListResult, LogListQuery } from '@kantora/domain';
import { and, eq, getTableColumns, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows, sofiaDayStart } from '../../db/sql-helpers.ts';
import { logs } from '../../db/schema/index.ts';
import { iso } from '../../http/dto.ts';
import { notFound } from '../../http/errors.ts';
import { offsetOf, orderBy } from '../../http/paging.ts';

type LogRow = typeof logs.$inferSelect;

/** Lists count exactly up to this many rows; past it the planner's estimate stands in (a count of 500 000 rows costs more than the page). */
export const EXACT_COUNT_LIMIT = 10_000;

const { documents: _documents, ...listColumns } = getTableColumns(logs);

function logDto(row: Omit<LogRow, 'documents'> & { documents?: LogRow['documents'] }) {
  return {
    _id: row.id,
    name: row.name,
    doc: row.doc,
    model: row.model,
    type: row.type,
    action: row.action,
    ...(row.documents ? { documents: row.documents } : {}),
    createdBy: row.createdBy,
    createdByName: row.createdByName,
    ip: row.ip,
    created: iso(row.created),
  };
}
export type LogDto = ReturnType<typeof logDto>;

export class LogsService {
  constructor(private readonly db: Db) {}

  async list(query: LogListQuery): Promise<ListResult<LogDto> & { Estimated?: boolean }> {
    const entity = query.model ?? query.name;
    const where = and(
      query.action ? eq(logs.action, query.action) : undefined,
      entity ? eq(logs.name, entity) : undefined,
      query.employee ? eq(logs.createdBy, query.employee) : undefined,
      query.fromDate ? gte(logs.created, sofiaDayStart(query.fromDate)) : undefined,
      query.toDate ? lt(logs.created, sofiaDayStart(query.toDate, 1)) : undefined,
    );
    const sort = orderBy(query, { created: logs.created, action: logs.action, name: logs.name, model: logs.model, type: logs.type }, { by: 'created', desc: true }, logs.id, { descNullsLast: true });
    const [rows, total] = await Promise.all([
      this.db
        .select(listColumns)
        .from(logs)
        .where(where)
        .orderBy(...sort)
        .limit(query.itemsPerPage)
        .offset(offsetOf(query)),
      this.total(where),
    ]);
    return { Items: rows.map(logDto), Total: Math.max(total.count, rows.length + offsetOf(query)), Page: query.page, ...(total.estimated ? { Estimated: true } : {}) };
  }

  /** The exact count up to EXACT_COUNT_LIMIT, else the planner's estimate (never below the limit). */
  private async total(where: SQL | undefined): Promise<{ count: number; estimated: boolean }> {
    const condition = where ?? sql`true`;
    const [{ n }] = await queryRows<{ n: number }>(this.db, sql`select cast(count(*) as integer) as n from (select 1 from ${logs} where ${condition} limit ${EXACT_COUNT_LIMIT + 1}) capped`);
    if (Number(n) <= EXACT_COUNT_LIMIT) return { count: Number(n), estimated: false };
    const [plan] = await queryRows<{ 'QUERY PLAN': unknown }>(this.db, sql`explain (format json) select 1 from ${logs} where ${condition}`);
    const parsed = typeof plan['QUERY PLAN'] === 'string' ? JSON.parse(plan['QUERY PLAN']) : plan['QUERY PLAN'];
    const estimate = Math.round(Number(parsed?.[0]?.Plan?.['Plan Rows'] ?? 0));
    return { count: Math.max(estimate, EXACT_COUNT_LIMIT + 1), estimated: true };
  }

  async get(id: string): Promise<LogDto> {
    const [row] = await this.db.select().from(logs).where(eq(logs.id, id));
    if (!row) throw notFound();
    return logDto(row);
  }

  /** The distinct actions, read by skipping through the (action, created) index instead of scanning every row. */
  async allActions(): Promise<string[]> {
    const rows = await queryRows<{ action: string }>(
      this.db,
      sql`with recursive found(action) as (
            (select action from ${logs} order by action limit 1)
            union all
            select (select l.action from ${logs} l where l.action > found.action order by l.action limit 1) from found where found.action is not null
          )
          select action from found where action is not null`,
    );
    return rows.map((row) => row.action);
  }
}
