ALTER TABLE "real_estate_users" ADD COLUMN "invite_id" integer;--> statement-breakpoint
ALTER TABLE "custom_domains" ADD COLUMN "failing_since" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "real_estate_users_invite_id_unique" ON "real_estate_users" USING btree ("invite_id");--> statement-breakpoint
UPDATE "real_estate_users" SET "invite_id" = nextval(pg_get_serial_sequence('users', 'id')) WHERE "status" = 'invited';
