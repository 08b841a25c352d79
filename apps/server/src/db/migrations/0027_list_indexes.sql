-- The lists at the large preset (docs/performance.md, "Performance at scale"): pg_trgm indexes for the text filters in
-- place of the kantora_trigrams arrays, and indexes that match the lists' filters and sorts together. IF [NOT] EXISTS: a
-- database where they were tried by hand before takes the migration as well.
DROP INDEX IF EXISTS "files_filename_search_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "companies_name_search_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "companies_code_search_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "documents_flow_description_search_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "contracts_status_created_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "contracts_name_search_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "billing_documents_tab_date_idx";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "files_filename_trgm_idx" ON "files" USING gin (lower("filename") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "companies_visibility_idx" ON "companies" USING btree ("id","managing_users_all","referent_id","managing_users");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "companies_name_trgm_idx" ON "companies" USING gin (lower(coalesce("name"->>'bg', '') || ' ' || coalesce("name"->>'it', '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "companies_bulstat_trgm_idx" ON "companies" USING gin (lower("bulstat") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "companies_vat_number_trgm_idx" ON "companies" USING gin (lower("vat_number") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "documents_flow_description_trgm_idx" ON "documents_flow" USING gin (lower("description") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "contracts_status_created_customer_idx" ON "contracts" USING btree ("status","created" DESC NULLS LAST,"id","customer_id","to_date");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "contracts_name_trgm_idx" ON "contracts" USING gin (lower(coalesce("name"->>'bg', '') || ' ' || coalesce("name"->>'it', '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "billing_documents_kind_number_created_idx" ON "billing_documents" USING btree ("kind","number" DESC NULLS FIRST,"created" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "billing_documents_tab_date_number_idx" ON "billing_documents" USING btree ("kind","issued","date","created","id","number");