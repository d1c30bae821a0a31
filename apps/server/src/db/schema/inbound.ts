import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { INBOUND_CHANNELS, INBOUND_OUTCOMES, LEAD_SOURCES } from '@vitrine/contracts';
import { tenantId, users } from './accounts.ts';
import { createdAt, updatedAt } from './columns.ts';
import { leads } from './leads.ts';
import { newId } from '../../lib/ids.ts';

/**
 * One row per agency and inbound channel it connected (docs/product.md#lead-sources): the Grupo OLX lead
 * push, Meta lead forms. `publicId` names the agency in the channel's URL (random, so the URL says
 * nothing about the agency and can be changed); the secret (the portal's Basic password, Meta's page
 * token) is encrypted with APP_KEY like the integrations' payloads; `settings` holds what the channel
 * needs in the clear (Meta's page id, the form → page choices).
 */
export const leadSources = pgTable(
  'lead_sources',
  {
    realEstateId: tenantId(),
    channel: text('channel', { enum: INBOUND_CHANNELS }).notNull(),
    publicId: text('public_id').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    secretEncrypted: text('secret_encrypted'),
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.realEstateId, t.channel] }),
    uniqueIndex('lead_sources_public_id_unique').on(t.publicId),
  ],
);

/**
 * The inbound ledger: every request a source sent (a portal push, a Meta notification's lead, an API
 * call), kept with what became of it, so an agency can prove what a portal sent and replay a refused one.
 * The body is stored with its secrets redacted. `externalId` is the source's own id of the lead
 * (`originLeadId`, Meta's leadgen id, the API's Idempotency-Key).
 *
 * A lead API request with an `Idempotency-Key` keeps its answer on its own row for 24 hours
 * (modules/inbound/lead-api-idempotency.ts): `idempotencyKey` (`<api key id>:<header>`, unique while
 * set), the body's fingerprint and the answer sent; the hourly sweep clears the three past 24 hours.
 */
export const inboundRequests = pgTable(
  'inbound_requests',
  {
    id: uuid('id').primaryKey().defaultRandom().$defaultFn(newId),
    realEstateId: tenantId(),
    channel: text('channel', { enum: INBOUND_CHANNELS }).notNull(),
    source: text('source', { enum: LEAD_SOURCES }),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    outcome: text('outcome', { enum: INBOUND_OUTCOMES }).notNull(),
    /** Why it was refused, in Portuguese (shown in the console as is). */
    reason: text('reason'),
    /** The HTTP status the source got. */
    httpStatus: integer('http_status').notNull(),
    externalId: text('external_id'),
    body: jsonb('body'),
    leadId: uuid('lead_id').references(() => leads.id, { onDelete: 'set null' }),
    /** A refused request replayed from the console (after the agency fixed the cause). */
    replayedAt: timestamp('replayed_at', { withTimezone: true }),
    replayedBy: integer('replayed_by').references(() => users.id, { onDelete: 'set null' }),
    /** The lead API's Idempotency-Key under its API key (`<api key id>:<header>`) while its answer counts. */
    idempotencyKey: text('idempotency_key'),
    /** The fingerprint of the body the key was first used with (lead-api-idempotency.ts). */
    requestHash: text('request_hash'),
    /** The answer sent (with `httpStatus`), replayed to the same key and body. */
    responseBody: jsonb('response_body'),
  },
  (t) => [
    index('inbound_requests_agency_received_idx').on(t.realEstateId, t.receivedAt),
    // A source's last lead, read backwards from its newest request (lead-sources.ts lastReceivedByChannel):
    // derived from the ledger instead of a per-lead update of the source's row (decision 019).
    index('inbound_requests_agency_channel_received_idx').on(t.realEstateId, t.channel, t.receivedAt),
    // The retention job's walk (modules/privacy/apply-retention.ts): old bodies not yet blanked.
    index('inbound_requests_bodies_idx')
      .on(t.realEstateId, t.receivedAt)
      .where(sql`${t.body} is not null`),
    index('inbound_requests_lead_idx')
      .on(t.leadId)
      .where(sql`${t.leadId} is not null`),
    // One answer per live Idempotency-Key: a concurrent request with the key fails its lead's commit.
    uniqueIndex('inbound_requests_idempotency_key_unique')
      .on(t.idempotencyKey)
      .where(sql`${t.idempotencyKey} is not null`),
  ],
);

/**
 * API keys for the lead API (docs/product.md#lead-api): shown once at creation, stored as a SHA-256 hash;
 * `prefix` is the key's visible start, so the console can tell keys apart. Scoped to sending leads.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    realEstateId: tenantId(),
    name: text('name').notNull(),
    prefix: text('prefix').notNull(),
    tokenHash: text('token_hash').notNull(),
    scopes: text('scopes')
      .array()
      .notNull()
      .default(sql`'{leads:write}'::text[]`),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('api_keys_token_hash_unique').on(t.tokenHash),
    index('api_keys_agency_idx').on(t.realEstateId),
  ],
);

/**
 * The lead API's idempotency keys before migration 0026, which moved the live answers onto their inbound
 * ledger rows (docs/decisions/019-inbound-leads.md, fourth amendment). Neither read nor written since;
 * the hourly sweep empties it of what an older replica wrote during a rolling deploy. To be dropped in
 * a later release (docs/operations.md: migrations stay compatible with the version still running).
 */
export const apiIdempotencyKeys = pgTable(
  'api_idempotency_keys',
  {
    apiKeyId: integer('api_key_id')
      .notNull()
      .references(() => apiKeys.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    responseStatus: integer('response_status'),
    responseBody: jsonb('response_body'),
    leadId: uuid('lead_id').references(() => leads.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.apiKeyId, t.key] }),
    index('api_idempotency_keys_created_idx').on(t.createdAt),
  ],
);

/**
 * A "Conectar com Facebook" in progress (docs/decisions/020-meta-lead-ads.md#amended-2026-11-28-conectar-com-facebook):
 * made when an owner or admin is sent to Facebook Login, bound to that user's session. `stateHash` is
 * the SHA-256 of the `state` nonce (single use: `usedAt` is set by the callback); the callback keeps the
 * user's pages (id, name, tasks) and, sealed with APP_KEY, the user token and the pages' tokens, until
 * one page is chosen (the row is then deleted) or the row expires.
 */
export const metaOauthGrants = pgTable(
  'meta_oauth_grants',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    realEstateId: tenantId(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sessionHash: text('session_hash').notNull(),
    stateHash: text('state_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    /** The pages the user can choose (no tokens). */
    pages: jsonb('pages').$type<{ id: string; name: string; tasks: string[]; problem: string | null }[]>(),
    /** `{userToken, pageTokens: {pageId: token}}`, encrypted with APP_KEY. */
    secretEncrypted: text('secret_encrypted'),
    /** Why the connection stopped, in Portuguese (cancelled, Meta refused the code, no pages). */
    error: text('error'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('meta_oauth_grants_state_unique').on(t.stateHash),
    index('meta_oauth_grants_real_estate_idx').on(t.realEstateId, t.userId),
  ],
);
