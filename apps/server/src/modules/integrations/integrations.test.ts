import { Writable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, integrations } from '../../db/schema.ts';
import {
  TestClient,
  addMember,
  createOwner,
  createTestContext,
  waitFor,
  type TestContext,
} from '../../testing/test-app.ts';
import { fakeReply } from './adapters/testing/fake-server.ts';
import { startFakeWebhook, type FakeWebhook } from './adapters/testing/fake-webhook.ts';
import { startFakeArbo, type FakeArbo } from './adapters/testing/fake-arbo.ts';
import { verifyWebhookSignature } from './adapters/index.ts';
import { decryptPayload, removeSecretValues } from './integration-settings.ts';
import { decryptSecret } from '../../lib/crypto.ts';
import { SECRET_MASK } from '@vitrine/contracts';

let ctx: TestContext;
let arbo: FakeArbo;
const ARBO_KEY = 'arbo-chave-super-secreta-123';

beforeAll(async () => {
  arbo = await startFakeArbo({ apiKey: ARBO_KEY });
  ctx = await createTestContext({}, { ALLOW_PRIVATE_NETWORK_TARGETS: '1', ARBO_BASE_URL: arbo.baseUrl });
});
afterAll(async () => {
  await ctx?.close();
  await arbo?.close();
});

async function manager(role: 'owner' | 'admin' = 'owner') {
  const owner = await createOwner(ctx, 'Integrada');
  let email = owner.email;
  if (role === 'admin') email = (await addMember(ctx, owner.realEstateId, 'admin')).email;
  const c = new TestClient(ctx.app);
  await c.login(email);
  return { c, id: owner.realEstateId, userId: owner.userId };
}

const url = (id: number, suffix = '') => `/v1/real-estates/${id}/integrations${suffix}`;

describe('GET /v1/real-estates/{id}/integrations', () => {
  it('answers all four integrations with default payloads for a new agency', async () => {
    const { c, id } = await manager();
    const res = await c.get(url(id));
    expect(res.statusCode).toBe(200);
    const list = res.json().data.integrations;
    expect(list.map((i: { name: string }) => i.name)).toEqual(['webhook', 'arbo', 'jetimob', 'go_harry']);
    expect(list[0]).toMatchObject({
      name: 'webhook',
      is_active: false,
      payload: { url: '', authentication: { type: 'none', key: '', value: '' } },
    });
    expect(list[1]).toMatchObject({ is_active: false, payload: { api_key: '' } });
    expect(list[2]).toMatchObject({ payload: { public_key: '', private_key: '' } });
    expect(list[3]).toMatchObject({ payload: { username: '', password: '' } });
  });

  it('owner and admin only: an agent gets 403, another agency 404, no session 401', async () => {
    const { id } = await manager();
    const agent = await addMember(ctx, id, 'agent');
    const g = new TestClient(ctx.app);
    await g.login(agent.email);
    expect((await g.get(url(id))).statusCode).toBe(403);
    expect(
      (await g.put(url(id), { name: 'arbo', is_active: true, payload: { api_key: 'x' } })).statusCode,
    ).toBe(403);
    expect((await g.get(url(id, '/test'))).statusCode).toBe(403);
    const stranger = await manager();
    expect((await stranger.c.get(url(id))).statusCode).toBe(404);
    expect((await stranger.c.put(url(id), { name: 'arbo', payload: { api_key: 'x' } })).statusCode).toBe(404);
    expect((await new TestClient(ctx.app).get(url(id))).statusCode).toBe(401);
    const admin = await manager('admin');
    expect((await admin.c.get(url(admin.id))).statusCode).toBe(200);
  });
});

