ALTER TABLE "inbound_requests" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "inbound_requests" ADD COLUMN "request_hash" text;--> statement-breakpoint
ALTER TABLE "inbound_requests" ADD COLUMN "response_body" jsonb;--> statement-breakpoint
-- The live answers move onto the ledger row of the request that wrote them: a stored request (not a refused
-- one) with the same external id, its lead first, then the one received nearest the answer (a duplicate's
-- answer was kept a day or more after the lead's first row, and its 24 hours now count from its row).
-- api_idempotency_keys stays for the replicas still running the version before (dropped in a later
-- release); the sweep empties it.
UPDATE "inbound_requests" AS ir
SET "idempotency_key" = m.api_key_id || ':' || m.key, "request_hash" = m.request_hash, "response_body" = m.response_body
FROM (
  SELECT DISTINCT ON (k.api_key_id, k.key) k.api_key_id, k.key, k.request_hash, k.response_body, r.id AS request_id
  FROM "api_idempotency_keys" k
  JOIN "inbound_requests" r ON r.channel = 'lead_api' AND r.outcome IN ('created', 'duplicate')
    AND r.external_id = k.api_key_id || ':' || k.key || ':' || left(k.request_hash, 16)
  WHERE k.response_status IS NOT NULL AND k.created_at >= now() - interval '24 hours'
  ORDER BY k.api_key_id, k.key, (r.lead_id IS NOT DISTINCT FROM k.lead_id) DESC,
    abs(extract(epoch FROM r.received_at - k.created_at)), r.id
) m
WHERE ir.id = m.request_id;--> statement-breakpoint
CREATE UNIQUE INDEX "inbound_requests_idempotency_key_unique" ON "inbound_requests" USING btree ("idempotency_key") WHERE "inbound_requests"."idempotency_key" is not null;