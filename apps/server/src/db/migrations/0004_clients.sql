-- Every 3-character window of a text: the companies' generated search columns index these with GIN,
-- so substring filters use an index without the pg_trgm extension (not loaded in PGlite).
CREATE OR REPLACE FUNCTION kantora_trigrams(value text) RETURNS text[] LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(DISTINCT substr(value, i, 3)), '{}'::text[]) FROM generate_series(1, char_length(value) - 2) AS i
$$;
--> statement-breakpoint
CREATE TABLE "companies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" jsonb NOT NULL,
	"bulstat" text NOT NULL,
	"vat_number" text NOT NULL,
	"responsible_person" jsonb DEFAULT '{"bg":"","it":""}'::jsonb NOT NULL,
	"status" boolean DEFAULT true NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"referent_id" uuid,
	"notifications_emails" text[] DEFAULT '{}'::text[] NOT NULL,
	"subscription" jsonb DEFAULT '{"status":false,"fromDate":null,"toDate":null}'::jsonb NOT NULL,
	"client_users" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"managing_users" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"managing_users_all" boolean DEFAULT false NOT NULL,
	"name_trigrams" text[] GENERATED ALWAYS AS (kantora_trigrams(lower(coalesce("name"->>'bg', '') || ' ' || coalesce("name"->>'it', '')))) STORED NOT NULL,
	"code_trigrams" text[] GENERATED ALWAYS AS (kantora_trigrams(lower("bulstat" || ' ' || "vat_number"))) STORED NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated" timestamp with time zone,
	"created_by_name" jsonb
);
--> statement-breakpoint
CREATE TABLE "office_contacts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"office_id" uuid NOT NULL,
	"first_name" text NOT NULL,
	"middle_name" text DEFAULT '' NOT NULL,
	"last_name" text NOT NULL,
	"position" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "offices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"is_headquarters" boolean DEFAULT false NOT NULL,
	"country" jsonb NOT NULL,
	"state" jsonb DEFAULT '{"bg":"","it":""}'::jsonb NOT NULL,
	"city" jsonb NOT NULL,
	"street" jsonb NOT NULL,
	"zip_code" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_referent_id_users_id_fk" FOREIGN KEY ("referent_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "office_contacts" ADD CONSTRAINT "office_contacts_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offices" ADD CONSTRAINT "offices_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "companies_bulstat_uq" ON "companies" USING btree (lower("bulstat"));--> statement-breakpoint
CREATE INDEX "companies_name_bg_idx" ON "companies" USING btree (("name"->>'bg'),"id");--> statement-breakpoint
CREATE INDEX "companies_created_idx" ON "companies" USING btree ("created" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "companies_referent_idx" ON "companies" USING btree ("referent_id");--> statement-breakpoint
CREATE INDEX "companies_managing_all_idx" ON "companies" USING btree ("id") WHERE "companies"."managing_users_all";--> statement-breakpoint
CREATE INDEX "companies_managing_users_idx" ON "companies" USING gin ("managing_users");--> statement-breakpoint
CREATE INDEX "companies_client_users_idx" ON "companies" USING gin ("client_users");--> statement-breakpoint
CREATE INDEX "companies_name_trigrams_idx" ON "companies" USING gin ("name_trigrams");--> statement-breakpoint
CREATE INDEX "companies_code_trigrams_idx" ON "companies" USING gin ("code_trigrams");--> statement-breakpoint
CREATE INDEX "office_contacts_office_created_idx" ON "office_contacts" USING btree ("office_id","created","id");--> statement-breakpoint
CREATE INDEX "offices_company_created_idx" ON "offices" USING btree ("company_id","created","id");