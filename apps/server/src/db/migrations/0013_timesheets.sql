CREATE TABLE "timesheets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"contract_id" uuid NOT NULL,
	"service_id" uuid NOT NULL,
	"date" date NOT NULL,
	"duration" integer NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated" timestamp with time zone,
	CONSTRAINT "timesheets_duration_ck" CHECK ("timesheets"."duration" between 1 and 1440)
);
--> statement-breakpoint
ALTER TABLE "timesheets" ADD CONSTRAINT "timesheets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timesheets" ADD CONSTRAINT "timesheets_client_id_companies_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timesheets" ADD CONSTRAINT "timesheets_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timesheets" ADD CONSTRAINT "timesheets_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "timesheets_created_idx" ON "timesheets" USING btree ("created" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "timesheets_user_created_idx" ON "timesheets" USING btree ("user_id","created" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "timesheets_client_created_idx" ON "timesheets" USING btree ("client_id","created" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "timesheets_contract_created_idx" ON "timesheets" USING btree ("contract_id","created" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "timesheets_service_created_idx" ON "timesheets" USING btree ("service_id","created" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "timesheets_date_idx" ON "timesheets" USING btree ("date" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "timesheets_user_date_idx" ON "timesheets" USING btree ("user_id","date" DESC NULLS LAST,"id");