describe('PUT /v1/real-estates/{id}/integrations', () => {
  it('saves, derives is_active from the content, and answers the saved integration', async () => {
    const { c, id } = await manager();
    const cases: [string, unknown, boolean][] = [
      ['arbo', { api_key: 'k-1' }, true],
      ['arbo', { api_key: '' }, false],
      [
        'webhook',
        {
          url: 'https://crm.exemplo.com.br/leads',
          authentication: { type: 'header', key: 'X-Api-Key', value: 'v' },
        },
        true,
      ],
      ['jetimob', { public_key: 'pub', private_key: '' }, true],
      ['jetimob', { public_key: '', private_key: 'priv' }, true],
      ['go_harry', { username: 'user', password: '' }, false],
      ['go_harry', { username: 'user', password: 'pass' }, true],
    ];
    // credentials come back masked (an empty one stays empty)
    const answered = (payload: Record<string, unknown>) =>
      JSON.parse(
        JSON.stringify(payload)
          .replace(/"(api_key|private_key|password)":"[^"]+"/g, `"$1":"${SECRET_MASK}"`)
          .replace(/"value":"[^"]+"/g, `"value":"${SECRET_MASK}"`),
      );
    for (const [name, payload, active] of cases) {
      // is_active: true (or none) does not activate an empty one: the content decides
      // (docs/product.md#integration-auto-save)
      const res = await c.put(url(id), { name, ...(active ? {} : { is_active: true }), payload });
      expect(res.statusCode, `${name} ${JSON.stringify(payload)}`).toBe(200);
      expect(res.json().data).toMatchObject({
        name,
        is_active: active,
        payload: answered(payload as Record<string, unknown>),
      });
    }
    const list = (await c.get(url(id))).json().data.integrations;
    expect(list.find((i: { name: string }) => i.name === 'webhook').payload.authentication).toEqual({
      type: 'header',
      key: 'X-Api-Key',
      value: SECRET_MASK,
    });
    expect(list.find((i: { name: string }) => i.name === 'go_harry')).toMatchObject({
      is_active: true,
      payload: { username: 'user', password: SECRET_MASK },
    });
  });

  it('takes [] in place of a payload as the default payload', async () => {
    const { c, id } = await manager();
    await c.put(url(id), { name: 'arbo', payload: { api_key: 'algo' } });
    const res = await c.put(url(id), { name: 'arbo', payload: [] });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ is_active: false, payload: { api_key: '' } });
  });

  it('is_active: false switches an integration off and keeps its stored keys; it comes back on with them', async () => {
    const { c, id } = await manager();
    await c.put(url(id), { name: 'go_harry', payload: { username: 'corretor', password: 'senha-guardada' } });
    await c.put(url(id), { name: 'arbo', payload: { api_key: 'chave-guardada' } });
    const off = await c.put(url(id), { name: 'go_harry', is_active: false, payload: [] });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().data).toMatchObject({
      is_active: false,
      payload: { username: 'corretor', password: SECRET_MASK },
    });
    // as the screen sends it: the masked payload with is_active false
    const arbo = await c.put(url(id), { name: 'arbo', is_active: false, payload: { api_key: SECRET_MASK } });
    expect(arbo.json().data).toMatchObject({ is_active: false, payload: { api_key: SECRET_MASK } });
    const stored = async (name: 'go_harry' | 'arbo') => {
      const [row] = await ctx.database.db
        .select()
        .from(integrations)
        .where(and(eq(integrations.realEstateId, id), eq(integrations.name, name)));
      return {
        active: row!.isActive,
        payload: JSON.parse(decryptSecret(ctx.config.appKey, row!.payloadEncrypted)),
      };
    };
    expect(await stored('go_harry')).toEqual({
      active: false,
      payload: { username: 'corretor', password: 'senha-guardada' },
    });
    expect(await stored('arbo')).toEqual({ active: false, payload: { api_key: 'chave-guardada' } });
    // a lead now is not sent to a switched-off CRM
    const lead = await c.post(`/v1/real-estates/${id}/integrations/test-lead`);
    expect(lead.json().data?.deliveries ?? []).toEqual([]);
    // back on, with the keys it kept
    const on = await c.put(url(id), {
      name: 'go_harry',
      is_active: true,
      payload: { username: 'corretor', password: SECRET_MASK },
    });
    expect(on.json().data.is_active).toBe(true);
    expect(await stored('go_harry')).toEqual({
      active: true,
      payload: { username: 'corretor', password: 'senha-guardada' },
    });
  });

  it('encrypts secrets at rest and records who changed what, without the values', async () => {
    const { c, id, userId } = await manager();
    const secret = 'senha-do-crm-que-ninguem-ve';
    await c.put(url(id), { name: 'go_harry', payload: { username: 'corretor', password: secret } });
    const [row] = await ctx.database.db
      .select()
      .from(integrations)
      .where(and(eq(integrations.realEstateId, id), eq(integrations.name, 'go_harry')));
    expect(row!.payloadEncrypted).not.toContain(secret);
    expect(row!.payloadEncrypted).not.toContain('corretor');
    expect(row!.updatedBy).toBe(userId);
    const audit = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.realEstateId, id), eq(auditLog.action, 'integration.updated')));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      userId,
      subject: 'go_harry',
      details: { fields: ['username', 'password'], is_active: true },
    });
    expect(JSON.stringify(audit)).not.toContain(secret);
  });

  it('validates in Portuguese naming the field, and saves nothing', async () => {
    const { c, id } = await manager();
    const bad: [unknown, string][] = [
      [{ name: 'pipedrive', payload: {} }, 'name'],
      [{ name: 'webhook', payload: { url: 'nao-e-url' } }, 'payload.url'],
      [{ name: 'webhook', payload: { url: 'ftp://x.com/a' } }, 'payload.url'],
      [
        {
          name: 'webhook',
          payload: {
            url: 'https://x.com',
            authentication: { type: 'header', key: 'Com Espaço', value: 'v' },
          },
        },
        'payload.authentication.key',
      ],
      [
        {
          name: 'webhook',
          payload: {
            url: 'https://x.com',
            authentication: { type: 'header', key: 'Webhook-Signature', value: 'v' },
          },
        },
        'payload.authentication.key',
      ],
      [
        {
          name: 'webhook',
          payload: { url: 'https://x.com', authentication: { type: 'basic', key: '', value: '' } },
        },
        'payload.authentication.type',
      ],
      [
        {
          name: 'webhook',
          payload: {
            url: 'https://x.com',
            authentication: { type: 'header', key: 'X-A', value: 'a\r\nHost: evil' },
          },
        },
        'payload.authentication.value',
      ],
      [{ name: 'arbo', payload: { api_key: 'x'.repeat(501) } }, 'payload.api_key'],
      [{ name: 'arbo', payload: { api_key: 42 } }, 'payload.api_key'],
      [{ name: 'go_harry', payload: 'texto' }, 'payload'],
      [{ name: 'arbo', is_active: 'sim', payload: { api_key: 'x' } }, 'is_active'],
    ];
    for (const [body, field] of bad) {
      const res = await c.put(url(id), body as Record<string, unknown>);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      const errors = res.json().errors;
      expect(Object.keys(errors), JSON.stringify(body)).toContain(field);
      expect(errors[field][0]).toMatch(/[ãçéíóúâêôA-Za-z]/);
    }
    const list = (await c.get(url(id))).json().data.integrations;
    expect(list.every((i: { is_active: boolean }) => !i.is_active)).toBe(true);
  });

  it('needs the CSRF token (419)', async () => {
    const { c, id } = await manager();
    const res = await c.request('PUT', url(id), {
      body: { name: 'arbo', payload: { api_key: 'x' } },
      csrf: false,
    });
    expect(res.statusCode).toBe(419);
  });
});

