CREATE TABLE "meta_oauth_grants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"real_estate_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"session_hash" text NOT NULL,
	"state_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"pages" jsonb,
	"secret_encrypted" text,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "meta_oauth_grants" ADD CONSTRAINT "meta_oauth_grants_real_estate_id_real_estates_id_fk" FOREIGN KEY ("real_estate_id") REFERENCES "public"."real_estates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meta_oauth_grants" ADD CONSTRAINT "meta_oauth_grants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "meta_oauth_grants_state_unique" ON "meta_oauth_grants" USING btree ("state_hash");--> statement-breakpoint
CREATE INDEX "meta_oauth_grants_real_estate_idx" ON "meta_oauth_grants" USING btree ("real_estate_id","user_id");