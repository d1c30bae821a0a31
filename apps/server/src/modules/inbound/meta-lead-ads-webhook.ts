/**
 * The product's Meta webhook (docs/product.md#meta-lead-forms): the verification handshake, the
 * `X-Hub-Signature-256` check (HMAC-SHA256 of the raw body with the app secret, compared in constant
 * time) and the `leadgen` notifications, each turned into a fetch-meta-lead job for every agency that
 * connected the page. The answer is immediate: the lead itself is read by the job.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Deps } from '../../deps.ts';
import { sha256, safeEqual } from '../../lib/crypto.ts';
import { fetchMetaLeadQueue, type FetchMetaLeadPayload } from './jobs/fetch-meta-lead.queue.ts';
import { agenciesOfMetaPage } from './meta-lead-ads.ts';
import { parseJsonExact } from '../../lib/exact-json.ts';

/** The verification request's answer: the challenge when the token is ours, null otherwise. */
export function verifyMetaHandshake(
  expected: string | undefined,
  query: { 'hub.mode'?: string; 'hub.verify_token'?: string; 'hub.challenge'?: string },
): string | null {
  const given = query['hub.verify_token'];
  if (!expected || query['hub.mode'] !== 'subscribe' || typeof given !== 'string') return null;
  // Hashes of equal length: the comparison takes the same time whatever was sent.
  if (!safeEqual(sha256(given), sha256(expected))) return null;
  return query['hub.challenge'] ?? '';
}

/** `sha256=<hex>` of the raw body keyed with the app secret, checked in constant time. */
export function validMetaSignature(secret: string | undefined, raw: Buffer, header: unknown): boolean {
  if (!secret || typeof header !== 'string') return false;
  const match = /^sha256=([0-9a-f]{64})$/i.exec(header.trim());
  if (!match) return false;
  const expected = createHmac('sha256', secret).update(raw).digest();
  return timingSafeEqual(expected, Buffer.from(match[1]!, 'hex'));
}

/**
 * The JSON of a notification, ids kept exact: Meta's ids are up to 17 digits, past a double's exact range,
 * so a number too big for one is read from its source text (when the runtime offers it) as a string.
 */
export function parseMetaJson(raw: Buffer): unknown {
  return parseJsonExact(raw.toString('utf8'));
}

const idOf = (v: unknown): string | null => {
  const s = typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim() : '';
  return /^\d{1,25}$/.test(s) ? s : null;
};

export type LeadgenChange = Omit<FetchMetaLeadPayload, 'realEstateId'>;

/** The `leadgen` changes of a notification (other fields and malformed entries are skipped); null: not one. */
export function leadgenChanges(body: unknown): LeadgenChange[] | null {
  if (!body || typeof body !== 'object' || !Array.isArray((body as { entry?: unknown }).entry)) return null;
  const changes: LeadgenChange[] = [];
  for (const entry of (body as { entry: unknown[] }).entry) {
    const list = (entry as { changes?: unknown })?.changes;
    if (!Array.isArray(list)) continue;
    for (const change of list as { field?: unknown; value?: Record<string, unknown> }[]) {
      if (change?.field !== 'leadgen' || !change.value || typeof change.value !== 'object') continue;
      const v = change.value;
      const leadgenId = idOf(v.leadgen_id);
      const pageId = idOf(v.page_id) ?? idOf((entry as { id?: unknown }).id);
      if (!leadgenId || !pageId) continue;
      const created =
        typeof v.created_time === 'number' ? Math.trunc(v.created_time) : Number(v.created_time);
      changes.push({
        leadgenId,
        pageId,
        formId: idOf(v.form_id),
        adId: idOf(v.ad_id),
        createdTime: Number.isFinite(created) && created > 0 ? created : null,
      });
    }
  }
  return changes;
}

/**
 * Enqueues a fetch for every (agency, lead) of the notification, in one transaction: answered 200 only
 * once every job exists. A page no agency connected is logged and skipped (Meta would only retry it).
 */
export async function receiveMetaNotification(
  deps: Pick<Deps, 'db' | 'queue' | 'log'>,
  changes: LeadgenChange[],
): Promise<number> {
  const payloads: FetchMetaLeadPayload[] = [];
  const agenciesByPage = new Map<string, number[]>();
  for (const change of changes) {
    let agencies = agenciesByPage.get(change.pageId);
    if (!agencies)
      agenciesByPage.set(change.pageId, (agencies = await agenciesOfMetaPage(deps, change.pageId)));
    if (!agencies.length) {
      deps.log.warn(
        { pageId: change.pageId, leadgenId: change.leadgenId },
        'meta leadgen for a page no agency connected',
      );
      continue;
    }
    for (const realEstateId of agencies) payloads.push({ ...change, realEstateId });
  }
  if (payloads.length) await deps.queue.enqueueMany(deps.db, fetchMetaLeadQueue, payloads);
  return payloads.length;
}
