/**
 * Database schema (Drizzle). Every tenant-owned row carries real_estate_id.
 * Migrations are generated from this file into apps/server/drizzle and committed.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  doublePrecision,
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

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
/** The agency a row belongs to: every tenant-owned table carries it, and goes with the agency. */
const tenantId = () =>
  integer('real_estate_id')
    .notNull()
    .references(() => realEstates.id, { onDelete: 'cascade' });

export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('users_email_unique').on(sql`lower(${t.email})`)],
);

export const realEstates = pgTable('real_estates', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  name: text('name').notNull(),
  logoPath: text('logo_path'),
  cnpj: text('cnpj'),
  creci: text('creci'),
  phone: text('phone'),
  whatsapp: text('whatsapp'),
  email: text('email'),
  website: text('website'),
  zipCode: text('zip_code'),
  address: text('address'),
  neighborhood: text('neighborhood'),
  city: text('city'),
  state: text('state'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const memberships = pgTable(
  'real_estate_users',
  {
    realEstateId: tenantId(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['owner', 'admin', 'agent'] }).notNull(),
    createdAt: createdAt(),
    // Team (issue 13): an invited member is a row with status 'invited' and the SHA-256 of the
    // invitation's single-use token; accepting it makes the row 'active' and clears the token.
    status: text('status', { enum: ['active', 'invited'] })
      .notNull()
      .default('active'),
    invitedBy: integer('invited_by').references(() => users.id, { onDelete: 'set null' }),
    invitedAt: timestamp('invited_at', { withTimezone: true }),
    joinedAt: timestamp('joined_at', { withTimezone: true }).defaultNow(),
    inviteTokenHash: text('invite_token_hash'),
    inviteExpiresAt: timestamp('invite_expires_at', { withTimezone: true }),
    /** Takes part in the lead rotation ("roleta") of the agency. */
    inRotation: boolean('in_rotation').notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.realEstateId, t.userId] }),
    index('real_estate_users_user_idx').on(t.userId),
    uniqueIndex('real_estate_users_invite_token_unique').on(t.inviteTokenHash),
  ],
);

/**
 * The agency's team settings (issue 13): the lead rotation and whether agents see every lead. The
 * row is locked while a lead is assigned by rotation, so concurrent leads take distinct turns.
 */
export const teamSettings = pgTable('team_settings', {
  realEstateId: integer('real_estate_id')
    .primaryKey()
    .references(() => realEstates.id, { onDelete: 'cascade' }),
  rotationEnabled: boolean('rotation_enabled').notNull().default(false),
  agentsSeeAllLeads: boolean('agents_see_all_leads').notNull().default(false),
  /** The member who got the last lead by rotation: the next turn is the one after them. */
  lastAssignedUserId: integer('last_assigned_user_id'),
  updatedAt: updatedAt(),
});

/** Server-side sessions. The cookie holds a random id; only its SHA-256 is stored. */
export const sessions = pgTable(
  'sessions',
  {
    idHash: text('id_hash').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    csrfToken: text('csrf_token').notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);

export const passwordResetTokens = pgTable('password_reset_tokens', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: createdAt(),
});

/** Fixed-window counters shared by every API process (login throttle, public rate limits). */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  hits: integer('hits').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
});

/** Who changed what, when (agency profile, memberships, integrations...). Never holds secrets. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    realEstateId: integer('real_estate_id').references(() => realEstates.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    subject: text('subject'),
    details: jsonb('details'),
    createdAt: createdAt(),
  },
  (t) => [index('audit_log_real_estate_idx').on(t.realEstateId, t.createdAt)],
);

/**
 * One row per agency and integration name. The payload (with the CRM credentials and header values)
 * is encrypted at rest with APP_KEY; only the derived flags are stored in the clear.
 */
export const integrations = pgTable(
  'integrations',
  {
    realEstateId: tenantId(),
    name: text('name', { enum: ['webhook', 'arbo', 'jetimob', 'go_harry'] }).notNull(),
    isActive: boolean('is_active').notNull().default(false),
    payloadEncrypted: text('payload_encrypted').notNull(),
    /** Standard Webhooks signing secret (whsec_…), encrypted; webhook only. */
    signingSecretEncrypted: text('signing_secret_encrypted'),
    lastTestOk: boolean('last_test_ok'),
    lastTestMessage: text('last_test_message'),
    lastTestedAt: timestamp('last_tested_at', { withTimezone: true }),
    /** Set when a CRM answered 401/403 (paused) or a webhook answered 410 (disabled). */
    haltedReason: text('halted_reason'),
    haltedKind: text('halted_kind', { enum: ['paused', 'disabled'] }),
    haltedAt: timestamp('halted_at', { withTimezone: true }),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.realEstateId, t.name] })],
);

