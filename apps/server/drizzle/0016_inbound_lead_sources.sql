CREATE TABLE "api_idempotency_keys" (
	"api_key_id" integer NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"response_status" integer,
	"response_body" jsonb,
	"lead_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "api_idempotency_keys_api_key_id_key_pk" PRIMARY KEY("api_key_id","key")
);
--> statement-breakpoint
CREATE TABLE "api_keys" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "api_keys_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"real_estate_id" integer NOT NULL,
	"name" text NOT NULL,
	"prefix" text NOT NULL,
	"token_hash" text NOT NULL,
	"scopes" text[] DEFAULT '{leads:write}'::text[] NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "inbound_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"real_estate_id" integer NOT NULL,
	"channel" text NOT NULL,
	"source" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"outcome" text NOT NULL,
	"reason" text,
	"http_status" integer NOT NULL,
	"external_id" text,
	"body" jsonb,
	"lead_id" uuid,
	"replayed_at" timestamp with time zone,
	"replayed_by" integer
);
--> statement-breakpoint
CREATE TABLE "lead_sources" (
	"real_estate_id" integer NOT NULL,
	"channel" text NOT NULL,
	"public_id" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"secret_encrypted" text,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"last_received_at" timestamp with time zone,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lead_sources_real_estate_id_channel_pk" PRIMARY KEY("real_estate_id","channel")
);
--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "source_details" jsonb;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "listing_code" text;--> statement-breakpoint
ALTER TABLE "api_idempotency_keys" ADD CONSTRAINT "api_idempotency_keys_api_key_id_api_keys_id_fk" FOREIGN KEY ("api_key_id") REFERENCES "public"."api_keys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_idempotency_keys" ADD CONSTRAINT "api_idempotency_keys_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_real_estate_id_real_estates_id_fk" FOREIGN KEY ("real_estate_id") REFERENCES "public"."real_estates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbound_requests" ADD CONSTRAINT "inbound_requests_real_estate_id_real_estates_id_fk" FOREIGN KEY ("real_estate_id") REFERENCES "public"."real_estates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbound_requests" ADD CONSTRAINT "inbound_requests_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbound_requests" ADD CONSTRAINT "inbound_requests_replayed_by_users_id_fk" FOREIGN KEY ("replayed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_sources" ADD CONSTRAINT "lead_sources_real_estate_id_real_estates_id_fk" FOREIGN KEY ("real_estate_id") REFERENCES "public"."real_estates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_sources" ADD CONSTRAINT "lead_sources_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "api_idempotency_keys_created_idx" ON "api_idempotency_keys" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "api_keys_token_hash_unique" ON "api_keys" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "api_keys_agency_idx" ON "api_keys" USING btree ("real_estate_id");--> statement-breakpoint
CREATE INDEX "inbound_requests_agency_received_idx" ON "inbound_requests" USING btree ("real_estate_id","received_at");--> statement-breakpoint
CREATE INDEX "inbound_requests_lead_idx" ON "inbound_requests" USING btree ("lead_id") WHERE "inbound_requests"."lead_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "lead_sources_public_id_unique" ON "lead_sources" USING btree ("public_id");--> statement-breakpoint
CREATE INDEX "leads_unmatched_listing_idx" ON "leads" USING btree ("real_estate_id","listing_code") WHERE "leads"."page_id" is null and "leads"."listing_code" is not null;--> statement-breakpoint
CREATE INDEX "pages_listing_code_idx" ON "pages" USING btree ("real_estate_id","listing_code") WHERE "pages"."listing_code" is not null;