import { sql } from 'drizzle-orm';
import type { Executor } from './client.ts';
import { queryRows } from './sql-helpers.ts';

/**
 * A change marker: a counter row in app_meta, bumped in the transaction of a change, so that a reader can tell in
 * one primary-key look-up whether anything it depends on has changed since it last looked. Being an ordinary row it
 * is transactional: a bump is seen exactly when its change is (a rolled back change rolls its bump back), and two
 * changes bumping at once wait for each other on the row, so the counter only grows and never hides a commit (unlike
 * a timestamp or a sequence, whose values are taken before the commit and can be overtaken by it).
 *
 * `receivables`: bumped at commit by every logged change of the tables the receivables summary reads (the deferred
 * trigger `logs_receivables_marker` of migration 0028 on the log rows: the invoices and notices and their rows,
 * payments, timesheets, contracts and their billed periods, clients, currencies; once a transaction). Taken at
 * commit, the row's lock is the last a writer takes and is held only while it commits, so no writer waits on it
 * while holding other rows. The summary's cache (receivables.queries.ts) is valid while the counter is the one read
 * before the summary was computed. `bumpChangeMarker` is for a write that bypasses the log (tests, repairs).
 */
export type ChangeMarker = 'receivables';

const KEY: Record<ChangeMarker, string> = { receivables: 'change_marker:receivables' };

/** The executors (a transaction's object) that have bumped a marker already: one bump per transaction is enough. */
const bumped = new WeakMap<object, Set<ChangeMarker>>();

/** Adds one to the marker, in the executor's transaction (once per transaction object). */
export async function bumpChangeMarker(executor: Executor, marker: ChangeMarker): Promise<void> {
  const done = bumped.get(executor);
  if (done?.has(marker)) return;
  await executor.execute(sql`insert into app_meta (key, value) values (${KEY[marker]}, '1')
    on conflict (key) do update set value = cast(cast(app_meta.value as bigint) + 1 as text)`);
  // Only a transaction's object is remembered: a bump outside one (the pool's executor) commits on its own.
  if ('rollback' in executor) {
    if (done) done.add(marker);
    else bumped.set(executor, new Set([marker]));
  }
}

/** The marker's value now ('0' before its first bump). */
export async function readChangeMarker(executor: Executor, marker: ChangeMarker): Promise<string> {
  const rows = await queryRows<{ value: string }>(executor, sql`select value from app_meta where key = ${KEY[marker]}`);
  return rows[0]?.value ?? '0';
}
