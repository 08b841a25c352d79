import { type SQL, sql } from 'drizzle-orm';
import { companies } from '../../db/schema/index.ts';
import { likePattern } from '../../http/paging.ts';

/**
 * The lower-cased texts whose trigrams the GIN indexes of `companies` hold: the same expressions as
 * NAME_SEARCH_TEXT and CODE_SEARCH_TEXT in db/schema/clients.ts, or PostgreSQL will not use the index.
 */
const nameText = sql`lower(coalesce(${companies.name}->>'bg', '') || ' ' || coalesce(${companies.name}->>'it', ''))`;
const codeText = sql`lower(${companies.bulstat} || ' ' || ${companies.vatNumber})`;

/**
 * A case-insensitive substring condition served by a GIN index of trigrams: a needle of 3+ characters
 * first narrows to rows holding all its trigrams (`@>` on the index), then LIKE checks `text` (the
 * indexed text itself, or one column of it). Shorter needles have no trigrams and fall back to LIKE alone.
 */
function containsText(indexed: SQL, text: SQL, needle: string): SQL {
  const lowered = needle.toLowerCase();
  const like = sql`${text} like ${likePattern(lowered)}`;
  return [...lowered].length >= 3
    ? sql`(kantora_trigrams(${indexed}) @> kantora_trigrams(${lowered}) and ${like})`
    : like;
}

export const nameContains = (needle: string) => containsText(nameText, nameText, needle);
export const bulstatContains = (needle: string) => containsText(codeText, sql`lower(${companies.bulstat})`, needle);
export const vatNumberContains = (needle: string) => containsText(codeText, sql`lower(${companies.vatNumber})`, needle);

/** A uuid[] parameter from validated ids. */
export const uuidArray = (ids: readonly string[]) => sql`${`{${ids.join(',')}}`}::uuid[]`;
