import { INTEGRATION_AUTOSAVE_DELAY_MS } from '@vitrine/contracts/constants';
import {
  DEFAULT_WEBHOOK_AUTH_TYPE,
  INTEGRATION_NAMES,
  SECRET_MASK,
  defaultPayload,
  type IntegrationName,
  type IntegrationView,
  type WebhookPayload,
} from '@vitrine/contracts';
import { describe, expect, it } from 'vitest';
import {
  hasContent,
  initIntegrationsState,
  integrationsReducer,
  normalizeIntegrations,
  shouldAutoSave,
  statusColor,
  statusLabel,
  type AnyPayload,
  type IntegrationEntry,
  type IntegrationsAction,
  type IntegrationsState,
} from './integrations-state';

const webhook = (url: string, auth: Partial<WebhookPayload['authentication']> = {}): WebhookPayload => ({
  url,
  authentication: { type: 'none', key: '', value: '', ...auth },
});

function view(
  name: IntegrationName,
  payload: AnyPayload,
  extra: Partial<IntegrationView> = {},
): IntegrationView {
  return {
    name,
    is_active: false,
    payload,
    last_test_ok: null,
    last_test_message: null,
    last_tested_at: null,
    halted: null,
    ...extra,
  } as IntegrationView;
}

const empty = () => initIntegrationsState(normalizeIntegrations([]));
const run = (state: IntegrationsState, ...actions: IntegrationsAction[]) =>
  actions.reduce(integrationsReducer, state);
const edit = (name: IntegrationName, payload: AnyPayload): IntegrationsAction => ({
  type: 'edit',
  name,
  payload,
});

describe('constants', () => {
  it('auto-saves 1500 ms after the last edit, four integrations, webhook auth none by default', () => {
    expect(INTEGRATION_AUTOSAVE_DELAY_MS).toBe(1500);
    expect(INTEGRATION_NAMES).toEqual(['webhook', 'arbo', 'jetimob', 'go_harry']);
    expect(DEFAULT_WEBHOOK_AUTH_TYPE).toBe('none');
  });
});

describe('reading the server answer', () => {
  it('uses the default integration when the server has no entry for it', () => {
    const list = normalizeIntegrations([{ name: 'arbo', is_active: true, payload: { api_key: 'k-1' } }]);
    expect(list.map((i) => i.name)).toEqual(INTEGRATION_NAMES);
    expect(list.find((i) => i.name === 'arbo')).toMatchObject({
      is_active: true,
      payload: { api_key: 'k-1' },
    });
    for (const name of ['webhook', 'jetimob', 'go_harry'] as const) {
      expect(list.find((i) => i.name === name)).toMatchObject({
        is_active: false,
        payload: defaultPayload(name),
        last_test_ok: null,
        halted: null,
      });
    }
  });

  it('uses the default payload when the server sends [] in place of a payload', () => {
    const list = normalizeIntegrations(
      INTEGRATION_NAMES.map((name) => ({ name, is_active: false, payload: [] })),
    );
    for (const item of list) expect(item.payload).toEqual(defaultPayload(item.name));
    expect(list[0]!.payload).toEqual({ url: '', authentication: { type: 'none', key: '', value: '' } });
  });

  it('copes with no list at all, null payloads, missing keys and an unknown auth type', () => {
    expect(normalizeIntegrations(undefined).map((i) => i.payload)).toEqual(
      INTEGRATION_NAMES.map((name) => defaultPayload(name)),
    );
    const [wh, , jt] = normalizeIntegrations([
      {
        name: 'webhook',
        is_active: true,
        payload: { url: 'https://x.test', authentication: { type: 'basic' } },
      },
      { name: 'jetimob', payload: { public_key: 'pub', private_key: 42 } },
    ]);
    expect(wh!.payload).toEqual(webhook('https://x.test'));
    // is_active missing: derived from the content.
    expect(jt).toMatchObject({ is_active: true, payload: { public_key: 'pub', private_key: '' } });
  });

  it('keeps the read-only facts the server adds (last test, halt)', () => {
    const [wh] = normalizeIntegrations([
      {
        name: 'webhook',
        is_active: true,
        payload: webhook('https://x.test'),
        last_test_ok: true,
        last_test_message: 'HTTP 200',
        last_tested_at: '2025-05-01T12:00:00Z',
        halted: { kind: 'disabled', reason: 'HTTP 410', at: '2025-05-02T12:00:00Z' },
      },
    ]);
    const state = initIntegrationsState([wh!]);
    expect(state.webhook).toMatchObject({
      testOk: true,
      lastTest: { ok: true, message: 'HTTP 200', at: '2025-05-01T12:00:00Z' },
      halted: { kind: 'disabled', reason: 'HTTP 410' },
      saveStatus: 'idle',
      storedHasContent: true,
    });
  });
});

