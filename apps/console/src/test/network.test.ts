import { describe, expect, it } from 'vitest';
import { api, call } from '@/lib/api-client';
import { setXsrfCookie } from './fixtures';
import { failure, handle, handlePath, networkError, reply, sent } from './network';

describe('the test network', () => {
  it('answers an endpoint by name, with its params and query as the server reads them', async () => {
    handle('listPages', ({ params, query }) => ({
      data: [],
      meta: {
        current_page: Number(query.page),
        per_page: 15,
        total: Number(params.id),
        last_page: 1,
        from: null,
        to: null,
      },
      links: { first: '', last: '', prev: null, next: null },
    }));
    const answer = await call('listPages', { params: { id: 10 }, query: { page: 2, status: 'published' } });
    expect(answer.meta).toMatchObject({ current_page: 2, total: 10 });
    expect(sent('listPages')).toMatchObject([
      {
        method: 'GET',
        path: '/v1/real-estates/10/pages',
        params: { id: '10' },
        query: { page: '2', status: 'published' },
      },
    ]);
  });

  it('tells a static path from a parametric one (/v1/pages/many is not page "many")', async () => {
    setXsrfCookie('t');
    handle('deletePage', reply(204));
    handle('deleteManyPages', { data: { deleted: 2 } });
    await expect(call('deleteManyPages', { body: { ids: [1, 2] } })).resolves.toEqual({
      data: { deleted: 2 },
    });
    expect(sent('deleteManyPages').map((r) => r.body)).toEqual([{ ids: [1, 2] }]);
    expect(sent('deletePage')).toEqual([]);
  });

  it('uses the once answers first, in order, then the lasting one', async () => {
    handlePath('GET', '/v1/thing', { n: 'lasting' });
    handlePath('GET', '/v1/thing', { n: 1 }, { once: true });
    handlePath('GET', '/v1/thing', { n: 2 }, { once: true });
    const answers = [];
    for (let i = 0; i < 4; i += 1) answers.push((await api.get<{ n: unknown }>('/v1/thing')).data.n);
    expect(answers).toEqual([1, 2, 'lasting', 'lasting']);
  });

  it('answers errors with the server’s body, and network failures', async () => {
    handlePath(
      'GET',
      '/v1/a',
      failure(422, { message: 'Dados inválidos.', errors: { x: ['Obrigatório.'] } }),
    );
    handlePath('GET', '/v1/b', networkError);
    await expect(api.get('/v1/a')).rejects.toMatchObject({
      response: { status: 422, data: { message: 'Dados inválidos.', errors: { x: ['Obrigatório.'] } } },
    });
    await expect(api.get('/v1/b')).rejects.toMatchObject({ code: 'ERR_NETWORK' });
  });

  it('fetches the CSRF cookie before a state-changing call when none is set', async () => {
    handlePath('POST', '/v1/thing', {});
    await api.post('/v1/thing', { a: 1 });
    expect(sent().map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /sanctum/csrf-cookie',
      'POST /v1/thing',
    ]);
    expect(sent('POST')[0]!.headers.get('X-XSRF-TOKEN')).toBe('csrf-1');
  });
});
