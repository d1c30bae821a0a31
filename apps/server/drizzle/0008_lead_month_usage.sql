CREATE TABLE "lead_month_usage" (
	"real_estate_id" integer NOT NULL,
	"month" date NOT NULL,
	"shard" integer NOT NULL,
	"leads" integer NOT NULL,
	CONSTRAINT "lead_month_usage_real_estate_id_month_shard_pk" PRIMARY KEY("real_estate_id","month","shard")
);
--> statement-breakpoint
ALTER TABLE "lead_month_usage" ADD CONSTRAINT "lead_month_usage_real_estate_id_real_estates_id_fk" FOREIGN KEY ("real_estate_id") REFERENCES "public"."real_estates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The months so far, counted once from the leads (São Paulo months, UTC-3, test leads excluded).
INSERT INTO "lead_month_usage" ("real_estate_id", "month", "shard", "leads")
SELECT "real_estate_id", date_trunc('month', "created_at" at time zone 'America/Sao_Paulo')::date, 0, count(*)::int
FROM "leads" WHERE NOT "is_test" GROUP BY 1, 2;
