CREATE TABLE "videos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"real_estate_id" integer NOT NULL,
	"page_id" integer NOT NULL,
	"source" text NOT NULL,
	"status" text NOT NULL,
	"file_type" text,
	"size_bytes" bigint,
	"storage_key" text,
	"poster_key" text,
	"external_url" text,
	"external_id" text,
	"duration_seconds" double precision,
	"sequence" integer DEFAULT 0 NOT NULL,
	"status_message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "videos" ADD CONSTRAINT "videos_real_estate_id_real_estates_id_fk" FOREIGN KEY ("real_estate_id") REFERENCES "public"."real_estates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "videos" ADD CONSTRAINT "videos_page_id_pages_id_fk" FOREIGN KEY ("page_id") REFERENCES "public"."pages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "videos_page_idx" ON "videos" USING btree ("page_id","sequence");--> statement-breakpoint
CREATE INDEX "videos_real_estate_idx" ON "videos" USING btree ("real_estate_id","page_id");--> statement-breakpoint
CREATE INDEX "videos_pending_idx" ON "videos" USING btree ("status","created_at");