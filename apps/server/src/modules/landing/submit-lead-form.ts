/**
 * The public lead form (POST /v1/public/pages/{slug}/leads): the page's origin, its admission (the
 * per-IP and per-page windows), the body, the spam score and the lead's capture. The route parses
 * the request and answers; everything between is here.
 */
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { clipText, normalizeBrazilianPhone, publicLeadBody, stripControlCharsDeep } from '@vitrine/contracts';
import type { Deps } from '../../deps.ts';
import { HttpError, issuesToErrors } from '../../lib/http-errors.ts';
import { visitorHashes } from '../analytics/index.ts';
import { captureLead, scoreLead, trackingFields } from '../leads/index.ts';
import { admitLead } from './admit-lead.ts';
import { isSlug, servesAgency } from './find-landing-page.ts';
import type { FormKeys } from './form-stamp.ts';

/** What the route read from the request. */
export interface LeadFormPost {
  slug: string;
  body: unknown;
  /** Posted as a plain form (no JavaScript), not as JSON by the page's script. */
  form: boolean;
  origin: string | undefined;
  /** The host the form was posted to, as routing reads it (TRUST_PROXY's X-Forwarded-Host included). */
  host: string;
  hostname: string;
  ip: string;
  userAgent: string | undefined;
  referer: string | undefined;
  site: FastifyRequest['site'];
  log: FastifyBaseLogger;
}

export type LeadFormOutcome =
  | { ok: true; lead: { id: string }; page: { slug: string } }
  /** The body did not pass: the errors by field, and what was typed (to fill the form again). */
  | { ok: false; errors: Record<string, string[]>; values: Record<string, string> };

type PublicLeadBody = z.output<typeof publicLeadBody>;
type NewLead = Parameters<typeof captureLead>[1];
type Admitted = Extract<Awaited<ReturnType<typeof admitLead>>, { perIp: unknown }>;

/** Stores the lead a landing page's form sent; throws the 403, 404 and 429 answers. */
export async function submitLeadForm(
  deps: Deps,
  keys: FormKeys,
  post: LeadFormPost,
): Promise<LeadFormOutcome> {
  checkOrigin(deps, post);
  const admission = await admit(deps, post);
  const raw = bodyObject(post.body);
  const parsed = publicLeadBody.safeParse(raw);
  if (!parsed.success)
    return { ok: false, errors: issuesToErrors(parsed.error.issues), values: typedValues(raw) };
  const spam = spamScoreOf(deps, keys, post, admission, parsed.data);
  const { lead } = await captureLead(
    deps,
    await newLeadOf(deps, keys, post, admission.page, parsed.data, spam),
  );
  return { ok: true, lead, page: admission.page };
}

/**
 * The page's own origin: LANDING_URL, or the host the form was posted to, as routing reads it
 * (request.host and request.hostname follow TRUST_PROXY's X-Forwarded-Host: a proxy that rewrites
 * Host must not cost a custom domain its leads).
 */
function checkOrigin(deps: Deps, post: LeadFormPost) {
  const { origin } = post;
  if (!origin || origin === 'null') return;
  let from: URL | null = null;
  try {
    from = new URL(origin);
  } catch {
    /* invalid origin */
  }
  const allowed =
    from !== null &&
    (from.host === new URL(deps.config.LANDING_URL).host ||
      from.host === post.host ||
      from.hostname === post.hostname);
  if (!allowed) throw new HttpError(403, 'Origem não permitida para este formulário.');
}

/** The page and the per-IP and per-page windows: one statement shared by the leads arriving now. */
async function admit(deps: Deps, post: LeadFormPost): Promise<Admitted> {
  const admission = isSlug(post.slug)
    ? await admitLead(deps, { slug: post.slug, ip: post.ip })
    : { page: null };
  if (!admission.page || !servesAgency(post.site, admission.page.realEstateId))
    throw new HttpError(404, 'Imóvel não encontrado.');
  const { perIp } = admission;
  if (perIp.hits > deps.config.LEAD_IP_HARD_LIMIT) {
    const seconds = perIp.retryAfterSeconds;
    throw new HttpError(
      429,
      `Muitos envios seguidos. Tente novamente em ${seconds} segundos.`,
      undefined,
      undefined,
      {
        'retry-after': String(seconds),
      },
    );
  }
  return admission;
}

