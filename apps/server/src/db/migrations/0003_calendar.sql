CREATE TABLE "event_invitations" (
	"id" uuid PRIMARY KEY NOT NULL,
	"event_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"status" boolean,
	"accepted_on" timestamp with time zone,
	"refused_on" timestamp with time zone,
	"refused_reason" text,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"category_id" uuid NOT NULL,
	"from_date" timestamp with time zone NOT NULL,
	"to_date" timestamp with time zone NOT NULL,
	"all_day" boolean DEFAULT false NOT NULL,
	"title" text NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"invited" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"created_by_name" jsonb,
	"updated" timestamp with time zone,
	CONSTRAINT "events_dates_ck" CHECK ("events"."to_date" >= "events"."from_date")
);
--> statement-breakpoint
ALTER TABLE "event_invitations" ADD CONSTRAINT "event_invitations_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_invitations" ADD CONSTRAINT "event_invitations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_category_id_event_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."event_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "event_invitations_event_user_uq" ON "event_invitations" USING btree ("event_id","user_id");--> statement-breakpoint
CREATE INDEX "event_invitations_user_pending_idx" ON "event_invitations" USING btree ("user_id") WHERE "event_invitations"."status" is null;--> statement-breakpoint
CREATE INDEX "events_from_date_idx" ON "events" USING btree ("from_date");--> statement-breakpoint
CREATE INDEX "events_user_from_date_idx" ON "events" USING btree ("user_id","from_date");--> statement-breakpoint
CREATE INDEX "events_invited_idx" ON "events" USING gin ("invited");