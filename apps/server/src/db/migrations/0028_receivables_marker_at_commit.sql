-- The receivables summary's change marker (db/change-marker.ts) moves at commit: a deferred constraint trigger on the
-- log rows of the tables the summary reads. Bumped at commit, the marker's row lock is the last lock a transaction
-- takes and is held only while it commits, so writers never wait on it while holding other rows (no deadlock with a
-- transaction that logs first and locks later), and every logged change moves it, whatever code wrote the log row.
CREATE OR REPLACE FUNCTION kantora_bump_receivables_marker() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Once a transaction: the first log row of a change bumps, the others of the same transaction find it done.
  IF current_setting('kantora.receivables_marker_bumped', true) = '1' THEN
    RETURN NULL;
  END IF;
  PERFORM set_config('kantora.receivables_marker_bumped', '1', true);
  INSERT INTO app_meta (key, value) VALUES ('change_marker:receivables', '1')
    ON CONFLICT (key) DO UPDATE SET value = cast(cast(app_meta.value AS bigint) + 1 AS text);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER logs_receivables_marker AFTER INSERT ON logs DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (NEW.type <> 'event' AND NEW.model IN ('billing_documents', 'billing_items', 'billing_payments',
    'contract_billed_periods', 'contracts', 'contract_services', 'companies', 'currencies', 'timesheets'))
  EXECUTE FUNCTION kantora_bump_receivables_marker();
