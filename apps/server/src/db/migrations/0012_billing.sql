CREATE TABLE "billing_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"number" text,
	"date" date NOT NULL,
	"tax_date" date,
	"payment_deadline_date" date,
	"payment_type_id" uuid,
	"signer_id" uuid,
	"signer_name" jsonb,
	"vat_charging" boolean DEFAULT false NOT NULL,
	"vat_type_id" uuid,
	"vat_name" jsonb DEFAULT '{"bg":"","it":""}'::jsonb NOT NULL,
	"vat_percentage" numeric(5, 2) DEFAULT 0 NOT NULL,
	"notice_type" smallint DEFAULT 0 NOT NULL,
	"credit_to_invoice_id" uuid,
	"notice_reason" jsonb DEFAULT '{"bg":"","it":""}'::jsonb NOT NULL,
	"currency_id" uuid,
	"currency_rate" numeric(16, 6) DEFAULT 1 NOT NULL,
	"is_paid" smallint DEFAULT 0 NOT NULL,
	"paid_amount" numeric(14, 2) DEFAULT 0 NOT NULL,
	"issued" boolean DEFAULT false NOT NULL,
	"amount" numeric(14, 2) DEFAULT 0 NOT NULL,
	"vat_amount" numeric(14, 2) DEFAULT 0 NOT NULL,
	"total_amount" numeric(14, 2) DEFAULT 0 NOT NULL,
	"provider_id" uuid,
	"provider_bank_id" uuid,
	"provider_bank2_id" uuid,
	"provider" jsonb,
	"customer_id" uuid,
	"customer_bank_id" uuid,
	"customer" jsonb,
	"contract_id" uuid,
	"period_from" date,
	"period_to" date,
	"show_bg_invoice" boolean DEFAULT false NOT NULL,
	"transformed_to_invoice_id" uuid,
	"transformed_from_proforma_id" uuid,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"created_by_name" jsonb,
	"updated" timestamp with time zone,
	"issued_by" uuid,
	"issued_by_name" jsonb,
	"issued_on" timestamp with time zone,
	CONSTRAINT "billing_documents_kind_ck" CHECK ("billing_documents"."kind" in ('invoice', 'proforma')),
	CONSTRAINT "billing_documents_notice_ck" CHECK ("billing_documents"."notice_type" in (0, 1, 2) and ("billing_documents"."kind" = 'invoice' or "billing_documents"."notice_type" = 0)),
	CONSTRAINT "billing_documents_paid_ck" CHECK ("billing_documents"."is_paid" in (0, 1, 2)),
	CONSTRAINT "billing_documents_number_ck" CHECK ("billing_documents"."number" ~ '^[0-9]{10}$'),
	CONSTRAINT "billing_documents_issued_number_ck" CHECK (not "billing_documents"."issued" or "billing_documents"."number" is not null)
);
--> statement-breakpoint
CREATE TABLE "billing_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"document_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"name" jsonb NOT NULL,
	"comment" jsonb DEFAULT '{"bg":"","it":""}'::jsonb NOT NULL,
	"quantity" numeric(14, 3) DEFAULT 1 NOT NULL,
	"price" numeric(14, 2) NOT NULL,
	"total" numeric(14, 2) NOT NULL,
	"service_id" uuid,
	"contract_id" uuid,
	"is_paid" boolean DEFAULT false NOT NULL,
	"is_transformed" boolean DEFAULT false NOT NULL,
	"transformed_to_invoice_id" uuid,
	"transformed_from_proforma_id" uuid,
	"transformed_from_item_id" uuid,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated" timestamp with time zone,
	CONSTRAINT "billing_items_quantity_ck" CHECK ("billing_items"."quantity" > 0),
	CONSTRAINT "billing_items_transformed_ck" CHECK ("billing_items"."is_transformed" = ("billing_items"."transformed_to_invoice_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "billing_documents" ADD CONSTRAINT "billing_documents_payment_type_id_payment_types_id_fk" FOREIGN KEY ("payment_type_id") REFERENCES "public"."payment_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_documents" ADD CONSTRAINT "billing_documents_signer_id_users_id_fk" FOREIGN KEY ("signer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_documents" ADD CONSTRAINT "billing_documents_vat_type_id_vat_types_id_fk" FOREIGN KEY ("vat_type_id") REFERENCES "public"."vat_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_documents" ADD CONSTRAINT "billing_documents_credit_to_invoice_id_billing_documents_id_fk" FOREIGN KEY ("credit_to_invoice_id") REFERENCES "public"."billing_documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_documents" ADD CONSTRAINT "billing_documents_currency_id_currencies_id_fk" FOREIGN KEY ("currency_id") REFERENCES "public"."currencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_documents" ADD CONSTRAINT "billing_documents_customer_id_companies_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_documents" ADD CONSTRAINT "billing_documents_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_documents" ADD CONSTRAINT "billing_documents_transformed_to_invoice_id_billing_documents_id_fk" FOREIGN KEY ("transformed_to_invoice_id") REFERENCES "public"."billing_documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_documents" ADD CONSTRAINT "billing_documents_transformed_from_proforma_id_billing_documents_id_fk" FOREIGN KEY ("transformed_from_proforma_id") REFERENCES "public"."billing_documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_items" ADD CONSTRAINT "billing_items_document_id_billing_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."billing_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_items" ADD CONSTRAINT "billing_items_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_items" ADD CONSTRAINT "billing_items_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_items" ADD CONSTRAINT "billing_items_transformed_to_invoice_id_billing_documents_id_fk" FOREIGN KEY ("transformed_to_invoice_id") REFERENCES "public"."billing_documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_items" ADD CONSTRAINT "billing_items_transformed_from_proforma_id_billing_documents_id_fk" FOREIGN KEY ("transformed_from_proforma_id") REFERENCES "public"."billing_documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "billing_documents_number_uq" ON "billing_documents" USING btree ("kind","number");--> statement-breakpoint
CREATE INDEX "billing_documents_tab_created_idx" ON "billing_documents" USING btree ("kind","issued","created" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "billing_documents_tab_paid_created_idx" ON "billing_documents" USING btree ("kind","issued","is_paid","created" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "billing_documents_tab_date_idx" ON "billing_documents" USING btree ("kind","issued","date","created","id");--> statement-breakpoint
CREATE INDEX "billing_documents_notices_idx" ON "billing_documents" USING btree ("kind","issued","created" DESC NULLS LAST,"id") WHERE "billing_documents"."notice_type" <> 0;--> statement-breakpoint
CREATE INDEX "billing_documents_customer_created_idx" ON "billing_documents" USING btree ("customer_id","created" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "billing_documents_contract_created_idx" ON "billing_documents" USING btree ("contract_id","created" DESC NULLS LAST,"id") WHERE "billing_documents"."contract_id" is not null;--> statement-breakpoint
CREATE INDEX "billing_documents_credit_to_idx" ON "billing_documents" USING btree ("credit_to_invoice_id") WHERE "billing_documents"."credit_to_invoice_id" is not null;--> statement-breakpoint
CREATE INDEX "billing_documents_from_proforma_idx" ON "billing_documents" USING btree ("transformed_from_proforma_id") WHERE "billing_documents"."transformed_from_proforma_id" is not null;--> statement-breakpoint
CREATE INDEX "billing_items_document_position_idx" ON "billing_items" USING btree ("document_id","position","id");