export const LEAD_STATUSES = [
  'novo',
  'em_atendimento',
  'visita_agendada',
  'proposta',
  'ganho',
  'perdido',
] as const;

export const leads = pgTable(
  'leads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    realEstateId: tenantId(),
    pageId: integer('page_id').references(() => pages.id, { onDelete: 'set null' }),
    contactId: uuid('contact_id').references(() => contacts.id, { onDelete: 'set null' }),
    /** The contact had left a lead before: kept, linked, not counted as a new contact. */
    isRepeat: boolean('is_repeat').notNull().default(false),
    name: text('name').notNull(),
    email: text('email'),
    phone: text('phone'),
    message: text('message'),
    source: text('source').notNull().default('landing_page'),
    utmSource: text('utm_source'),
    utmMedium: text('utm_medium'),
    utmCampaign: text('utm_campaign'),
    utmTerm: text('utm_term'),
    utmContent: text('utm_content'),
    gclid: text('gclid'),
    fbclid: text('fbclid'),
    referrer: text('referrer'),
    sessionId: text('session_id'),
    status: text('status', { enum: LEAD_STATUSES }).notNull().default('novo'),
    isTest: boolean('is_test').notNull().default(false),
    quarantined: boolean('quarantined').notNull().default(false),
    quarantineReason: text('quarantine_reason'),
    consent: boolean('consent').notNull().default(false),
    /** Arrived while the agency was over its plan's monthly leads: stored and shown all the same (issue 13). */
    overPlanLimit: boolean('over_plan_limit').notNull().default(false),
    ipHash: text('ip_hash'),
    userAgent: text('user_agent'),
    statusChangedAt: timestamp('status_changed_at', { withTimezone: true }),
    /** The member in charge of the lead (issue 13): set by hand or by the agency's rotation. */
    assignedUserId: integer('assigned_user_id').references(() => users.id, { onDelete: 'set null' }),
    /**
     * The landing form's submission key (`_sid`, random per page view): a form sent again after its
     * answer was lost (a replica died after the commit) finds its lead instead of storing a second one.
     */
    submissionKey: text('submission_key'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('leads_submission_key_unique')
      .on(t.realEstateId, t.submissionKey)
      .where(sql`${t.submissionKey} is not null`),
    index('leads_real_estate_created_idx').on(t.realEstateId, t.createdAt),
    index('leads_assigned_idx').on(t.realEstateId, t.assignedUserId, t.createdAt),
    index('leads_page_idx').on(t.pageId),
    index('leads_contact_idx').on(t.contactId),
  ],
);

export const DELIVERY_STATUSES = ['pending', 'delivered', 'failed', 'dead', 'paused', 'canceled'] as const;

/** One delivery per lead and active integration; its id is the webhook-id on every retry. */
export const deliveries = pgTable(
  'deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    realEstateId: tenantId(),
    leadId: uuid('lead_id')
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    integration: text('integration', { enum: ['webhook', 'arbo', 'jetimob', 'go_harry'] }).notNull(),
    status: text('status', { enum: DELIVERY_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** Attempts made before the last replay: the retry schedule restarts from there. */
    retryBase: integer('retry_base').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    lastStatusCode: integer('last_status_code'),
    lastError: text('last_error'),
    externalId: text('external_id'),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('deliveries_real_estate_created_idx').on(t.realEstateId, t.createdAt),
    // Also the index of a lead's deliveries (lead_id leads it): one index less to write per lead.
    uniqueIndex('deliveries_lead_integration_unique').on(t.leadId, t.integration),
  ],
);

/** The ledger: every attempt, kept. */
export const deliveryAttempts = pgTable(
  'delivery_attempts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    deliveryId: uuid('delivery_id')
      .notNull()
      .references(() => deliveries.id, { onDelete: 'cascade' }),
    attempt: integer('attempt').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    durationMs: integer('duration_ms').notNull(),
    statusCode: integer('status_code'),
    outcome: text('outcome', {
      enum: ['delivered', 'retry', 'failed', 'paused', 'disabled', 'dead'],
    }).notNull(),
    response: text('response'),
    error: text('error'),
  },
  (t) => [index('delivery_attempts_delivery_idx').on(t.deliveryId, t.attempt)],
);

