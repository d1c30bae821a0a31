/**
 * An agency's ad conversions settings (docs/product.md#ad-conversions): the Meta connection is its
 * `integrations` row named `meta` (dataset id, token and test code encrypted with APP_KEY; `is_active`
 * is "on"; paused by the delivery engine when Meta refuses the token), the rest is its
 * `conversion_settings` row. Answered to owners and admins with the token masked.
 */
import { and, eq, inArray } from 'drizzle-orm';
import {
  DEFAULT_STAGE_EVENTS,
  LEAD_STATUSES,
  SECRET_MASK,
  type ConversionSettings,
  type LeadStatus,
  type UpdateConversionSettings,
} from '@vitrine/contracts';
import type { AppConfig } from '../../config.ts';
import type { Deps } from '../../deps.ts';
import { auditLog, conversionSettings, integrations } from '../../db/schema.ts';
import { decryptSecret, encryptSecret, randomToken, sha256 } from '../../lib/crypto.ts';
import { validationError } from '../../lib/http-errors.ts';
import { emptyConnection, openConnection } from './attempt-conversion.ts';
import type { GoogleAdsConnection } from './send-google-conversion.ts';
import type { MetaConnection } from './send-meta-event.ts';

type SettingsDeps = Pick<Deps, 'db'> & { config: Pick<AppConfig, 'appKey' | 'APP_URL'> };
type SettingsRow = typeof conversionSettings.$inferSelect;
type MetaRow = typeof integrations.$inferSelect;

const mask = (v: string) => (v ? SECRET_MASK : '');
/** A secret field of the body: absent or the mask keeps the stored value. */
const secretOf = (sent: string | undefined, stored: string) =>
  sent === undefined || sent === SECRET_MASK ? stored : sent;

/** The public address of Google's file for a token. */
export const googleFileUrl = (config: Pick<AppConfig, 'APP_URL'>, token: string) =>
  `${config.APP_URL.replace(/\/+$/, '')}/v1/public/conversions/google/${token}.csv`;

/** The stage map with every status, the defaults where the agency set nothing. */
export function stageEventsOf(row: Pick<SettingsRow, 'stageEvents'> | undefined) {
  return LEAD_STATUSES.map((status) => ({
    status,
    meta: row ? (row.stageEvents[status]?.meta ?? '') : DEFAULT_STAGE_EVENTS[status].meta,
    google: row ? (row.stageEvents[status]?.google ?? '') : DEFAULT_STAGE_EVENTS[status].google,
  }));
}

async function readRows(deps: Pick<Deps, 'db'>, realEstateId: number) {
  const [[settings], platforms] = await Promise.all([
    deps.db.select().from(conversionSettings).where(eq(conversionSettings.realEstateId, realEstateId)),
    deps.db
      .select()
      .from(integrations)
      .where(
        and(eq(integrations.realEstateId, realEstateId), inArray(integrations.name, ['meta', 'google_ads'])),
      ),
  ]);
  return {
    settings,
    meta: platforms.find((p) => p.name === 'meta'),
    googleAds: platforms.find((p) => p.name === 'google_ads'),
  };
}

