CREATE TABLE "custom_domains" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "custom_domains_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"real_estate_id" integer NOT NULL,
	"hostname" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"verification_token" text NOT NULL,
	"checked_at" timestamp with time zone,
	"check_message" text,
	"verified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "custom_domains" ADD CONSTRAINT "custom_domains_real_estate_id_real_estates_id_fk" FOREIGN KEY ("real_estate_id") REFERENCES "public"."real_estates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "custom_domains_agency_hostname_idx" ON "custom_domains" USING btree ("real_estate_id","hostname");--> statement-breakpoint
CREATE UNIQUE INDEX "custom_domains_verified_hostname_idx" ON "custom_domains" USING btree ("hostname") WHERE "custom_domains"."status" = 'verified';--> statement-breakpoint
CREATE UNIQUE INDEX "custom_domains_verified_agency_idx" ON "custom_domains" USING btree ("real_estate_id") WHERE "custom_domains"."status" = 'verified';