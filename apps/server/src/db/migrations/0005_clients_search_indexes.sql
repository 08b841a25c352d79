DROP INDEX "companies_name_trigrams_idx";--> statement-breakpoint
DROP INDEX "companies_code_trigrams_idx";--> statement-breakpoint
CREATE INDEX "companies_name_search_idx" ON "companies" USING gin (kantora_trigrams(lower(coalesce("name"->>'bg', '') || ' ' || coalesce("name"->>'it', ''))));--> statement-breakpoint
CREATE INDEX "companies_code_search_idx" ON "companies" USING gin (kantora_trigrams(lower("bulstat" || ' ' || "vat_number")));--> statement-breakpoint
CREATE INDEX "companies_status_name_bg_idx" ON "companies" USING btree ("status",("name"->>'bg'),"id");--> statement-breakpoint
ALTER TABLE "companies" DROP COLUMN "name_trigrams";--> statement-breakpoint
ALTER TABLE "companies" DROP COLUMN "code_trigrams";