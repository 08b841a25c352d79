import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rateLimitEvents } from '../../db/schema/index.ts';

/** The advisory lock class of the rate limits (`pg_advisory_xact_lock(class, hashtext(bucket:key))`); sign-in has 7401/7402. */
const RATE_LIMIT_LOCK = 7_403;

/** One limit: at most `limit` events of (`bucket`, `key`) in the last `windowMinutes`. */
export interface RateLimit {
  bucket: string;
  key: string;
  limit: number;
  windowMinutes: number;
}

/**
 * Admits one event under every given limit, or refuses it (null), shared by every API process through the database.
 * One transaction takes the advisory lock of each (bucket, key) — in a fixed order, so two calls never deadlock —,
 * counts the events of each window and, when every limit has room, records the event under each; the locks last
 * until the commit, so a parallel call of the same key counts this one: `limit` events pass at most, whatever the
 * concurrency. Answers the ids of the recorded events (one per limit, in the given order): a caller that counts only
 * failures (a wrong second-factor code) records first and hands them to `forgetEvents` when the attempt succeeds.
 * Events older than their window are pruned under the same lock.
 */
export async function admitEvents(db: Db, limits: readonly RateLimit[]): Promise<number[] | null> {
  if (limits.length === 0) return [];
  const lockKeys = [...new Set(limits.map((one) => `${one.bucket}:${one.key}`))].sort();
  return db.transaction(async (tx) => {
    for (const lockKey of lockKeys)
      await tx.execute(sql`select pg_advisory_xact_lock(${RATE_LIMIT_LOCK}::int, hashtext(${lockKey}))`);
    for (const one of limits) {
      const windowStart = sql`now() - make_interval(mins => ${one.windowMinutes}::int)`;
      await tx
        .delete(rateLimitEvents)
        .where(
          and(
            eq(rateLimitEvents.bucket, one.bucket),
            eq(rateLimitEvents.key, one.key),
            lt(rateLimitEvents.at, windowStart),
          ),
        );
      const [row] = await tx
        .select({ count: sql<number>`cast(count(*) as integer)` })
        .from(rateLimitEvents)
        .where(and(eq(rateLimitEvents.bucket, one.bucket), eq(rateLimitEvents.key, one.key)));
      if ((row?.count ?? 0) >= one.limit) return null;
    }
    const rows = await tx
      .insert(rateLimitEvents)
      .values(limits.map((one) => ({ bucket: one.bucket, key: one.key })))
      .returning({ id: rateLimitEvents.id });
    return rows.map((one) => one.id);
  });
}

/** Admits one event of (`bucket`, `key`) if fewer than `limit` happened in the last `windowMinutes` (see admitEvents). */
export async function admitEvent(
  db: Db,
  bucket: string,
  key: string,
  limit: number,
  windowMinutes: number,
): Promise<number | null> {
  const ids = await admitEvents(db, [{ bucket, key, limit, windowMinutes }]);
  return ids ? ids[0] : null;
}

/** Takes back recorded events (an attempt that turned out right is not counted against the limit). */
export async function forgetEvents(db: Db, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.delete(rateLimitEvents).where(inArray(rateLimitEvents.id, [...ids]));
}
