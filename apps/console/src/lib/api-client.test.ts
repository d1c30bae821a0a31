import {
  REQUEST_TIMEOUT_MS,
  STORAGE_SELECTED_REAL_ESTATE_KEY,
  STORAGE_USER_KEY,
} from '@vitrine/contracts/constants';
import type { HttpMethod } from '@vitrine/contracts/endpoints';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setXsrfCookie } from '@/test/fixtures';
import { handle, handlePath, networkError, reply, sent } from '@/test/network';
import { api, CSRF_COOKIE_PATH, onSessionExpired, setLoginRedirect } from './api-client';

const redirect = vi.fn();

const paths = (method: HttpMethod) => sent(method).map((r) => r.path);

function answerAnyMethod(path: string, body: unknown) {
  for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const) handlePath(method, path, body);
}

/** Each CSRF-cookie fetch hands out a new token: tok-1, tok-2, ... */
function serveCsrfCookies() {
  let n = 0;
  handle('getCsrfCookie', () => {
    n += 1;
    setXsrfCookie(`tok-${n}`);
    return reply(204);
  });
}

beforeEach(() => {
  redirect.mockReset();
  setLoginRedirect(redirect);
});
afterAll(() => {
  setLoginRedirect(null);
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
    handlePath('GET', '/v1/me', { user: null });
    await api.get('/v1/me');
    expect(paths('GET')).toEqual(['/v1/me']);
  });

  it.each(['post', 'put', 'patch', 'delete'] as const)(
    'fetches it first for %s when the cookie is missing',
    async (method) => {
      serveCsrfCookies();
      answerAnyMethod('/v1/thing', {});
      await api.request({ method, url: '/v1/thing', data: {} });
      expect(paths('GET')).toEqual([CSRF_COOKIE_PATH]);
      const request = sent(method.toUpperCase() as HttpMethod)[0];
      expect(request?.headers.get('X-XSRF-TOKEN')).toBe('tok-1');
    },
  );

  it('reuses the cookie while it exists and sends its URL-decoded value', async () => {
    serveCsrfCookies();
    setXsrfCookie('abc=/+');
    handlePath('POST', '/v1/thing', {});
    await api.post('/v1/thing', {});
    await api.post('/v1/thing', {});
    expect(sent('GET')).toHaveLength(0);
    expect(sent('POST').map((r) => r.headers.get('X-XSRF-TOKEN'))).toEqual(['abc=/+', 'abc=/+']);
  });

  it('shares one cookie fetch between concurrent calls', async () => {
    serveCsrfCookies();
    answerAnyMethod('/v1/thing', {});
    await Promise.all([api.post('/v1/thing', {}), api.post('/v1/thing', {}), api.delete('/v1/thing')]);
    expect(paths('GET').filter((path) => path === CSRF_COOKIE_PATH)).toHaveLength(1);
  });
});

describe('419 CSRF token mismatch', () => {
  it('fetches a new cookie, sends it in X-XSRF-TOKEN and retries exactly once', async () => {
    serveCsrfCookies();
    setXsrfCookie('stale');
    // The retry reuses the request config, so the header is recorded as each attempt is sent.
    const sentTokens: unknown[] = [];
    const sentBodies: unknown[] = [];
    handlePath('POST', '/v1/thing', ({ request, body }) => {
      sentTokens.push(request.headers.get('X-XSRF-TOKEN'));
      sentBodies.push(body);
      return sentTokens.length === 1
        ? reply(419, { message: 'CSRF token mismatch.' })
        : reply(201, { ok: true });
    });

    const response = await api.post('/v1/thing', { a: 1 });

    expect(response.status).toBe(201);
    expect(response.data).toEqual({ ok: true });
    expect(paths('GET')).toEqual([CSRF_COOKIE_PATH]);
    expect(sentTokens).toEqual(['stale', 'tok-1']);
    expect(sentBodies).toEqual([{ a: 1 }, { a: 1 }]);
  });

  it('passes a second 419 on to the caller without a third attempt', async () => {
    serveCsrfCookies();
    setXsrfCookie('stale');
    handlePath('PUT', '/v1/thing', reply(419, { message: 'CSRF token mismatch.' }));

    await expect(api.put('/v1/thing', {})).rejects.toMatchObject({
      response: {
        status: 419,
        data: { message: 'Sua sessão de segurança expirou. Recarregue a página e tente novamente.' },
      },
    });

    expect(sent('PUT')).toHaveLength(2);
    expect(paths('GET').filter((path) => path === CSRF_COOKIE_PATH)).toHaveLength(1);
    expect(redirect).not.toHaveBeenCalled();
  });

  it('also retries a GET once', async () => {
    serveCsrfCookies();
    handlePath('GET', '/v1/thing', reply(419), { once: true });
    handlePath('GET', '/v1/thing', { ok: 1 }, { once: true });
    await expect(api.get('/v1/thing')).resolves.toMatchObject({ data: { ok: 1 } });
    expect(paths('GET').filter((path) => path === '/v1/thing')).toHaveLength(2);
  });
});

describe('401 unauthenticated', () => {
  it('clears the stored session, notifies listeners and redirects to /login', async () => {
    localStorage.setItem(STORAGE_USER_KEY, '{"email":"x"}');
    localStorage.setItem(STORAGE_SELECTED_REAL_ESTATE_KEY, '10');
    const listener = vi.fn();
    const unsubscribe = onSessionExpired(listener);
    handlePath('GET', '/v1/real-estates/10', reply(401, { message: 'Unauthenticated.' }));

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
    handlePath('GET', '/v1/me', reply(401, { message: 'Unauthenticated.' }));
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
    handlePath('GET', '/v1/thing', reply(status, { message: 'x' }));
    await expect(api.get('/v1/thing')).rejects.toMatchObject({ response: { status } });
    expect(sent('GET')).toHaveLength(1);
    expect(localStorage.getItem(STORAGE_USER_KEY)).not.toBeNull();
    expect(redirect).not.toHaveBeenCalled();
  });

  it('passes network errors on', async () => {
    handlePath('GET', '/v1/thing', networkError);
    await expect(api.get('/v1/thing')).rejects.toThrow();
    expect(redirect).not.toHaveBeenCalled();
  });
});
