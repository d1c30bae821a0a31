ALTER TABLE "deliveries" DROP CONSTRAINT "deliveries_real_estate_id_real_estates_id_fk";
