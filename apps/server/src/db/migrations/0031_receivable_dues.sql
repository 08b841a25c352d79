-- The receivables summary's dues kept per invoice (storedReceivableDues in schema/receivables.ts) by a trigger.
CREATE TABLE "receivable_dues" (
	"invoice_id" uuid PRIMARY KEY NOT NULL,
	"customer_id" uuid,
	"currency_id" uuid,
	"deadline" date,
	"due_cents" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "receivable_dues_outstanding_idx" ON "receivable_dues" USING btree ("currency_id","customer_id","deadline","due_cents") WHERE "receivable_dues"."due_cents" > 0;
--> statement-breakpoint
-- What each issued invoice leaves due, kept by the database for the receivables summary (schema/receivables.ts,
-- `storedReceivableDues`): the money rule of modules/receivables/receivables.sql.ts per invoice, in cents. A row's due
-- moves by each change a write makes to the amounts of the invoice or of one of its issued notices (the old share out,
-- the new in): an UPDATE … SET due_cents = due_cents + change re-reads the row it waited for, so payments of an invoice
-- and of its notices committed side by side add up in any order. An invoice entering the receivables (issued) gets its
-- row from its own amounts and its issued notices'; one leaving them (unissued, removed) loses it.
CREATE OR REPLACE FUNCTION kantora_receivable_dues() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_root uuid;
  new_root uuid;
  old_share bigint := 0;
  new_share bigint := 0;
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.kind = 'invoice' AND OLD.issued THEN
    old_share := cast((OLD.total_amount - OLD.paid_amount) * 100 AS bigint);
    old_root := CASE WHEN OLD.notice_type = 0 THEN OLD.id ELSE OLD.credit_to_invoice_id END;
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.kind = 'invoice' AND NEW.issued THEN
    new_share := cast((NEW.total_amount - NEW.paid_amount) * 100 AS bigint);
    new_root := CASE WHEN NEW.notice_type = 0 THEN NEW.id ELSE NEW.credit_to_invoice_id END;
  END IF;
  -- An invoice leaving the receivables.
  IF old_root IS NOT NULL AND OLD.notice_type = 0
      AND (new_root IS NULL OR NEW.notice_type <> 0 OR new_root <> old_root) THEN
    DELETE FROM receivable_dues WHERE invoice_id = old_root;
    old_root := NULL;
  END IF;
  -- An invoice entering them: its row from its amounts and its issued notices'.
  IF new_root IS NOT NULL AND NEW.notice_type = 0 AND old_root IS NULL THEN
    INSERT INTO receivable_dues (invoice_id, customer_id, currency_id, deadline, due_cents)
    VALUES (NEW.id, NEW.customer_id, NEW.currency_id, NEW.payment_deadline_date, new_share + coalesce((
      SELECT sum(cast((x.total_amount - x.paid_amount) * 100 AS bigint)) FROM billing_documents x
      WHERE x.credit_to_invoice_id = NEW.id AND x.kind = 'invoice' AND x.issued AND x.notice_type <> 0), 0))
    ON CONFLICT (invoice_id) DO UPDATE SET customer_id = excluded.customer_id, currency_id = excluded.currency_id,
      deadline = excluded.deadline, due_cents = excluded.due_cents;
    RETURN NULL;
  END IF;
  -- The amounts' change, on the invoice the document belongs to (before and after, when a notice moved).
  IF old_root IS NOT NULL AND old_root IS NOT DISTINCT FROM new_root THEN
    IF new_share <> old_share THEN
      UPDATE receivable_dues SET due_cents = due_cents + (new_share - old_share) WHERE invoice_id = new_root;
    END IF;
  ELSE
    IF old_root IS NOT NULL AND old_share <> 0 THEN
      UPDATE receivable_dues SET due_cents = due_cents - old_share WHERE invoice_id = old_root;
    END IF;
    IF new_root IS NOT NULL AND new_share <> 0 THEN
      UPDATE receivable_dues SET due_cents = due_cents + new_share WHERE invoice_id = new_root;
    END IF;
  END IF;
  -- An invoice's client, currency and deadline follow it.
  IF new_root IS NOT NULL AND NEW.notice_type = 0
      AND (NEW.customer_id, NEW.currency_id, NEW.payment_deadline_date)
        IS DISTINCT FROM (OLD.customer_id, OLD.currency_id, OLD.payment_deadline_date) THEN
    UPDATE receivable_dues SET customer_id = NEW.customer_id, currency_id = NEW.currency_id,
      deadline = NEW.payment_deadline_date WHERE invoice_id = NEW.id;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER billing_documents_receivable_dues
  AFTER INSERT OR DELETE OR UPDATE OF kind, issued, notice_type, credit_to_invoice_id, customer_id, currency_id,
    payment_deadline_date, total_amount, paid_amount
  ON billing_documents FOR EACH ROW EXECUTE FUNCTION kantora_receivable_dues();--> statement-breakpoint
-- The rows of the invoices issued so far.
INSERT INTO receivable_dues (invoice_id, customer_id, currency_id, deadline, due_cents)
SELECT inv.id, inv.customer_id, inv.currency_id, inv.payment_deadline_date,
  cast((inv.total_amount - inv.paid_amount) * 100 AS bigint) + coalesce(n.share, 0)
FROM billing_documents inv
LEFT JOIN (
  SELECT x.credit_to_invoice_id AS invoice_id, sum(cast((x.total_amount - x.paid_amount) * 100 AS bigint)) AS share
  FROM billing_documents x
  WHERE x.credit_to_invoice_id IS NOT NULL AND x.kind = 'invoice' AND x.issued AND x.notice_type <> 0
  GROUP BY x.credit_to_invoice_id
) n ON n.invoice_id = inv.id
WHERE inv.kind = 'invoice' AND inv.issued AND inv.notice_type = 0
ON CONFLICT (invoice_id) DO NOTHING;
