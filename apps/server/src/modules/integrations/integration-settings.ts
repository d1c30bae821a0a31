/**
 * Integration settings of an agency: stored encrypted, answered to managers with the credentials
 * masked (SECRET_MASK; sending the mask back keeps the stored value, docs/webhooks.md "Credenciais
 * guardadas"), is_active derived from the content (docs/product.md#integration-auto-save). Adapters are
 * called from here for the connectivity test, with the real stored values.
 */
import { and, eq } from 'drizzle-orm';
import {
  INTEGRATION_NAMES,
  INTEGRATION_SECRET_FIELDS,
  SECRET_MASK,
  defaultPayload,
  integrationPayloadSchemas,
  isIntegrationActive,
  type IntegrationName,
  type IntegrationPayloads,
  type IntegrationView,
} from '@vitrine/contracts';
import type { AppConfig } from '../../config.ts';
import type { Tx } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import { auditLog, integrations } from '../../db/schema.ts';
import { decryptSecret, encryptSecret } from '../../lib/crypto.ts';
import { fieldError, issuesToErrors, validationError } from '../../lib/http-errors.ts';
import { createSafeHttpClient, type SafeHttpClient } from '../../lib/outbound/safe-http.ts';
import { generateWebhookSecret, type AdapterContext, type IntegrationEndpoints } from './adapters/index.ts';

export type IntegrationRow = typeof integrations.$inferSelect;

export function endpointsFrom(config: AppConfig): IntegrationEndpoints {
  return {
    jetimob: { baseUrl: config.JETIMOB_BASE_URL },
    arbo: { baseUrl: config.ARBO_BASE_URL, leadPath: config.ARBO_LEAD_PATH },
    go_harry: {
      baseUrl: config.GO_HARRY_BASE_URL,
      tokenPath: config.GO_HARRY_TOKEN_PATH,
      leadPath: config.GO_HARRY_LEAD_PATH,
    },
  };
}

export function createOutboundClient(config: AppConfig): SafeHttpClient {
  return createSafeHttpClient({
    allowPrivateNetwork: config.ALLOW_PRIVATE_NETWORK_TARGETS,
    requireHttps: config.httpsOnlyTargets,
  });
}

export function decryptPayload<N extends IntegrationName>(
  key: Buffer,
  row: Pick<IntegrationRow, 'payloadEncrypted'> & { name: N },
): IntegrationPayloads[N] {
  const stored = JSON.parse(decryptSecret(key, row.payloadEncrypted)) as Partial<IntegrationPayloads[N]>;
  return { ...defaultPayload(row.name), ...stored } as IntegrationPayloads[N];
}

export function signingSecretOf(
  key: Buffer,
  row: Pick<IntegrationRow, 'signingSecretEncrypted'> | undefined,
): string | null {
  return row?.signingSecretEncrypted ? decryptSecret(key, row.signingSecretEncrypted) : null;
}

type PlainObject = Record<string, unknown>;

function valueAt(payload: unknown, path: readonly string[]): unknown {
  return path.reduce<unknown>(
    (node, k) => (node && typeof node === 'object' ? (node as PlainObject)[k] : undefined),
    payload,
  );
}

/** A copy of the payload with the value at `path` replaced (the objects on the way are copied too). */
function withValueAt<P>(payload: P, path: readonly string[], value: unknown): P {
  const [head, ...rest] = path as [string, ...string[]];
  const node = { ...(payload as PlainObject) };
  node[head] = rest.length ? withValueAt(node[head], rest, value) : value;
  return node as P;
}

/** The stored credentials of a payload that have a value (for removing them from text shown to people). */
export function secretValuesOf<N extends IntegrationName>(
  name: N,
  payload: IntegrationPayloads[N],
): string[] {
  return INTEGRATION_SECRET_FIELDS[name]
    .map((path) => valueAt(payload, path))
    .filter((v): v is string => typeof v === 'string' && v !== '');
}

/** Each credential that has a value replaced by SECRET_MASK; empty ones stay empty (nothing stored). */
export function maskPayload<N extends IntegrationName>(
  name: N,
  payload: IntegrationPayloads[N],
): IntegrationPayloads[N] {
  return INTEGRATION_SECRET_FIELDS[name].reduce((out, path) => {
    const value = valueAt(out, path);
    return typeof value === 'string' && value !== '' ? withValueAt(out, path, SECRET_MASK) : out;
  }, payload);
}

/** Every occurrence of the given secrets (and their URL-encoded form) in `text` replaced by the mask. */
export function removeSecretValues(text: string, secrets: readonly string[]): string;
export function removeSecretValues(
  text: string | null | undefined,
  secrets: readonly string[],
): string | null;
export function removeSecretValues(
  text: string | null | undefined,
  secrets: readonly string[],
): string | null {
  if (text === null || text === undefined) return null;
  let out = text;
  // Longest first, so that a secret containing another one is replaced whole.
  for (const secret of [...secrets].sort((a, b) => b.length - a.length)) {
    if (secret.length < 4) continue; // too short to tell from ordinary text; never stored that short by a CRM
    out = out.split(secret).join(SECRET_MASK);
    const encoded = encodeURIComponent(secret);
    if (encoded !== secret) out = out.split(encoded).join(SECRET_MASK);
    // A snippet cut inside a secret ends with its start ("…" marks the cut): that start goes too.
    const cut = out.endsWith('…') ? out.slice(0, -1) : out;
    for (let k = Math.min(secret.length - 1, cut.length); k >= 4; k--) {
      if (cut.endsWith(secret.slice(0, k))) {
        out = `${cut.slice(0, -k)}${SECRET_MASK}${out.endsWith('…') ? '…' : ''}`;
        break;
      }
    }
  }
  return out;
}