describe('is_active derived from the content', () => {
  it.each<[IntegrationName, AnyPayload, boolean]>([
    ['arbo', { api_key: 'k' }, true],
    ['arbo', { api_key: '  ' }, false],
    ['webhook', webhook('https://crm.test/hook'), true],
    ['webhook', webhook('', { type: 'header', key: 'X-Key', value: 'v' }), false],
    ['jetimob', { public_key: 'pub', private_key: '' }, true],
    ['jetimob', { public_key: '', private_key: 'priv' }, true],
    ['jetimob', { public_key: '', private_key: '' }, false],
    ['go_harry', { username: 'ana', password: 'secreta' }, true],
    ['go_harry', { username: 'ana', password: '' }, false],
    ['go_harry', { username: '', password: 'secreta' }, false],
  ])('%s %j → %s', (name, payload, active) => {
    expect(run(empty(), edit(name, payload))[name].is_active).toBe(active);
  });

  it('becomes false again when the fields are emptied', () => {
    let state = run(empty(), edit('arbo', { api_key: 'k' }));
    expect(state.arbo.is_active).toBe(true);
    state = run(state, edit('arbo', { api_key: '' }));
    expect(state.arbo.is_active).toBe(false);
  });
});

describe('save status', () => {
  const saved = (name: IntegrationName, payload: AnyPayload, extra: Partial<IntegrationView> = {}) =>
    ({ type: 'saveSucceeded', name, saved: view(name, payload, extra) }) as const;

  it('starts idle, saving when a save starts, idle on success, error on failure', () => {
    let state = run(empty(), edit('arbo', { api_key: 'k' }));
    expect(state.arbo.saveStatus).toBe('idle');
    state = run(state, { type: 'saveStarted', name: 'arbo' });
    expect(state.arbo.saveStatus).toBe('saving');
    expect(state.arbo.edited).toBe(false);
    state = run(state, saved('arbo', { api_key: 'k' }, { is_active: true }));
    expect(state.arbo.saveStatus).toBe('idle');
    state = run(state, edit('arbo', { api_key: 'k2' }), { type: 'saveStarted', name: 'arbo' });
    state = run(state, {
      type: 'saveFailed',
      name: 'arbo',
      message: 'Chave inválida.',
      fieldErrors: { api_key: 'x' },
    });
    expect(state.arbo).toMatchObject({
      saveStatus: 'error',
      saveError: 'Chave inválida.',
      fieldErrors: { api_key: 'x' },
    });
  });

  it('editing resets the status to idle once the integration has content', () => {
    let state = run(
      empty(),
      edit('arbo', { api_key: 'k' }),
      { type: 'saveStarted', name: 'arbo' },
      {
        type: 'saveFailed',
        name: 'arbo',
        message: 'Falhou.',
      },
    );
    expect(state.arbo.saveStatus).toBe('error');
    // Emptied: no content, the status stays.
    state = run(state, edit('arbo', { api_key: '' }));
    expect(state.arbo.saveStatus).toBe('error');
    // Content again: back to idle, the error message goes.
    state = run(state, edit('arbo', { api_key: 'k3' }));
    expect(state.arbo).toMatchObject({ saveStatus: 'idle', saveError: null, fieldErrors: {} });
  });

  it('only touches the integration that changed', () => {
    const state = run(empty(), edit('jetimob', { public_key: 'p', private_key: '' }), {
      type: 'saveStarted',
      name: 'jetimob',
    });
    expect(state.jetimob.saveStatus).toBe('saving');
    for (const name of ['webhook', 'arbo', 'go_harry'] as const) expect(state[name].saveStatus).toBe('idle');
  });

  it('a successful save takes the halt and the last test from the server (cleared when the content changed)', () => {
    const [wh] = normalizeIntegrations([
      {
        name: 'webhook',
        is_active: true,
        payload: webhook('https://old.test'),
        last_test_ok: true,
        last_test_message: 'ok',
        halted: { kind: 'paused', reason: 'HTTP 401', at: '2025-01-01T00:00:00Z' },
      },
    ]);
    let state = initIntegrationsState([wh!]);
    expect(statusColor(state.webhook)).toBe('red');
    state = run(state, edit('webhook', webhook('https://new.test')), {
      type: 'saveStarted',
      name: 'webhook',
    });
    state = run(state, saved('webhook', webhook('https://new.test'), { is_active: true }));
    expect(state.webhook).toMatchObject({ halted: null, testOk: null, lastTest: null, saveStatus: 'idle' });
  });
});

