/**
 * The demo a prospect opens (SEED_DEMO): the demo login, owner of "Imobiliária Demonstração" (a dozen
 * published listings with photos, two drafts, one sold, 30 days of leads in every stage and of visits
 * (analytics), a tested CRM webhook with its delivery ledger) and admin of "Imóveis Litoral" (left
 * empty, so the account switcher shows a second agency).
 *
 * Runs once: only on a database without accounts, and never when the demo login exists. Everything is
 * written in one transaction; the photo files go through the storage module like uploads do. Nothing
 * is sent anywhere: deliveries are written in their final states and no job is queued for them.
 */
import { asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { WebhookPayload } from '@vitrine/contracts';
import type { Tx } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import {
  auditLog,
  contacts,
  deliveries,
  deliveryAttempts,
  integrations,
  leads,
  memberships,
  pages,
  realEstates,
  teamSettings,
  users,
  type PagePhoto,
} from '../../db/schema.ts';
import { encryptSecret, randomToken } from '../../lib/crypto.ts';
import { createUser } from '../auth/index.ts';
import { createRealEstate } from '../real-estates/index.ts';
import { generateWebhookSecret } from '../integrations/index.ts';
import { allocateSlugs } from '../pages/index.ts';
import type { Storage } from '../storage/index.ts';
import { rebuildDays, saoPauloDay } from '../analytics/index.ts';
import { recountLeadMonths } from '../billing/index.ts';
import { buildDemoAnalytics } from './demo-analytics.ts';
import { DEMO_LISTINGS } from './demo-listings.ts';
import { buildDemoLeads, WEBHOOK_SINCE_DAYS } from './demo-leads.ts';
import { demoSceneId, prepareDemoPhotos, type DemoPhotoSet } from './prepare-demo-photos.ts';

export const DEMO_EMAIL = 'demo@imobiliaria.test';
export const DEMO_PASSWORD = 'demo1234';
export const DEMO_AGENCY_NAME = 'Imobiliária Demonstração';
/** Obviously not a real CRM: a prospect's own test leads fail here instead of reaching anyone. */
export const DEMO_WEBHOOK_URL = 'https://crm.imobiliaria-demo.test/webhooks/leads';

const DAY = 24 * 60 * 60 * 1000;

export interface SeedDemoOptions {
  /** The photos, already being drawn (server.ts starts them with the seed). */
  photos?: Promise<DemoPhotoSet>;
  /** Seed even though other accounts exist (tests on a shared database). Still never twice. */
  alongsideExistingAccounts?: boolean;
  /** "Today" for the 30 days of leads. */
  now?: Date;
}

interface DemoAccounts {
  demoUserId: number;
  mainId: number;
  litoralId: number;
}

/** The demo login's user id, or null when this database holds no demo. */
export async function findDemoUserId(deps: { db: Tx }): Promise<number | null> {
  const [row] = await deps.db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${DEMO_EMAIL}`);
  return row?.id ?? null;
}

const demoUserExists = async (db: Tx) => (await findDemoUserId({ db })) !== null;

/** Seeds the demo; false when it did nothing (already seeded, or other accounts exist). */
export async function seedDemo(
  deps: Pick<Deps, 'storage' | 'config'> & { db: Tx },
  opts: SeedDemoOptions = {},
): Promise<boolean> {
  opts.photos?.catch(() => undefined); // unused when we do not seed: never an unhandled rejection
  const { db } = deps;
  if (await demoUserExists(db)) return false;
  if (!opts.alongsideExistingAccounts) {
    const [row] = await db.select({ n: count() }).from(users);
    if (Number(row?.n ?? 0) > 0) return false;
  }
  const photos = await (opts.photos ?? prepareDemoPhotos());
  const now = opts.now ?? new Date();
  const written: string[] = [];
  try {
    await db.transaction(async (tx) => {
      const accounts = await seedAccounts(tx);
      const pageRows = await seedPages(tx, deps.storage, accounts, photos, now, written);
      await seedWebhookIntegration(tx, deps.config.appKey, accounts, now);
      await seedLeadsAndDeliveries(tx, accounts, pageRows, now);
      await seedTeamMembers(tx, accounts);
      await seedVideos(tx, accounts, pageRows);
    });
  } catch (err) {
    await Promise.all(written.map((key) => deps.storage.delete(key).catch(() => undefined)));
    // Another process seeded at the same moment: its demo stands.
    if (await demoUserExists(db).catch(() => false)) return false;
    throw err;
  }
  return true;
}

// ---------------------------------------------------------------------------------------------
// Sections
// ---------------------------------------------------------------------------------------------

async function seedAccounts(tx: Tx): Promise<DemoAccounts> {
  const demoUserId = await createUser(
    { db: tx },
    {
      name: 'Ana Demonstração',
      email: DEMO_EMAIL,
      password: DEMO_PASSWORD,
    },
  );
  const mainId = await createRealEstate({ db: tx }, { name: DEMO_AGENCY_NAME, ownerId: demoUserId });
  await tx
    .update(realEstates)
    .set({
      city: 'São Paulo',
      state: 'SP',
      phone: '1130000000',
      whatsapp: '11999990000',
      email: 'contato@imobiliaria.test',
      creci: '12345-J',
    })
    .where(eq(realEstates.id, mainId));
  // "Imóveis Litoral" belongs to someone else; the demo user is its admin.
  const ownerId = await createUser(
    { db: tx },
    {
      name: 'Carlos Litoral',
      email: 'carlos@litoral.test',
      password: randomToken(18),
    },
  );
  const litoralId = await createRealEstate({ db: tx }, { name: 'Imóveis Litoral', ownerId });
  await tx.update(realEstates).set({ city: 'Santos', state: 'SP' }).where(eq(realEstates.id, litoralId));
  await tx.insert(memberships).values({ realEstateId: litoralId, userId: demoUserId, role: 'admin' });
  return { demoUserId, mainId, litoralId };
}

type SeededPage = { id: number; listingIndex: number };

/** The listings, with their photos stored under pages/{id}/ as page-photos.ts stores uploads. */
async function seedPages(
  tx: Tx,
  storage: Storage,
  accounts: DemoAccounts,
  photos: DemoPhotoSet,
  now: Date,
  written: string[],
): Promise<SeededPage[]> {
  const slugs = await allocateSlugs(
    tx,
    DEMO_LISTINGS.map((l) => l.slug),
  );
  const rows = await tx
    .insert(pages)
    .values(
      DEMO_LISTINGS.map((l, i) => {
        const live = new Date(now.getTime() - l.daysAgo * DAY);
        const { photos: _photos, daysAgo: _days, leadWeight: _weight, slug: _slug, ...fields } = l;
        return {
          ...fields,
          realEstateId: accounts.mainId,
          slug: slugs[i]!,
          source: 'manual' as const,
          whatsapp: '11999990000',
          callToAction: l.purpose === 'rent' ? 'Quero alugar' : 'Quero visitar',
          publishedAt: l.status === 'draft' ? null : live,
          createdAt: new Date(live.getTime() - 2 * DAY),
          updatedAt: l.status === 'sold' ? new Date(now.getTime() - 6 * DAY) : live,
        };
      }),
    )
    .returning({ id: pages.id, slug: pages.slug });
  const seeded = rows.map((r) => ({ id: r.id, listingIndex: slugs.indexOf(r.slug) }));

  const files: Promise<void>[] = [];
  for (const page of seeded) {
    const listing = DEMO_LISTINGS[page.listingIndex]!;
    const list: PagePhoto[] = listing.photos.map((p, j) => {
      const photo = photos.get(demoSceneId(page.listingIndex, j))!;
      const base = `pages/${page.id}/${randomToken(12)}`;
      const entry: PagePhoto = {
        id: randomToken(9),
        url: '',
        key: `${base}.jpg`,
        width: photo.width,
        height: photo.height,
        alt: p.alt,
        variants: [],
      };
      files.push(storage.put(entry.key!, photo.jpeg, 'image/jpeg'));
      written.push(entry.key!);
      for (const v of photo.variants) {
        const key = `${base}-${v.width}.webp`;
        files.push(storage.put(key, v.buffer, 'image/webp'));
        written.push(key);
        entry.variants!.push({ width: v.width, height: v.height, key });
      }
      return entry;
    });
    if (list.length) await tx.update(pages).set({ photos: list }).where(eq(pages.id, page.id));
  }
  await Promise.all(files);

  await tx.insert(auditLog).values(
    seeded.flatMap((p) => {
      const l = DEMO_LISTINGS[p.listingIndex]!;
      const at = new Date(now.getTime() - l.daysAgo * DAY);
      const base = { realEstateId: accounts.mainId, userId: accounts.demoUserId, subject: String(p.id) };
      return [
        {
          ...base,
          action: 'page.created',
          details: { slug: slugs[p.listingIndex], status: 'draft' },
          createdAt: new Date(at.getTime() - 2 * DAY),
        },
        ...(l.status === 'draft'
          ? []
          : [{ ...base, action: 'page.published', details: { slug: slugs[p.listingIndex] }, createdAt: at }]),
      ];
    }),
  );
  return seeded;
}

/** A CRM webhook set up four weeks ago and tested two days ago: green on the Integrações screen. */
async function seedWebhookIntegration(tx: Tx, appKey: Buffer, accounts: DemoAccounts, now: Date) {
  const payload: WebhookPayload = {
    url: DEMO_WEBHOOK_URL,
    authentication: { type: 'header', key: 'X-Api-Key', value: 'demo-7f3a9c21' },
  };
  const since = new Date(now.getTime() - WEBHOOK_SINCE_DAYS * DAY - 60 * 60 * 1000);
  await tx.insert(integrations).values({
    realEstateId: accounts.mainId,
    name: 'webhook',
    isActive: true,
    payloadEncrypted: encryptSecret(appKey, JSON.stringify(payload)),
    signingSecretEncrypted: encryptSecret(appKey, generateWebhookSecret()),
    lastTestOk: true,
    lastTestMessage: 'O webhook respondeu HTTP 200: conexão verificada.',
    lastTestedAt: new Date(now.getTime() - 2 * DAY),
    updatedBy: accounts.demoUserId,
    createdAt: since,
    updatedAt: since,
  });
  await tx.insert(auditLog).values({
    realEstateId: accounts.mainId,
    userId: accounts.demoUserId,
    action: 'integration.updated',
    subject: 'webhook',
    details: {
      fields: ['url', 'authentication.type', 'authentication.key', 'authentication.value'],
      is_active: true,
    },
    createdAt: since,
  });
}

/**
 * 30 days of leads, their contacts, and the webhook's deliveries with every attempt in the ledger; and
 * the visits of those 30 days (analytics sessions and events, most leads linked to the visit they were
 * sent from), with the daily rollups built.
 */
async function seedLeadsAndDeliveries(tx: Tx, accounts: DemoAccounts, seeded: SeededPage[], now: Date) {
  const eligible = seeded
    .map((p) => ({ ...p, listing: DEMO_LISTINGS[p.listingIndex]! }))
    .filter((p) => p.listing.status !== 'draft' && p.listing.leadWeight > 0);
  const data = buildDemoLeads({
    realEstateId: accounts.mainId,
    now,
    pages: eligible.map((p) => ({
      id: p.id,
      city: p.listing.city,
      purpose: p.listing.purpose,
      weight: p.listing.leadWeight,
      listingCode: p.listing.listingCode,
    })),
  });
  const visits = buildDemoAnalytics({
    realEstateId: accounts.mainId,
    now,
    // A portal, a Meta form or the API sends a lead without a visit to the page.
    leads: data.leads.filter((l) => l.source === 'landing_page'),
    pages: eligible.map((p) => ({
      id: p.id,
      city: p.listing.city,
      purpose: p.listing.purpose,
      photos: p.listing.photos.length,
      weight: p.listing.leadWeight,
      liveDays: p.listing.daysAgo,
    })),
  });
  for (const lead of data.leads) lead.sessionId = visits.leadSessions.get(lead.id) ?? null;
  await tx.insert(contacts).values(data.contacts);
  await tx.insert(leads).values(data.leads);
  await recountLeadMonths(tx, accounts.mainId);
  if (data.deliveries.length) await tx.insert(deliveries).values(data.deliveries);
  if (data.attempts.length) await tx.insert(deliveryAttempts).values(data.attempts);

  // One JSON parameter per table (PGlite binds thousands of parameters slowly).
  await tx.execute(sql`
    insert into analytics_sessions (id, real_estate_id, visitor_hash, page_id, started_at, last_seen_at, source, utm_source, utm_medium, utm_campaign, utm_term, utm_content, gclid, fbclid, referrer, device, events_count, lead_id)
    select * from json_to_recordset(${JSON.stringify(visits.sessions)}::json) as x(id uuid, "realEstateId" int, "visitorHash" text, "pageId" int, "startedAt" timestamptz, "lastSeenAt" timestamptz, source text, "utmSource" text, "utmMedium" text, "utmCampaign" text, "utmTerm" text, "utmContent" text, gclid boolean, fbclid boolean, referrer text, device text, "eventsCount" int, "leadId" uuid)`);
  await tx.execute(sql`
    insert into analytics_events (real_estate_id, session_id, page_id, name, occurred_at, props)
    select * from json_to_recordset(${JSON.stringify(visits.events)}::json) as x("realEstateId" int, "sessionId" uuid, "pageId" int, name text, "occurredAt" timestamptz, props jsonb)`);
  const days = [...new Set(visits.sessions.map((s) => saoPauloDay(s.startedAt)))];
  await rebuildDays(
    tx,
    days.map((day) => ({ realEstateId: accounts.mainId, day })),
    { force: true },
  );
}

// ---------------------------------------------------------------------------------------------
// Hooks for features still to come: each gets its demo data here when it exists.
// ---------------------------------------------------------------------------------------------

/**
 * The team (docs/product.md#demo): two agents in the main agency, both in the lead rotation, each in charge
 * of a third of the leads (the rest unassigned); their passwords are random (nobody signs in as them).
 */
async function seedTeamMembers(tx: Tx, accounts: DemoAccounts): Promise<void> {
  const agents: number[] = [];
  for (const [name, email] of [
    ['Bruno Corretor', 'bruno@imobiliaria.test'],
    ['Carla Corretora', 'carla@imobiliaria.test'],
  ] as const) {
    const userId = await createUser({ db: tx }, { name, email, password: randomToken(18) });
    await tx
      .insert(memberships)
      .values({ realEstateId: accounts.mainId, userId, role: 'agent', inRotation: true });
    agents.push(userId);
  }
  await tx.insert(teamSettings).values({ realEstateId: accounts.mainId, rotationEnabled: true });
  const rows = await tx
    .select({ id: leads.id })
    .from(leads)
    .where(eq(leads.realEstateId, accounts.mainId))
    .orderBy(asc(leads.createdAt));
  for (const [i, agent] of agents.entries()) {
    const mine = rows.filter((_, n) => n % 3 === i).map((r) => r.id);
    if (mine.length) await tx.update(leads).set({ assignedUserId: agent }).where(inArray(leads.id, mine));
  }
}

/** TODO(videos): when pages hold videos, give the two coberturas a video tour. */
async function seedVideos(_tx: Tx, _accounts: DemoAccounts, _pages: SeededPage[]): Promise<void> {}
