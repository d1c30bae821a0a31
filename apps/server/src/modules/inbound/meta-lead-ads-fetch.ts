/**
 * One lead of a `leadgen` notification, read from the Graph API with the agency's page token and taken in
 * through the one inbound path (docs/product.md#meta-lead-forms). The leadgen id is the lead's external id:
 * a notification Meta delivers twice is one lead.
 *
 * What a Graph failure does (docs/decisions/020-meta-lead-ads.md): throttling (4, 17, 32, 613) and
 * Meta being down throw, and the job is retried later with backoff; a refused token (190, a permission
 * gone) pauses the source with a message for the console, and the lead waits in the inbound ledger until a
 * new token is connected; an unknown lead (100) is refused in the ledger with the reason.
 */
import { and, eq } from 'drizzle-orm';
import { normalizeBrazilianPhone, type LeadSource } from '@vitrine/contracts';
import { META_LISTING_CODE_FIELDS } from '@vitrine/contracts';
import { pages } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import type { FetchMetaLeadPayload } from './jobs/fetch-meta-lead.queue.ts';
import { MetaGraphError, readLead, type GraphLead } from './meta-lead-ads-graph.ts';
import {
  AWAITING_TOKEN,
  findMetaSource,
  metaPageToken,
  metaSettingsOf,
  pauseMetaSource,
  type MetaSettings,
} from './meta-lead-ads.ts';
import {
  receiveInboundLead,
  recordInbound,
  type InboundLead,
  type InboundResult,
} from './receive-inbound-lead.ts';

type FetchDeps = Pick<Deps, 'db' | 'queue' | 'config' | 'log'> & Partial<Pick<Deps, 'analytics'>>;

/** A question's name as compared: lower case, no accents, `_` between words. */
export const normalizeFieldName = (name: string) =>
  name
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_|_$/g, '');

/** The standard questions of a Meta lead form (Meta's own names). */
const STANDARD = new Set(['full_name', 'first_name', 'last_name', 'email', 'phone_number']);
const LISTING_CODE_FIELDS = new Set<string>(META_LISTING_CODE_FIELDS);

export interface MappedMetaLead {
  lead: InboundLead;
  source: LeadSource;
}

/** Meta's lead → what the inbound path takes: the standard fields, every other question kept as an answer. */
export function mapMetaLead(graph: GraphLead, settings: MetaSettings): MappedMetaLead {
  const fields = new Map<string, string>();
  const answers: { question: string; answer: string }[] = [];
  let listingCode: string | null = null;
  for (const f of graph.field_data ?? []) {
    if (!f || typeof f.name !== 'string') continue;
    const value = (Array.isArray(f.values) ? f.values : [])
      .map((v) => String(v).trim())
      .filter(Boolean)
      .join(', ');
    const key = normalizeFieldName(f.name);
    if (STANDARD.has(key)) fields.set(key, value);
    else {
      answers.push({ question: f.name, answer: value });
      if (!listingCode && LISTING_CODE_FIELDS.has(key) && value) listingCode = value.slice(0, 60);
    }
  }
  const full =
    fields.get('full_name') || [fields.get('first_name'), fields.get('last_name')].filter(Boolean).join(' ');
  const email = fields.get('email')?.toLowerCase() || null;
  const rawPhone = fields.get('phone_number') || null;
  // A Brazilian number is stored as the other leads' (DDD + number); any other is kept as Meta gave it.
  const phone = rawPhone ? (normalizeBrazilianPhone(rawPhone) ?? rawPhone.slice(0, 30)) : null;
  const platform = graph.platform === 'ig' ? 'ig' : 'fb';
  const formId = graph.form_id ?? null;
  const form = formId ? settings.forms[formId] : undefined;
  const consents = (graph.custom_disclaimer_responses ?? []).map((c) => ({
    checkbox: c.checkbox_key ?? null,
    checked: c.is_checked === true || c.is_checked === '1' || c.is_checked === 'true',
  }));
  return {
    source: platform === 'ig' ? 'instagram' : 'facebook',
    lead: {
      name: (full || email || (platform === 'ig' ? 'Lead do Instagram' : 'Lead do Facebook')).slice(0, 120),
      email,
      phone,
      listingCode,
      pageId: form?.pageId ?? null,
      sourceDetails: {
        platform,
        is_organic: graph.is_organic === true,
        form_id: formId,
        form_name: form?.name ?? null,
        ad_id: graph.ad_id ?? null,
        ad_name: graph.ad_name ?? null,
        adset_id: graph.adset_id ?? null,
        adset_name: graph.adset_name ?? null,
        campaign_id: graph.campaign_id ?? null,
        campaign_name: graph.campaign_name ?? null,
        created_time: graph.created_time ?? null,
        answers,
        ...(consents.length ? { disclaimers: consents } : {}),
        ...(rawPhone && rawPhone !== phone ? { phone_as_sent: rawPhone } : {}),
      },
    },
  };
}

