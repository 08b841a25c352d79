CREATE TABLE "contract_services" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"contract_id" uuid NOT NULL,
	"service_id" uuid NOT NULL,
	"code" text NOT NULL,
	"name" jsonb NOT NULL,
	"description" jsonb DEFAULT '{"bg":"","it":""}'::jsonb NOT NULL,
	"price" numeric(14, 2) NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"added_by_name" jsonb,
	"updated" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "contracts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" jsonb NOT NULL,
	"provider_id" uuid,
	"provider_bank_id" uuid,
	"provider_bank2_id" uuid,
	"provider" jsonb,
	"customer_id" uuid,
	"customer_bank_id" uuid,
	"customer" jsonb,
	"responsible_person" jsonb DEFAULT '{"bg":"","it":""}'::jsonb NOT NULL,
	"invoice_date" date,
	"invoice_monthly_interval" smallint DEFAULT 1 NOT NULL,
	"from_date" date NOT NULL,
	"to_date" date NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"description" jsonb DEFAULT '{"bg":"","it":""}'::jsonb NOT NULL,
	"currency_id" uuid NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"is_advance" boolean DEFAULT false NOT NULL,
	"price_per_month" numeric(14, 2) NOT NULL,
	"managing_users" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"created_by_name" jsonb,
	"updated" timestamp with time zone,
	"registered_by" uuid,
	"registered_by_name" jsonb,
	"registered_on" timestamp with time zone,
	"canceled_by" uuid,
	"canceled_by_name" jsonb,
	"canceled_on" timestamp with time zone,
	"cancelation_reason" text DEFAULT '' NOT NULL,
	CONSTRAINT "contracts_status_ck" CHECK ("contracts"."status" in (0, 1, 2)),
	CONSTRAINT "contracts_interval_ck" CHECK ("contracts"."invoice_monthly_interval" in (1, 3, 6, 12)),
	CONSTRAINT "contracts_dates_ck" CHECK ("contracts"."to_date" >= "contracts"."from_date")
);
--> statement-breakpoint
ALTER TABLE "contract_services" ADD CONSTRAINT "contract_services_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_services" ADD CONSTRAINT "contract_services_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_customer_id_companies_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_currency_id_currencies_id_fk" FOREIGN KEY ("currency_id") REFERENCES "public"."currencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "contract_services_contract_service_uq" ON "contract_services" USING btree ("contract_id","service_id");--> statement-breakpoint
CREATE INDEX "contract_services_contract_created_idx" ON "contract_services" USING btree ("contract_id","created","id");--> statement-breakpoint
CREATE INDEX "contracts_created_idx" ON "contracts" USING btree ("created" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "contracts_customer_created_idx" ON "contracts" USING btree ("customer_id","created" DESC NULLS LAST,"id","status","to_date");--> statement-breakpoint
CREATE INDEX "contracts_status_created_idx" ON "contracts" USING btree ("status","created" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "contracts_registered_to_date_idx" ON "contracts" USING btree ("to_date","created" DESC NULLS LAST) WHERE "contracts"."status" = 1;--> statement-breakpoint
CREATE INDEX "contracts_name_search_idx" ON "contracts" USING gin (kantora_trigrams(lower(coalesce("name"->>'bg', '') || ' ' || coalesce("name"->>'it', ''))));