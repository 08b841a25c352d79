/**
 * The receivables summary's part markers (db/change-marker.ts): the trigger function of migration 0028 replaced by
 * one that also bumps `change_marker:receivables:money`, `:hours` and `:spans` by the model of the log row, and the three rows
 * created. This is the SQL of the migration that installs them (each string one statement); a test applies it to its
 * own database (idempotent: it may run after that migration too).
 */
import { sql } from 'drizzle-orm';
import type { Executor } from '../src/db/client.ts';

export const RECEIVABLES_PART_MARKERS_SQL = [
  `CREATE OR REPLACE FUNCTION kantora_bump_receivables_marker() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Each marker once a transaction: the first log row that moves it bumps, the others find it done.
  IF coalesce(current_setting('kantora.receivables_marker_bumped', true), '') <> '1' THEN
    PERFORM set_config('kantora.receivables_marker_bumped', '1', true);
    INSERT INTO app_meta (key, value) VALUES ('change_marker:receivables', '1')
      ON CONFLICT (key) DO UPDATE SET value = cast(cast(app_meta.value AS bigint) + 1 AS text);
  END IF;
  -- The money (dues, aging, top debtors, invoiced and paid per month).
  IF NEW.model IN ('billing_documents', 'billing_items', 'billing_payments', 'companies', 'currencies')
      AND coalesce(current_setting('kantora.receivables_money_bumped', true), '') <> '1' THEN
    PERFORM set_config('kantora.receivables_money_bumped', '1', true);
    INSERT INTO app_meta (key, value) VALUES ('change_marker:receivables:money', '1')
      ON CONFLICT (key) DO UPDATE SET value = cast(cast(app_meta.value AS bigint) + 1 AS text);
  END IF;
  -- The hours (recorded and billed): a payment's log row of its document changes the paid amount only.
  IF (NEW.model IN ('timesheets', 'contract_billed_periods', 'contracts', 'contract_services')
      OR (NEW.model = 'billing_documents' AND NEW.action NOT IN ('savePayment', 'removePayment')))
      AND coalesce(current_setting('kantora.receivables_hours_bumped', true), '') <> '1' THEN
    PERFORM set_config('kantora.receivables_hours_bumped', '1', true);
    INSERT INTO app_meta (key, value) VALUES ('change_marker:receivables:hours', '1')
      ON CONFLICT (key) DO UPDATE SET value = cast(cast(app_meta.value AS bigint) + 1 AS text);
  END IF;
  -- The invoiced spans (the billed periods and whether an issued invoice bills them): the hours' but timesheets.
  IF (NEW.model IN ('contract_billed_periods', 'contracts', 'contract_services')
      OR (NEW.model = 'billing_documents' AND NEW.action NOT IN ('savePayment', 'removePayment')))
      AND coalesce(current_setting('kantora.receivables_spans_bumped', true), '') <> '1' THEN
    PERFORM set_config('kantora.receivables_spans_bumped', '1', true);
    INSERT INTO app_meta (key, value) VALUES ('change_marker:receivables:spans', '1')
      ON CONFLICT (key) DO UPDATE SET value = cast(cast(app_meta.value AS bigint) + 1 AS text);
  END IF;
  RETURN NULL;
END
$$`,
  `INSERT INTO app_meta (key, value) VALUES ('change_marker:receivables:money', '0'),
  ('change_marker:receivables:hours', '0'), ('change_marker:receivables:spans', '0') ON CONFLICT (key) DO NOTHING`,
];

export async function installPartMarkers(executor: Executor): Promise<void> {
  for (const statement of RECEIVABLES_PART_MARKERS_SQL) await executor.execute(sql.raw(statement));
}