/** The chosen page, if it still is the agency's (a page deleted since is no choice). */
async function ownedPage(deps: Pick<Deps, 'db'>, realEstateId: number, pageId: number | null | undefined) {
  if (!pageId) return null;
  const [row] = await deps.db
    .select({ id: pages.id })
    .from(pages)
    .where(and(eq(pages.id, pageId), eq(pages.realEstateId, realEstateId)));
  return row?.id ?? null;
}

/** What became of one notified lead: stored (created or a repeat), or why it was not. */
export type MetaLeadOutcome =
  { ok: true; result: InboundResult } | { ok: false; reason: string; requestId: string | null };

export interface TakeMetaLeadOptions {
  signal?: AbortSignal;
  /**
   * The job's last try: a Graph failure that would be retried (throttling, Meta down) is written to
   * the inbound ledger as `failed`, with Meta's error, instead of thrown (nothing retries it after
   * this; the agency replays it from the console).
   */
  lastAttempt?: boolean;
  /**
   * A replay from the console (inbound-requests.ts): nothing is retried and a refusal is answered but
   * not written again (the original row stays the record).
   */
  replay?: boolean;
}

/**
 * Fetches and stores one notified lead. Throws only when the job should be tried again later (a
 * throttled or unavailable Graph API before the last try).
 */
export async function fetchMetaLead(
  deps: FetchDeps,
  payload: FetchMetaLeadPayload,
  options: TakeMetaLeadOptions = {},
): Promise<MetaLeadOutcome> {
  const { realEstateId, leadgenId } = payload;
  const notification = { ...payload };
  const record = async (
    outcome: 'refused' | 'failed',
    reason: string,
    extra: Record<string, unknown> = {},
  ): Promise<MetaLeadOutcome> => {
    const requestId = options.replay
      ? null
      : await recordInbound(deps, {
          realEstateId,
          channel: 'meta_lead_ads',
          outcome,
          httpStatus: 200,
          reason,
          externalId: leadgenId,
          body: { notification, ...extra },
        });
    return { ok: false, reason, requestId };
  };
  const refuse = (reason: string, extra: Record<string, unknown> = {}) => record('refused', reason, extra);

  const row = await findMetaSource(deps, realEstateId);
  const settings = metaSettingsOf(row?.settings);
  const token = row?.isActive && settings.pageId === payload.pageId ? metaPageToken(deps, row) : null;
  if (!row || !token) return refuse('A página do Facebook foi desconectada: o lead não foi buscado na Meta.');
  if (settings.tokenError)
    return refuse(`Aguardando um novo token da página: ${settings.tokenError.message}`, {
      awaiting: AWAITING_TOKEN,
    });
  let graph: GraphLead;
  try {
    graph = await readLead(deps.config, token, leadgenId, options.signal);
  } catch (err) {
    const graphError = err instanceof MetaGraphError ? err : null;
    const retry = !graphError || graphError.failure === 'retry';
    if (retry && !options.lastAttempt && !options.replay) throw err;
    const error = graphError
      ? { code: graphError.code, subcode: graphError.subcode, fbtrace_id: graphError.fbtraceId }
      : { code: null, subcode: null, fbtrace_id: null };
    deps.log.warn({ realEstateId, leadgenId, ...error, retry }, 'meta lead read refused');
    if (retry) {
      const said = graphError?.message ?? 'A Meta não respondeu.';
      return record(
        'failed',
        options.replay
          ? `A Meta ainda não entregou o lead: ${said}`
          : `A Meta não entregou o lead depois de todas as tentativas: ${said}`,
        { error: { ...error, message: err instanceof Error ? err.message.slice(0, 500) : String(err) } },
      );
    }
    if (graphError!.failure === 'token') {
      await pauseMetaSource(deps, realEstateId, graphError!.message);
      return refuse(graphError!.message, { awaiting: AWAITING_TOKEN });
    }
    return refuse(graphError!.message, { error });
  }
  const mapped = mapMetaLead(graph, settings);
  mapped.lead.pageId = await ownedPage(deps, realEstateId, mapped.lead.pageId);
  const result = await receiveInboundLead(deps, {
    realEstateId,
    channel: 'meta_lead_ads',
    source: mapped.source,
    externalId: leadgenId,
    body: { notification, lead: graph },
    lead: mapped.lead,
    httpStatus: 200,
  });
  return { ok: true, result };
}
