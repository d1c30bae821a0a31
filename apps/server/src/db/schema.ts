/**
 * Database schema (Drizzle), one file per domain in `schema/`. Every tenant-owned row carries
 * real_estate_id. Migrations are generated from this file (drizzle.config.ts) into apps/server/drizzle
 * and committed. Enum columns take their values from @vitrine/contracts, the lists the API speaks.
 */
export * from './schema/accounts.ts';
export * from './schema/integrations.ts';
export * from './schema/pages.ts';
export * from './schema/leads.ts';
export * from './schema/deliveries.ts';
export * from './schema/preferences.ts';
export * from './schema/billing.ts';
export * from './schema/analytics.ts';
export * from './schema/videos.ts';
export * from './schema/privacy.ts';
export * from './schema/domains.ts';
export * from './schema/inbound.ts';
export * from './schema/feeds.ts';
export * from './schema/conversions.ts';