describe('GET /v1/real-estates/{id}/integrations/test', () => {
  let receiver: FakeWebhook;
  afterAll(async () => receiver?.close());

  it('with nothing active answers 200 and says so', async () => {
    const { c, id } = await manager();
    const res = await c.get(url(id, '/test'));
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Nenhuma integração ativa para testar.');
    expect(res.json().data.results.every((r: { is_active: boolean }) => !r.is_active)).toBe(true);
  });

  it('really contacts each active integration: a signed test event to the webhook, a read on Arbo', async () => {
    const { c, id } = await manager();
    const secret = (await c.get(url(id, '/webhook/secret'))).json().data.secret;
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/=]{40,}$/);
    receiver = await startFakeWebhook({ secret });
    await c.put(url(id), { name: 'webhook', payload: { url: receiver.endpoint } });
    await c.put(url(id), { name: 'arbo', payload: { api_key: ARBO_KEY } });
    const res = await c.get(url(id, '/test'));
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Integrações testadas com sucesso: Webhook, Arbo.');
    expect(receiver.events).toHaveLength(1);
    expect(receiver.events[0]!.type).toBe('integration.test');
    expect(arbo.requests.some((r) => r.headers.authorization === ARBO_KEY)).toBe(true);
    const list = (await c.get(url(id))).json().data.integrations;
    expect(list.find((i: { name: string }) => i.name === 'webhook').last_test_ok).toBe(true);

    // a failing receiver: a 4xx whose message names the integration and why
    receiver.enqueue('event', fakeReply(500, 'boom'));
    await c.put(url(id), { name: 'arbo', payload: { api_key: 'chave-errada' } });
    const failed = await c.get(url(id, '/test'));
    expect(failed.statusCode).toBe(422);
    const body = failed.json();
    expect(body.message).toMatch(/^Falha ao testar: Webhook: .+ \| Arbo: .+/);
    expect(body.data.results.find((r: { name: string }) => r.name === 'arbo')).toMatchObject({
      ok: false,
      is_active: true,
    });
    expect(body.data.results.find((r: { name: string }) => r.name === 'jetimob')).toMatchObject({
      ok: null,
      is_active: false,
    });
  });

  it('names each failing integration once (no "Arbo: Arbo:")', async () => {
    const strict = await createTestContext({}, { ARBO_BASE_URL: 'http://127.0.0.1:9' });
    try {
      const owner = await createOwner(strict);
      const c = new TestClient(strict.app);
      await c.login(owner.email);
      await c.put(url(owner.realEstateId), { name: 'arbo', payload: { api_key: ARBO_KEY } });
      const res = await c.get(url(owner.realEstateId, '/test'));
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toMatch(/^Falha ao testar: Arbo: /);
      expect(res.json().message).not.toMatch(/Arbo: Arbo:/);
    } finally {
      await strict.close();
    }
  });

  it('refuses loopback targets by default (SSRF), at connect time', async () => {
    const strict = await createTestContext();
    try {
      const owner = await createOwner(strict);
      const c = new TestClient(strict.app);
      await c.login(owner.email);
      await c.put(url(owner.realEstateId), {
        name: 'webhook',
        payload: { url: 'http://127.0.0.1:9/webhook' },
      });
      const res = await c.get(url(owner.realEstateId, '/test'));
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toMatch(/^Falha ao testar: Webhook: .*não pode receber chamadas/);
    } finally {
      await strict.close();
    }
  });
});

