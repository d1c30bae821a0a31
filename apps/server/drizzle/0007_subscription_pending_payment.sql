ALTER TABLE "subscriptions" ADD COLUMN "pending_plan" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "invoice_url" text;