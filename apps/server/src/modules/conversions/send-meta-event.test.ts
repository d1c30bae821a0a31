import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createSafeHttpClient, type SafeHttpClient } from '../../lib/outbound/safe-http.ts';
import { fakeHang, fakeReply } from '../integrations/adapters/testing/fake-server.ts';
import { sha256Hex } from './hash-user-data.ts';
import { metaEventOf, type ConversionLead, type MetaServerEvent } from './meta-events.ts';
import { postMetaEvents, sendMetaEvent, testMetaConnection, type MetaConnection } from './send-meta-event.ts';
import { graphError, startFakeGraph, type FakeGraph } from '../../testing/fake-graph.ts';

const connection: MetaConnection = {
  dataset_id: '123456789012345',
  access_token: 'EAAGm0PX4ZCpsBAKtokenvalido',
  test_event_code: 'TEST4821',
};

const lead = (over: Partial<ConversionLead> = {}): ConversionLead => ({
  id: '0b9f1c2e-1111-4222-8333-944455556666',
  email: ' Maria.Silva@Example.com.br ',
  phone: '(11) 98765-4321',
  fbclid: 'IwAR0abc',
  userAgent: 'Mozilla/5.0 (iPhone)',
  submissionKey: '9f3a0c1d2e4b5a6978877665544332211',
  createdAt: new Date(Date.now() - 60_000),
  metaLeadId: null,
  ...over,
});
const capture = { event: 'Lead', createdAt: new Date(), atCapture: true };
const pageUrl = 'https://imoveis.exemplo.com.br/imoveis/ap-pinheiros';

