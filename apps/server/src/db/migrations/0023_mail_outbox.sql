CREATE TABLE "mail_attachments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"mail_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"filename" text NOT NULL,
	"content_type" text NOT NULL,
	"content" "bytea" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"state" text NOT NULL,
	"to" text[] NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"html" text NOT NULL,
	"language" text NOT NULL,
	"kind" text NOT NULL,
	"entity_model" text,
	"entity_id" uuid,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lease_until" timestamp with time zone,
	"last_error" text,
	"smtp_message_id" text,
	"message_id_header" text NOT NULL,
	"sent_at" timestamp with time zone,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"created_by_name" jsonb,
	CONSTRAINT "mail_messages_state_ck" CHECK ("mail_messages"."state" in ('queued', 'sent', 'failed', 'held')),
	CONSTRAINT "mail_messages_language_ck" CHECK ("mail_messages"."language" in ('bg', 'it'))
);
--> statement-breakpoint
CREATE TABLE "mail_status" (
	"singleton" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"last_success_at" timestamp with time zone,
	"last_error_at" timestamp with time zone,
	"last_error" text,
	CONSTRAINT "mail_status_singleton_ck" CHECK ("mail_status"."singleton")
);
--> statement-breakpoint
CREATE TABLE "mail_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"language" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"updated" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "mail_templates_language_ck" CHECK ("mail_templates"."language" in ('bg', 'it'))
);
--> statement-breakpoint
ALTER TABLE "mail_attachments" ADD CONSTRAINT "mail_attachments_mail_id_mail_messages_id_fk" FOREIGN KEY ("mail_id") REFERENCES "public"."mail_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mail_attachments_mail_idx" ON "mail_attachments" USING btree ("mail_id","position");--> statement-breakpoint
CREATE INDEX "mail_messages_entity_idx" ON "mail_messages" USING btree ("entity_model","entity_id","created" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "mail_messages_due_idx" ON "mail_messages" USING btree ("state","next_attempt_at");--> statement-breakpoint
CREATE INDEX "mail_messages_created_idx" ON "mail_messages" USING btree ("created" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "mail_templates_kind_language_uq" ON "mail_templates" USING btree ("kind","language");