describe('halt facts refreshed from the server', () => {
  it('change only the halt, never the content being edited or the statuses', () => {
    let state = run(empty(), edit('webhook', webhook('https://typing.test')));
    state = run(state, {
      type: 'haltedRefreshed',
      views: [
        view('webhook', webhook('https://stored.test'), {
          halted: { kind: 'disabled', reason: 'HTTP 410', at: 'x' },
        }),
      ],
    });
    expect(state.webhook).toMatchObject({
      payload: webhook('https://typing.test'),
      edited: true,
      saveStatus: 'idle',
      halted: { kind: 'disabled', reason: 'HTTP 410' },
    });
    expect(statusColor(state.webhook)).toBe('red');
    state = run(state, { type: 'haltedRefreshed', views: [view('webhook', webhook(''))] });
    expect(state.webhook.halted).toBeNull();
  });
});

describe('auto-save is due only while the form has content and has been edited', () => {
  it('not before any edit, even with content', () => {
    const state = initIntegrationsState(
      normalizeIntegrations([{ name: 'arbo', is_active: true, payload: { api_key: 'k' } }]),
    );
    expect(shouldAutoSave(state.arbo)).toBe(false);
  });

  it('after an edit that leaves content', () => {
    expect(shouldAutoSave(run(empty(), edit('arbo', { api_key: 'k' })).arbo)).toBe(true);
    // GoHarry with only a username is not active but has content: it is saved (inactive).
    expect(shouldAutoSave(run(empty(), edit('go_harry', { username: 'ana', password: '' })).go_harry)).toBe(
      true,
    );
  });

  it('not for a never-saved integration typed in and emptied again', () => {
    const state = run(empty(), edit('arbo', { api_key: 'k' }), edit('arbo', { api_key: '' }));
    expect(shouldAutoSave(state.arbo)).toBe(false);
  });

  it('yes for an emptied integration whose stored version has content, so the server deactivates it', () => {
    const initial = initIntegrationsState(
      normalizeIntegrations([{ name: 'arbo', is_active: true, payload: { api_key: 'k' } }]),
    );
    let state = run(initial, edit('arbo', { api_key: '' }));
    expect(state.arbo.is_active).toBe(false);
    expect(shouldAutoSave(state.arbo)).toBe(true);
    // Once the empty version is stored, emptying again is nothing to save.
    state = run(
      state,
      { type: 'saveStarted', name: 'arbo' },
      {
        type: 'saveSucceeded',
        name: 'arbo',
        saved: view('arbo', { api_key: '' }),
      },
    );
    expect(state.arbo.storedHasContent).toBe(false);
    expect(shouldAutoSave(run(state, edit('arbo', { api_key: '' })).arbo)).toBe(false);
  });

  it('a credential kept as the mask follows the server when it answers it empty (no longer stored)', () => {
    const initial = initIntegrationsState(
      normalizeIntegrations([
        {
          name: 'webhook',
          is_active: true,
          payload: webhook('https://a.test/x', { type: 'header', key: 'X-K', value: SECRET_MASK }),
        },
      ]),
    );
    const moved = webhook('https://b.test/x', { type: 'none', key: 'X-K', value: SECRET_MASK });
    let state = run(initial, edit('webhook', moved), { type: 'saveStarted', name: 'webhook' });
    state = run(state, {
      type: 'saveSucceeded',
      name: 'webhook',
      saved: view('webhook', webhook('https://b.test/x', { type: 'none', key: 'X-K', value: '' })),
    });
    expect((state.webhook.payload as WebhookPayload).authentication.value).toBe('');
    // still stored: the mask stays
    state = run(initial, edit('webhook', { ...moved, url: 'https://a.test/y' }), {
      type: 'saveSucceeded',
      name: 'webhook',
      saved: view('webhook', webhook('https://a.test/y', { type: 'none', key: 'X-K', value: SECRET_MASK })),
    });
    expect((state.webhook.payload as WebhookPayload).authentication.value).toBe(SECRET_MASK);
  });

  it('not after the save started, until the next edit', () => {
    const state = run(empty(), edit('arbo', { api_key: 'k' }), { type: 'saveStarted', name: 'arbo' });
    expect(shouldAutoSave(state.arbo)).toBe(false);
    expect(shouldAutoSave(run(state, edit('arbo', { api_key: 'k2' })).arbo)).toBe(true);
  });

  it('a webhook header hidden by choosing Nenhuma is not content', () => {
    expect(hasContent('webhook', webhook('', { type: 'header', key: 'X-Key' }))).toBe(true);
    expect(hasContent('webhook', webhook('', { type: 'none', key: 'X-Key', value: 'v' }))).toBe(false);
    expect(hasContent('webhook', webhook(''))).toBe(false);
  });
});

