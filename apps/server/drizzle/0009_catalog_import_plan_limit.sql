ALTER TABLE "catalog_imports" ADD COLUMN "over_limit_drafts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "catalog_imports" ADD COLUMN "limit_notice" text;