describe('Meta Conversions API', () => {
  let graph: FakeGraph;
  let http: SafeHttpClient;
  let ctx: { http: SafeHttpClient; graphUrl: string };

  beforeAll(async () => {
    graph = await startFakeGraph({
      dataset: { id: connection.dataset_id, token: connection.access_token },
    });
    http = createSafeHttpClient({ allowPrivateNetwork: true, timeoutMs: 1_000 });
    ctx = { http, graphUrl: graph.graphUrl };
  });
  afterEach(() => graph.reset());
  afterAll(async () => {
    await graph.close();
    await http.close();
  });

  it('sends the captured lead as a website Lead with hashed contact, fbc and the Pixel event id', async () => {
    const l = lead();
    const result = await sendMetaEvent(metaEventOf(l, capture, pageUrl), connection, ctx);
    expect(result).toMatchObject({ ok: true, status: 200 });
    expect(result.message).toBe('Evento recebido pelo Meta (1 evento).');
    const [sent] = graph.events;
    expect(sent!.testEventCode).toBe('TEST4821');
    expect(sent!.event).toEqual({
      event_name: 'Lead',
      event_time: Math.floor(l.createdAt.getTime() / 1000),
      event_id: l.submissionKey,
      action_source: 'website',
      event_source_url: pageUrl,
      user_data: {
        em: [sha256Hex('maria.silva@example.com.br')],
        ph: [sha256Hex('5511987654321')],
        fbc: `fb.1.${l.createdAt.getTime()}.IwAR0abc`,
        external_id: [sha256Hex(l.id)],
        client_user_agent: 'Mozilla/5.0 (iPhone)',
      },
    });
    // The request went with the token; the ledger's copy of it did not.
    const body = JSON.parse(graph.requestsTo('events')[0]!.body) as Record<string, unknown>;
    expect(body.access_token).toBe(connection.access_token);
    expect(result.responseSnippet).toContain('"event_name":"Lead"');
    expect(result.responseSnippet).not.toContain(connection.access_token);
    // Nothing in the clear: no e-mail, phone or name.
    expect(graph.requestsTo('events')[0]!.body).not.toMatch(/maria|98765|Silva/i);
  });

  it("carries the Pixel's _fbp cookie when the form sent one, and drops what is not one", async () => {
    const l = lead({ fbp: 'fb.1.1795784400123.1098115397' });
    expect(metaEventOf(l, capture, pageUrl).user_data.fbp).toBe('fb.1.1795784400123.1098115397');
    expect(await sendMetaEvent(metaEventOf(l, capture, pageUrl), connection, ctx)).toMatchObject({
      ok: true,
    });
    expect((graph.events[0]!.event.user_data as Record<string, unknown>).fbp).toBe(
      'fb.1.1795784400123.1098115397',
    );
    for (const bad of ['', 'abc', 'fb.1.x.y', `fb.1.${'9'.repeat(200)}.1`, null])
      expect(metaEventOf(lead({ fbp: bad }), capture, pageUrl).user_data.fbp).toBeUndefined();
  });

  it('sends a stage as a CRM event, and a lead-form lead by its Meta lead id', async () => {
    const stage = { event: 'Schedule', createdAt: new Date(), atCapture: false };
    expect(await sendMetaEvent(metaEventOf(lead(), stage, pageUrl), connection, ctx)).toMatchObject({
      ok: true,
    });
    expect(graph.events[0]!.event).toMatchObject({
      event_name: 'Schedule',
      action_source: 'system_generated',
      event_id: `${lead().id}.Schedule`,
      custom_data: { event_source: 'crm', lead_event_source: 'Vitrine Imóveis' },
    });
    const formLead = lead({ metaLeadId: '1234567890123456', email: null, phone: null, fbclid: null });
    expect(await sendMetaEvent(metaEventOf(formLead, stage, null), connection, ctx)).toMatchObject({
      ok: true,
    });
    expect(graph.events[1]!.event).toMatchObject({
      event_name: 'Schedule',
      action_source: 'system_generated',
      user_data: { lead_id: 1234567890123456 },
      custom_data: { event_source: 'crm', lead_event_source: 'Vitrine Imóveis' },
    });
  });

  it('pauses on an invalid or expired token (code 190)', async () => {
    const result = await sendMetaEvent(
      metaEventOf(lead(), capture, pageUrl),
      { ...connection, access_token: 'EAAexpirado' },
      ctx,
    );
    expect(result).toMatchObject({ ok: false, retryable: false, pause: true, status: 400 });
    expect(result.message).toContain('código 190');
    expect(result.message).toContain('pausados');
  });

  it('retries rate limits (4, 17, 32, 613) and outages, honouring Retry-After', async () => {
    for (const code of [4, 17, 32, 613]) {
      graph.enqueue('events', graphError(code, 'Application request limit reached'));
      const result = await sendMetaEvent(metaEventOf(lead(), capture, pageUrl), connection, ctx);
      expect(result).toMatchObject({ ok: false, retryable: true });
      expect(result.message).toContain(`código ${code}`);
    }
    graph.enqueue('events', fakeReply(503, 'down', { 'retry-after': '30' }));
    expect(await sendMetaEvent(metaEventOf(lead(), capture, pageUrl), connection, ctx)).toMatchObject({
      ok: false,
      retryable: true,
      retryAfterMs: 30_000,
    });
    graph.enqueue('events', fakeHang);
    expect(await sendMetaEvent(metaEventOf(lead(), capture, pageUrl), connection, ctx)).toMatchObject({
      ok: false,
      retryable: true,
    });
    expect(graph.events).toHaveLength(0);
  });

  it('fails without retry on an unknown dataset or an invalid event (code 100)', async () => {
    const result = await sendMetaEvent(
      metaEventOf(lead(), capture, pageUrl),
      { ...connection, dataset_id: '999' },
      ctx,
    );
    expect(result).toMatchObject({ ok: false, retryable: false, status: 400 });
    expect(result.pause).toBeUndefined();
    expect(result.message).toContain('código 100');
    const old = lead({ createdAt: new Date(Date.now() - 8 * 86400_000) });
    expect(await sendMetaEvent(metaEventOf(old, capture, pageUrl), connection, ctx)).toMatchObject({
      ok: false,
      retryable: false,
    });
  });

  it('tests the connection by reading the dataset, creating no event', async () => {
    expect(await testMetaConnection(connection, ctx)).toEqual({
      ok: true,
      message: `Conexão verificada: o token dá acesso ao conjunto de dados ${connection.dataset_id} (Pixel da imobiliária).`,
    });
    expect((await testMetaConnection({ ...connection, access_token: 'outro' }, ctx)).message).toContain(
      '190',
    );
    expect((await testMetaConnection({ ...connection, dataset_id: '42' }, ctx)).message).toContain(
      'código 100',
    );
    expect((await testMetaConnection({ ...connection, access_token: '' }, ctx)).ok).toBe(false);
    expect(graph.events).toHaveLength(0);
    expect(graph.requestsTo('dataset')[0]!.headers.authorization).toBe(`Bearer ${connection.access_token}`);
  });

  describe('attempts running together', () => {
    let seq = 0;
    /** A lead's capture event with an event id of its own. */
    const eventOf = (over: Partial<ConversionLead> = {}) =>
      metaEventOf(lead({ submissionKey: `evento${++seq}abcdef0123456789`, ...over }), capture, pageUrl);
    const sendAll = (events: MetaServerEvent[], conn = connection) =>
      Promise.all(events.map((e) => sendMetaEvent(e, conn, ctx)));
    const ledgerEvents = (snippet: string | undefined) =>
      (JSON.parse(/^Enviado: (.*)$/m.exec(snippet ?? '')![1]!) as { data: { event_id: string }[] }).data.map(
        (e) => e.event_id,
      );

    it('share one request per connection; each answer keeps its own event only', async () => {
      const events = [eventOf(), eventOf(), eventOf(), eventOf()];
      const other = eventOf();
      const [results, [alone]] = await Promise.all([
        sendAll(events),
        sendAll([other], { ...connection, test_event_code: '' }),
      ]);
      // One request for the four of the connection, another for the one without a test code.
      expect(graph.requestsTo('events')).toHaveLength(2);
      const batch = graph
        .requestsTo('events')
        .map((r) => JSON.parse(r.body) as { data: unknown[]; test_event_code?: string })
        .find((b) => b.data.length === 4)!;
      expect(batch.test_event_code).toBe('TEST4821');
      expect(graph.events.map((e) => e.event.event_id).sort()).toEqual(
        [...events, other].map((e) => e.event_id).sort(),
      );
      expect(alone).toMatchObject({ ok: true, message: 'Evento recebido pelo Meta (1 evento).' });
      results.forEach((r, i) => {
        expect(r).toMatchObject({ ok: true, status: 200 });
        expect(r.message).toBe('Evento recebido pelo Meta (no mesmo envio de 4 eventos).');
        expect(ledgerEvents(r.responseSnippet)).toEqual([events[i]!.event_id]);
        expect(r.responseSnippet).toContain('"test_event_code":"TEST4821"');
        expect(r.responseSnippet).toContain('"events_received":4');
        expect(r.responseSnippet).not.toContain(connection.access_token);
      });
    });

    it('say so when Meta counts fewer events than were sent', async () => {
      graph.enqueue('events', fakeReply(200, { events_received: 2, messages: [], fbtrace_id: 'AbC' }));
      const results = await sendAll([eventOf(), eventOf(), eventOf()]);
      expect(graph.requestsTo('events')).toHaveLength(1);
      for (const r of results) {
        expect(r).toMatchObject({ ok: true, externalId: 'AbC' });
        expect(r.message).toBe(
          'Evento enviado ao Meta num envio de 3 eventos, mas o Meta contou 2 recebidos (events_received).',
        );
      }
    });

    it('are sent one by one when Meta rejects the batch for one invalid event: only that one fails', async () => {
      const tooOld = eventOf({ createdAt: new Date(Date.now() - 8 * 86400_000) });
      const refused = eventOf();
      graph.refuse(refused.event_id);
      const good = [eventOf(), eventOf()];
      const events = [good[0]!, tooOld, good[1]!, refused];
      const results = await postMetaEvents(events, connection, ctx);
      // The batch (refused whole, as Meta does), then each event alone.
      const requests = graph
        .requestsTo('events')
        .map((r) => (JSON.parse(r.body) as { data: unknown[] }).data);
      expect(requests.map((d) => d.length)).toEqual([4, 1, 1, 1, 1]);
      expect(results.map((r) => r.ok)).toEqual([true, false, true, false]);
      for (const bad of [results[1]!, results[3]!]) {
        expect(bad).toMatchObject({ retryable: false, status: 400 });
        expect(bad.pause).toBeUndefined();
        expect(bad.message).toContain('código 100');
        expect(bad.message).toContain('Enviado sozinho');
      }
      expect(results[1]!.message).toContain('event_time');
      expect(results[0]!.message).toContain('Evento recebido pelo Meta (1 evento).');
      results.forEach((r, i) => expect(ledgerEvents(r.responseSnippet)).toEqual([events[i]!.event_id]));
      expect(graph.events.map((e) => e.event.event_id).sort()).toEqual(good.map((e) => e.event_id).sort());
    });

    it('fail together without a second round when the dataset is unknown (code 100 for the request)', async () => {
      const results = await sendAll([eventOf(), eventOf(), eventOf()], { ...connection, dataset_id: '999' });
      expect(graph.requestsTo('events')).toHaveLength(1);
      for (const r of results) {
        expect(r).toMatchObject({ ok: false, retryable: false, status: 400 });
        expect(r.message).toContain('código 100');
        expect(r.message).not.toContain('Enviado sozinho');
      }
    });

    it('all pause on an invalid token (190)', async () => {
      const revoked = { ...connection, access_token: 'EAAtokenRevogado' };
      const results = await sendAll([eventOf(), eventOf(), eventOf()], revoked);
      expect(graph.requestsTo('events')).toHaveLength(1);
      for (const r of results) {
        expect(r).toMatchObject({ ok: false, retryable: false, pause: true, status: 400 });
        expect(r.message).toContain('código 190');
      }
      expect(graph.events).toHaveLength(0);
    });

    it('all retry on a rate limit or an outage, and go together on the next try', async () => {
      const events = [eventOf(), eventOf(), eventOf()];
      graph.enqueue('events', graphError(17, 'User request limit reached'));
      for (const r of await sendAll(events)) {
        expect(r).toMatchObject({ ok: false, retryable: true });
        expect(r.message).toContain('código 17');
      }
      graph.enqueue('events', fakeReply(503, 'down', { 'retry-after': '30' }));
      for (const r of await sendAll(events))
        expect(r).toMatchObject({ ok: false, retryable: true, retryAfterMs: 30_000 });
      expect(graph.events).toHaveLength(0);
      expect((await sendAll(events)).every((r) => r.ok)).toBe(true);
      expect(graph.requestsTo('events')).toHaveLength(3);
      expect(graph.events).toHaveLength(3);
    });
  });
});