describe('test flow', () => {
  function configured() {
    return run(
      empty(),
      edit('webhook', webhook('https://crm.test')),
      edit('arbo', { api_key: 'k' }),
      { type: 'saveStarted', name: 'arbo' },
      { type: 'saveFailed', name: 'arbo', message: 'x' },
      edit('go_harry', { username: 'ana', password: '' }),
    );
  }
  const results = [
    { name: 'webhook', is_active: true, ok: true, verified: true, message: 'O webhook respondeu HTTP 200.' },
    { name: 'arbo', is_active: true, ok: false, verified: false, message: 'Chave recusada.' },
    { name: 'jetimob', is_active: false, ok: null, verified: false, message: 'Não configurada.' },
  ] as const;

  it('on success each result is its is_active and every save status goes back to idle', () => {
    const state = run(configured(), {
      type: 'testSucceeded',
      at: '2025-05-01T12:00:00Z',
      results: [...results],
    });
    expect(Object.fromEntries(INTEGRATION_NAMES.map((n) => [n, state[n].testOk]))).toEqual({
      webhook: true,
      arbo: true,
      jetimob: false,
      go_harry: false,
    });
    for (const name of INTEGRATION_NAMES) expect(state[name].saveStatus).toBe('idle');
    expect(state.webhook.lastTest).toEqual({
      ok: true,
      message: 'O webhook respondeu HTTP 200.',
      at: '2025-05-01T12:00:00Z',
    });
    expect(state.jetimob.lastTest).toBeNull();
    expect(statusColor(state.webhook)).toBe('green');
    expect(statusColor(state.go_harry)).toBe('gray');
  });

  it('on failure every result is false, active ones get error and inactive ones idle', () => {
    const state = run(configured(), {
      type: 'testFailed',
      at: '2025-05-01T12:00:00Z',
      results: [...results],
    });
    for (const name of INTEGRATION_NAMES) expect(state[name].testOk).toBe(false);
    expect(Object.fromEntries(INTEGRATION_NAMES.map((n) => [n, state[n].saveStatus]))).toEqual({
      webhook: 'error',
      arbo: 'error',
      jetimob: 'idle',
      go_harry: 'idle',
    });
    // The per-integration detail is kept for the card, even where the overall result is false.
    expect(state.webhook.lastTest?.ok).toBe(true);
    expect(state.arbo.lastTest).toMatchObject({ ok: false, message: 'Chave recusada.' });
    expect(statusLabel(state.arbo)).toBe('Falha no teste');
  });

  it('works without per-integration detail', () => {
    const state = run(configured(), { type: 'testFailed', at: 'now' });
    expect(state.webhook).toMatchObject({ testOk: false, saveStatus: 'error', lastTest: null });
  });
});

describe('status dot', () => {
  const entry = (patch: Partial<IntegrationEntry>): IntegrationEntry => ({
    ...empty().arbo,
    payload: { api_key: 'k' },
    is_active: true,
    ...patch,
  });

  it.each<[Partial<IntegrationEntry>, string, string]>([
    [{ saveStatus: 'saving', testOk: true }, 'yellow', 'Salvando...'],
    [{ saveStatus: 'saving', halted: { kind: 'paused', reason: 'r', at: '' } }, 'yellow', 'Salvando...'],
    [{ saveStatus: 'error', saveError: 'x', testOk: true }, 'red', 'Erro ao salvar'],
    [{ saveStatus: 'error', saveError: null }, 'red', 'Falha no teste'],
    [{ halted: { kind: 'paused', reason: 'HTTP 401', at: '' }, testOk: true }, 'red', 'Pausada'],
    [{ halted: { kind: 'disabled', reason: 'HTTP 410', at: '' } }, 'red', 'Desativada pelo sistema'],
    [{ testOk: true }, 'green', 'Ativa e testada'],
    [{ testOk: null }, 'gray', 'Ativa · não testada'],
    [{ testOk: false }, 'gray', 'Ativa · teste falhou'],
    [{ is_active: false, testOk: true }, 'gray', 'Inativa'],
  ])('%j → %s', (patch, color, label) => {
    expect(statusColor(entry(patch))).toBe(color);
    expect(statusLabel(entry(patch))).toBe(label);
  });
});
