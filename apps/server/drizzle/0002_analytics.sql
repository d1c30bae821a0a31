CREATE TABLE "analytics_daily" (
	"real_estate_id" integer NOT NULL,
	"day" date NOT NULL,
	"page_id" integer NOT NULL,
	"source" text NOT NULL,
	"utm_campaign" text DEFAULT '' NOT NULL,
	"referrer" text DEFAULT '' NOT NULL,
	"device" text NOT NULL,
	"sessions" integer DEFAULT 0 NOT NULL,
	"entries" integer DEFAULT 0 NOT NULL,
	"visitors" integer DEFAULT 0 NOT NULL,
	"first_visitors" integer DEFAULT 0 NOT NULL,
	"pageviews" integer DEFAULT 0 NOT NULL,
	"engaged" integer DEFAULT 0 NOT NULL,
	"bounces" integer DEFAULT 0 NOT NULL,
	"engaged_seconds" integer DEFAULT 0 NOT NULL,
	"media" integer DEFAULT 0 NOT NULL,
	"contact" integer DEFAULT 0 NOT NULL,
	"leads" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_daily_real_estate_id_day_page_id_source_utm_campaign_referrer_device_pk" PRIMARY KEY("real_estate_id","day","page_id","source","utm_campaign","referrer","device")
);
--> statement-breakpoint
CREATE TABLE "analytics_dirty_days" (
	"real_estate_id" integer NOT NULL,
	"day" date NOT NULL,
	CONSTRAINT "analytics_dirty_days_real_estate_id_day_pk" PRIMARY KEY("real_estate_id","day")
);
--> statement-breakpoint
CREATE TABLE "analytics_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "analytics_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"real_estate_id" integer NOT NULL,
	"session_id" uuid NOT NULL,
	"page_id" integer,
	"name" text NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"props" jsonb
);
--> statement-breakpoint
CREATE TABLE "analytics_salts" (
	"day" date PRIMARY KEY NOT NULL,
	"salt" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_sessions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"real_estate_id" integer NOT NULL,
	"visitor_hash" text NOT NULL,
	"page_id" integer,
	"started_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	"source" text NOT NULL,
	"utm_source" text,
	"utm_medium" text,
	"utm_campaign" text,
	"utm_term" text,
	"utm_content" text,
	"gclid" boolean DEFAULT false NOT NULL,
	"fbclid" boolean DEFAULT false NOT NULL,
	"referrer" text,
	"device" text NOT NULL,
	"events_count" integer DEFAULT 0 NOT NULL,
	"lead_id" uuid
);
--> statement-breakpoint
ALTER TABLE "analytics_daily" ADD CONSTRAINT "analytics_daily_real_estate_id_real_estates_id_fk" FOREIGN KEY ("real_estate_id") REFERENCES "public"."real_estates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_dirty_days" ADD CONSTRAINT "analytics_dirty_days_real_estate_id_real_estates_id_fk" FOREIGN KEY ("real_estate_id") REFERENCES "public"."real_estates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_sessions" ADD CONSTRAINT "analytics_sessions_real_estate_id_real_estates_id_fk" FOREIGN KEY ("real_estate_id") REFERENCES "public"."real_estates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_sessions" ADD CONSTRAINT "analytics_sessions_page_id_pages_id_fk" FOREIGN KEY ("page_id") REFERENCES "public"."pages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_sessions" ADD CONSTRAINT "analytics_sessions_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "analytics_events_session_idx" ON "analytics_events" USING btree ("session_id","occurred_at");--> statement-breakpoint
CREATE INDEX "analytics_events_real_estate_idx" ON "analytics_events" USING btree ("real_estate_id","occurred_at");--> statement-breakpoint
CREATE INDEX "analytics_events_occurred_brin" ON "analytics_events" USING brin ("occurred_at");--> statement-breakpoint
CREATE INDEX "analytics_sessions_started_idx" ON "analytics_sessions" USING btree ("real_estate_id","started_at");--> statement-breakpoint
CREATE INDEX "analytics_sessions_visitor_idx" ON "analytics_sessions" USING btree ("real_estate_id","visitor_hash","last_seen_at");