export const PAGE_STATUSES = ['draft', 'published', 'sold', 'rented'] as const;
export const PAGE_PURPOSES = ['sale', 'rent'] as const;

export interface PagePhoto {
  id: string;
  /** Absolute URL (catalog) or our storage URL. */
  url: string;
  /** Storage key when we hold the file. */
  key: string | null;
  width: number | null;
  height: number | null;
  alt: string | null;
  /** Resized WebP copies for srcset (widths 480/960/1600, never enlarged). */
  variants?: { width: number; height: number; key: string }[];
}

/** Every storage key a photo occupies: the original and its resized copies. */
export const photoKeys = (p: PagePhoto): string[] => [
  ...(p.key ? [p.key] : []),
  ...(p.variants ?? []).map((v) => v.key),
];

/** A property landing page. Money in cents (BRL). */
export const pages = pgTable(
  'pages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    realEstateId: tenantId(),
    title: text('title').notNull(),
    slug: text('slug').notNull(),
    status: text('status', { enum: PAGE_STATUSES }).notNull().default('draft'),
    listingCode: text('listing_code'),
    /** Meta catalog home_listing_id: the import key. */
    externalId: text('external_id'),
    source: text('source', { enum: ['manual', 'catalog'] })
      .notNull()
      .default('manual'),
    purpose: text('purpose', { enum: PAGE_PURPOSES }).notNull().default('sale'),
    propertyType: text('property_type'),
    priceCents: bigint('price_cents', { mode: 'number' }),
    condoFeeCents: bigint('condo_fee_cents', { mode: 'number' }),
    iptuCents: bigint('iptu_cents', { mode: 'number' }),
    areaM2: integer('area_m2'),
    bedrooms: integer('bedrooms'),
    suites: integer('suites'),
    bathrooms: integer('bathrooms'),
    parkingSpaces: integer('parking_spaces'),
    address: text('address'),
    neighborhood: text('neighborhood'),
    city: text('city'),
    state: text('state'),
    zipCode: text('zip_code'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    description: text('description'),
    features: jsonb('features').$type<string[]>().notNull().default([]),
    photos: jsonb('photos').$type<PagePhoto[]>().notNull().default([]),
    whatsapp: text('whatsapp'),
    callToAction: text('call_to_action'),
    seoTitle: text('seo_title'),
    seoDescription: text('seo_description'),
    externalUrl: text('external_url'),
    /** Hash of the imported row, so a re-import of the same data changes nothing. */
    importHash: text('import_hash'),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('pages_slug_unique').on(t.slug),
    uniqueIndex('pages_external_unique').on(t.realEstateId, t.externalId),
    index('pages_real_estate_idx').on(t.realEstateId, t.updatedAt),
  ],
);

export const catalogImports = pgTable(
  'catalog_imports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    realEstateId: tenantId(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    status: text('status', { enum: ['queued', 'running', 'done', 'failed'] })
      .notNull()
      .default('queued'),
    filename: text('filename'),
    format: text('format'),
    bytes: bigint('bytes', { mode: 'number' }).notNull().default(0),
    bytesRead: bigint('bytes_read', { mode: 'number' }).notNull().default(0),
    rowsTotal: integer('rows_total').notNull().default(0),
    created: integer('created').notNull().default(0),
    updated: integer('updated').notNull().default(0),
    unchanged: integer('unchanged').notNull().default(0),
    /** Listings "publish" would have put online past the plan's published pages: kept as drafts. */
    overLimitDrafts: integer('over_limit_drafts').notNull().default(0),
    /** Listings imported without a price (blank, or "sob consulta" and the like): the report says so. */
    withoutPrice: integer('without_price').notNull().default(0),
    /** The summary's sentence naming that limit (pt-BR), when it was reached. */
    limitNotice: text('limit_notice'),
    rejected: jsonb('rejected')
      .$type<{ row: number; home_listing_id: string | null; reason: string }[]>()
      .notNull()
      .default([]),
    error: text('error'),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('catalog_imports_real_estate_idx').on(t.realEstateId, t.createdAt)],
);