function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

const HEADER_VALUE_FOR_OLD_ADDRESS =
  'Digite de novo o valor do cabeçalho: o valor salvo só é mantido enquanto o webhook aponta para o mesmo endereço.';

/**
 * The payload to store: each credential sent as SECRET_MASK takes the stored value; '' removes it.
 * The webhook's header value is kept only while the URL stays on the same origin (scheme, host,
 * port): otherwise a manager could point the webhook at a server of theirs and read the stored
 * header there. With the header authentication in use that is a 422 naming the field; while it is
 * off ("Nenhuma") the unused stored value is dropped instead.
 */
export function keepStoredSecrets<N extends IntegrationName>(
  name: N,
  incoming: IntegrationPayloads[N],
  stored: IntegrationPayloads[N],
): IntegrationPayloads[N] {
  let out = incoming;
  for (const path of INTEGRATION_SECRET_FIELDS[name]) {
    if (valueAt(incoming, path) === SECRET_MASK) out = withValueAt(out, path, valueAt(stored, path) ?? '');
  }
  if (name === 'webhook') {
    const next = out as unknown as IntegrationPayloads['webhook'];
    const before = stored as unknown as IntegrationPayloads['webhook'];
    const keptValue =
      next.authentication.value !== '' && valueAt(incoming, ['authentication', 'value']) === SECRET_MASK;
    if (keptValue && next.url !== '' && originOf(next.url) !== originOf(before.url)) {
      if (next.authentication.type === 'header') {
        throw fieldError('payload.authentication.value', HEADER_VALUE_FOR_OLD_ADDRESS);
      }
      out = withValueAt(out, ['authentication', 'value'], '');
    }
  }
  return out;
}

/** The integration as managers see it: credentials masked, with the facts of the last test and halt. */
function toView(key: Buffer, name: IntegrationName, row: IntegrationRow | undefined): IntegrationView {
  const payload = row ? decryptPayload(key, { ...row, name }) : defaultPayload(name);
  return {
    name,
    is_active: row?.isActive ?? false,
    payload: maskPayload(name, payload),
    last_test_ok: row?.lastTestOk ?? null,
    last_test_message: row?.lastTestMessage ?? null,
    last_tested_at: row?.lastTestedAt?.toISOString() ?? null,
    halted:
      row?.haltedKind && row.haltedAt
        ? { kind: row.haltedKind, reason: row.haltedReason ?? '', at: row.haltedAt.toISOString() }
        : null,
  } as IntegrationView;
}

/** The database (or the caller's transaction) and the configuration, whose APP_KEY seals the secrets. */
type SecretDeps = Pick<Deps, 'config'> & { db: Tx };

/** The four integrations as managers see them (credentials masked). */
export async function listIntegrations(deps: SecretDeps, realEstateId: number): Promise<IntegrationView[]> {
  const key = deps.config.appKey;
  const rows = await deps.db.select().from(integrations).where(eq(integrations.realEstateId, realEstateId));
  return INTEGRATION_NAMES.map((name) =>
    toView(
      key,
      name,
      rows.find((r) => r.name === name),
    ),
  );
}

/** The four integrations with their real stored payloads: for the adapters only, never for a response. */
export async function listStoredIntegrations(
  db: Tx,
  key: Buffer,
  realEstateId: number,
): Promise<{ name: IntegrationName; isActive: boolean; payload: IntegrationPayloads[IntegrationName] }[]> {
  const rows = await db.select().from(integrations).where(eq(integrations.realEstateId, realEstateId));
  return INTEGRATION_NAMES.map((name) => {
    const row = rows.find((r) => r.name === name);
    return {
      name,
      isActive: row?.isActive ?? false,
      payload: row ? decryptPayload(key, { ...row, name }) : defaultPayload(name),
    };
  });
}

/** Validates a payload for its integration, with the field path prefixed by "payload.". */
export function parsePayload<N extends IntegrationName>(name: N, payload: unknown): IntegrationPayloads[N] {
  const input = Array.isArray(payload) && payload.length === 0 ? {} : (payload ?? {});
  const result = integrationPayloadSchemas[name].safeParse(input);
  if (!result.success) {
    throw validationError(
      issuesToErrors(result.error.issues.map((i) => ({ ...i, path: ['payload', ...i.path] }))),
    );
  }
  return result.data as IntegrationPayloads[N];
}