describe('webhook signing secret', () => {
  it('is created once, rotates on demand, and signs what the receiver gets', async () => {
    const { c, id } = await manager();
    const a = (await c.get(url(id, '/webhook/secret'))).json().data.secret;
    const b = (await c.get(url(id, '/webhook/secret'))).json().data.secret;
    expect(b).toBe(a);
    const rotated = await c.post(url(id, '/webhook/secret/rotate'));
    expect(rotated.statusCode).toBe(200);
    const fresh = rotated.json().data.secret;
    expect(fresh).not.toBe(a);
    const receiver = await startFakeWebhook({ secret: fresh });
    try {
      await c.put(url(id), { name: 'webhook', payload: { url: receiver.endpoint } });
      expect((await c.get(url(id, '/test'))).statusCode).toBe(200);
      const req = receiver.requests[0]!;
      const input = {
        id: String(req.headers['webhook-id']),
        timestamp: String(req.headers['webhook-timestamp']),
        body: req.body,
        signature: String(req.headers['webhook-signature']),
      };
      expect(verifyWebhookSignature(fresh, input)).toBe(true);
      expect(verifyWebhookSignature(a, input)).toBe(false);
    } finally {
      await receiver.close();
    }
  });
});

describe('secrets never reach the logs', () => {
  it('saving, testing and delivering write neither passwords nor keys, even at trace level', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _e, cb) {
        lines.push(String(chunk));
        cb();
      },
    });
    const logged = await createTestContext(
      {},
      { ALLOW_PRIVATE_NETWORK_TARGETS: '1', ARBO_BASE_URL: arbo.baseUrl },
      { level: 'trace', stream },
    );
    try {
      const owner = await createOwner(logged);
      const c = new TestClient(logged.app);
      await c.login(owner.email);
      const password = 'SenhaGoHarry-Nao-Logar-987';
      const headerValue = 'Bearer valor-de-cabecalho-secreto-654';
      await c.put(url(owner.realEstateId), { name: 'go_harry', payload: { username: 'u', password } });
      await c.put(url(owner.realEstateId), { name: 'arbo', payload: { api_key: ARBO_KEY } });
      await c.put(url(owner.realEstateId), {
        name: 'webhook',
        payload: {
          url: 'http://127.0.0.1:9/hook',
          authentication: { type: 'header', key: 'Authorization', value: headerValue },
        },
      });
      await c.get(url(owner.realEstateId, '/test'));
      await c.post(url(owner.realEstateId, '/test-lead'));
      await waitFor(() => lines.some((l) => l.includes('delivery attempt')), {
        what: 'a logged delivery attempt',
      });
      const all = lines.join('');
      expect(all).toContain('/integrations'); // the log really was captured
      for (const secret of [password, headerValue, ARBO_KEY, 'senha-segura-123'])
        expect(all).not.toContain(secret);
    } finally {
      await logged.close();
    }
  });
});

