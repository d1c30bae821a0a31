import {
  REQUEST_TIMEOUT_MS,
  STORAGE_SELECTED_REAL_ESTATE_KEY,
  STORAGE_USER_KEY,
} from '@vitrine/contracts/constants';
import MockAdapter from 'axios-mock-adapter';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setXsrfCookie } from '@/test/fixtures';
import { api, CSRF_COOKIE_PATH, onSessionExpired, setLoginRedirect } from './api-client';

const mock = new MockAdapter(api);
const redirect = vi.fn();

function header(config: { headers?: unknown } | undefined, name: string): unknown {
  return (config?.headers as Record<string, unknown> | undefined)?.[name];
}

/** Each CSRF-cookie fetch hands out a new token: tok-1, tok-2, ... */
function serveCsrfCookies() {
  let n = 0;
  mock.onGet(CSRF_COOKIE_PATH).reply(() => {
    n += 1;
    setXsrfCookie(`tok-${n}`);
    return [204];
  });
}

beforeEach(() => {
  mock.reset();
  redirect.mockReset();
  setLoginRedirect(redirect);
});
afterAll(() => {
  setLoginRedirect(null);
  mock.restore();
});

describe('api client settings', () => {
  it('is same-origin, sends cookies, speaks JSON and times out after 10 s', () => {
    expect(api.defaults.baseURL).toBe('');
    expect(api.defaults.withCredentials).toBe(true);
    expect(api.defaults.timeout).toBe(REQUEST_TIMEOUT_MS);
    expect(REQUEST_TIMEOUT_MS).toBe(10_000);
    expect(api.defaults.xsrfCookieName).toBe('XSRF-TOKEN');
    expect(api.defaults.xsrfHeaderName).toBe('X-XSRF-TOKEN');
    expect(api.defaults.withXSRFToken).toBe(true);
    expect(api.defaults.headers['Content-Type']).toBe('application/json');
    expect(api.defaults.headers.Accept).toBe('application/json');
  });
});

describe('CSRF cookie before state-changing calls', () => {
  it('does not fetch it for a GET', async () => {
    serveCsrfCookies();
    mock.onGet('/v1/me').reply(200, { user: null });
    await api.get('/v1/me');
    expect(mock.history.get.map((c) => c.url)).toEqual(['/v1/me']);
  });

  it.each(['post', 'put', 'patch', 'delete'] as const)(
    'fetches it first for %s when the cookie is missing',
    async (method) => {
      serveCsrfCookies();
      mock.onAny('/v1/thing').reply(200, {});
      await api.request({ method, url: '/v1/thing', data: {} });
      expect(mock.history.get.map((c) => c.url)).toEqual([CSRF_COOKIE_PATH]);
      const sent = mock.history[method][0];
      expect(header(sent, 'X-XSRF-TOKEN')).toBe('tok-1');
    },
  );

  it('reuses the cookie while it exists and sends its URL-decoded value', async () => {
    serveCsrfCookies();
    setXsrfCookie('abc=/+');
    mock.onPost('/v1/thing').reply(200, {});
    await api.post('/v1/thing', {});
    await api.post('/v1/thing', {});
    expect(mock.history.get).toHaveLength(0);
    expect(mock.history.post.map((c) => header(c, 'X-XSRF-TOKEN'))).toEqual(['abc=/+', 'abc=/+']);
  });

  it('shares one cookie fetch between concurrent calls', async () => {
    serveCsrfCookies();
    mock.onAny('/v1/thing').reply(200, {});
    await Promise.all([api.post('/v1/thing', {}), api.post('/v1/thing', {}), api.delete('/v1/thing')]);
    expect(mock.history.get.filter((c) => c.url === CSRF_COOKIE_PATH)).toHaveLength(1);
  });
});

