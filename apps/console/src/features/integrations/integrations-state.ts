/**
 * The rules of the Integrações screen (docs/product.md#integrations), free of React and HTTP: reading the
 * server's answer with defaults, the per-integration save status, is_active derived from the content, when an
 * auto-save is due, the test flow and the status dot.
 */
import {
  DEFAULT_WEBHOOK_AUTH_TYPE,
  INTEGRATION_NAMES,
  INTEGRATION_SECRET_FIELDS,
  SECRET_MASK,
  WEBHOOK_AUTH_TYPES,
  defaultPayload,
  isIntegrationActive,
  type IntegrationName,
  type IntegrationPayloads,
  type IntegrationStatus,
  type IntegrationTestResult,
  type IntegrationView,
  type WebhookAuthType,
  type WebhookPayload,
} from '@vitrine/contracts';

export type SaveStatus = 'idle' | 'saving' | 'error';
export type AnyPayload = IntegrationPayloads[IntegrationName];
export type Halted = NonNullable<IntegrationStatus['halted']>;

/** Order of the cards on the screen (docs/product.md#integrations). */
export const CARD_ORDER = [
  'webhook',
  'go_harry',
  'arbo',
  'jetimob',
] as const satisfies readonly IntegrationName[];

// ---------------------------------------------------------------------------------------------
// Reading the server's answer (defaults for a missing entry and for `[]` as payload;
// docs/product.md#integration-payloads)
// ---------------------------------------------------------------------------------------------

function asRecord(value: unknown): Record<string, unknown> | null {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}

/** Keeps the defaults' shape: each known key takes the server's value when it has the same type. */
function mergeWithDefaults<T>(defaults: T, raw: unknown): T {
  const source = asRecord(raw);
  if (!source) return defaults;
  const out: Record<string, unknown> = { ...(defaults as Record<string, unknown>) };
  for (const [key, fallback] of Object.entries(out)) {
    const value = source[key];
    out[key] =
      fallback !== null && typeof fallback === 'object'
        ? mergeWithDefaults(fallback, value)
        : typeof value === typeof fallback
          ? value
          : fallback;
  }
  return out as T;
}

/** The payload of one integration; the default one when the server sends `[]`, null or junk. */
export function normalizePayload<N extends IntegrationName>(name: N, raw: unknown): IntegrationPayloads[N] {
  const payload = mergeWithDefaults(defaultPayload(name), raw);
  if (name === 'webhook') {
    const auth = (payload as WebhookPayload).authentication;
    if (!WEBHOOK_AUTH_TYPES.includes(auth.type as WebhookAuthType)) auth.type = DEFAULT_WEBHOOK_AUTH_TYPE;
  }
  return payload;
}

function readHalted(raw: unknown): Halted | null {
  const h = asRecord(raw);
  if (!h || (h.kind !== 'paused' && h.kind !== 'disabled')) return null;
  return {
    kind: h.kind,
    reason: typeof h.reason === 'string' ? h.reason : '',
    at: typeof h.at === 'string' ? h.at : '',
  };
}

/** One entry of the server's list, or the default integration when the entry is missing. */
export function normalizeIntegration(name: IntegrationName, raw: unknown): IntegrationView {
  const r = asRecord(raw) ?? {};
  const payload = normalizePayload(name, r.payload);
  return {
    name,
    payload,
    is_active: typeof r.is_active === 'boolean' ? r.is_active : isIntegrationActive(name, payload),
    last_test_ok: typeof r.last_test_ok === 'boolean' ? r.last_test_ok : null,
    last_test_message: typeof r.last_test_message === 'string' ? r.last_test_message : null,
    last_tested_at: typeof r.last_tested_at === 'string' ? r.last_tested_at : null,
    halted: readHalted(r.halted),
  } as IntegrationView;
}

/** All four integrations, whatever the server left out (docs/product.md#integration-payloads). */
export function normalizeIntegrations(list: unknown): IntegrationView[] {
  const items = Array.isArray(list) ? list : [];
  return INTEGRATION_NAMES.map((name) =>
    normalizeIntegration(
      name,
      items.find((item) => asRecord(item)?.name === name),
    ),
  );
}

// ---------------------------------------------------------------------------------------------
// Form state
// ---------------------------------------------------------------------------------------------

const filled = (value: string) => value.trim() !== '';

/**
 * "The integration has content" (docs/product.md#integration-auto-save): a field the user can see and type in
 * is non-empty. The webhook's authentication type alone is not content (it always has a value), nor are a
 * header name and value hidden because the type went back to Nenhuma.
 */
export function hasContent(name: IntegrationName, payload: AnyPayload): boolean {
  if (name === 'webhook') {
    const { url, authentication: auth } = payload as WebhookPayload;
    return filled(url) || (auth.type === 'header' && (filled(auth.key) || filled(auth.value)));
  }
  return Object.values(payload as unknown as Record<string, string>).some(filled);
}