describe('stored credentials are never answered in clear', () => {
  const HEADER = 'Bearer cabecalho-secreto-1111';
  const JETIMOB_PRIVATE = 'jetimob-privada-secreta-3333';
  const PASSWORD = 'SenhaGoHarry-4444';
  const SECRETS = [HEADER, ARBO_KEY, JETIMOB_PRIVATE, PASSWORD];
  type View = { name: string; is_active: boolean; payload: Record<string, unknown> };

  async function configured(webhookUrl = 'https://crm.exemplo.com.br/leads') {
    const m = await manager();
    const bodies = [
      {
        name: 'webhook',
        payload: { url: webhookUrl, authentication: { type: 'header', key: 'X-Api-Key', value: HEADER } },
      },
      { name: 'arbo', payload: { api_key: ARBO_KEY } },
      { name: 'jetimob', payload: { public_key: 'publica-visivel', private_key: JETIMOB_PRIVATE } },
      { name: 'go_harry', payload: { username: 'corretor', password: PASSWORD } },
    ];
    for (const body of bodies) {
      const res = await m.c.put(url(m.id), body);
      expect(res.statusCode).toBe(200);
      for (const secret of SECRETS) expect(res.body).not.toContain(secret);
    }
    return m;
  }

  async function storedPayload(id: number, name: 'webhook' | 'arbo' | 'jetimob' | 'go_harry') {
    const [row] = await ctx.database.db
      .select()
      .from(integrations)
      .where(and(eq(integrations.realEstateId, id), eq(integrations.name, name)));
    return decryptPayload(ctx.app.config.appKey, { ...row!, name }) as unknown as Record<string, unknown>;
  }

  const views = async (c: TestClient, id: number): Promise<View[]> =>
    (await c.get(url(id))).json().data.integrations;

  it('GET and PUT answer the mask in place of each stored credential; the other fields in clear', async () => {
    const { c, id } = await configured();
    const res = await c.get(url(id));
    expect(res.statusCode).toBe(200);
    for (const secret of SECRETS) expect(res.body).not.toContain(secret);
    expect(res.json().data.integrations.map((v: View) => [v.name, v.is_active, v.payload])).toEqual([
      [
        'webhook',
        true,
        {
          url: 'https://crm.exemplo.com.br/leads',
          authentication: { type: 'header', key: 'X-Api-Key', value: SECRET_MASK },
        },
      ],
      ['arbo', true, { api_key: SECRET_MASK }],
      ['jetimob', true, { public_key: 'publica-visivel', private_key: SECRET_MASK }],
      ['go_harry', true, { username: 'corretor', password: SECRET_MASK }],
    ]);
  });

  it('the whole payload sent back with the mask (the console auto-save) keeps every stored value', async () => {
    const { c, id } = await configured();
    for (const view of await views(c, id)) {
      const payload = { ...view.payload };
      if (view.name === 'go_harry') payload.username = 'corretora';
      if (view.name === 'jetimob') payload.public_key = 'publica-nova';
      if (view.name === 'webhook')
        payload.authentication = { ...(payload.authentication as object), key: 'X-Token' };
      const res = await c.put(url(id), { name: view.name, is_active: view.is_active, payload });
      expect(res.statusCode, view.name).toBe(200);
      expect(res.json().data.is_active).toBe(true);
    }
    expect(await storedPayload(id, 'webhook')).toEqual({
      url: 'https://crm.exemplo.com.br/leads',
      authentication: { type: 'header', key: 'X-Token', value: HEADER },
    });
    expect(await storedPayload(id, 'arbo')).toEqual({ api_key: ARBO_KEY });
    expect(await storedPayload(id, 'jetimob')).toEqual({
      public_key: 'publica-nova',
      private_key: JETIMOB_PRIVATE,
    });
    expect(await storedPayload(id, 'go_harry')).toEqual({ username: 'corretora', password: PASSWORD });
    // The audit names only what really changed: the credential did not.
    const audit = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.realEstateId, id), eq(auditLog.subject, 'go_harry')));
    expect(audit.map((a) => (a.details as { fields: string[] }).fields)).toEqual([
      ['username', 'password'],
      ['username'],
    ]);
  });

  it('an empty value removes the stored credential (the clear button) and deactivates the integration', async () => {
    const { c, id } = await configured();
    const arboRes = await c.put(url(id), { name: 'arbo', payload: { api_key: '' } });
    expect(arboRes.json().data).toMatchObject({ is_active: false, payload: { api_key: '' } });
    expect(await storedPayload(id, 'arbo')).toEqual({ api_key: '' });
    const harry = await c.put(url(id), { name: 'go_harry', payload: { username: 'corretor', password: '' } });
    expect(harry.json().data).toMatchObject({
      is_active: false,
      payload: { username: 'corretor', password: '' },
    });
    expect(await storedPayload(id, 'go_harry')).toEqual({ username: 'corretor', password: '' });
    // The mask with nothing stored stores nothing: it is never taken as a password.
    const masked = await c.put(url(id), {
      name: 'go_harry',
      payload: { username: 'corretor', password: SECRET_MASK },
    });
    expect(masked.json().data).toMatchObject({ is_active: false, payload: { password: '' } });
    expect(await storedPayload(id, 'go_harry')).toEqual({ username: 'corretor', password: '' });
  });

  it('keeps the webhook header value only while the webhook points at the same address', async () => {
    const { c, id } = await configured();
    const auth = { type: 'header', key: 'X-Api-Key', value: SECRET_MASK };
    // another path on the same origin: kept
    expect(
      (
        await c.put(url(id), {
          name: 'webhook',
          payload: { url: 'https://crm.exemplo.com.br/v2/leads', authentication: auth },
        })
      ).statusCode,
    ).toBe(200);
    expect((await storedPayload(id, 'webhook')).authentication).toMatchObject({ value: HEADER });
    // another host with the mask: the stored value would go to it, so it must be typed again
    const moved = await c.put(url(id), {
      name: 'webhook',
      payload: { url: 'https://outro.exemplo.net/leads', authentication: auth },
    });
    expect(moved.statusCode).toBe(422);
    expect(moved.json().errors['payload.authentication.value'][0]).toMatch(
      /^Digite de novo o valor do cabeçalho/,
    );
    expect(await storedPayload(id, 'webhook')).toMatchObject({
      url: 'https://crm.exemplo.com.br/v2/leads',
      authentication: { value: HEADER },
    });
    // another host with a new value typed: saved
    const typed = await c.put(url(id), {
      name: 'webhook',
      payload: {
        url: 'https://outro.exemplo.net/leads',
        authentication: { ...auth, value: 'novo-valor-digitado' },
      },
    });
    expect(typed.statusCode).toBe(200);
    expect((await storedPayload(id, 'webhook')).authentication).toMatchObject({
      value: 'novo-valor-digitado',
    });
    // header authentication off and another host: the unused stored value is dropped, no error
    const off = await c.put(url(id), {
      name: 'webhook',
      payload: { url: 'https://terceiro.exemplo.org/', authentication: { ...auth, type: 'none' } },
    });
    expect(off.statusCode).toBe(200);
    expect((await storedPayload(id, 'webhook')).authentication).toEqual({
      type: 'none',
      key: 'X-Api-Key',
      value: '',
    });
  });

  it('the connectivity test and the test lead use the real stored values after a masked round trip', async () => {
    const m = await manager();
    const signing = (await m.c.get(url(m.id, '/webhook/secret'))).json().data.secret;
    const receiver = await startFakeWebhook({
      secret: signing,
      requireHeader: { name: 'X-Api-Key', value: HEADER },
    });
    try {
      await m.c.put(url(m.id), {
        name: 'webhook',
        payload: {
          url: receiver.endpoint,
          authentication: { type: 'header', key: 'X-Api-Key', value: HEADER },
        },
      });
      await m.c.put(url(m.id), { name: 'arbo', payload: { api_key: ARBO_KEY } });
      for (const view of await views(m.c, m.id))
        await m.c.put(url(m.id), { name: view.name, payload: view.payload });
      arbo.reset();
      const tested = await m.c.get(url(m.id, '/test'));
      expect(tested.statusCode, tested.body).toBe(200);
      expect(arbo.requests.at(-1)!.headers.authorization).toBe(ARBO_KEY);
      expect(receiver.events.at(-1)!.type).toBe('integration.test');
      const sent = await m.c.post(url(m.id, '/test-lead'));
      expect(sent.statusCode).toBe(201);
      await waitFor(() => receiver.events.some((e) => e.type === 'lead.created') && arbo.leads.length > 0, {
        what: 'the test lead at both',
      });
      expect(arbo.requestsTo('lead').at(-1)!.headers.authorization).toBe(ARBO_KEY);
      expect(receiver.requests.at(-1)!.headers['x-api-key']).toBe(HEADER);
    } finally {
      await receiver.close();
    }
  });

  it('a receiver echoing the credential leaves it out of the ledger, the last error and the halt reason', async () => {
    const m = await manager();
    const signing = (await m.c.get(url(m.id, '/webhook/secret'))).json().data.secret;
    const receiver = await startFakeWebhook({ secret: signing });
    try {
      const echoed = 'eco-do-segredo-5555';
      await m.c.put(url(m.id), {
        name: 'webhook',
        payload: {
          url: receiver.endpoint,
          authentication: { type: 'header', key: 'X-Depuracao', value: echoed },
        },
      });
      // a debug endpoint answering the header it got, cut by the ledger 10 characters into the value
      receiver.enqueue('event', fakeReply(401, `${'x'.repeat(976)} X-Depuracao: ${echoed}`));
      const sent = (await m.c.post(url(m.id, '/test-lead'))).json().data;
      const deliveryId = sent.deliveries[0].id;
      const d = await waitFor(
        async () => {
          const body = (await m.c.get(`/v1/deliveries/${deliveryId}`)).json().data;
          return body.status === 'paused' ? body : null;
        },
        { what: 'a paused delivery' },
      );
      const everything = JSON.stringify([d, await m.c.get(url(m.id)).then((r) => r.json())]);
      expect(everything).toContain('xxxx'); // the response really was kept
      expect(everything).not.toContain(echoed.slice(0, 10));
    } finally {
      await receiver.close();
    }
  });

  it('removeSecretValues takes out whole values, URL-encoded ones and a value cut at the end', () => {
    expect(removeSecretValues('a s3cr3t+/x b s3cr3t%2B%2Fx', ['s3cr3t+/x'])).toBe(
      `a ${SECRET_MASK} b ${SECRET_MASK}`,
    );
    expect(removeSecretValues('resposta: s3cr…', ['s3cr3t+/x'])).toBe(`resposta: ${SECRET_MASK}…`);
    expect(removeSecretValues('nada aqui', ['s3cr3t+/x'])).toBe('nada aqui');
  });
});
