/**
 * An agency's Meta lead forms source (docs/product.md#meta-lead-forms): its `lead_sources` row of channel
 * `meta_lead_ads`. The page access token is the row's encrypted secret; `settings` holds the page's id and
 * name, the forms seen with the page (listing) chosen for each, and, when Meta refused the token, why
 * (the source is then paused: its leads wait in the inbound ledger until a new token is connected).
 */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { ConnectMetaLeadAdsInput, MetaLeadAds, UpdateMetaLeadFormsInput } from '@vitrine/contracts';
import { inboundRequests, leadSources, pages } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { decryptSecret, encryptSecret, randomToken } from '../../lib/crypto.ts';
import { HttpError } from '../../lib/http-errors.ts';
import { fetchMetaLeadQueue, type FetchMetaLeadPayload } from './jobs/fetch-meta-lead.queue.ts';
import { lastReceivedByChannel } from './lead-sources.ts';
import { listLeadForms, MetaGraphError, readPage, subscribePage, tokenAppId } from './meta-lead-ads-graph.ts';
import { metaOAuthAvailable, metaOAuthView } from './meta-oauth-grants.ts';

const CHANNEL = 'meta_lead_ads' as const;

export interface MetaFormSettings {
  name: string;
  status: string | null;
  /** The agency's page its leads go to (validated as the agency's when saved). */
  pageId: number | null;
}

export interface MetaSettings {
  pageId: string;
  pageName: string | null;
  forms: Record<string, MetaFormSettings>;
  /** Meta refused the token: the source is paused until a new one is connected. */
  tokenError: { message: string; at: string } | null;
}

/** The ledger's mark on a lead that waits for a new token (body.awaiting). */
export const AWAITING_TOKEN = 'token';

export function metaSettingsOf(settings: Record<string, unknown> | null | undefined): MetaSettings {
  const s = (settings ?? {}) as Partial<MetaSettings>;
  return {
    pageId: typeof s.pageId === 'string' ? s.pageId : '',
    pageName: typeof s.pageName === 'string' ? s.pageName : null,
    forms: s.forms && typeof s.forms === 'object' ? s.forms : {},
    tokenError: s.tokenError ?? null,
  };
}

export type MetaSourceRow = typeof leadSources.$inferSelect;

export async function findMetaSource(
  deps: Pick<Deps, 'db'>,
  realEstateId: number,
): Promise<MetaSourceRow | null> {
  const [row] = await deps.db
    .select()
    .from(leadSources)
    .where(and(eq(leadSources.realEstateId, realEstateId), eq(leadSources.channel, CHANNEL)));
  return row ?? null;
}

/** The agencies whose connected Meta source is this Facebook page. */
export async function agenciesOfMetaPage(deps: Pick<Deps, 'db'>, pageId: string): Promise<number[]> {
  const rows = await deps.db
    .select({ realEstateId: leadSources.realEstateId })
    .from(leadSources)
    .where(
      and(
        eq(leadSources.channel, CHANNEL),
        eq(leadSources.isActive, true),
        sql`${leadSources.settings}->>'pageId' = ${pageId}`,
      ),
    );
  return rows.map((r) => r.realEstateId);
}

/** The page access token, decrypted. */
export const metaPageToken = (deps: Pick<Deps, 'config'>, row: MetaSourceRow): string | null =>
  row.secretEncrypted ? decryptSecret(deps.config.appKey, row.secretEncrypted) : null;

/** Pauses the source: Meta refused its token (190, a permission gone). */
export async function pauseMetaSource(deps: Pick<Deps, 'db'>, realEstateId: number, message: string) {
  await deps.db
    .update(leadSources)
    .set({
      settings: sql`jsonb_set(${leadSources.settings}, '{tokenError}', ${JSON.stringify({ message, at: new Date().toISOString() })}::jsonb)`,
      updatedAt: new Date(),
    })
    .where(and(eq(leadSources.realEstateId, realEstateId), eq(leadSources.channel, CHANNEL)));
}

const configured = (deps: Pick<Deps, 'config'>) =>
  !!deps.config.META_APP_SECRET && !!deps.config.META_WEBHOOK_VERIFY_TOKEN;

/** A Graph failure while the agency connects or lists forms: a 422 that says what Meta said. */
function graphProblem(err: unknown, field: string): never {
  if (err instanceof MetaGraphError) {
    if (err.failure === 'not_found')
      throw new HttpError(
        422,
        'A Meta não encontrou essa página com esse token: confira o ID da página e gere o token na própria página.',
        { [field]: ['Página não encontrada com esse token.'] },
      );
    throw new HttpError(422, err.message, { [field]: [err.message] });
  }
  throw err;
}

