DROP INDEX "timesheets_user_created_idx";--> statement-breakpoint
DROP INDEX "timesheets_client_created_idx";--> statement-breakpoint
DROP INDEX "timesheets_contract_created_idx";--> statement-breakpoint
DROP INDEX "timesheets_service_created_idx";--> statement-breakpoint
DROP INDEX "timesheets_date_idx";--> statement-breakpoint
DROP INDEX "timesheets_user_date_idx";--> statement-breakpoint
CREATE INDEX "timesheets_user_created_idx" ON "timesheets" USING btree ("user_id","created" DESC NULLS LAST,"id","duration");--> statement-breakpoint
CREATE INDEX "timesheets_client_created_idx" ON "timesheets" USING btree ("client_id","created" DESC NULLS LAST,"id","duration");--> statement-breakpoint
CREATE INDEX "timesheets_contract_created_idx" ON "timesheets" USING btree ("contract_id","created" DESC NULLS LAST,"id","duration");--> statement-breakpoint
CREATE INDEX "timesheets_service_created_idx" ON "timesheets" USING btree ("service_id","created" DESC NULLS LAST,"id","duration");--> statement-breakpoint
CREATE INDEX "timesheets_date_idx" ON "timesheets" USING btree ("date" DESC NULLS LAST,"created" DESC NULLS LAST,"id","duration");--> statement-breakpoint
CREATE INDEX "timesheets_user_date_idx" ON "timesheets" USING btree ("user_id","date" DESC NULLS LAST,"id","created","duration");