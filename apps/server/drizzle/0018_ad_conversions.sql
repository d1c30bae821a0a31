CREATE TABLE "conversion_settings" (
	"real_estate_id" integer PRIMARY KEY NOT NULL,
	"notice_confirmed" boolean DEFAULT false NOT NULL,
	"stage_events" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"google_enabled" boolean DEFAULT false NOT NULL,
	"google_lead_conversion_name" text DEFAULT 'Lead Vitrine' NOT NULL,
	"google_file_token_hash" text,
	"google_file_token_encrypted" text,
	"google_file_fetched_at" timestamp with time zone,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "conversion_settings_google_file_token_hash_unique" UNIQUE("google_file_token_hash")
);
--> statement-breakpoint
DROP INDEX "deliveries_lead_integration_unique";--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "event" text;--> statement-breakpoint
ALTER TABLE "conversion_settings" ADD CONSTRAINT "conversion_settings_real_estate_id_real_estates_id_fk" FOREIGN KEY ("real_estate_id") REFERENCES "public"."real_estates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversion_settings" ADD CONSTRAINT "conversion_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "deliveries_lead_target_event_unique" ON "deliveries" USING btree ("lead_id","integration",coalesce("event", ''));