/** A person who left a contact: leads with the same phone or e-mail in an agency point to one contact. */
export const contacts = pgTable(
  'contacts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    realEstateId: tenantId(),
    name: text('name').notNull(),
    email: text('email'),
    phone: text('phone'),
    leadsCount: integer('leads_count').notNull().default(0),
    firstLeadAt: timestamp('first_lead_at', { withTimezone: true }).notNull().defaultNow(),
    lastLeadAt: timestamp('last_lead_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('contacts_phone_idx').on(t.realEstateId, t.phone),
    index('contacts_email_idx').on(t.realEstateId, t.email),
  ],
);

/** Per user and agency settings (spec: GET /v1/real-estates/{id}/preferences, PUT /v1/preferences/{id}). */
export const preferences = pgTable(
  'preferences',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    realEstateId: tenantId(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    value: jsonb('value').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('preferences_unique').on(t.realEstateId, t.userId, t.key)],
);

/**
 * The agency's preferences (issue 13, api-contract.md "Preferences"): one row per key, created with the
 * key's default the first time the agency's preferences are read, so each has an id for PUT.
 */
export const agencyPreferences = pgTable(
  'agency_preferences',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    realEstateId: tenantId(),
    key: text('key').notNull(),
    value: jsonb('value').notNull(),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('agency_preferences_unique').on(t.realEstateId, t.key)],
);

export const SUBSCRIPTION_STATUSES = ['trialing', 'active', 'past_due', 'canceled', 'expired'] as const;

/** The agency's plan (issue 13, /assinatura): one row per agency, created with the trial. */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    realEstateId: tenantId(),
    plan: text('plan').notNull(),
    status: text('status', { enum: SUBSCRIPTION_STATUSES }).notNull(),
    trialEndsAt: timestamp('trial_ends_at', { withTimezone: true }),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    provider: text('provider').notNull(),
    providerCustomerId: text('provider_customer_id'),
    providerSubscriptionId: text('provider_subscription_id'),
    billingType: text('billing_type'),
    /** A plan chosen and awaiting its first payment (Asaas): it applies when the payment is confirmed. */
    pendingPlan: text('pending_plan'),
    /** The provider's hosted page of the payment awaiting payment (boleto, Pix or card). */
    invoiceUrl: text('invoice_url'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('subscriptions_real_estate_unique').on(t.realEstateId)],
);

/**
 * Leads received per agency and São Paulo month (the plan's "leads per month"), kept by lead capture in
 * the same statement that writes the leads, so a capture reads a few rows instead of counting the
 * month's leads. Sharded: each captured group adds to one of up to 64 rows of the month, so concurrent
 * groups of one agency rarely wait on one row lock; the month's figure is their sum.
 */
export const leadMonthUsage = pgTable(
  'lead_month_usage',
  {
    realEstateId: tenantId(),
    month: date('month', { mode: 'string' }).notNull(),
    shard: integer('shard').notNull(),
    leads: integer('leads').notNull(),
  },
  (t) => [primaryKey({ columns: [t.realEstateId, t.month, t.shard] })],
);

/** Payment provider webhooks, by the provider's event id: a retried delivery is stored once. */
export const billingEvents = pgTable(
  'billing_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    payload: jsonb('payload').notNull(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('billing_events_unique').on(t.provider, t.eventId)],
);

// ---------------------------------------------------------------------------------------------
// Analytics (issue 11): first-party, cookieless. Raw events and sessions are kept for the retention
// period (ANALYTICS_RETENTION_MONTHS); the daily rollups hold no visitor data and stay.
// ---------------------------------------------------------------------------------------------

/**
 * One random salt per São Paulo day. A visitor id is HMAC(salt, agency|IP|user agent): it cannot be
 * recomputed once the salt is gone, and salts older than 48 h are deleted.
 */
export const analyticsSalts = pgTable('analytics_salts', {
  day: date('day', { mode: 'string' }).primaryKey(),
  salt: text('salt').notNull(),
  createdAt: createdAt(),
});

export const ANALYTICS_DEVICES = ['mobile', 'tablet', 'desktop'] as const;