/**
 * The posted fields: JSON or a form, as parsed; a body sent as text/plain (a site's
 * `navigator.sendBeacon` with a string, a no-CORS fetch) read as JSON, else as a form, so its lead is not
 * refused for naming no field.
 */
function bodyObject(body: unknown): Record<string, unknown> {
  if (typeof body === 'string') {
    // Not seen by the input guard (it strips objects): control characters go here, as for a JSON post.
    const text = body.trim();
    try {
      const json = JSON.parse(text) as unknown;
      if (json && typeof json === 'object' && !Array.isArray(json))
        return stripControlCharsDeep(json as Record<string, unknown>);
    } catch {
      // not JSON: a form, or nothing
    }
    return text.includes('=') ? stripControlCharsDeep(Object.fromEntries(new URLSearchParams(text))) : {};
  }
  return body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
}

/** The text fields as typed, clipped: what a re-rendered form shows again. */
function typedValues(raw: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(raw)
      .filter(([, v]) => typeof v === 'string')
      .map(([k, v]) => [k, clipText(String(v), 2000)]),
  );
}

/** Signals add up to a score (modules/leads/spam-score.ts, docs/spam-rules.md); timing alone never quarantines. */
function spamScoreOf(
  deps: Deps,
  keys: FormKeys,
  post: LeadFormPost,
  admission: Admitted,
  body: PublicLeadBody,
) {
  const { config } = deps;
  const spam = scoreLead(
    {
      honeypot: body.website,
      fillMs: body._ts ? keys.stampAge(body._ts) : undefined,
      // The tracker fills session_id; the page's script sends the form as JSON (a plain form post is no-JS).
      javascript: !!body.session_id || !post.form,
      ipHits: admission.perIp.hits,
      pageHits: admission.perPage.hits,
      name: body.name,
      message: body.message,
      phone: body.phone ? normalizeBrazilianPhone(body.phone) : null,
    },
    {
      minFillMs: config.LEAD_MIN_FILL_MS,
      ipSoftLimit: config.LEAD_IP_SOFT_LIMIT,
      pageLimitPerMinute: config.LEAD_PAGE_LIMIT_PER_MINUTE,
    },
  );
  if (spam.signals.length)
    post.log.debug(
      { page: admission.page.id, score: spam.score, signals: spam.signals.map((x) => x.signal) },
      'lead spam signals',
    );
  return spam;
}

/**
 * The lead to capture. Its session: the id the tracker gave the form, checked against this agency's
 * sessions, or else this visitor's open session (a form posted before the tracker's first answer came back).
 */
async function newLeadOf(
  deps: Deps,
  keys: FormKeys,
  post: LeadFormPost,
  page: Admitted['page'],
  body: PublicLeadBody,
  spam: ReturnType<typeof scoreLead>,
): Promise<NewLead> {
  const userAgent = post.userAgent ?? '';
  const salts = await deps.analytics.salts.forDay(deps.analytics.now());
  return {
    analyticsVisitor: userAgent ? visitorHashes(salts, page.realEstateId, post.ip, userAgent) : undefined,
    realEstateId: page.realEstateId,
    pageId: page.id,
    name: body.name,
    email: body.email,
    phone: body.phone ? normalizeBrazilianPhone(body.phone) : null,
    message: body.message,
    source: 'landing_page',
    ...trackingFields(body),
    fbp: body._fbp,
    sessionId: body.session_id,
    referrer: body.referrer ?? (post.referer ? clipText(post.referer, 2000) : null),
    consent: body.consent,
    quarantined: spam.quarantined,
    quarantineReason: spam.reason,
    ipHash: keys.ipHash(post.ip),
    userAgent: post.userAgent?.slice(0, 300) ?? null,
    submissionKey: body._sid,
  };
}
