import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createSafeHttpClient, type SafeHttpClient } from '../../lib/outbound/safe-http.ts';
import { fakeReply } from '../integrations/adapters/testing/fake-server.ts';
import { forgetAccessTokens, type GoogleAdsConnection } from './send-google-conversion.ts';
import { conversionActionsQuery, testGoogleAdsConnection } from './test-google-ads-connection.ts';
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
  conversion_actions: { lead: '111', ganho: '222' },
};

describe('Google Ads API connection test', () => {
  let google: FakeGoogleAdsApi;
  let http: SafeHttpClient;
  let ctx: { http: SafeHttpClient; apiUrl: string; tokenUrl: string };
  const run = (over: Partial<GoogleAdsConnection> = {}) =>
    testGoogleAdsConnection({ ...connection, ...over }, ctx);

  beforeAll(async () => {
    google = await startFakeGoogleAdsApi({
      customerId: connection.customer_id,
      loginCustomerId: connection.login_customer_id,
      developerToken: connection.developer_token,
      clientId: connection.client_id,
      clientSecret: connection.client_secret,
      refreshToken: connection.refresh_token,
      conversionActions: ['111', '222', '333', '444'],
      actionDetails: {
        '111': { name: 'Lead do site' },
        '222': { name: 'Venda fechada' },
        '333': { name: 'Antiga', status: 'REMOVED' },
        '444': { name: 'Escondida', status: 'HIDDEN' },
      },
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

  it('exchanges the refresh token, then reads the chosen actions with the upload headers, uploading nothing', async () => {
    expect(await run()).toEqual({
      ok: true,
      message:
        'Conexão verificada com a conta 123-456-7890. Lead recebido: ação 111 "Lead do site", ativa; Ganho: ação 222 "Venda fechada", ativa.',
    });
    const [token] = google.requestsTo('token');
    expect(new URLSearchParams(token!.body).get('grant_type')).toBe('refresh_token');
    const [search] = google.requestsTo('search');
    expect(search!.path).toBe('/v21/customers/1234567890/googleAds:search');
    expect(search!.headers.authorization).toBe(`Bearer ${google.issued[0]}`);
    expect(search!.headers['developer-token']).toBe(connection.developer_token);
    expect(search!.headers['login-customer-id']).toBe('9876543210');
    expect(JSON.parse(search!.body)).toEqual({
      query:
        'SELECT conversion_action.id, conversion_action.name, conversion_action.status FROM conversion_action WHERE conversion_action.id IN (111, 222)',
    });
    expect(google.requestsTo('upload')).toHaveLength(0);
    expect(google.conversions).toHaveLength(0);
    // A test always asks for a new access token: a cached one would hide a refresh token revoked since.
    await run();
    expect(google.requestsTo('token')).toHaveLength(2);
  });

  it('names each action Google does not have, or has removed or hidden', async () => {
    const result = await run({
      conversion_actions: { lead: '111', visita_agendada: '333', proposta: '444', ganho: '999' },
    });
    expect(result.ok).toBe(false);
    expect(result.message).toBe(
      'As credenciais dão acesso à conta 123-456-7890, mas confira as ações de conversão. Lead recebido: ação 111 "Lead do site", ativa; Visita agendada: a ação 333 "Antiga" está removida e recusa conversões; Proposta: a ação 444 "Escondida" está oculta e recusa conversões; Ganho: a ação 999 não existe nesta conta.',
    );
    expect(JSON.parse(google.requestsTo('search')[0]!.body).query).toBe(
      conversionActionsQuery(['111', '333', '444', '999']),
    );
  });

  it('says when Google refuses the OAuth credentials (invalid_grant, invalid_client), without searching', async () => {
    google.revokeRefreshToken();
    const grant = await run();
    expect(grant.ok).toBe(false);
    expect(grant.message).toContain('O Google recusou as credenciais OAuth (invalid_grant');
    expect(grant.message).toContain('gere um novo token de atualização');
    const client = await run({ client_secret: 'outro-segredo' });
    expect(client.message).toContain('(invalid_client');
    expect(client.message).toContain('confira o ID e a chave secreta do cliente OAuth');
    expect(google.requestsTo('search')).toHaveLength(0);
    for (const r of [grant, client]) expect(r.message).not.toMatch(/1\/\/0refresh|outro-segredo/);
  });

  it("says which of the developer token, the manager account or the account Google refused, by Google's codes", async () => {
    const dev = await run({ developer_token: 'tokenErrado1234' });
    expect(dev).toEqual({
      ok: false,
      message:
        'O Google Ads recusou o token de desenvolvedor (DEVELOPER_TOKEN_INVALID): confira-o na Central de API da conta de administrador.',
    });
    const denied = await run({ login_customer_id: '5555555555' });
    expect(denied.message).toBe(
      'A conta Google do token de atualização não tem acesso à conta 123-456-7890 (USER_PERMISSION_DENIED): confira o ID da conta de administrador.',
    );
    const unknown = await run({ customer_id: '1112223334' });
    expect(unknown.message).toBe(
      'O Google Ads não encontrou a conta 111-222-3334 (CUSTOMER_NOT_FOUND): confira o ID da conta.',
    );
    google.enqueue(
      'search',
      googleRpcError(403, { authorizationError: 'DEVELOPER_TOKEN_NOT_APPROVED' }, 'Only test accounts.'),
    );
    expect((await run()).message).toContain('ainda não foi aprovado para contas reais');
  });

  it('asks to try again later on a rate limit or an outage', async () => {
    google.enqueue('search', googleRpcError(429, { quotaError: 'RESOURCE_EXHAUSTED' }, 'Too many requests.'));
    expect(await run()).toEqual({
      ok: false,
      message: 'O Google Ads limitou as chamadas (RESOURCE_EXHAUSTED): tente de novo em alguns minutos.',
    });
    google.enqueue('search', fakeReply(503, 'down'));
    expect((await run()).message).toBe(
      'O Google Ads respondeu com HTTP 503: tente de novo em alguns minutos.',
    );
    google.enqueue('token', fakeReply(500, 'down'));
    expect((await run()).message).toContain(
      'O servidor de autenticação do Google não respondeu como esperado',
    );
  });

  it('asks for the credentials and an action before calling Google', async () => {
    expect((await run({ refresh_token: '' })).message).toContain('Informe e salve');
    expect((await run({ conversion_actions: {} })).message).toBe(
      'Informe e salve o ID de pelo menos uma ação de conversão antes de testar.',
    );
    expect(google.requests).toHaveLength(0);
  });
});
