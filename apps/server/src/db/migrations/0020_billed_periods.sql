CREATE TABLE "contract_billed_periods" (
	"contract_id" uuid NOT NULL,
	"period_from" date NOT NULL,
	"period_to" date NOT NULL,
	"document_id" uuid NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contract_billed_periods_pk" PRIMARY KEY("contract_id","period_from")
);
--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "billing_from" date;--> statement-breakpoint
ALTER TABLE "contract_billed_periods" ADD CONSTRAINT "contract_billed_periods_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_billed_periods" ADD CONSTRAINT "contract_billed_periods_document_id_billing_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."billing_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contract_billed_periods_document_idx" ON "contract_billed_periods" USING btree ("document_id");--> statement-breakpoint
-- The billed periods of the documents made before (modules/billing/contract-billing.ts, BACKFILL_BILLED_PERIODS: keep alike).
insert into contract_billed_periods (contract_id, period_from, period_to, document_id, created)
select distinct on (x.contract_id, x.period_from) x.contract_id, x.period_from, x.period_to, x.id, x.created
from (
  select b.id, b.created, b.contract_id,
    greatest(c.from_date, cast(a.anchor + make_interval(months => k.k * c.invoice_monthly_interval) as date)) as period_from,
    least(c.to_date, cast(a.anchor + make_interval(months => (k.k + 1) * c.invoice_monthly_interval) as date) - 1) as period_to
  from billing_documents b
  join contracts c on c.id = b.contract_id
  left join billing_documents p on p.id = b.transformed_from_proforma_id
  cross join lateral (select coalesce(c.invoice_date, c.from_date) as anchor,
    least(greatest(coalesce(b.period_from, p.period_from, p.date, b.date), c.from_date), c.to_date) as day) a
  cross join lateral (select cast(floor(((extract(year from a.day) * 12 + extract(month from a.day)) - (extract(year from a.anchor) * 12 + extract(month from a.anchor))) / c.invoice_monthly_interval) as integer) as k0) g
  cross join lateral (select case when cast(a.anchor + make_interval(months => g.k0 * c.invoice_monthly_interval) as date) > a.day then g.k0 - 1 else g.k0 end as k) k
  where b.notice_type = 0
) x
order by x.contract_id, x.period_from, x.created, x.id
on conflict do nothing;--> statement-breakpoint
update contracts c set billing_from = greatest(c.from_date, least(
  cast(date_trunc('month', now() at time zone 'Europe/Sofia') as date),
  coalesce((select max(b.period_to) + 1 from contract_billed_periods b where b.contract_id = c.id), cast('infinity' as date))))
where c.billing_from is null;
