CREATE TABLE "app_meta" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "logs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"doc" text,
	"model" text NOT NULL,
	"type" text NOT NULL,
	"action" text NOT NULL,
	"documents" jsonb DEFAULT '{"old":null,"new":null}'::jsonb NOT NULL,
	"created_by" uuid,
	"created_by_name" jsonb,
	"ip" text,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "revoked_tokens" (
	"jti" uuid PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sign_in_attempts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"ip" text NOT NULL,
	"username" text NOT NULL,
	"success" boolean NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"first_name" jsonb NOT NULL,
	"middle_name" jsonb DEFAULT '{"bg":"","it":""}'::jsonb NOT NULL,
	"last_name" jsonb NOT NULL,
	"gender" smallint DEFAULT 0 NOT NULL,
	"email" text NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"address" jsonb DEFAULT '{"country":"","state":"","city":"","zipCode":"","street":""}'::jsonb NOT NULL,
	"date_of_birth" date,
	"notes" text DEFAULT '' NOT NULL,
	"password_hash" text NOT NULL,
	"type" smallint DEFAULT 1 NOT NULL,
	"access" smallint DEFAULT 4 NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"locale" text DEFAULT 'bg' NOT NULL,
	"token_version" integer DEFAULT 0 NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "logs_created_idx" ON "logs" USING btree ("created" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "logs_action_created_idx" ON "logs" USING btree ("action","created" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "logs_name_created_idx" ON "logs" USING btree ("name","created" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "logs_created_by_created_idx" ON "logs" USING btree ("created_by","created" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "sign_in_attempts_username_at_idx" ON "sign_in_attempts" USING btree ("username","at");--> statement-breakpoint
CREATE INDEX "sign_in_attempts_ip_at_idx" ON "sign_in_attempts" USING btree ("ip","at");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_uq" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "users_first_name_bg_idx" ON "users" USING btree (("first_name"->>'bg'));