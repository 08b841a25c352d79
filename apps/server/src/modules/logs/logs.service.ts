import type { ListResult, LogEntry, LogListQuery } from '@kantora/domain';
import { and, eq, getTableColumns, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { cappedCount, type ListTotal, queryRows, sofiaDayStart } from '../../db/sql-helpers.ts';
import { logs } from '../../db/schema/index.ts';
import { iso } from '../../http/dto.ts';
import { notFound } from '../../http/errors.ts';
import { offsetOf, orderBy } from '../../http/paging.ts';

type LogRow = typeof logs.$inferSelect;

export { EXACT_COUNT_LIMIT } from '../../db/sql-helpers.ts';

const { documents: _documents, ...listColumns } = getTableColumns(logs);

function logDto(row: Omit<LogRow, 'documents'> & { documents?: LogRow['documents'] }): LogEntry {
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
export type LogDto = LogEntry;

export class LogsService {
  constructor(private readonly db: Db) {}

  async list(query: LogListQuery): Promise<ListResult<LogDto>> {
    const entity = query.model ?? query.name;
    const where = and(
      query.action ? eq(logs.action, query.action) : undefined,
      entity ? eq(logs.name, entity) : undefined,
      query.employee ? eq(logs.createdBy, query.employee) : undefined,
      query.fromDate ? gte(logs.created, sofiaDayStart(query.fromDate)) : undefined,
      query.toDate ? lt(logs.created, sofiaDayStart(query.toDate, 1)) : undefined,
    );
    const sort = orderBy(
      query,
      { created: logs.created, action: logs.action, name: logs.name, model: logs.model, type: logs.type },
      { by: 'created', desc: true },
      logs.id,
      { descNullsLast: true },
    );
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
    // An estimate below what a page shows is raised to it; a page past the end has no rows and tells nothing.
    const seen = rows.length > 0 ? offsetOf(query) + rows.length : 0;
    return {
      Items: rows.map(logDto),
      Total: Math.max(total.count, seen),
      Page: query.page,
      ...(total.estimated ? { Estimated: true } : {}),
      ...(total.capped ? { Capped: true } : {}),
    };
  }

  /** The exact count up to EXACT_COUNT_LIMIT, else the planner's estimate, or `capped` (more than the limit). */
  private total(where: SQL | undefined): Promise<ListTotal> {
    return cappedCount(this.db, sql`select 1 from ${logs} where ${where ?? sql`true`}`);
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
