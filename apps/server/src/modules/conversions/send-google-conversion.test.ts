import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createSafeHttpClient, type SafeHttpClient } from '../../lib/outbound/safe-http.ts';
import { fakeHang, fakeReply } from '../integrations/adapters/testing/fake-server.ts';
import { sha256Hex } from './hash-user-data.ts';
import {
  clickConversionOf,
  forgetAccessTokens,
  googleDateTime,
  sendGoogleConversion,
  uploadClickConversions,
  type GoogleAdsConnection,
  type GoogleConversionLead,
} from './send-google-conversion.ts';
import {
  googleRpcError,
  startFakeGoogleAdsApi,
  type FakeGoogleAdsApi,
} from './testing/fake-google-ads-api.ts';

const connection: GoogleAdsConnection = {
  customer_id: '1234567890',
  login_customer_id: '9876543210',
  developer_token: 'devTokenABCdef123456',
  client_id: '123-abc.apps.googleusercontent.com',
  client_secret: 'GOCSPX-segredoDoCliente',
  refresh_token: '1//0refreshTokenDaConta',
  conversion_actions: { lead: '111', visita_agendada: '222' },
};

let seq = 0;
const lead = (over: Partial<GoogleConversionLead> = {}): GoogleConversionLead => ({
  id: `0b9f1c2e-1111-4222-8333-9444555566${String(seq++ % 100).padStart(2, '0')}`,
  email: ' Maria.Silva@Gmail.com ',
  phone: '(11) 98765-4321',
  gclid: `Cj0KCQiA${seq}abcdefghij`,
  createdAt: new Date('2026-11-27T13:00:00.000Z'),
  ...over,
});
const capture = { event: 'Lead', createdAt: new Date('2026-11-27T13:00:05.000Z') };