/** A visit: a visitor's events on one agency's pages with no gap longer than 30 minutes. */
export const analyticsSessions = pgTable(
  'analytics_sessions',
  {
    id: uuid('id').primaryKey(),
    realEstateId: tenantId(),
    /** HMAC of the day's salt, agency, IP and user agent (raw IP and user agent are never stored). */
    visitorHash: text('visitor_hash').notNull(),
    /** The page the session started on. */
    pageId: integer('page_id').references(() => pages.id, { onDelete: 'set null' }),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
    source: text('source').notNull(),
    utmSource: text('utm_source'),
    utmMedium: text('utm_medium'),
    utmCampaign: text('utm_campaign'),
    utmTerm: text('utm_term'),
    utmContent: text('utm_content'),
    gclid: boolean('gclid').notNull().default(false),
    fbclid: boolean('fbclid').notNull().default(false),
    /** The referrer's host only. */
    referrer: text('referrer'),
    device: text('device', { enum: ANALYTICS_DEVICES }).notNull(),
    eventsCount: integer('events_count').notNull().default(0),
    leadId: uuid('lead_id').references(() => leads.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('analytics_sessions_started_idx').on(t.realEstateId, t.startedAt),
    index('analytics_sessions_visitor_idx').on(t.realEstateId, t.visitorHash, t.lastSeenAt),
  ],
);

/**
 * Append-only. BRIN on occurred_at for retention sweeps; btree for an agency's recent events and a
 * session's timeline. No foreign keys, on purpose: a foreign-key check locks the parent row for every
 * event written (ten events of one session = ten locks on it). Events go by retention (before their
 * sessions, which end no earlier than their events).
 */
export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    realEstateId: integer('real_estate_id').notNull(),
    sessionId: uuid('session_id').notNull(),
    pageId: integer('page_id'),
    name: text('name').notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    props: jsonb('props').$type<Record<string, string | number | boolean | null>>(),
  },
  (t) => [
    index('analytics_events_session_idx').on(t.sessionId, t.occurredAt),
    index('analytics_events_real_estate_idx').on(t.realEstateId, t.occurredAt),
    index('analytics_events_occurred_brin').using('brin', t.occurredAt),
  ],
);

/**
 * Daily rollup per São Paulo day × page × source (with campaign and referrer host) × device, rebuilt
 * from sessions and events for the days marked dirty. Counts are per session-and-page pair, so each
 * page's row is exact; `entries`, `first_visitors` and `bounces` count each session (visitor-day) once
 * only, on the pair it started with, so totals over pages are exact too. No visitor data.
 */
export const analyticsDaily = pgTable(
  'analytics_daily',
  {
    realEstateId: tenantId(),
    day: date('day', { mode: 'string' }).notNull(),
    pageId: integer('page_id').notNull(),
    source: text('source').notNull(),
    utmCampaign: text('utm_campaign').notNull().default(''),
    referrer: text('referrer').notNull().default(''),
    device: text('device').notNull(),
    /** Session-page pairs (a session that saw two pages counts on each). */
    sessions: integer('sessions').notNull().default(0),
    /** Sessions that started here (each session once). */
    entries: integer('entries').notNull().default(0),
    /** Distinct visitors of this row. */
    visitors: integer('visitors').notNull().default(0),
    /** Visitors whose first session of the day started here (each visitor-day once). */
    firstVisitors: integer('first_visitors').notNull().default(0),
    pageviews: integer('pageviews').notNull().default(0),
    /** Pairs with engagement (time, scroll, a click or a second pageview). */
    engaged: integer('engaged').notNull().default(0),
    /** Sessions that started here without any engagement. */
    bounces: integer('bounces').notNull().default(0),
    engagedSeconds: integer('engaged_seconds').notNull().default(0),
    media: integer('media').notNull().default(0),
    contact: integer('contact').notNull().default(0),
    leads: integer('leads').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.realEstateId, t.day, t.pageId, t.source, t.utmCampaign, t.referrer, t.device] }),
  ],
);

/** Days whose rollup must be rebuilt (events arrived): marked by ingestion, cleared by the rebuild. */
export const analyticsDirtyDays = pgTable(
  'analytics_dirty_days',
  {
    realEstateId: tenantId(),
    day: date('day', { mode: 'string' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.realEstateId, t.day] })],
);

// ---------------------------------------------------------------------------------------------
// Videos (issue 14): uploaded to storage by the browser, or linked (YouTube, Vimeo, a direct file).
// ---------------------------------------------------------------------------------------------

export const VIDEO_SOURCES = ['upload', 'youtube', 'vimeo', 'url'] as const;
export const VIDEO_STATUSES = ['pending_upload', 'processing', 'ready', 'failed'] as const;

