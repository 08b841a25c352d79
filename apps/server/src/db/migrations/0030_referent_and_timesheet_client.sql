DROP INDEX "companies_referent_idx";--> statement-breakpoint
DROP INDEX "timesheets_client_created_idx";--> statement-breakpoint
CREATE INDEX "companies_referent_status_idx" ON "companies" USING btree ("referent_id","status");--> statement-breakpoint
CREATE INDEX "timesheets_client_created_idx" ON "timesheets" USING btree ("client_id","created" DESC NULLS LAST,"id","duration","user_id");