ALTER TABLE "invoice_settings" ADD COLUMN "payment_term_days" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "payment_term_days" integer;--> statement-breakpoint
ALTER TABLE "invoice_settings" ADD CONSTRAINT "invoice_settings_payment_term_ck" CHECK ("invoice_settings"."payment_term_days" between 0 and 365);--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_payment_term_ck" CHECK ("companies"."payment_term_days" between 0 and 365);