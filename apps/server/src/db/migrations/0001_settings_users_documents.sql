CREATE TABLE "banks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_type" text NOT NULL,
	"owner_id" uuid NOT NULL,
	"name" jsonb NOT NULL,
	"address" jsonb NOT NULL,
	"bic" text DEFAULT '' NOT NULL,
	"iban" text NOT NULL,
	"currency_id" uuid NOT NULL,
	"status" boolean DEFAULT true NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"is_default2" boolean DEFAULT false NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated" timestamp with time zone,
	CONSTRAINT "banks_owner_type_ck" CHECK ("banks"."owner_type" in ('my_company', 'company'))
);
--> statement-breakpoint
CREATE TABLE "currencies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" jsonb NOT NULL,
	"status" boolean DEFAULT true NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated" timestamp with time zone,
	"code" text NOT NULL,
	"exchange_rate" numeric(16, 6) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "document_flow_categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" jsonb NOT NULL,
	"status" boolean DEFAULT true NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated" timestamp with time zone,
	"parent_id" uuid
);
--> statement-breakpoint
CREATE TABLE "document_types" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" jsonb NOT NULL,
	"status" boolean DEFAULT true NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "event_categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" jsonb NOT NULL,
	"status" boolean DEFAULT true NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated" timestamp with time zone,
	"color" text DEFAULT '#8B0000' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_settings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"singleton" boolean DEFAULT true NOT NULL,
	"currency_id" uuid NOT NULL,
	"vat_type_id" uuid NOT NULL,
	"payment_type_id" uuid NOT NULL,
	"signer_id" uuid NOT NULL,
	"signers" uuid[] NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated" timestamp with time zone,
	CONSTRAINT "invoice_settings_singleton_ck" CHECK ("invoice_settings"."singleton")
);
--> statement-breakpoint
CREATE TABLE "my_company" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"singleton" boolean DEFAULT true NOT NULL,
	"name" jsonb NOT NULL,
	"responsible_person" jsonb NOT NULL,
	"bulstat" text NOT NULL,
	"vat_number" text NOT NULL,
	"address" jsonb NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated" timestamp with time zone,
	CONSTRAINT "my_company_singleton_ck" CHECK ("my_company"."singleton")
);
--> statement-breakpoint
CREATE TABLE "number_registers" (
	"kind" text PRIMARY KEY NOT NULL,
	"next" bigint DEFAULT 1 NOT NULL,
	"max_issued" bigint DEFAULT 0 NOT NULL,
	"updated" timestamp with time zone,
	CONSTRAINT "number_registers_kind_ck" CHECK ("number_registers"."kind" in ('invoice', 'proforma')),
	CONSTRAINT "number_registers_next_ck" CHECK ("number_registers"."next" > "number_registers"."max_issued" and "number_registers"."next" <= 9999999999)
);
--> statement-breakpoint
CREATE TABLE "payment_types" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" jsonb NOT NULL,
	"status" boolean DEFAULT true NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "services" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" jsonb NOT NULL,
	"status" boolean DEFAULT true NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated" timestamp with time zone,
	"code" text NOT NULL,
	"description" jsonb DEFAULT '{"bg":"","it":""}'::jsonb NOT NULL,
	"price" numeric(14, 2) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vat_types" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" jsonb NOT NULL,
	"status" boolean DEFAULT true NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated" timestamp with time zone,
	"percentage" numeric(5, 2) NOT NULL,
	"exemption_reason" jsonb DEFAULT '{"bg":"","it":""}'::jsonb NOT NULL,
	CONSTRAINT "vat_types_percentage_ck" CHECK ("vat_types"."percentage" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "user_educations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"type" text DEFAULT '' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated" timestamp with time zone,
	"place" text NOT NULL,
	"degree" text DEFAULT '' NOT NULL,
	"start_date" date,
	"end_date" date
);
--> statement-breakpoint
CREATE TABLE "user_experiences" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"type" text DEFAULT '' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated" timestamp with time zone,
	"position" text NOT NULL,
	"company" text NOT NULL,
	"date_of_join" date,
	"date_of_retire" date,
	"location" text DEFAULT '' NOT NULL,
	"responsibilities" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"description" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"parent_type" text NOT NULL,
	"parent_id" uuid NOT NULL,
	"type_id" uuid NOT NULL,
	"date" date NOT NULL,
	"description" jsonb DEFAULT '{"bg":"","it":""}'::jsonb NOT NULL,
	"notes" jsonb DEFAULT '{"bg":"","it":""}'::jsonb NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"created_by_name" jsonb,
	"updated" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"document_id" uuid,
	"filename" text NOT NULL,
	"content_type" text NOT NULL,
	"length" bigint NOT NULL,
	"data" "bytea" NOT NULL,
	"upload_date" timestamp with time zone DEFAULT now() NOT NULL,
	"uploaded_by" uuid,
	"uploaded_by_name" jsonb
);
--> statement-breakpoint
ALTER TABLE "banks" ADD CONSTRAINT "banks_currency_id_currencies_id_fk" FOREIGN KEY ("currency_id") REFERENCES "public"."currencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_flow_categories" ADD CONSTRAINT "document_flow_categories_parent_id_document_flow_categories_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."document_flow_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_settings" ADD CONSTRAINT "invoice_settings_currency_id_currencies_id_fk" FOREIGN KEY ("currency_id") REFERENCES "public"."currencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_settings" ADD CONSTRAINT "invoice_settings_vat_type_id_vat_types_id_fk" FOREIGN KEY ("vat_type_id") REFERENCES "public"."vat_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_settings" ADD CONSTRAINT "invoice_settings_payment_type_id_payment_types_id_fk" FOREIGN KEY ("payment_type_id") REFERENCES "public"."payment_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_settings" ADD CONSTRAINT "invoice_settings_signer_id_users_id_fk" FOREIGN KEY ("signer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_educations" ADD CONSTRAINT "user_educations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_experiences" ADD CONSTRAINT "user_experiences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_type_id_document_types_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."document_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "banks_owner_created_idx" ON "banks" USING btree ("owner_type","owner_id","created" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "banks_default_uq" ON "banks" USING btree ("owner_type","owner_id") WHERE "banks"."is_default";--> statement-breakpoint
CREATE UNIQUE INDEX "banks_default2_uq" ON "banks" USING btree ("owner_type","owner_id") WHERE "banks"."is_default2";--> statement-breakpoint
CREATE UNIQUE INDEX "currencies_code_uq" ON "currencies" USING btree (upper("code"));--> statement-breakpoint
CREATE INDEX "document_flow_categories_parent_idx" ON "document_flow_categories" USING btree ("parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_settings_singleton_uq" ON "invoice_settings" USING btree ("singleton");--> statement-breakpoint
CREATE UNIQUE INDEX "my_company_singleton_uq" ON "my_company" USING btree ("singleton");--> statement-breakpoint
CREATE UNIQUE INDEX "services_code_uq" ON "services" USING btree (lower("code"));--> statement-breakpoint
CREATE INDEX "user_educations_user_idx" ON "user_educations" USING btree ("user_id","start_date");--> statement-breakpoint
CREATE INDEX "user_experiences_user_idx" ON "user_experiences" USING btree ("user_id","date_of_join");--> statement-breakpoint
CREATE INDEX "documents_parent_created_idx" ON "documents" USING btree ("parent_type","parent_id","created" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "files_document_idx" ON "files" USING btree ("document_id");