/** The card's view of the source. */
export async function metaLeadAdsView(
  deps: Pick<Deps, 'db' | 'config'>,
  realEstateId: number,
  /** The user looking: their "Conectar com Facebook" back from Facebook, if any. */
  userId: number | null = null,
): Promise<MetaLeadAds> {
  const row = await findMetaSource(deps, realEstateId);
  const s = metaSettingsOf(row?.settings);
  const connected = !!row && row.isActive && !!row.secretEncrypted;
  const waiting = connected
    ? await deps.db
        .select({ n: sql<number>`count(*)::int` })
        .from(inboundRequests)
        .where(awaitingToken(realEstateId))
    : [{ n: 0 }];
  return {
    configured: configured(deps),
    oauth_available: metaOAuthAvailable(deps.config),
    oauth: userId === null ? null : await metaOAuthView(deps, realEstateId, userId),
    status: !connected ? 'not_connected' : s.tokenError ? 'token_error' : 'connected',
    page_id: connected ? s.pageId : null,
    page_name: connected ? s.pageName : null,
    token_error: connected ? (s.tokenError?.message ?? null) : null,
    token_error_at: connected && s.tokenError ? new Date(s.tokenError.at).toISOString() : null,
    waiting_leads: waiting[0]?.n ?? 0,
    last_received_at: (await lastReceivedByChannel(deps, realEstateId)).get(CHANNEL)?.toISOString() ?? null,
    webhook_url: `${deps.config.APP_URL}/v1/webhooks/meta`,
    verify_token: deps.config.META_WEBHOOK_VERIFY_TOKEN ?? null,
    forms: connected
      ? Object.entries(s.forms).map(([id, f]) => ({ id, name: f.name, status: f.status, page_id: f.pageId }))
      : [],
  };
}

const awaitingToken = (realEstateId: number) =>
  and(
    eq(inboundRequests.realEstateId, realEstateId),
    eq(inboundRequests.channel, CHANNEL),
    eq(inboundRequests.outcome, 'refused'),
    isNull(inboundRequests.replayedAt),
    sql`${inboundRequests.body}->>'awaiting' = ${AWAITING_TOKEN}`,
  );

/**
 * Connects (or reconnects) the agency's Facebook page: the token must open the page (and, with META_APP_ID,
 * be this app's); the app is installed on the page for `leadgen`; a paused source resumes and the leads
 * that waited for the token are fetched again.
 */
export async function connectMetaLeadAds(
  deps: Pick<Deps, 'db' | 'config' | 'queue' | 'log'>,
  realEstateId: number,
  userId: number,
  input: { pageId: string; token: string },
): Promise<void> {
  if (!configured(deps))
    throw new HttpError(
      409,
      'Os formulários da Meta ainda não estão ativos neste servidor: o operador do Vitrine precisa definir META_APP_SECRET e META_WEBHOOK_VERIFY_TOKEN.',
    );
  const { config } = deps;
  const check = await tokenAppId(config, input.token).catch((err: unknown) =>
    graphProblem(err, 'page_access_token'),
  );
  if (!check.valid)
    throw new HttpError(
      422,
      'A Meta diz que esse token não é válido: gere um novo token de acesso da página.',
      {
        page_access_token: ['Token inválido.'],
      },
    );
  if (check.appId && check.appId !== config.META_APP_ID)
    throw new HttpError(
      422,
      'Esse token foi gerado para outro app da Meta: gere o token da página escolhendo o app do Vitrine Imóveis.',
      { page_access_token: ['Token de outro app.'] },
    );
  const page = await readPage(config, input.token, input.pageId).catch((err: unknown) =>
    graphProblem(err, 'page_id'),
  );
  await subscribePage(config, input.token, input.pageId).catch((err: unknown) =>
    graphProblem(err, 'page_access_token'),
  );
  const existing = await findMetaSource(deps, realEstateId);
  const before = metaSettingsOf(existing?.settings);
  const samePage = before.pageId === input.pageId;
  const settings: MetaSettings = {
    pageId: input.pageId,
    pageName: page.name ?? null,
    forms: samePage ? before.forms : {},
    tokenError: null,
  };
  const secretEncrypted = encryptSecret(config.appKey, input.token);
  await deps.db.transaction(async (tx) => {
    await tx
      .insert(leadSources)
      .values({
        realEstateId,
        channel: CHANNEL,
        publicId: randomToken(12),
        isActive: true,
        secretEncrypted,
        settings: settings as unknown as Record<string, unknown>,
        updatedBy: userId,
      })
      .onConflictDoUpdate({
        target: [leadSources.realEstateId, leadSources.channel],
        set: {
          isActive: true,
          secretEncrypted,
          settings: settings as unknown as Record<string, unknown>,
          updatedBy: userId,
          updatedAt: new Date(),
        },
      });
    // The leads that waited for a token (this page's): fetched again now, once.
    const waiting = await tx
      .update(inboundRequests)
      .set({ replayedAt: new Date(), replayedBy: userId })
      .where(
        and(
          awaitingToken(realEstateId),
          sql`${inboundRequests.body}->'notification'->>'pageId' = ${input.pageId}`,
        ),
      )
      .returning({ body: inboundRequests.body });
    const payloads = waiting
      .map((w) => (w.body as { notification?: FetchMetaLeadPayload } | null)?.notification)
      .filter((n): n is FetchMetaLeadPayload => !!n)
      .map((n) => ({ ...n, realEstateId }));
    await deps.queue.enqueueMany(tx, fetchMetaLeadQueue, payloads);
  });
}

