ALTER TABLE "privacy_settings" ADD COLUMN "inbound_bodies_months" integer;--> statement-breakpoint
CREATE INDEX "inbound_requests_agency_channel_received_idx" ON "inbound_requests" USING btree ("real_estate_id","channel","received_at");--> statement-breakpoint
CREATE INDEX "inbound_requests_bodies_idx" ON "inbound_requests" USING btree ("real_estate_id","received_at") WHERE "inbound_requests"."body" is not null;--> statement-breakpoint
ALTER TABLE "lead_sources" DROP COLUMN "last_received_at";