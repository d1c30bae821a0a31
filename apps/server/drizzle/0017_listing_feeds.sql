CREATE TABLE "feed_channels" (
	"real_estate_id" integer NOT NULL,
	"channel" text NOT NULL,
	"token_hash" text NOT NULL,
	"token_sealed" text NOT NULL,
	"token_rotated_at" timestamp with time zone,
	"highlight_quotas" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "feed_channels_real_estate_id_channel_pk" PRIMARY KEY("real_estate_id","channel")
);
--> statement-breakpoint
CREATE TABLE "feed_reads" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "feed_reads_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"real_estate_id" integer NOT NULL,
	"channel" text NOT NULL,
	"format" text NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_agent" text,
	"status" integer NOT NULL,
	"listings" integer
);
--> statement-breakpoint
CREATE TABLE "page_channels" (
	"page_id" integer NOT NULL,
	"channel" text NOT NULL,
	"real_estate_id" integer NOT NULL,
	"publish" boolean DEFAULT false NOT NULL,
	"publication_type" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "page_channels_page_id_channel_pk" PRIMARY KEY("page_id","channel")
);
--> statement-breakpoint
ALTER TABLE "feed_channels" ADD CONSTRAINT "feed_channels_real_estate_id_real_estates_id_fk" FOREIGN KEY ("real_estate_id") REFERENCES "public"."real_estates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feed_reads" ADD CONSTRAINT "feed_reads_real_estate_id_real_estates_id_fk" FOREIGN KEY ("real_estate_id") REFERENCES "public"."real_estates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "page_channels" ADD CONSTRAINT "page_channels_page_id_pages_id_fk" FOREIGN KEY ("page_id") REFERENCES "public"."pages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "page_channels" ADD CONSTRAINT "page_channels_real_estate_id_real_estates_id_fk" FOREIGN KEY ("real_estate_id") REFERENCES "public"."real_estates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "feed_channels_token_idx" ON "feed_channels" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "feed_reads_channel_idx" ON "feed_reads" USING btree ("real_estate_id","channel","read_at");--> statement-breakpoint
CREATE INDEX "page_channels_feed_idx" ON "page_channels" USING btree ("real_estate_id","channel","page_id") WHERE "page_channels"."publish";