CREATE TABLE "billing_timesheet_annexes" (
	"document_id" uuid PRIMARY KEY NOT NULL,
	"contract_id" uuid NOT NULL,
	"period_from" date NOT NULL,
	"period_to" date NOT NULL,
	"rows" jsonb NOT NULL,
	"frozen" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "billing_timesheet_annexes" ADD CONSTRAINT "billing_timesheet_annexes_document_id_billing_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."billing_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_timesheet_annexes" ADD CONSTRAINT "billing_timesheet_annexes_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "billing_timesheet_annexes_contract_period_idx" ON "billing_timesheet_annexes" USING btree ("contract_id","period_from","period_to");--> statement-breakpoint
-- Documents issued before the annex was frozen: their annex as the timesheets are now (billing-annex.ts's statement).
INSERT INTO "billing_timesheet_annexes" ("document_id", "contract_id", "period_from", "period_to", "rows")
  select d.id as document_id, d.contract_id, pr.period_from, pr.period_to,
    coalesce((
      select jsonb_agg(jsonb_build_object('service', g.service, 'code', g.code, 'person', g.person, 'minutes', g.minutes) order by g.code, g.first_bg, g.last_bg, g.user_id, g.service_id)
      from (
        select s.id as service_id, s.name as service, s.code, u.id as user_id, u.first_name->>'bg' as first_bg, u.last_name->>'bg' as last_bg,
          jsonb_build_object('bg', btrim(concat(u.first_name->>'bg', ' ', u.last_name->>'bg')), 'it', btrim(concat(u.first_name->>'it', ' ', u.last_name->>'it'))) as person,
          sum(t.duration) as minutes
        from timesheets t join services s on s.id = t.service_id join users u on u.id = t.user_id
        where t.contract_id = d.contract_id and t.date between pr.period_from and pr.period_to
        group by s.id, u.id
      ) g
    ), '[]'::jsonb) as rows
  from billing_documents d
  left join billing_documents p on p.id = d.transformed_from_proforma_id
  cross join lateral (
    select case when d.period_from is not null and d.period_to is not null then d.period_from else p.period_from end as period_from,
           case when d.period_from is not null and d.period_to is not null then d.period_to else p.period_to end as period_to
  ) pr
  where d.timesheet_annex and d.contract_id is not null and pr.period_from is not null and pr.period_to is not null and d.issued
ON CONFLICT ("document_id") DO NOTHING;