describe('419 CSRF token mismatch', () => {
  it('fetches a new cookie, sends it in X-XSRF-TOKEN and retries exactly once', async () => {
    serveCsrfCookies();
    setXsrfCookie('stale');
    // The retry reuses the request config, so the header is recorded as each attempt is sent.
    const sentTokens: unknown[] = [];
    const sentBodies: unknown[] = [];
    mock.onPost('/v1/thing').reply((config) => {
      sentTokens.push(header(config, 'X-XSRF-TOKEN'));
      sentBodies.push(JSON.parse(config.data as string));
      return sentTokens.length === 1 ? [419, { message: 'CSRF token mismatch.' }] : [201, { ok: true }];
    });

    const response = await api.post('/v1/thing', { a: 1 });

    expect(response.status).toBe(201);
    expect(response.data).toEqual({ ok: true });
    expect(mock.history.get.map((c) => c.url)).toEqual([CSRF_COOKIE_PATH]);
    expect(sentTokens).toEqual(['stale', 'tok-1']);
    expect(sentBodies).toEqual([{ a: 1 }, { a: 1 }]);
  });

  it('passes a second 419 on to the caller without a third attempt', async () => {
    serveCsrfCookies();
    setXsrfCookie('stale');
    mock.onPut('/v1/thing').reply(419, { message: 'CSRF token mismatch.' });

    await expect(api.put('/v1/thing', {})).rejects.toMatchObject({
      response: {
        status: 419,
        data: { message: 'Sua sessão de segurança expirou. Recarregue a página e tente novamente.' },
      },
    });

    expect(mock.history.put).toHaveLength(2);
    expect(mock.history.get.filter((c) => c.url === CSRF_COOKIE_PATH)).toHaveLength(1);
    expect(redirect).not.toHaveBeenCalled();
  });

  it('also retries a GET once', async () => {
    serveCsrfCookies();
    mock.onGet('/v1/thing').replyOnce(419).onGet('/v1/thing').replyOnce(200, { ok: 1 });
    await expect(api.get('/v1/thing')).resolves.toMatchObject({ data: { ok: 1 } });
    expect(mock.history.get.filter((c) => c.url === '/v1/thing')).toHaveLength(2);
  });
});

describe('401 unauthenticated', () => {
  it('clears the stored session, notifies listeners and redirects to /login', async () => {
    localStorage.setItem(STORAGE_USER_KEY, '{"email":"x"}');
    localStorage.setItem(STORAGE_SELECTED_REAL_ESTATE_KEY, '10');
    const listener = vi.fn();
    const unsubscribe = onSessionExpired(listener);
    mock.onGet('/v1/real-estates/10').reply(401, { message: 'Unauthenticated.' });

    await expect(api.get('/v1/real-estates/10')).rejects.toMatchObject({
      response: { status: 401, data: { message: 'Sua sessão expirou. Entre novamente.' } },
    });

    expect(localStorage.getItem(STORAGE_USER_KEY)).toBeNull();
    expect(localStorage.getItem(STORAGE_SELECTED_REAL_ESTATE_KEY)).toBeNull();
    expect(listener).toHaveBeenCalledTimes(1);
    expect(redirect).toHaveBeenCalledTimes(1);
    unsubscribe();
  });

  it('leaves calls marked skipAuthRedirect to their caller', async () => {
    localStorage.setItem(STORAGE_USER_KEY, '{"email":"x"}');
    mock.onGet('/v1/me').reply(401, { message: 'Unauthenticated.' });
    await expect(api.get('/v1/me', { skipAuthRedirect: true })).rejects.toMatchObject({
      response: { status: 401 },
    });
    expect(localStorage.getItem(STORAGE_USER_KEY)).not.toBeNull();
    expect(redirect).not.toHaveBeenCalled();
  });
});

describe('other errors', () => {
  it.each([403, 404, 422, 429, 500])('passes %i on untouched', async (status) => {
    localStorage.setItem(STORAGE_USER_KEY, '{"email":"x"}');
    mock.onGet('/v1/thing').reply(status, { message: 'x' });
    await expect(api.get('/v1/thing')).rejects.toMatchObject({ response: { status } });
    expect(mock.history.get).toHaveLength(1);
    expect(localStorage.getItem(STORAGE_USER_KEY)).not.toBeNull();
    expect(redirect).not.toHaveBeenCalled();
  });

  it('passes network errors on', async () => {
    mock.onGet('/v1/thing').networkError();
    await expect(api.get('/v1/thing')).rejects.toThrow();
    expect(redirect).not.toHaveBeenCalled();
  });
});
