/** Mapping helpers for answers: ISO 8601 UTC timestamps and numbers from numeric columns. */

/** A timestamp from the database (text form) as ISO 8601 UTC, or null. */
export function iso(value: string | Date | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  return new Date(value).toISOString();
}
