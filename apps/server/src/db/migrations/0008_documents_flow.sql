CREATE TABLE "documents_flow" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"category_id" uuid NOT NULL,
	"date" date NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"file_id" uuid,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"created_by_name" jsonb,
	"updated" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "documents_flow" ADD CONSTRAINT "documents_flow_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents_flow" ADD CONSTRAINT "documents_flow_category_id_document_flow_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."document_flow_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents_flow" ADD CONSTRAINT "documents_flow_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "documents_flow_created_idx" ON "documents_flow" USING btree ("created" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "documents_flow_company_created_idx" ON "documents_flow" USING btree ("company_id","created" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "documents_flow_category_created_idx" ON "documents_flow" USING btree ("category_id","created" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "documents_flow_date_idx" ON "documents_flow" USING btree ("date","id");--> statement-breakpoint
CREATE INDEX "documents_flow_file_idx" ON "documents_flow" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "documents_flow_description_search_idx" ON "documents_flow" USING gin (kantora_trigrams(lower("description")));--> statement-breakpoint
CREATE INDEX "files_filename_search_idx" ON "files" USING gin (kantora_trigrams(lower("filename")));