import { INTEGRATION_AUTOSAVE_DELAY_MS } from '@vitrine/contracts/constants';
import type { IntegrationName, IntegrationView } from '@vitrine/contracts';
import { act, renderHook } from '@testing-library/react';
import { AxiosError, AxiosHeaders, type AxiosResponse } from 'axios';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '@/lib/toast';
import type { SaveIntegrationInput } from './api/save-integration';
import { normalizeIntegration, normalizeIntegrations } from './integrations-state';
import { useIntegrationsForm, type IntegrationsGateway } from './use-integrations-form';

vi.mock('@/lib/toast', () => ({ toast: vi.fn() }));
const toastMock = vi.mocked(toast);

function httpError(status: number, data: unknown) {
  const config = { headers: new AxiosHeaders() };
  const response = { status, data, statusText: '', headers: {}, config } as AxiosResponse;
  return new AxiosError('Request failed', 'ERR_BAD_RESPONSE', config, null, response);
}

/** The server's answer to a PUT: what was sent, normalised, inactive until proven otherwise. */
const echo = (body: SaveIntegrationInput): IntegrationView =>
  normalizeIntegration(body.name, { name: body.name, is_active: body.is_active, payload: body.payload });

function setup(initial: unknown[] = [], gateway: Partial<IntegrationsGateway> = {}) {
  const save = vi.fn(gateway.save ?? (async (body: SaveIntegrationInput) => echo(body)));
  const test = vi.fn(gateway.test ?? (async () => ({ message: 'ok', results: [] })));
  const hook = renderHook(() => useIntegrationsForm(normalizeIntegrations(initial), { save, test }));
  const edit = (name: IntegrationName, payload: object) =>
    act(() => hook.result.current.edit(name, payload as never));
  const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
  return { hook, save, test, edit, advance, state: () => hook.result.current.state };
}