export const videos = pgTable(
  'videos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    realEstateId: tenantId(),
    pageId: integer('page_id')
      .notNull()
      .references(() => pages.id, { onDelete: 'cascade' }),
    source: text('source', { enum: VIDEO_SOURCES }).notNull(),
    status: text('status', { enum: VIDEO_STATUSES }).notNull(),
    /** MIME type: what the upload declared, then what its first bytes say. */
    fileType: text('file_type'),
    sizeBytes: bigint('size_bytes', { mode: 'number' }),
    /** Storage keys of the uploaded file and of its poster (ours, or null). */
    storageKey: text('storage_key'),
    posterKey: text('poster_key'),
    /** The S3 multipart upload of a large file still being sent (completed or aborted, then null). */
    uploadId: text('upload_id'),
    /** The link as given (YouTube, Vimeo, a direct https file) and the provider's id. */
    externalUrl: text('external_url'),
    externalId: text('external_id'),
    durationSeconds: doublePrecision('duration_seconds'),
    sequence: integer('sequence').notNull().default(0),
    /** Why it failed, or a note on a ready video (no poster without ffmpeg). */
    statusMessage: text('status_message'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('videos_page_idx').on(t.pageId, t.sequence),
    index('videos_real_estate_idx').on(t.realEstateId, t.pageId),
    index('videos_pending_idx').on(t.status, t.createdAt),
  ],
);

// ---------------------------------------------------------------------------------------------
// LGPD (issue 25): the data subject's rights (find, export, erase one person) and retention.
// ---------------------------------------------------------------------------------------------

/**
 * Each agency's retention periods (docs/privacy.md). An agency without a row keeps the defaults
 * (modules/privacy/retention-settings.ts); the periodic privacy-retention job applies them.
 */
export const privacySettings = pgTable('privacy_settings', {
  realEstateId: integer('real_estate_id')
    .primaryKey()
    .references(() => realEstates.id, { onDelete: 'cascade' }),
  /** Raw analytics events and sessions older than this are deleted (rollups stay). */
  analyticsMonths: integer('analytics_months').notNull(),
  /** The CRM answers and error texts of delivery attempts older than this are blanked (rows stay). */
  deliveryBodiesMonths: integer('delivery_bodies_months').notNull(),
  updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: updatedAt(),
});

export const PRIVACY_ACTIONS = ['export', 'erase'] as const;

/**
 * A data subject's request answered (LGPD art. 18): who exported or erased whose data, when, and how
 * much. The person is named only by an HMAC of the search key (APP_KEY), never in the clear: the entry
 * proves a request was answered without keeping the data that was erased.
 */
export const privacyRequests = pgTable(
  'privacy_requests',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    realEstateId: tenantId(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action', { enum: PRIVACY_ACTIONS }).notNull(),
    keyType: text('key_type', { enum: ['email', 'phone'] }).notNull(),
    keyHash: text('key_hash').notNull(),
    counts: jsonb('counts').$type<Record<string, number>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('privacy_requests_real_estate_idx').on(t.realEstateId, t.createdAt)],
);

export const CUSTOM_DOMAIN_STATUSES = ['pending', 'verified'] as const;

/**
 * An agency's own host name for its landing pages (imoveis.suaimobiliaria.com.br; decision 017).
 * Pending until the TXT record `_vitrine.<hostname>` holds `verificationToken`; a verified one serves
 * that agency's pages only, and Caddy's on-demand TLS gets a certificate for it. Any agency may add a
 * host name (no squatting: several may wait for it), but only one row per host name is ever verified,
 * and an agency has at most one verified domain.
 */
export const customDomains = pgTable(
  'custom_domains',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    realEstateId: tenantId(),
    /** Lower case, no trailing dot, ASCII (punycode). */
    hostname: text('hostname').notNull(),
    status: text('status', { enum: CUSTOM_DOMAIN_STATUSES }).notNull().default('pending'),
    verificationToken: text('verification_token').notNull(),
    /** The last DNS check, and what it found (shown in the console). */
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    checkMessage: text('check_message'),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('custom_domains_agency_hostname_idx').on(t.realEstateId, t.hostname),
    uniqueIndex('custom_domains_verified_hostname_idx')
      .on(t.hostname)
      .where(sql`${t.status} = 'verified'`),
    uniqueIndex('custom_domains_verified_agency_idx')
      .on(t.realEstateId)
      .where(sql`${t.status} = 'verified'`),
  ],
);
