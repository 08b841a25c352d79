DROP INDEX "companies_referent_idx";--> statement-breakpoint
CREATE INDEX "companies_referent_status_idx" ON "companies" USING btree ("referent_id","status");