export interface IntegrationEntry {
  name: IntegrationName;
  payload: AnyPayload;
  /** Derived from the content on every edit (docs/product.md#integration-auto-save). */
  is_active: boolean;
  saveStatus: SaveStatus;
  /** Why the last save failed (inline under the card); null when the error came from a test. */
  saveError: string | null;
  /** First 422 message per field ('url', 'authentication.key', 'api_key'…). */
  fieldErrors: Record<string, string>;
  /**
   * The test result (docs/product.md#integration-test), which drives the dot: true OK, false failed, null
   * never tested (or the content changed since, as the server answers after a save).
   */
  testOk: boolean | null;
  /** What the server said about this integration in the last test (shown under the card). */
  lastTest: LastTest | null;
  /** Set by the server when a CRM refused the credentials (paused) or the webhook answered 410. */
  halted: Halted | null;
  /** Edited since the last save started. */
  edited: boolean;
  /** Bumped on every edit: the auto-save waits INTEGRATION_AUTOSAVE_DELAY_MS after the last one. */
  revision: number;
  /** The version stored on the server has content, so emptying the form must be saved too. */
  storedHasContent: boolean;
}

export interface LastTest {
  /** The server's verdict for this integration alone (the test flow may still set testOk false). */
  ok: boolean | null;
  message: string;
  at: string | null;
}

export type IntegrationsState = Record<IntegrationName, IntegrationEntry>;

function lastTestOf(view: IntegrationView): LastTest | null {
  return view.last_test_message === null
    ? null
    : { ok: view.last_test_ok, message: view.last_test_message, at: view.last_tested_at };
}

export function initIntegrationsState(views: IntegrationView[]): IntegrationsState {
  const byName = new Map(views.map((v) => [v.name, v]));
  return Object.fromEntries(
    INTEGRATION_NAMES.map((name) => {
      const view = byName.get(name) ?? normalizeIntegration(name, undefined);
      const entry: IntegrationEntry = {
        name,
        payload: view.payload,
        is_active: view.is_active,
        saveStatus: 'idle',
        saveError: null,
        fieldErrors: {},
        testOk: view.last_test_ok,
        lastTest: lastTestOf(view),
        halted: view.halted,
        edited: false,
        revision: 0,
        storedHasContent: hasContent(name, view.payload),
      };
      return [name, entry];
    }),
  ) as IntegrationsState;
}

export type IntegrationsAction =
  | { type: 'edit'; name: IntegrationName; payload: AnyPayload }
  | { type: 'saveStarted'; name: IntegrationName }
  | { type: 'saveSucceeded'; name: IntegrationName; saved: IntegrationView }
  | { type: 'saveFailed'; name: IntegrationName; message: string; fieldErrors?: Record<string, string> }
  | { type: 'haltedRefreshed'; views: IntegrationView[] }
  | { type: 'testSucceeded'; results?: IntegrationTestResult[]; at: string }
  | { type: 'testFailed'; results?: IntegrationTestResult[]; at: string };

function update(state: IntegrationsState, name: IntegrationName, patch: Partial<IntegrationEntry>) {
  return { ...state, [name]: { ...state[name], ...patch } };
}

function mapAll(state: IntegrationsState, fn: (entry: IntegrationEntry) => Partial<IntegrationEntry>) {
  return Object.fromEntries(
    INTEGRATION_NAMES.map((name) => [name, { ...state[name], ...fn(state[name]) }]),
  ) as IntegrationsState;
}

export function integrationsReducer(state: IntegrationsState, action: IntegrationsAction): IntegrationsState {
  switch (action.type) {
    case 'edit': {
      const entry = state[action.name];
      const contentful = hasContent(action.name, action.payload);
      return update(state, action.name, {
        payload: action.payload,
        is_active: isIntegrationActive(action.name, action.payload),
        edited: true,
        revision: entry.revision + 1,
        // docs/product.md#integration-auto-save: editing resets the status to idle once the integration has
        // content.
        ...(contentful ? { saveStatus: 'idle' as const, saveError: null, fieldErrors: {} } : {}),
      });
    }
    case 'saveStarted':
      return update(state, action.name, {
        saveStatus: 'saving',
        saveError: null,
        fieldErrors: {},
        edited: false,
      });
    case 'saveSucceeded': {
      const { saved } = action;
      return update(state, action.name, {
        payload: forgetDroppedSecrets(action.name, state[action.name].payload, saved.payload),
        saveStatus: 'idle',
        saveError: null,
        fieldErrors: {},
        storedHasContent: hasContent(action.name, saved.payload),
        // The server clears these when the content changed: the dot follows.
        halted: saved.halted,
        testOk: saved.last_test_ok,
        lastTest: lastTestOf(saved),
      });
    }
    case 'saveFailed':
      return update(state, action.name, {
        saveStatus: 'error',
        saveError: action.message,
        fieldErrors: action.fieldErrors ?? {},
      });
    case 'haltedRefreshed': {
      // Only the server's halt changes here (a delivery was refused): never the form's content.
      const byName = new Map(action.views.map((v) => [v.name, v.halted]));
      return mapAll(state, (entry) =>
        byName.has(entry.name) ? { halted: byName.get(entry.name) ?? null } : {},
      );
    }
    case 'testSucceeded':
      // docs/product.md#integration-test: each test result comes from its is_active flag; every save status
      // back to idle.
      return mapAll(state, (entry) => ({
        testOk: entry.is_active,
        saveStatus: 'idle',
        saveError: null,
        ...testDetail(entry, action.results, action.at),
      }));
    case 'testFailed':
      // docs/product.md#integration-test: all results false; active integrations get status error, inactive
      // ones idle.
      return mapAll(state, (entry) => ({
        testOk: false,
        saveStatus: entry.is_active ? 'error' : 'idle',
        saveError: null,
        ...testDetail(entry, action.results, action.at),
      }));
  }
}