function viewOf(
  config: SettingsDeps['config'],
  settings: SettingsRow | undefined,
  meta: MetaRow | undefined,
  googleAds: MetaRow | undefined,
): ConversionSettings {
  const ads = googleAds
    ? openConnection('google_ads', config.appKey, googleAds.payloadEncrypted)
    : emptyConnection('google_ads');
  const connection = meta
    ? openConnection('meta', config.appKey, meta.payloadEncrypted)
    : emptyConnection('meta');
  const token = settings?.googleFileTokenEncrypted
    ? decryptSecret(config.appKey, settings.googleFileTokenEncrypted)
    : null;
  return {
    notice_confirmed: settings?.noticeConfirmed ?? false,
    meta: {
      enabled: meta?.isActive ?? false,
      dataset_id: connection.dataset_id,
      access_token: connection.access_token ? SECRET_MASK : '',
      test_event_code: connection.test_event_code,
      paused_reason: meta?.haltedKind === 'paused' ? meta.haltedReason : null,
      last_test_ok: meta?.lastTestOk ?? null,
      last_test_message: meta?.lastTestMessage ?? null,
      last_tested_at: meta?.lastTestedAt?.toISOString() ?? null,
    },
    google: {
      enabled: settings?.googleEnabled ?? false,
      lead_conversion_name: settings?.googleLeadConversionName ?? 'Lead Vitrine',
      file_url: settings?.googleEnabled && token ? googleFileUrl(config, token) : null,
      last_fetched_at: settings?.googleFileFetchedAt?.toISOString() ?? null,
    },
    google_ads: {
      enabled: googleAds?.isActive ?? false,
      customer_id: ads.customer_id,
      login_customer_id: ads.login_customer_id,
      developer_token: mask(ads.developer_token),
      client_id: ads.client_id,
      client_secret: mask(ads.client_secret),
      refresh_token: mask(ads.refresh_token),
      conversion_actions: ads.conversion_actions,
      paused_reason: googleAds?.haltedKind === 'paused' ? googleAds.haltedReason : null,
      last_test_ok: googleAds?.lastTestOk ?? null,
      last_test_message: googleAds?.lastTestMessage ?? null,
      last_tested_at: googleAds?.lastTestedAt?.toISOString() ?? null,
    },
    stage_events: stageEventsOf(settings),
  };
}

export async function getConversionSettings(deps: SettingsDeps, realEstateId: number) {
  const { settings, meta, googleAds } = await readRows(deps, realEstateId);
  return viewOf(deps.config, settings, meta, googleAds);
}

/** The stored Meta connection (for the test), or the empty one. */
export async function metaConnectionOf(deps: SettingsDeps, realEstateId: number) {
  const { meta } = await readRows(deps, realEstateId);
  return meta ? openConnection('meta', deps.config.appKey, meta.payloadEncrypted) : emptyConnection('meta');
}

/** The stored Google Ads API connection (for the test), or the empty one. */
export async function googleAdsConnectionOf(deps: SettingsDeps, realEstateId: number) {
  const { googleAds } = await readRows(deps, realEstateId);
  return googleAds
    ? openConnection('google_ads', deps.config.appKey, googleAds.payloadEncrypted)
    : emptyConnection('google_ads');
}

/**
 * Saves what the body names. Turning a platform on needs the privacy notice confirmed, and Meta its
 * dataset id and token (422 naming the fields). New Meta credentials lift a pause
 * (`metaCredentialsChanged`: the caller sends the paused deliveries again).
 */