beforeEach(() => {
  vi.useFakeTimers();
  toastMock.mockReset();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('auto-save (1500 ms after the last edit)', () => {
  it('sends PUT {name, is_active, payload} 1500 ms after the last edit, not after the first', async () => {
    const { save, edit, advance } = setup();
    await edit('arbo', { api_key: 'a' });
    await advance(1000);
    await edit('arbo', { api_key: 'ab' });
    await advance(INTEGRATION_AUTOSAVE_DELAY_MS - 1);
    expect(save).not.toHaveBeenCalled();
    await advance(1);
    expect(save).toHaveBeenCalledTimes(1);
    expect(save).toHaveBeenCalledWith({ name: 'arbo', is_active: true, payload: { api_key: 'ab' } });
  });

  it('goes saving → idle and toasts the success message', async () => {
    let finish!: (v: IntegrationView) => void;
    const { edit, advance, state } = setup([], {
      save: (body) => new Promise((resolve) => (finish = () => resolve(echo(body)))),
    });
    await edit('arbo', { api_key: 'k' });
    await advance(INTEGRATION_AUTOSAVE_DELAY_MS);
    expect(state().arbo.saveStatus).toBe('saving');
    await act(async () => finish(undefined as never));
    expect(state().arbo.saveStatus).toBe('idle');
    expect(toastMock).toHaveBeenCalledWith({
      variant: 'success',
      title: 'Integração atualizada!',
      description: 'Configuração salva com sucesso.',
    });
  });

  it("goes error on failure, with the server's message or the fallback", async () => {
    const failures = [
      httpError(422, {
        message: 'Informe uma URL completa, começando com https://.',
        errors: { 'payload.url': ['Informe uma URL completa, começando com https://.'] },
      }),
      httpError(500, ''),
    ];
    const { edit, advance, state } = setup([], {
      save: async () => {
        throw failures.shift();
      },
    });
    await edit('webhook', { url: 'nope', authentication: { type: 'none', key: '', value: '' } });
    await advance(INTEGRATION_AUTOSAVE_DELAY_MS);
    expect(state().webhook).toMatchObject({
      saveStatus: 'error',
      saveError: 'Informe uma URL completa, começando com https://.',
      fieldErrors: { url: 'Informe uma URL completa, começando com https://.' },
    });
    expect(toastMock).toHaveBeenLastCalledWith({
      variant: 'danger',
      title: 'Erro ao salvar integração',
      description: 'Informe uma URL completa, começando com https://.',
    });

    await edit('webhook', { url: 'https://ok.test', authentication: { type: 'none', key: '', value: '' } });
    expect(state().webhook.saveStatus).toBe('idle');
    await advance(INTEGRATION_AUTOSAVE_DELAY_MS);
    expect(state().webhook.saveStatus).toBe('error');
    expect(toastMock).toHaveBeenLastCalledWith({
      variant: 'danger',
      title: 'Erro ao salvar integração',
      description: 'Não foi possível salvar a configuração.',
    });
  });

  it('sends nothing for a form without content', async () => {
    const { save, edit, advance } = setup();
    await edit('arbo', { api_key: 'k' });
    await edit('arbo', { api_key: '' });
    await edit('webhook', { url: '', authentication: { type: 'header', key: '', value: '' } });
    await advance(INTEGRATION_AUTOSAVE_DELAY_MS * 3);
    expect(save).not.toHaveBeenCalled();
  });

  it('saves an emptied integration that the server holds, as inactive', async () => {
    const { save, edit, advance, state } = setup([
      { name: 'go_harry', is_active: true, payload: { username: 'ana', password: 'pw' } },
    ]);
    await edit('go_harry', { username: 'ana', password: '' });
    await edit('go_harry', { username: '', password: '' });
    await advance(INTEGRATION_AUTOSAVE_DELAY_MS);
    expect(save).toHaveBeenCalledWith({
      name: 'go_harry',
      is_active: false,
      payload: { username: '', password: '' },
    });
    expect(state().go_harry.is_active).toBe(false);
  });

  it('keeps a timer per integration: editing one does not delay another', async () => {
    const { save, edit, advance } = setup();
    await edit('arbo', { api_key: 'k' });
    await advance(1000);
    await edit('jetimob', { public_key: 'p', private_key: '' });
    await advance(500);
    expect(save.mock.calls.map(([b]) => b.name)).toEqual(['arbo']);
    await advance(1000);
    expect(save.mock.calls.map(([b]) => b.name)).toEqual(['arbo', 'jetimob']);
  });

  it('chains saves of one integration: an edit during a save is sent after it, with the latest content', async () => {
    const pending: Array<() => void> = [];
    const { save, edit, advance, state } = setup([], {
      save: (body) => new Promise((resolve) => pending.push(() => resolve(echo(body)))),
    });
    await edit('arbo', { api_key: 'one' });
    await advance(INTEGRATION_AUTOSAVE_DELAY_MS);
    await edit('arbo', { api_key: 'two' });
    // docs/product.md#integration-auto-save: the edit (with content) resets the status to idle even while the
    // first save runs.
    expect(state().arbo.saveStatus).toBe('idle');
    await advance(INTEGRATION_AUTOSAVE_DELAY_MS);
    expect(save).toHaveBeenCalledTimes(1);
    await act(async () => pending.shift()!());
    expect(save).toHaveBeenCalledTimes(2);
    expect(save.mock.calls[1]![0].payload).toEqual({ api_key: 'two' });
    expect(state().arbo.saveStatus).toBe('saving');
    await act(async () => pending.shift()!());
    expect(state().arbo.saveStatus).toBe('idle');
  });

  it('saves a waiting edit right away when the screen is left', async () => {
    const { hook, save, edit } = setup();
    await edit('arbo', { api_key: 'k' });
    hook.unmount();
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(save).toHaveBeenCalledWith({ name: 'arbo', is_active: true, payload: { api_key: 'k' } });
  });
});

describe("'Testar Integrações'", () => {
  const configured = [
    {
      name: 'webhook',
      is_active: true,
      payload: { url: 'https://crm.test', authentication: { type: 'none', key: '', value: '' } },
    },
    { name: 'arbo', is_active: true, payload: { api_key: 'k' } },
  ];

  it('toasts the start, then sets each result from is_active, all statuses idle, and toasts the end', async () => {
    const { hook, test, state } = setup(configured, {
      test: async () => ({
        message: 'Integrações testadas com sucesso: Webhook, Arbo.',
        results: [{ name: 'webhook', is_active: true, ok: true, verified: true, message: 'HTTP 200' }],
      }),
    });
    await act(() => hook.result.current.runTest());
    expect(test).toHaveBeenCalledTimes(1);
    expect(toastMock.mock.calls.map(([t]) => t)).toEqual([
      {
        title: 'Testando integrações',
        description: 'Verificando conectividade com os sistemas configurados...',
      },
      { title: 'Testes concluídos', description: 'As integrações foram testadas com sucesso.' },
    ]);
    expect(state().webhook).toMatchObject({
      testOk: true,
      saveStatus: 'idle',
      lastTest: { ok: true, message: 'HTTP 200' },
    });
    expect(state().arbo.testOk).toBe(true);
    expect(state().jetimob.testOk).toBe(false);
  });

  it("on failure: all results false, active ones error, inactive idle, the server's message in the toast", async () => {
    const { hook, state } = setup(configured, {
      test: async () => {
        throw httpError(422, {
          message: 'Falha ao testar: Arbo: Chave recusada.',
          data: {
            results: [
              { name: 'arbo', is_active: true, ok: false, verified: false, message: 'Chave recusada.' },
            ],
          },
        });
      },
    });
    await act(() => hook.result.current.runTest());
    expect(toastMock).toHaveBeenLastCalledWith({
      variant: 'danger',
      title: 'Erro ao testar integrações',
      description: 'Falha ao testar: Arbo: Chave recusada.',
    });
    expect(state().webhook).toMatchObject({ testOk: false, saveStatus: 'error' });
    expect(state().arbo).toMatchObject({
      testOk: false,
      saveStatus: 'error',
      lastTest: { ok: false, message: 'Chave recusada.' },
    });
    expect(state().jetimob).toMatchObject({ testOk: false, saveStatus: 'idle' });
    expect(state().go_harry).toMatchObject({ testOk: false, saveStatus: 'idle' });
  });

  it('falls back to the fixed sentence when the failure has no message', async () => {
    const { hook } = setup(configured, {
      test: async () => {
        throw new Error('Network Error');
      },
    });
    await act(() => hook.result.current.runTest());
    expect(toastMock).toHaveBeenLastCalledWith({
      variant: 'danger',
      title: 'Erro ao testar integrações',
      description: 'Falha na conectividade com os sistemas configurados.',
    });
  });

  it('sends a waiting edit first (without its success toast), so the server tests what is on screen', async () => {
    const order: string[] = [];
    const { hook, save, edit } = setup([], {
      save: async (body) => {
        order.push(`save:${body.name}`);
        return echo(body);
      },
      test: async () => {
        order.push('test');
        return { message: '', results: [] };
      },
    });
    await edit('arbo', { api_key: 'k' });
    await act(() => hook.result.current.runTest());
    expect(order).toEqual(['save:arbo', 'test']);
    expect(save).toHaveBeenCalledTimes(1);
    expect(toastMock.mock.calls.map(([t]) => t.title)).toEqual(['Testando integrações', 'Testes concluídos']);
    // The timer was consumed: no second save later.
    await act(() => vi.advanceTimersByTimeAsync(INTEGRATION_AUTOSAVE_DELAY_MS * 2));
    expect(save).toHaveBeenCalledTimes(1);
  });

  it('does not test when a waiting edit cannot be saved (its error toast stays)', async () => {
    const { hook, test, edit, state } = setup([], {
      save: async () => {
        throw httpError(422, { message: 'Chave grande demais.' });
      },
    });
    await edit('arbo', { api_key: 'k' });
    await act(() => hook.result.current.runTest());
    expect(test).not.toHaveBeenCalled();
    expect(state().arbo.saveStatus).toBe('error');
    expect(toastMock).toHaveBeenLastCalledWith({
      variant: 'danger',
      title: 'Erro ao salvar integração',
      description: 'Chave grande demais.',
    });
    expect(hook.result.current.isTesting).toBe(false);
  });
});
