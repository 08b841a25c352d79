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
 * while holding other rows. `bumpChangeMarker` is for a write that bypasses the log (tests, repairs).
 *
 * The summary's two parts have a marker each once the trigger's function bumps them (the rows
 * `change_marker:receivables:money` and `:hours` exist; see `RECEIVABLES_PART_MARKERS_SQL` in the tests, the migration
 * that installs it): `money` (the dues, aging, top debtors, invoiced and paid per month) moves for the invoices and
 * notices, their rows, payments, clients and currencies; `hours` for timesheets, contracts and their services and
 * billed periods, and the invoices and notices but for a payment's own document log row (a payment changes a
 * document's paid amount, never whether it is an issued invoice); `spans` (the invoiced spans the billed hours are
 * read by) for the same but timesheets. While a part's row is missing the part goes by
 * `receivables` (every change), so the cache is right with or without that function.
 */
export type ChangeMarker = 'receivables';

/** The parts of the receivables summary cached apart. */
export type ReceivablesPart = 'money' | 'hours' | 'spans';

const KEY: Record<ChangeMarker, string> = { receivables: 'change_marker:receivables' };
const PART_KEY: Record<ReceivablesPart, string> = {
  money: 'change_marker:receivables:money',
  hours: 'change_marker:receivables:hours',
  spans: 'change_marker:receivables:spans',
};

/** The executors (a transaction's object) that have bumped a marker already: one bump per transaction is enough. */
const bumped = new WeakMap<object, Set<ChangeMarker>>();

/** Adds one to the marker, in the executor's transaction (once per transaction object). */
export async function bumpChangeMarker(executor: Executor, marker: ChangeMarker): Promise<void> {
  const done = bumped.get(executor);
  if (done?.has(marker)) return;
  await executor.execute(sql`insert into app_meta (key, value) values (${KEY[marker]}, '1')
    on conflict (key) do update set value = cast(cast(app_meta.value as bigint) + 1 as text)`);
  // The parts' markers move too where they exist (never created here: their rows tell that the trigger bumps them).
  await executor.execute(sql`update app_meta set value = cast(cast(value as bigint) + 1 as text)
    where key in (${PART_KEY.money}, ${PART_KEY.hours}, ${PART_KEY.spans})`);
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

/**
 * The receivables summary's parts' markers, read in one look-up: a part's own counter where its row exists, else the
 * `receivables` marker (prefixed, so that a part's key changes when its own row appears).
 */
export async function readReceivablesMarkers(executor: Executor): Promise<Record<ReceivablesPart, string>> {
  const rows = await queryRows<{ key: string; value: string }>(
    executor,
    sql`select key, value from app_meta
      where key in (${KEY.receivables}, ${PART_KEY.money}, ${PART_KEY.hours}, ${PART_KEY.spans})`,
  );
  const value = (key: string) => rows.find((row) => row.key === key)?.value;
  const all = `all:${value(KEY.receivables) ?? '0'}`;
  return {
    money: value(PART_KEY.money) ?? all,
    hours: value(PART_KEY.hours) ?? all,
    spans: value(PART_KEY.spans) ?? all,
  };
}