type PlainObject = Record<string, unknown>;
const valueAt = (payload: unknown, path: readonly string[]): unknown =>
  path.reduce<unknown>(
    (node, k) => (node && typeof node === 'object' ? (node as PlainObject)[k] : undefined),
    payload,
  );
function withValueAt<P>(payload: P, path: readonly string[], value: unknown): P {
  const [head, ...rest] = path as [string, ...string[]];
  const node = { ...(payload as PlainObject) };
  node[head] = rest.length ? withValueAt(node[head], rest, value) : value;
  return node as P;
}

/**
 * A credential the form holds as SECRET_MASK ("keep the stored one") that the server answers
 * empty is no longer stored (the webhook's unused header value is dropped when the URL moves to
 * another address): the form follows, so that it does not claim "(salvo)". Typed values and
 * other fields are left as they are (they may have been edited while the save was in flight).
 */
function forgetDroppedSecrets(name: IntegrationName, form: AnyPayload, saved: AnyPayload): AnyPayload {
  return INTEGRATION_SECRET_FIELDS[name].reduce(
    (out, path) =>
      valueAt(out, path) === SECRET_MASK && valueAt(saved, path) === '' ? withValueAt(out, path, '') : out,
    form,
  );
}

/** The server's per-integration verdict, kept for the card (only for integrations it tested). */
function testDetail(entry: IntegrationEntry, results: IntegrationTestResult[] | undefined, at: string) {
  const result = results?.find((r) => r.name === entry.name);
  if (!result || result.ok === null) return { lastTest: null };
  return { lastTest: { ok: result.ok, message: result.message, at } };
}

/**
 * docs/product.md#integration-auto-save: a save is due only while the form has been edited and has content.
 * Decision: a form that was emptied counts as having content to save while the server still holds content, so
 * that clearing the fields deactivates the integration on the server; a never-saved form that is typed in and
 * cleared again sends nothing.
 */
export function shouldAutoSave(entry: IntegrationEntry): boolean {
  return entry.edited && (hasContent(entry.name, entry.payload) || entry.storedHasContent);
}

// ---------------------------------------------------------------------------------------------
// Status dot (docs/product.md#status-dot)
// ---------------------------------------------------------------------------------------------

export type StatusColor = 'yellow' | 'red' | 'green' | 'gray';

/**
 * saving → yellow; error → red; active and last test OK → green; anything else gray. An
 * integration the server halted (credentials refused, webhook gone) is red too
 * (integrations guide: "status dot red, message").
 */
export function statusColor(entry: IntegrationEntry): StatusColor {
  if (entry.saveStatus === 'saving') return 'yellow';
  if (entry.saveStatus === 'error' || entry.halted) return 'red';
  if (entry.is_active && entry.testOk === true) return 'green';
  return 'gray';
}

/** Short Portuguese text for the dot (shown beside it, and its accessible name). */
export function statusLabel(entry: IntegrationEntry): string {
  switch (statusColor(entry)) {
    case 'yellow':
      return 'Salvando...';
    case 'red':
      if (entry.saveStatus === 'error') return entry.saveError !== null ? 'Erro ao salvar' : 'Falha no teste';
      return entry.halted?.kind === 'disabled' ? 'Desativada pelo sistema' : 'Pausada';
    case 'green':
      return 'Ativa e testada';
    case 'gray':
      if (!entry.is_active) return 'Inativa';
      return entry.testOk === false ? 'Ativa · teste falhou' : 'Ativa · não testada';
  }
}

/** Typed access to one integration's payload. */
export function payloadOf<N extends IntegrationName>(
  state: IntegrationsState,
  name: N,
): IntegrationPayloads[N] {
  return state[name].payload as IntegrationPayloads[N];
}
