/**
 * Integration settings of an agency: stored encrypted, answered decrypted to managers, is_active derived
 * from the content (spec §4). Adapters are called from here for the connectivity test.
 */
import { and, eq } from 'drizzle-orm';
import {
  INTEGRATION_NAMES,
  defaultPayload,
  integrationPayloadSchemas,
  isIntegrationActive,
  type IntegrationName,
  type IntegrationPayloads,
  type IntegrationStatus,
} from '@vitrine/contracts';
import type { AppConfig } from '../../config.ts';
import type { Tx } from '../../db/client.ts';
import { auditLog, integrations } from '../../db/schema.ts';
import { decryptSecret, encryptSecret } from '../../lib/crypto.ts';
import { issuesToErrors, validationError } from '../../lib/http-errors.ts';
import { createSafeHttpClient, type SafeHttpClient } from '../../lib/outbound/safe-http.ts';
import { generateWebhookSecret, type AdapterContext, type IntegrationEndpoints } from './adapters/index.ts';

export type IntegrationRow = typeof integrations.$inferSelect;

export interface IntegrationView<N extends IntegrationName = IntegrationName> extends IntegrationStatus {
  name: N;
  is_active: boolean;
  payload: IntegrationPayloads[N];
}

export function endpointsFrom(config: AppConfig): IntegrationEndpoints {
  return {
    jetimob: { baseUrl: config.JETIMOB_BASE_URL },
    arbo: { baseUrl: config.ARBO_BASE_URL, leadPath: config.ARBO_LEAD_PATH },
    go_harry: { baseUrl: config.GO_HARRY_BASE_URL, tokenPath: config.GO_HARRY_TOKEN_PATH, leadPath: config.GO_HARRY_LEAD_PATH },
  };
}

export function createOutboundClient(config: AppConfig): SafeHttpClient {
  return createSafeHttpClient({
    allowPrivateNetwork: config.ALLOW_PRIVATE_NETWORK_TARGETS,
    requireHttps: config.NODE_ENV === 'production' && !config.ALLOW_PRIVATE_NETWORK_TARGETS,
  });
}

export function decryptPayload<N extends IntegrationName>(key: Buffer, row: Pick<IntegrationRow, 'payloadEncrypted'> & { name: N }): IntegrationPayloads[N] {
  const stored = JSON.parse(decryptSecret(key, row.payloadEncrypted)) as Partial<IntegrationPayloads[N]>;
  return { ...defaultPayload(row.name), ...stored } as IntegrationPayloads[N];
}

export function signingSecretOf(key: Buffer, row: Pick<IntegrationRow, 'signingSecretEncrypted'> | undefined): string | null {
  return row?.signingSecretEncrypted ? decryptSecret(key, row.signingSecretEncrypted) : null;
}

function toView(key: Buffer, name: IntegrationName, row: IntegrationRow | undefined): IntegrationView {
  const payload = row ? decryptPayload(key, { ...row, name }) : defaultPayload(name);
  return {
    name,
    is_active: row?.isActive ?? false,
    payload,
    last_test_ok: row?.lastTestOk ?? null,
    last_test_message: row?.lastTestMessage ?? null,
    last_tested_at: row?.lastTestedAt?.toISOString() ?? null,
    halted:
      row?.haltedKind && row.haltedAt
        ? { kind: row.haltedKind, reason: row.haltedReason ?? '', at: row.haltedAt.toISOString() }
        : null,
  } as IntegrationView;
}

export async function listIntegrations(db: Tx, key: Buffer, realEstateId: number): Promise<IntegrationView[]> {
  const rows = await db.select().from(integrations).where(eq(integrations.realEstateId, realEstateId));
  return INTEGRATION_NAMES.map((name) => toView(key, name, rows.find((r) => r.name === name)));
}

/** Validates a payload for its integration, with the field path prefixed by "payload.". */
export function parsePayload<N extends IntegrationName>(name: N, payload: unknown): IntegrationPayloads[N] {
  const input = Array.isArray(payload) && payload.length === 0 ? {} : (payload ?? {});
  const result = integrationPayloadSchemas[name].safeParse(input);
  if (!result.success) {
    throw validationError(issuesToErrors(result.error.issues.map((i) => ({ ...i, path: ['payload', ...i.path] }))));
  }
  return result.data as IntegrationPayloads[N];
}

/** Fields whose value changed, by name only (the audit log never holds secrets). */
function changedFields(before: Record<string, unknown>, after: Record<string, unknown>, prefix = ''): string[] {
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

export async function saveIntegration<N extends IntegrationName>(
  db: Tx,
  key: Buffer,
  input: { realEstateId: number; userId: number; name: N; payload: IntegrationPayloads[N] },
): Promise<{ view: IntegrationView; credentialsChanged: boolean }> {
  const { realEstateId, userId, name, payload } = input;
  const isActive = isIntegrationActive(name, payload);
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(integrations)
      .where(and(eq(integrations.realEstateId, realEstateId), eq(integrations.name, name)))
      .for('update');
    const before = current ? decryptPayload(key, { ...current, name }) : defaultPayload(name);
    const changed = changedFields(before as unknown as Record<string, unknown>, payload as unknown as Record<string, unknown>);
    const now = new Date();
    const values = {
      isActive,
      payloadEncrypted: encryptSecret(key, JSON.stringify(payload)),
      updatedBy: userId,
      updatedAt: now,
      // New content means the agency acted on what halted the integration: try again.
      ...(changed.length ? { haltedKind: null, haltedReason: null, haltedAt: null, lastTestOk: null, lastTestMessage: null, lastTestedAt: null } : {}),
    };
    let row: IntegrationRow;
    if (current) {
      [row] = (await tx
        .update(integrations)
        .set({ ...values, signingSecretEncrypted: current.signingSecretEncrypted ?? (name === 'webhook' ? encryptSecret(key, generateWebhookSecret()) : null) })
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
    if (changed.length || !current) {
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

export async function getIntegrationRow(db: Tx, realEstateId: number, name: IntegrationName) {
  const [row] = await db
    .select()
    .from(integrations)
    .where(and(eq(integrations.realEstateId, realEstateId), eq(integrations.name, name)));
  return row;
}

export async function rotateWebhookSecret(db: Tx, key: Buffer, realEstateId: number, userId: number): Promise<string> {
  const secret = generateWebhookSecret();
  await db.transaction(async (tx) => {
    const existing = await getIntegrationRow(tx, realEstateId, 'webhook');
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
    await tx.insert(auditLog).values({ realEstateId, userId, action: 'integration.secret_rotated', subject: 'webhook' });
  });
  return secret;
}

/** The signing secret of an agency's webhook, created on first use. */
export async function ensureWebhookSecret(db: Tx, key: Buffer, realEstateId: number, userId: number): Promise<string> {
  const row = await getIntegrationRow(db, realEstateId, 'webhook');
  return signingSecretOf(key, row) ?? rotateWebhookSecret(db, key, realEstateId, userId);
}

export function adapterContext(config: AppConfig, http: SafeHttpClient, webhookSecret: string | null): AdapterContext {
  return { endpoints: endpointsFrom(config), http, webhookSecret: webhookSecret ?? '' };
}
