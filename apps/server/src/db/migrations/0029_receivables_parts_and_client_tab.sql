-- A client's tab of the register in its default order (billing_documents_customer_number_idx), the recorded hours of
-- the receivables summary from a narrow index (timesheets_date_duration_idx), and the summary's cache in three parts:
-- the trigger of 0028 now also moves a marker per part (money; hours; the invoiced spans), each once a transaction at
-- commit, so that a timesheet recomputes only the hours and a payment only the money (receivables.queries.ts).
CREATE INDEX IF NOT EXISTS "billing_documents_customer_number_idx" ON "billing_documents" USING btree ("customer_id","kind","number" DESC NULLS FIRST,"created" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "timesheets_date_duration_idx" ON "timesheets" USING btree ("date","duration");--> statement-breakpoint
CREATE OR REPLACE FUNCTION kantora_bump_receivables_marker() RETURNS trigger LANGUAGE plpgsql AS $$
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
$$;--> statement-breakpoint
INSERT INTO app_meta (key, value) VALUES ('change_marker:receivables:money', '0'),
  ('change_marker:receivables:hours', '0'), ('change_marker:receivables:spans', '0') ON CONFLICT (key) DO NOTHING;
