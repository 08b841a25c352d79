import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import { companies } from '../../db/schema/index.ts';
import { likePattern } from '../../http/paging.ts';

/**
 * The lower-cased texts the generated trigram columns of `companies` are built from (the migration's
 * expressions, column for column). A filter rechecks with LIKE on the same text.
 */
export const nameSearchText = sql`lower(coalesce(${companies.name}->>'bg', '') || ' ' || coalesce(${companies.name}->>'it', ''))`;
export const bulstatSearchText = sql`lower(${companies.bulstat})`;
export const vatNumberSearchText = sql`lower(${companies.vatNumber})`;

/**
 * A case-insensitive substring condition served by a GIN index of trigrams: a needle of 3+ characters
 * first narrows to rows holding all its trigrams (`@>` on the index), then LIKE checks the text.
 * Shorter needles have no trigrams and fall back to LIKE alone.
 */
export function containsText(trigrams: AnyColumn, text: SQL, needle: string): SQL {
  const lowered = needle.toLowerCase();
  const like = sql`${text} like ${likePattern(lowered)}`;
  return [...lowered].length >= 3 ? sql`(${trigrams} @> kantora_trigrams(${lowered}) and ${like})` : like;
}

export const nameContains = (needle: string) => containsText(companies.nameTrigrams, nameSearchText, needle);
export const bulstatContains = (needle: string) => containsText(companies.codeTrigrams, bulstatSearchText, needle);
export const vatNumberContains = (needle: string) => containsText(companies.codeTrigrams, vatNumberSearchText, needle);

/** A uuid[] parameter from validated ids. */
export const uuidArray = (ids: readonly string[]) => sql`${`{${ids.join(',')}}`}::uuid[]`;
