import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { contacts, leads } from '../../db/schema.ts';
import {
  createOwner,
  createTestContext,
  insertPage,
  openTestDatabase,
  type TestContext,
} from '../../testing/test-app.ts';
import { admitLead, admitLeads, type Admission } from './admit-lead.ts';

const ENV = { LEAD_IP_HARD_LIMIT: '4', LEAD_MIN_FILL_MS: '0' };
let ctx: TestContext;
/** A second app instance on the same database, as a second server process would be. */
let other: TestContext;
let otherDatabase: Database | null = null;
beforeAll(async () => {
  ctx = await createTestContext({}, ENV);
  // PostgreSQL: its own pool, as another process would have; PGlite belongs to one process, so the
  // second instance shares the first one's database object.
  otherDatabase = process.env.TEST_DATABASE === 'postgres' ? await openTestDatabase() : null;
  other = await createTestContext({}, ENV, undefined, undefined, false, otherDatabase ?? ctx.database);
});
afterAll(async () => {
  await other?.close();
  await otherDatabase?.close();
  await ctx?.close();
});

/** An address no other test (file or run) uses: the windows live in the shared database. */
let ipSeq = 0;
const uniqueIp = () => `100.${64 + ((process.pid >> 8) % 64)}.${process.pid % 256}.${++ipSeq}`;

const hits = (list: Admission[]) => list.map((a) => (a.page ? [a.perIp.hits, a.perPage.hits] : null));

describe('admitting public leads in groups', () => {
  it('numbers the hits of a group in arrival order, as if each lead had come alone', async () => {
    const owner = await createOwner(ctx, 'Admissão');
    const page = await insertPage(ctx, owner.realEstateId);
    const second = await insertPage(ctx, owner.realEstateId);
    const draft = await insertPage(ctx, owner.realEstateId, { status: 'draft' });
    const [ipA, ipB] = [uniqueIp(), uniqueIp()];
    const group = await Promise.all([
      admitLead(ctx.app.deps, { slug: page.slug, ip: ipA }),
      admitLead(ctx.app.deps, { slug: page.slug.toUpperCase(), ip: ipA }),
      admitLead(ctx.app.deps, { slug: second.slug, ip: ipA }),
      admitLead(ctx.app.deps, { slug: 'nao-existe-' + page.slug, ip: ipA }),
      admitLead(ctx.app.deps, { slug: draft.slug, ip: ipA }),
      admitLead(ctx.app.deps, { slug: page.slug, ip: ipB }),
    ]);
    // Per IP: 1, 2, 3 for the first address (unknown and draft pages count nothing); per page: 1, 2, 1, then 3.
    expect(hits(group)).toEqual([[1, 1], [2, 2], [3, 1], null, null, [1, 3]]);
    expect(group[0]!.page).toEqual({ id: page.id, realEstateId: owner.realEstateId, slug: page.slug });
    // Each count is exactly the one a lead sent alone gets next.
    const [alone] = await admitLeads(ctx.app.deps, [{ slug: page.slug, ip: ipA }]);
    expect(hits([alone!])).toEqual([[4, 4]]);
  });

  it('keeps counting across groups sent at once: the windows live in the database', async () => {
    const owner = await createOwner(ctx, 'Dois grupos');
    const page = await insertPage(ctx, owner.realEstateId);
    const ip = uniqueIp();
    const [a, b] = await Promise.all([
      admitLeads(ctx.app.deps, [
        { slug: page.slug, ip },
        { slug: page.slug, ip },
      ]),
      admitLeads(other.app.deps, [
        { slug: page.slug, ip },
        { slug: page.slug, ip },
        { slug: page.slug, ip },
      ]),
    ]);
    const ipHits = [...a!, ...b!].map((x) => (x.page ? x.perIp.hits : 0)).sort((p, q) => p - q);
    expect(ipHits).toEqual([1, 2, 3, 4, 5]);
    const [next] = await admitLeads(ctx.app.deps, [{ slug: page.slug, ip }]);
    expect(next!.page && [next!.perIp.hits, next!.perPage.hits]).toEqual([6, 6]);
    expect(next!.page && next!.perIp.retryAfterSeconds).toBeGreaterThan(60);
  });

  it('starts a new window once the old one has ended', async () => {
    const owner = await createOwner(ctx, 'Janela nova');
    const page = await insertPage(ctx, owner.realEstateId);
    const ip = uniqueIp();
    await admitLeads(ctx.app.deps, [
      { slug: page.slug, ip },
      { slug: page.slug, ip },
    ]);
    await ctx.database.db.execute(
      sql`update rate_limits set reset_at = now() - interval '1 second' where key = ${`lead-ip:${owner.realEstateId}:${ip}`}`,
    );
    const again = await admitLeads(ctx.app.deps, [
      { slug: page.slug, ip },
      { slug: page.slug, ip },
    ]);
    expect(hits(again)).toEqual([
      [1, 3],
      [2, 4],
    ]);
  });
});