/** Fields whose value changed, by name only (the audit log never holds secrets). */
function changedFields(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  prefix = '',
): string[] {
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...keys].flatMap((k) => {
    const a = before[k];
    const b = after[k];
    if (a && b && typeof a === 'object' && typeof b === 'object') {
      return changedFields(a as Record<string, unknown>, b as Record<string, unknown>, `${prefix}${k}.`);
    }
    return a === b ? [] : [`${prefix}${k}`];
  });
}

/**
 * Saves an integration's settings. `payload` null keeps the stored one; `off` switches the integration
 * off whatever its content, keeping its keys (switching off used to mean wiping them;
 * docs/product.md#integration-auto-save), so it comes back on with them.
 */
export async function saveIntegration<N extends IntegrationName>(
  deps: SecretDeps,
  input: {
    realEstateId: number;
    userId: number;
    name: N;
    payload: IntegrationPayloads[N] | null;
    off?: boolean;
  },
): Promise<{ view: IntegrationView; credentialsChanged: boolean }> {
  const { realEstateId, userId, name } = input;
  const key = deps.config.appKey;
  return deps.db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(integrations)
      .where(and(eq(integrations.realEstateId, realEstateId), eq(integrations.name, name)))
      .for('update');
    const before = current ? decryptPayload(key, { ...current, name }) : defaultPayload(name);
    const payload = input.payload === null ? before : keepStoredSecrets(name, input.payload, before);
    const isActive = !input.off && isIntegrationActive(name, payload);
    const changed = changedFields(
      before as unknown as Record<string, unknown>,
      payload as unknown as Record<string, unknown>,
    );
    const now = new Date();
    const values = {
      isActive,
      payloadEncrypted: encryptSecret(key, JSON.stringify(payload)),
      updatedBy: userId,
      updatedAt: now,
      // New content means the agency acted on what halted the integration: try again.
      ...(changed.length
        ? {
            haltedKind: null,
            haltedReason: null,
            haltedAt: null,
            lastTestOk: null,
            lastTestMessage: null,
            lastTestedAt: null,
          }
        : {}),
    };
    let row: IntegrationRow;
    if (current) {
      [row] = (await tx
        .update(integrations)
        .set({
          ...values,
          signingSecretEncrypted:
            current.signingSecretEncrypted ??
            (name === 'webhook' ? encryptSecret(key, generateWebhookSecret()) : null),
        })
        .where(and(eq(integrations.realEstateId, realEstateId), eq(integrations.name, name)))
        .returning()) as [IntegrationRow];
    } else {
      [row] = (await tx
        .insert(integrations)
        .values({
          realEstateId,
          name,
          ...values,
          signingSecretEncrypted: name === 'webhook' ? encryptSecret(key, generateWebhookSecret()) : null,
        })
        .returning()) as [IntegrationRow];
    }
    if (changed.length || !current || current.isActive !== isActive) {
      await tx.insert(auditLog).values({
        realEstateId,
        userId,
        action: 'integration.updated',
        subject: name,
        details: { fields: changed, is_active: isActive },
      });
    }
    return { view: toView(key, name, row), credentialsChanged: changed.length > 0 };
  });
}

export async function getIntegrationRow(deps: { db: Tx }, realEstateId: number, name: IntegrationName) {
  const [row] = await deps.db
    .select()
    .from(integrations)
    .where(and(eq(integrations.realEstateId, realEstateId), eq(integrations.name, name)));
  return row;
}

export async function rotateWebhookSecret(
  deps: SecretDeps,
  input: { realEstateId: number; userId: number },
): Promise<string> {
  const { realEstateId, userId } = input;
  const key = deps.config.appKey;
  const secret = generateWebhookSecret();
  await deps.db.transaction(async (tx) => {
    const existing = await getIntegrationRow({ db: tx }, realEstateId, 'webhook');
    if (existing) {
      await tx
        .update(integrations)
        .set({ signingSecretEncrypted: encryptSecret(key, secret), updatedAt: new Date(), updatedBy: userId })
        .where(and(eq(integrations.realEstateId, realEstateId), eq(integrations.name, 'webhook')));
    } else {
      await tx.insert(integrations).values({
        realEstateId,
        name: 'webhook',
        isActive: false,
        payloadEncrypted: encryptSecret(key, JSON.stringify(defaultPayload('webhook'))),
        signingSecretEncrypted: encryptSecret(key, secret),
        updatedBy: userId,
      });
    }
    await tx
      .insert(auditLog)
      .values({ realEstateId, userId, action: 'integration.secret_rotated', subject: 'webhook' });
  });
  return secret;
}

/** The signing secret of an agency's webhook, created on first use. */
export async function ensureWebhookSecret(
  deps: SecretDeps,
  input: { realEstateId: number; userId: number },
): Promise<string> {
  const row = await getIntegrationRow(deps, input.realEstateId, 'webhook');
  return signingSecretOf(deps.config.appKey, row) ?? rotateWebhookSecret(deps, input);
}

export function adapterContext(
  config: AppConfig,
  http: SafeHttpClient,
  webhookSecret: string | null,
): AdapterContext {
  return { endpoints: endpointsFrom(config), http, webhookSecret: webhookSecret ?? '' };
}
