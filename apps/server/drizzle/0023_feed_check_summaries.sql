CREATE TABLE "feed_check_summaries" (
	"real_estate_id" integer NOT NULL,
	"channel" text NOT NULL,
	"version" text NOT NULL,
	"flagged" integer NOT NULL,
	"in_feed" integer NOT NULL,
	"problems" jsonb NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "feed_check_summaries_real_estate_id_channel_pk" PRIMARY KEY("real_estate_id","channel")
);
--> statement-breakpoint
ALTER TABLE "feed_check_summaries" ADD CONSTRAINT "feed_check_summaries_real_estate_id_real_estates_id_fk" FOREIGN KEY ("real_estate_id") REFERENCES "public"."real_estates"("id") ON DELETE cascade ON UPDATE no action;