export async function saveConversionSettings(
  deps: SettingsDeps,
  input: { realEstateId: number; userId: number; body: UpdateConversionSettings },
): Promise<{
  view: ConversionSettings;
  metaCredentialsChanged: boolean;
  googleAdsCredentialsChanged: boolean;
}> {
  const { realEstateId, userId, body } = input;
  const key = deps.config.appKey;
  return deps.db.transaction(async (tx) => {
    const [settings] = await tx
      .select()
      .from(conversionSettings)
      .where(eq(conversionSettings.realEstateId, realEstateId))
      .for('update');
    const [meta] = await tx
      .select()
      .from(integrations)
      .where(and(eq(integrations.realEstateId, realEstateId), eq(integrations.name, 'meta')))
      .for('update');
    const [googleAds] = await tx
      .select()
      .from(integrations)
      .where(and(eq(integrations.realEstateId, realEstateId), eq(integrations.name, 'google_ads')))
      .for('update');
    const before = meta ? openConnection('meta', key, meta.payloadEncrypted) : emptyConnection('meta');
    const adsBefore = googleAds
      ? openConnection('google_ads', key, googleAds.payloadEncrypted)
      : emptyConnection('google_ads');
    const b = body.google_ads;
    const ads: GoogleAdsConnection = {
      customer_id: b?.customer_id ?? adsBefore.customer_id,
      login_customer_id: b?.login_customer_id ?? adsBefore.login_customer_id,
      developer_token: secretOf(b?.developer_token, adsBefore.developer_token),
      client_id: b?.client_id ?? adsBefore.client_id,
      client_secret: secretOf(b?.client_secret, adsBefore.client_secret),
      refresh_token: secretOf(b?.refresh_token, adsBefore.refresh_token),
      conversion_actions: Object.fromEntries(
        Object.entries({ ...adsBefore.conversion_actions, ...b?.conversion_actions }).filter(([, v]) => !!v),
      ),
    };
    const adsOn = b?.enabled ?? googleAds?.isActive ?? false;
    const connection: MetaConnection = {
      dataset_id: body.meta?.dataset_id ?? before.dataset_id,
      access_token:
        body.meta?.access_token === undefined || body.meta.access_token === SECRET_MASK
          ? before.access_token
          : body.meta.access_token,
      test_event_code: body.meta?.test_event_code ?? before.test_event_code,
    };
    const notice = body.notice_confirmed ?? settings?.noticeConfirmed ?? false;
    const metaOn = body.meta?.enabled ?? meta?.isActive ?? false;
    const googleOn = body.google?.enabled ?? settings?.googleEnabled ?? false;

    const errors: Record<string, string[]> = {};
    if ((metaOn || googleOn || adsOn) && !notice)
      errors.notice_confirmed = [
        'Confirme que o aviso de privacidade da imobiliária informa o envio às plataformas de anúncios.',
      ];
    if (metaOn && !connection.dataset_id)
      errors['meta.dataset_id'] = ['Informe o ID do conjunto de dados (pixel) para ligar o Meta.'];
    if (metaOn && !connection.access_token)
      errors['meta.access_token'] = ['Informe o token de acesso para ligar o Meta.'];
    if (adsOn) {
      const required: [keyof GoogleAdsConnection, string][] = [
        ['customer_id', 'Informe o ID da conta do Google Ads para ligar o envio pela API.'],
        ['developer_token', 'Informe o token de desenvolvedor da API do Google Ads.'],
        ['client_id', 'Informe o ID do cliente OAuth.'],
        ['client_secret', 'Informe a chave secreta do cliente OAuth.'],
        ['refresh_token', 'Informe o token de atualização (refresh token) da conta Google.'],
      ];
      for (const [field, message] of required) if (!ads[field]) errors[`google_ads.${field}`] = [message];
      if (!Object.keys(ads.conversion_actions).length)
        errors['google_ads.conversion_actions'] = [
          'Informe o ID de pelo menos uma ação de conversão (a do lead ou a de uma etapa).',
        ];
    }
    if (Object.keys(errors).length) throw validationError(errors);

    const now = new Date();
    const credentialsChanged =
      connection.dataset_id !== before.dataset_id || connection.access_token !== before.access_token;
    const metaChanged = credentialsChanged || connection.test_event_code !== before.test_event_code;
    let metaRow = meta;
    if (meta || body.meta) {
      const values = {
        isActive: metaOn,
        payloadEncrypted:
          metaChanged || !meta ? encryptSecret(key, JSON.stringify(connection)) : meta.payloadEncrypted,
        updatedBy: userId,
        updatedAt: now,
        // New credentials mean the agency acted on what paused the sends: try again.
        ...(credentialsChanged
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
      [metaRow] = meta
        ? await tx
            .update(integrations)
            .set(values)
            .where(and(eq(integrations.realEstateId, realEstateId), eq(integrations.name, 'meta')))
            .returning()
        : await tx
            .insert(integrations)
            .values({ realEstateId, name: 'meta', ...values })
            .returning();
    }

    const adsCredentialsChanged = (
      [
        'customer_id',
        'login_customer_id',
        'developer_token',
        'client_id',
        'client_secret',
        'refresh_token',
      ] as const
    ).some((f) => ads[f] !== adsBefore[f]);
    // The last test named the actions: another choice of actions needs a new test too.
    const actionsChanged =
      JSON.stringify(Object.entries(ads.conversion_actions).sort()) !==
      JSON.stringify(Object.entries(adsBefore.conversion_actions).sort());
    let adsRow = googleAds;
    if (googleAds || b) {
      const values = {
        isActive: adsOn,
        payloadEncrypted: encryptSecret(key, JSON.stringify(ads)),
        updatedBy: userId,
        updatedAt: now,
        // New credentials mean the agency acted on what paused the sends: try again (and test again).
        ...(adsCredentialsChanged || actionsChanged
          ? {
              ...(adsCredentialsChanged ? { haltedKind: null, haltedReason: null, haltedAt: null } : {}),
              lastTestOk: null,
              lastTestMessage: null,
              lastTestedAt: null,
            }
          : {}),
      };
      [adsRow] = googleAds
        ? await tx
            .update(integrations)
            .set(values)
            .where(and(eq(integrations.realEstateId, realEstateId), eq(integrations.name, 'google_ads')))
            .returning()
        : await tx
            .insert(integrations)
            .values({ realEstateId, name: 'google_ads', ...values })
            .returning();
    }

    const stageEvents = body.stage_events
      ? (Object.fromEntries(
          body.stage_events.map((s) => [s.status, { meta: s.meta, google: s.google }]),
        ) as Partial<Record<LeadStatus, { meta: string; google: string }>>)
      : (settings?.stageEvents ?? Object.fromEntries(stageEventsOf(undefined).map((s) => [s.status, s])));
    // The file's address is made the first time Google is turned on, and kept until rotated.
    const token = settings?.googleFileTokenEncrypted ? null : googleOn ? randomToken(24) : null;
    const values = {
      noticeConfirmed: notice,
      stageEvents,
      googleEnabled: googleOn,
      googleLeadConversionName:
        body.google?.lead_conversion_name || settings?.googleLeadConversionName || 'Lead Vitrine',
      ...(token
        ? { googleFileTokenHash: sha256(token), googleFileTokenEncrypted: encryptSecret(key, token) }
        : {}),
      updatedBy: userId,
      updatedAt: now,
    };
    const [settingsRow] = await tx
      .insert(conversionSettings)
      .values({ realEstateId, ...values })
      .onConflictDoUpdate({ target: conversionSettings.realEstateId, set: values })
      .returning();
    await tx.insert(auditLog).values({
      realEstateId,
      userId,
      action: 'conversions.updated',
      subject: 'conversions',
      details: {
        meta: metaOn,
        google: googleOn,
        google_ads: adsOn,
        notice_confirmed: notice,
        credentials_changed: credentialsChanged,
        google_ads_credentials_changed: adsCredentialsChanged,
      },
    });
    return {
      view: viewOf(deps.config, settingsRow, metaRow, adsRow),
      metaCredentialsChanged: credentialsChanged && metaOn,
      googleAdsCredentialsChanged: adsCredentialsChanged && adsOn,
    };
  });
}

/** A new address for Google's file; the old one stops answering at once. */
export async function rotateGoogleFileToken(
  deps: SettingsDeps,
  input: { realEstateId: number; userId: number },
) {
  const token = randomToken(24);
  const values = {
    googleFileTokenHash: sha256(token),
    googleFileTokenEncrypted: encryptSecret(deps.config.appKey, token),
    googleFileFetchedAt: null,
    updatedBy: input.userId,
    updatedAt: new Date(),
  };
  await deps.db.transaction(async (tx) => {
    await tx
      .insert(conversionSettings)
      .values({ realEstateId: input.realEstateId, ...values })
      .onConflictDoUpdate({ target: conversionSettings.realEstateId, set: values });
    await tx.insert(auditLog).values({
      realEstateId: input.realEstateId,
      userId: input.userId,
      action: 'conversions.google_file_rotated',
      subject: 'conversions',
    });
  });
  return getConversionSettings(deps, input.realEstateId);
}

/** Records a connection test's result on the platform's row (shown on its card). */
export async function recordConnectionTest(
  deps: Pick<Deps, 'db'>,
  realEstateId: number,
  platform: 'meta' | 'google_ads',
  result: { ok: boolean; message: string },
) {
  await deps.db
    .update(integrations)
    .set({ lastTestOk: result.ok, lastTestMessage: result.message, lastTestedAt: new Date() })
    .where(and(eq(integrations.realEstateId, realEstateId), eq(integrations.name, platform)));
}
