CREATE TABLE "team_settings" (
	"real_estate_id" integer PRIMARY KEY NOT NULL,
	"rotation_enabled" boolean DEFAULT false NOT NULL,
	"agents_see_all_leads" boolean DEFAULT false NOT NULL,
	"last_assigned_user_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "assigned_user_id" integer;--> statement-breakpoint
ALTER TABLE "real_estate_users" ADD COLUMN "status" text DEFAULT 'active' NOT NULL;--> statement-breakpoint
ALTER TABLE "real_estate_users" ADD COLUMN "invited_by" integer;--> statement-breakpoint
ALTER TABLE "real_estate_users" ADD COLUMN "invited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "real_estate_users" ADD COLUMN "joined_at" timestamp with time zone DEFAULT now();--> statement-breakpoint
ALTER TABLE "real_estate_users" ADD COLUMN "invite_token_hash" text;--> statement-breakpoint
ALTER TABLE "real_estate_users" ADD COLUMN "invite_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "real_estate_users" ADD COLUMN "in_rotation" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "team_settings" ADD CONSTRAINT "team_settings_real_estate_id_real_estates_id_fk" FOREIGN KEY ("real_estate_id") REFERENCES "public"."real_estates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_assigned_user_id_users_id_fk" FOREIGN KEY ("assigned_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "real_estate_users" ADD CONSTRAINT "real_estate_users_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "leads_assigned_idx" ON "leads" USING btree ("real_estate_id","assigned_user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "real_estate_users_invite_token_unique" ON "real_estate_users" USING btree ("invite_token_hash");--> statement-breakpoint
UPDATE "real_estate_users" SET "joined_at" = "created_at";