describe('Google Ads click conversions', () => {
  let google: FakeGoogleAdsApi;
  let http: SafeHttpClient;
  let ctx: { http: SafeHttpClient; apiUrl: string; tokenUrl: string };
  let conn: GoogleAdsConnection;

  beforeAll(async () => {
    google = await startFakeGoogleAdsApi({
      customerId: connection.customer_id,
      loginCustomerId: connection.login_customer_id,
      developerToken: connection.developer_token,
      clientId: connection.client_id,
      clientSecret: connection.client_secret,
      refreshToken: connection.refresh_token,
      conversionActions: ['111', '222'],
    });
    http = createSafeHttpClient({ allowPrivateNetwork: true, timeoutMs: 1_000 });
    ctx = { http, apiUrl: google.apiUrl, tokenUrl: google.tokenUrl };
  });
  afterEach(() => {
    google.reset();
    forgetAccessTokens();
  });
  afterAll(async () => {
    await google.close();
    await http.close();
  });
  const fresh = (over: Partial<GoogleAdsConnection> = {}) => (conn = { ...connection, ...over });

  it('builds the row by gclid, in the API time format, and by hashed e-mail and phone without one', () => {
    expect(googleDateTime(new Date('2026-11-27T13:00:00.999Z'))).toBe('2026-11-27 13:00:00+00:00');
    const l = lead({ gclid: 'Cj0KCQiAgclid123' });
    expect(clickConversionOf(l, capture, connection)).toEqual({
      gclid: 'Cj0KCQiAgclid123',
      conversionAction: 'customers/1234567890/conversionActions/111',
      conversionDateTime: '2026-11-27 13:00:00+00:00',
      orderId: `${l.id}:lead`,
      consent: { adUserData: 'GRANTED' },
    });
    // Enhanced conversions for leads: Google's normalisation (gmail dots dropped, E.164 with +).
    const ecl = clickConversionOf(lead({ gclid: null }), capture, connection)!;
    expect(ecl.gclid).toBeUndefined();
    expect(ecl.userIdentifiers).toEqual([
      { hashedEmail: sha256Hex('mariasilva@gmail.com') },
      { hashedPhoneNumber: sha256Hex('+5511987654321') },
    ]);
    // A stage: its own action and the time it was reached; no action chosen, or nothing to match: none.
    const stage = { event: 'visita_agendada', createdAt: new Date('2026-11-28T10:00:00Z') };
    expect(clickConversionOf(l, stage, connection)).toMatchObject({
      conversionAction: 'customers/1234567890/conversionActions/222',
      conversionDateTime: '2026-11-28 10:00:00+00:00',
      orderId: `${l.id}:visita_agendada`,
    });
    expect(clickConversionOf(l, { ...stage, event: 'ganho' }, connection)).toBeNull();
    expect(
      clickConversionOf(lead({ gclid: null, email: null, phone: null }), capture, connection),
    ).toBeNull();
  });

  it('uploads with the OAuth token, the developer token and the manager account, nothing in the clear', async () => {
    fresh();
    const l = lead({ gclid: null });
    const result = await sendGoogleConversion(clickConversionOf(l, capture, conn)!, conn, ctx);
    expect(result).toMatchObject({ ok: true, status: 200, message: 'Conversão recebida pelo Google Ads.' });
    const [token] = google.requestsTo('token');
    expect(new URLSearchParams(token!.body).get('grant_type')).toBe('refresh_token');
    const [upload] = google.requestsTo('upload');
    expect(upload!.path).toBe('/v21/customers/1234567890:uploadClickConversions');
    expect(upload!.headers.authorization).toBe(`Bearer ${google.issued[0]}`);
    expect(upload!.headers['developer-token']).toBe(connection.developer_token);
    expect(upload!.headers['login-customer-id']).toBe('9876543210');
    expect(JSON.parse(upload!.body)).toMatchObject({ partialFailure: true });
    expect(upload!.body).not.toMatch(/maria|98765/i);
    // The ledger keeps the row and Google's answer, never a token.
    expect(result.responseSnippet).toContain('"hashedEmail"');
    for (const secret of [google.issued[0]!, conn.developer_token, conn.client_secret, conn.refresh_token])
      expect(result.responseSnippet).not.toContain(secret);
    // The access token is reused until it expires.
    await sendGoogleConversion(clickConversionOf(lead(), capture, conn)!, conn, ctx);
    expect(google.requestsTo('token')).toHaveLength(1);
    expect(google.conversions).toHaveLength(2);
  });

  it('shares one upload among attempts running together, and one refused row fails only its own lead', async () => {
    fresh();
    const rows = [
      clickConversionOf(lead(), capture, conn)!,
      { ...clickConversionOf(lead(), capture, conn)!, gclid: 'não é um gclid' },
      {
        ...clickConversionOf(lead(), capture, conn)!,
        conversionAction: 'customers/1234567890/conversionActions/999',
      },
      clickConversionOf(lead({ gclid: null }), capture, conn)!,
    ];
    const results = await Promise.all(rows.map((r) => sendGoogleConversion(r, conn, ctx)));
    expect(google.requestsTo('upload')).toHaveLength(1);
    expect(results.map((r) => r.ok)).toEqual([true, false, false, true]);
    expect(results[1]).toMatchObject({ retryable: false, status: 200 });
    expect(results[1]!.message).toContain('UNPARSEABLE_GCLID');
    expect(results[2]!.message).toContain('INVALID_CONVERSION_ACTION');
    // Each ledger holds its own row only.
    expect(results[1]!.responseSnippet).toContain('não é um gclid');
    expect(results[0]!.responseSnippet).not.toContain('não é um gclid');
    expect(results[3]!.responseSnippet).not.toContain('UNPARSEABLE_GCLID');
    expect(google.conversions.map((c) => c.conversion.orderId)).toEqual([rows[0]!.orderId, rows[3]!.orderId]);
  });

  it('takes a row Google already has as delivered (an attempt repeated after a crash)', async () => {
    fresh();
    const row = clickConversionOf(lead(), capture, conn)!;
    expect((await uploadClickConversions([row], conn, ctx))[0]).toMatchObject({ ok: true });
    const again = (await uploadClickConversions([row], conn, ctx))[0]!;
    expect(again).toMatchObject({
      ok: true,
      message: 'O Google Ads já tinha esta conversão (envio repetido).',
    });
    expect(google.conversions).toHaveLength(1);
  });

  it('gets a new access token once on 401, and pauses when Google refuses the refresh token', async () => {
    fresh();
    const row = () => clickConversionOf(lead(), capture, conn)!;
    expect((await uploadClickConversions([row()], conn, ctx))[0]!.ok).toBe(true);
    google.expireAccessTokens();
    expect((await uploadClickConversions([row()], conn, ctx))[0]!.ok).toBe(true);
    expect(google.requestsTo('token')).toHaveLength(2);
    google.expireAccessTokens();
    google.revokeRefreshToken();
    const paused = (await uploadClickConversions([row()], conn, ctx))[0]!;
    expect(paused).toMatchObject({ ok: false, pause: true, retryable: false });
    expect(paused.message).toContain('invalid_grant');
    expect(paused.message).toContain('pausados');
    const client = await uploadClickConversions([row()], { ...fresh(), client_secret: 'outro-segredo' }, ctx);
    expect(client[0]).toMatchObject({ pause: true });
    expect(client[0]!.message).toContain('invalid_client');
  });

  it('pauses on a developer token or a manager account Google refuses (UNAUTHENTICATED, PERMISSION_DENIED)', async () => {
    const badDev = await uploadClickConversions(
      [clickConversionOf(lead(), capture, connection)!],
      fresh({ developer_token: 'tokenErrado1234' }),
      ctx,
    );
    expect(badDev[0]).toMatchObject({ ok: false, pause: true, status: 401 });
    expect(badDev[0]!.message).toContain('DEVELOPER_TOKEN_INVALID');
    expect(badDev[0]!.responseSnippet).not.toContain('tokenErrado1234');
    const denied = await uploadClickConversions(
      [clickConversionOf(lead(), capture, connection)!],
      fresh({ login_customer_id: '5555555555' }),
      ctx,
    );
    expect(denied[0]).toMatchObject({ ok: false, pause: true, status: 403 });
    expect(denied[0]!.message).toContain('USER_PERMISSION_DENIED');
  });

  it('retries RESOURCE_EXHAUSTED (429, Retry-After honoured), outages and timeouts; fails a bad request', async () => {
    fresh();
    const row = () => clickConversionOf(lead(), capture, conn)!;
    google.enqueue(
      'upload',
      googleRpcError(429, { quotaError: 'RESOURCE_EXHAUSTED' }, 'Too many requests.', {
        'retry-after': '30',
      }),
    );
    const limited = (await uploadClickConversions([row(), row()], conn, ctx)) as { message: string }[];
    expect(limited).toHaveLength(2);
    expect(limited[0]).toMatchObject({ ok: false, retryable: true, status: 429, retryAfterMs: 30_000 });
    expect(limited[0]!.message).toContain('RESOURCE_EXHAUSTED');
    google.enqueue('upload', fakeReply(503, 'down'));
    expect((await uploadClickConversions([row()], conn, ctx))[0]).toMatchObject({ retryable: true });
    google.enqueue('upload', fakeHang);
    expect((await uploadClickConversions([row()], conn, ctx))[0]).toMatchObject({
      ok: false,
      retryable: true,
    });
    google.enqueue('upload', googleRpcError(400, { requestError: 'INVALID_INPUT' }, 'Bad request.'));
    expect((await uploadClickConversions([row()], conn, ctx))[0]).toMatchObject({
      ok: false,
      retryable: false,
      status: 400,
    });
    expect(google.conversions).toHaveLength(0);
  });
});