describe('two app instances on one database', () => {
  const post = (app: TestContext, slug: string, ip: string, body: Record<string, unknown>) =>
    app.app.inject({
      method: 'POST',
      url: `/v1/public/pages/${slug}/leads`,
      payload: { consent: true, message: 'Quero visitar', ...body },
      remoteAddress: ip,
    });

  it('share the per-IP hard limit: leads sent to both at once are refused after the fourth', async () => {
    const owner = await createOwner(ctx, 'Limite compartilhado');
    const page = await insertPage(ctx, owner.realEstateId);
    const ip = uniqueIp();
    const answers = await Promise.all(
      [0, 1, 2, 3, 4, 5].map((i) =>
        post(i % 2 ? other : ctx, page.slug, ip, { name: `Pessoa ${i}`, phone: `1197777000${i}` }),
      ),
    );
    // (An unexpected answer shows its body.)
    expect(
      answers.map((r) => (r.statusCode === 201 || r.statusCode === 429 ? r.statusCode : r.body)).sort(),
    ).toEqual([201, 201, 201, 201, 429, 429]);
    expect(answers.find((r) => r.statusCode === 429)!.json().message).toMatch(/Muitos envios seguidos/);
    const stored = await ctx.database.db
      .select()
      .from(leads)
      .where(eq(leads.realEstateId, owner.realEstateId));
    expect(stored).toHaveLength(4);
  });

  it('link one person to one contact, whichever instance takes each of their leads', async () => {
    const owner = await createOwner(ctx, 'Contato compartilhado');
    const page = await insertPage(ctx, owner.realEstateId);
    const answers = await Promise.all([
      post(ctx, page.slug, uniqueIp(), { name: 'Joana', phone: '11966665555' }),
      post(other, page.slug, uniqueIp(), { name: 'Joana Prado', phone: '(11) 96666-5555' }),
      post(ctx, page.slug, uniqueIp(), {
        name: 'Joana P.',
        email: 'joana@exemplo.com.br',
        phone: '11966665555',
      }),
      post(other, page.slug, uniqueIp(), {
        name: 'Joana Prado',
        email: 'JOANA@exemplo.com.br',
        phone: '11 96666 5555',
      }),
    ]);
    expect(answers.map((r) => r.statusCode)).toEqual([201, 201, 201, 201]);
    const people = await ctx.database.db
      .select()
      .from(contacts)
      .where(eq(contacts.realEstateId, owner.realEstateId));
    expect(people).toHaveLength(1);
    expect(people[0]!.leadsCount).toBe(4);
    const stored = await ctx.database.db
      .select()
      .from(leads)
      .where(eq(leads.realEstateId, owner.realEstateId));
    expect(stored.map((l) => l.contactId)).toEqual(stored.map(() => people[0]!.id));
    expect(stored.filter((l) => !l.isRepeat)).toHaveLength(1);
  });
});
