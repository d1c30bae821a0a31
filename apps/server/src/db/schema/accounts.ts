/** People, agencies, who belongs to which, their sessions, and what they did. */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { MEMBER_STATUSES, ROLES } from '@vitrine/contracts';
import { createdAt, updatedAt } from './columns.ts';

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

/** The agency a row belongs to: every tenant-owned table carries it, and goes with the agency. */
export const tenantId = () =>
  integer('real_estate_id')
    .notNull()
    .references(() => realEstates.id, { onDelete: 'cascade' });

export const memberships = pgTable(
  'real_estate_users',
  {
    realEstateId: tenantId(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ROLES }).notNull(),
    createdAt: createdAt(),
    // Team (docs/product.md#team): an invited member is a row with status 'invited' and the SHA-256 of the
    // invitation's single-use token; accepting it makes the row 'active' and clears the token.
    status: text('status', { enum: MEMBER_STATUSES }).notNull().default('active'),
    invitedBy: integer('invited_by').references(() => users.id, { onDelete: 'set null' }),
    invitedAt: timestamp('invited_at', { withTimezone: true }),
    joinedAt: timestamp('joined_at', { withTimezone: true }).defaultNow(),
    inviteTokenHash: text('invite_token_hash'),
    inviteExpiresAt: timestamp('invite_expires_at', { withTimezone: true }),
    /** Takes part in the lead rotation ("roleta") of the agency. */
    inRotation: boolean('in_rotation').notNull().default(false),
    /**
     * What the team's API and audit log call a pending invitation instead of the invited account's user
     * id (decision 018): drawn from the users' id sequence when the invitation is made, so it never names
     * a user and looks the same whether the e-mail has an account or not. Cleared on joining.
     */
    inviteId: integer('invite_id'),
  },
  (t) => [
    primaryKey({ columns: [t.realEstateId, t.userId] }),
    index('real_estate_users_user_idx').on(t.userId),
    uniqueIndex('real_estate_users_invite_token_unique').on(t.inviteTokenHash),
    uniqueIndex('real_estate_users_invite_id_unique').on(t.inviteId),
  ],
);

/**
 * The agency's team settings (docs/product.md#lead-assignment): the lead rotation and whether agents see
 * every lead. The row is locked while a lead is assigned by rotation, so concurrent leads take distinct
 * turns.
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
