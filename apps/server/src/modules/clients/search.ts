import { type SQL, sql } from 'drizzle-orm';
import { companies } from '../../db/schema/index.ts';
import { likePattern } from '../../http/paging.ts';

/**
 * The lower-cased texts the substring filters search: the same expressions as the pg_trgm GIN indexes of
 * `companies` (NAME_SEARCH_TEXT, `lower(bulstat)`, `lower(vat_number)` in db/schema/clients.ts), or PostgreSQL
 * will not use them.
 */
const nameText = sql`lower(coalesce(${companies.name}->>'bg', '') || ' ' || coalesce(${companies.name}->>'it', ''))`;

/**
 * A case-insensitive substring condition: `lower(text) like '%needle%'` (the needle lower-cased, LIKE wildcards
 * escaped). A `gin_trgm_ops` index of the same expression serves it (lossy: PostgreSQL rechecks each candidate with
 * this very condition, so the answers are LIKE's), and the planner estimates its rows from the expression's
 * statistics. A needle of 1–2 characters has no trigram: the planner scans instead.
 */
function containsText(text: SQL, needle: string): SQL {
  return sql`${text} like ${likePattern(needle.toLowerCase())}`;
}

export const nameContains = (needle: string) => containsText(nameText, needle);
export const bulstatContains = (needle: string) => containsText(sql`lower(${companies.bulstat})`, needle);
export const vatNumberContains = (needle: string) => containsText(sql`lower(${companies.vatNumber})`, needle);

/** A uuid[] parameter from validated ids. */
export const uuidArray = (ids: readonly string[]) => sql`${`{${ids.join(',')}}`}::uuid[]`;