export async function disconnectMetaLeadAds(deps: Pick<Deps, 'db'>, realEstateId: number, userId: number) {
  await deps.db
    .update(leadSources)
    .set({ isActive: false, secretEncrypted: null, updatedBy: userId, updatedAt: new Date() })
    .where(and(eq(leadSources.realEstateId, realEstateId), eq(leadSources.channel, CHANNEL)));
}

async function connectedSource(deps: Pick<Deps, 'db' | 'config'>, realEstateId: number) {
  const row = await findMetaSource(deps, realEstateId);
  const token = row?.isActive ? metaPageToken(deps, row) : null;
  if (!row || !token)
    throw new HttpError(409, 'Conecte uma página do Facebook antes de escolher os formulários.');
  return { row, token, settings: metaSettingsOf(row.settings) };
}

/** Reads the page's lead forms from the Graph API and keeps them (names, status) with the choices made. */
export async function refreshMetaLeadForms(deps: Pick<Deps, 'db' | 'config'>, realEstateId: number) {
  const { token, settings } = await connectedSource(deps, realEstateId);
  const forms = await listLeadForms(deps.config, token, settings.pageId).catch(async (err: unknown) => {
    if (err instanceof MetaGraphError && err.failure === 'token')
      await pauseMetaSource(deps, realEstateId, err.message);
    return graphProblem(err, 'page_access_token');
  });
  const next: Record<string, MetaFormSettings> = {};
  for (const f of forms)
    next[f.id] = {
      name: f.name ?? `Formulário ${f.id}`,
      status: f.status ?? null,
      pageId: settings.forms[f.id]?.pageId ?? null,
    };
  await deps.db
    .update(leadSources)
    .set({ settings: sql`jsonb_set(${leadSources.settings}, '{forms}', ${JSON.stringify(next)}::jsonb)` })
    .where(and(eq(leadSources.realEstateId, realEstateId), eq(leadSources.channel, CHANNEL)));
}

/** Saves the form → page choices (pages of this agency only). */
export async function saveMetaFormPages(
  deps: Pick<Deps, 'db' | 'config'>,
  realEstateId: number,
  userId: number,
  input: UpdateMetaLeadFormsInput,
) {
  const { settings } = await connectedSource(deps, realEstateId);
  const pageIds = [...new Set(input.forms.map((f) => f.page_id).filter((p): p is number => p !== null))];
  const owned = pageIds.length
    ? await deps.db
        .select({ id: pages.id })
        .from(pages)
        .where(and(eq(pages.realEstateId, realEstateId), inArray(pages.id, pageIds)))
    : [];
  const ownedIds = new Set(owned.map((p) => p.id));
  const errors: Record<string, string[]> = {};
  input.forms.forEach((f, i) => {
    if (!settings.forms[f.form_id])
      errors[`forms.${i}.form_id`] = ['Formulário não encontrado nesta página: atualize a lista.'];
    if (f.page_id !== null && !ownedIds.has(f.page_id))
      errors[`forms.${i}.page_id`] = ['Página não encontrada.'];
  });
  if (Object.keys(errors).length)
    throw new HttpError(
      422,
      'Confira os formulários: algum não é desta página ou a página escolhida não existe.',
      errors,
    );
  const forms = { ...settings.forms };
  for (const f of input.forms) forms[f.form_id] = { ...forms[f.form_id]!, pageId: f.page_id };
  await deps.db
    .update(leadSources)
    .set({
      settings: sql`jsonb_set(${leadSources.settings}, '{forms}', ${JSON.stringify(forms)}::jsonb)`,
      updatedBy: userId,
      updatedAt: new Date(),
    })
    .where(and(eq(leadSources.realEstateId, realEstateId), eq(leadSources.channel, CHANNEL)));
}

export type { ConnectMetaLeadAdsInput };
