import { asc, desc, type SQL, sql } from 'drizzle-orm';
import type { AnyColumn } from 'drizzle-orm';
import type { ListQuery } from '@kantora/domain';
import { badRequest } from './errors.ts';

export type SortColumns = Record<string, AnyColumn | SQL>;

/**
 * ORDER BY terms from the request's sortBy/sortDesc, accepting only whitelisted columns.
 * A tie-breaker column keeps paging stable.
 *
 * `descNullsLast` matches indexes declared with `.desc()` (drizzle writes them DESC NULLS LAST): the
 * terms become `desc nulls last` / `asc nulls first`, which such an index (or its backward scan)
 * serves, where a plain `desc` (NULLS FIRST) makes PostgreSQL sort the whole table instead.
 */
export function orderBy(
  query: ListQuery,
  columns: SortColumns,
  fallback: { by: string; desc: boolean },
  tieBreaker: AnyColumn,
  options: { descNullsLast?: boolean } = {},
): SQL[] {
  const requested = query.sortBy.length > 0 ? query.sortBy : [fallback.by];
  const terms: SQL[] = requested.map((key, index) => {
    const column = Object.hasOwn(columns, key) ? columns[key] : undefined;
    if (!column) throw badRequest('invalid_value', [{ field: 'sortBy', message: 'invalid_value' }]);
    const descending = query.sortBy.length > 0 ? (query.sortDesc[index] ?? false) : fallback.desc;
    if (options.descNullsLast) return descending ? sql`${column} desc nulls last` : sql`${column} asc nulls first`;
    return descending ? desc(column) : asc(column);
  });
  terms.push(asc(tieBreaker));
  return terms;
}

export function offsetOf(query: ListQuery): number {
  return (query.page - 1) * query.itemsPerPage;
}

/** `count(*) over()` gives the total in the same query as the page. */
export const totalCount = sql<number>`cast(count(*) over() as integer)`;

/** Escapes LIKE wildcards in user text. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Sort keys of a localized jsonb column: `key` (Bulgarian, the default locale), `key.bg`, `key.it`. */
export function localizedSort(key: string, column: AnyColumn): SortColumns {
  return {
    [key]: sql`${column}->>'bg'`,
    [`${key}.bg`]: sql`${column}->>'bg'`,
    [`${key}.it`]: sql`${column}->>'it'`,
  };
}

/** A condition matching text in either language of a localized jsonb column (LIKE wildcards escaped). */
export function localizedLike(column: AnyColumn, text: string): SQL {
  const pattern = likePattern(text);
  return sql`(${column}->>'bg' ilike ${pattern} or ${column}->>'it' ilike ${pattern})`;
}

/**
 * `{ Items, Total, Page }` from rows that carry `total` (count(*) over()). A page past the end has no
 * rows to carry the total, so it is counted separately then.
 */
export async function pageOf<Row extends { total: number }, Item>(
  rows: Row[],
  query: ListQuery,
  toItem: (row: Row) => Item,
  recount: () => Promise<number>,
): Promise<{ Items: Item[]; Total: number; Page: number }> {
  const total = rows.length > 0 ? rows[0].total : query.page > 1 ? await recount() : 0;
  return { Items: rows.map(toItem), Total: total, Page: query.page };
}
