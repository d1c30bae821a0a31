/**
 * The public side: the landing page of each property (/imoveis/{slug}) and its lead form
 * (POST /v1/public/pages/{slug}/leads), outside the console's session and CSRF flow.
 */
import { createHash, createHmac, createSecretKey } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { SLUG_PATTERN, clipText, normalizeBrazilianPhone, publicLeadBody } from '@vitrine/contracts';
import { safeEqual } from '../../lib/crypto.ts';
import { HttpError, issuesToErrors, validationError } from '../../lib/http-errors.ts';
import { captureLead, scoreLead } from '../leads/index.ts';
import { admitLead } from './admit-lead.ts';
import { findLandingPage, type LandingPageRow } from './find-landing-page.ts';
import { storageOrigins } from '../storage/index.ts';
import { LANDING_CSP } from './landing-assets.ts';
import { landingCspFor } from './marketing-tags.ts';
import { renderNotFound, type LeadFormState } from './render-landing.ts';
import { landingPrefsOf, renderPageLanding } from './render-page-landing.ts';
import { trackerAsset } from './browser-scripts.ts';
import { visitorHashes } from '../analytics/index.ts';

/** LANDING_URL's host serves every agency; an agency's own domain, only that agency (plugins/host-routing.ts). */
const servesAgency = (request: FastifyRequest, realEstateId: number) =>
  request.site.kind !== 'landing' ||
  request.site.realEstateId === null ||
  request.site.realEstateId === realEstateId;

const slugParams = z.object({ slug: z.string().min(1).max(200) });
/** A slug of the shape pages get ([a-z0-9-], case-insensitive here): anything else is not found, before any query. */
const isSlug = (slug: string) => slug.length <= 200 && SLUG_PATTERN.test(slug.toLowerCase());
const UTM_KEYS = [
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_term',
  'utm_content',
  'gclid',
  'fbclid',
] as const;

export default async function landingRoutes(app: FastifyInstance) {
  const { config, deps } = app;
  // Made once: an HMAC keyed with a raw Buffer imports the key again on every call (~4 % of a lead's CPU).
  const appKey = createSecretKey(config.appKey);

  const stamp = (now = Date.now()) =>
    `${now}.${createHmac('sha256', appKey).update(`form:${now}`).digest('base64url').slice(0, 22)}`;
  const stampAge = (value: string | null): number | null => {
    const [t, sig] = (value ?? '').split('.');
    if (!t || !sig || !/^\d+$/.test(t)) return null;
    const expected = stamp(Number(t)).split('.')[1]!;
    return safeEqual(sig, expected) ? Date.now() - Number(t) : null;
  };

  /** The published page, if this host serves it: an agency's own domain serves that agency's pages only. */
  async function loadPage(request: FastifyRequest, slug: string) {
    if (!isSlug(slug)) return null;
    const row = await findLandingPage(deps, slug);
    return row && servesAgency(request, row.page.realEstateId) ? row : null;
  }

  // Files in an S3 bucket outside https (a local MinIO) need their origin named, and so do the files
  // the local driver serves from the console's origin (APP_URL/files/…) when that is not https.
  const storage = [
    ...storageOrigins(app.config),
    ...(config.APP_URL.startsWith('https://') ? [] : [new URL(config.APP_URL).origin]),
  ];
  /** The page as HTML, with the CSP it needs (the vendors' hosts only when the agency set their tags). */
  const renderFor = async (row: LandingPageRow, form: LeadFormState) => {
    const prefs = await landingPrefsOf(deps, row.page.realEstateId);
    return {
      body: await renderPageLanding(deps, row, form, prefs),
      csp: landingCspFor(prefs.tags, storage),
    };
  };

  const sendHtml = (
    reply: FastifyReply,
    status: number,
    page: { body: string; csp: string },
    cache: string,
  ) =>
    reply
      .status(status)
      .header('content-type', 'text/html; charset=utf-8')
      .header('content-security-policy', page.csp)
      .header('x-content-type-options', 'nosniff')
      .header('referrer-policy', 'strict-origin-when-cross-origin')
      .header('cache-control', cache)
      .send(page.body);

  // The analytics tracker: a hashed URL, cached for a year. An older hash (a page cached before a deploy)
  // gets the current script, cached briefly.
  app.get('/p/:file', { schema: { hide: true }, config: { ownParams: true } }, async (request, reply) => {
    const tracker = await trackerAsset();
    const { file } = request.params as { file: string };
    if (!/^[A-Za-z0-9_-]{1,32}\.js$/.test(file))
      return reply.status(404).send({ message: 'Arquivo não encontrado.' });
    return reply
      .header('content-type', 'text/javascript; charset=utf-8')
      .header(
        'cache-control',
        file === `${tracker.hash}.js` ? 'public, max-age=31536000, immutable' : 'public, max-age=300',
      )
      .header('x-content-type-options', 'nosniff')
      .header('cross-origin-resource-policy', 'same-origin')
      .send(tracker.code);
  });

  app.get(
    '/imoveis/:slug',
    { schema: { hide: true }, config: { ownParams: true } },
    async (request, reply) => {
      const { slug } = slugParams.parse(request.params);
      const row = await loadPage(request, slug);
      if (!row)
        return sendHtml(reply, 404, { body: renderNotFound(config.APP_URL), csp: LANDING_CSP }, 'no-store');
      const query = request.query as Record<string, unknown>;
      const values: Record<string, string> = {};
      for (const k of UTM_KEYS) if (typeof query[k] === 'string') values[k] = clipText(String(query[k]), 200);
      const sent = query.enviado === '1';
      const page = await renderFor(row, { values, errors: {}, sent, stamp: stamp() });
      const body = page.body;
      // Cache shortly at the edge; the ETag lets browsers and CDNs revalidate cheaply.
      const etag = `W/"${createHash('sha1')
        .update(body.replace(/name="_ts" value="[^"]*"/, ''))
        .digest('base64url')
        .slice(0, 20)}"`;
      reply.header('etag', etag);
      if (request.headers['if-none-match'] === etag) return reply.status(304).send();
      return sendHtml(reply, 200, page, sent ? 'no-store' : 'public, max-age=60, stale-while-revalidate=600');
    },
  );

  const isForm = (request: FastifyRequest) =>
    (request.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded');

  app.post(
    '/v1/public/pages/:slug/leads',
    { schema: { hide: true }, config: { controlChars: 'strip', ownParams: true } },
    async (request, reply) => {
      const { slug } = slugParams.parse(request.params);
      const form = isForm(request);
      const origin = request.headers.origin;
      if (origin && origin !== 'null') {
        // The page's own origin: LANDING_URL, or the host the form was posted to, as routing reads it
        // (request.host and request.hostname follow TRUST_PROXY's X-Forwarded-Host: a proxy that rewrites
        // Host must not cost a custom domain its leads).
        let from: URL | null = null;
        try {
          from = new URL(origin);
        } catch {
          /* invalid origin */
        }
        const allowed =
          from !== null &&
          (from.host === new URL(config.LANDING_URL).host ||
            from.host === request.host ||
            from.hostname === request.hostname);
        if (!allowed) throw new HttpError(403, 'Origem não permitida para este formulário.');
      }
      // The page and the per-IP and per-page windows: one statement shared by the leads arriving now.
      const admission = isSlug(slug) ? await admitLead(deps, { slug, ip: request.ip }) : { page: null };
      if (!admission.page || !servesAgency(request, admission.page.realEstateId))
        throw new HttpError(404, 'Imóvel não encontrado.');
      const { page, perIp, perPage } = admission;
      if (perIp.hits > config.LEAD_IP_HARD_LIMIT) {
        const seconds = perIp.retryAfterSeconds;
        throw new HttpError(
          429,
          `Muitos envios seguidos. Tente novamente em ${seconds} segundos.`,
          undefined,
          undefined,
          { 'retry-after': String(seconds) },
        );
      }

      const raw = (request.body ?? {}) as Record<string, unknown>;
      const parsed = publicLeadBody.safeParse(typeof raw === 'object' && !Array.isArray(raw) ? raw : {});
      if (!parsed.success) {
        const errors = issuesToErrors(parsed.error.issues);
        if (!form) throw validationError(errors);
        const row = await loadPage(request, slug);
        if (!row) throw new HttpError(404, 'Imóvel não encontrado.');
        const values = Object.fromEntries(
          Object.entries(raw)
            .filter(([, v]) => typeof v === 'string')
            .map(([k, v]) => [k, clipText(String(v), 2000)]),
        );
        return sendHtml(
          reply,
          422,
          await renderFor(row, { values, errors, sent: false, stamp: stamp() }),
          'no-store',
        );
      }
      const body = parsed.data;
      // Signals add up to a score (modules/leads/spam-score.ts, docs/spam-rules.md); timing alone never quarantines.
      const spam = scoreLead(
        {
          honeypot: body.website,
          fillMs: body._ts ? stampAge(body._ts) : undefined,
          // The tracker fills session_id; the page's script sends the form as JSON (a plain form post is no-JS).
          javascript: !!body.session_id || !form,
          ipHits: perIp.hits,
          pageHits: perPage.hits,
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
        request.log.debug(
          { page: page.id, score: spam.score, signals: spam.signals.map((x) => x.signal) },
          'lead spam signals',
        );

      // The lead's session: the id the tracker gave the form, checked against this agency's sessions, or
      // else this visitor's open session (a form posted before the tracker's first answer came back).
      const userAgent = request.headers['user-agent'] ?? '';
      const salts = await deps.analytics.salts.forDay(deps.analytics.now());
      const { lead } = await captureLead(deps, {
        analyticsVisitor: userAgent
          ? visitorHashes(salts, page.realEstateId, request.ip, userAgent)
          : undefined,
        realEstateId: page.realEstateId,
        pageId: page.id,
        name: body.name,
        email: body.email,
        phone: body.phone ? normalizeBrazilianPhone(body.phone) : null,
        message: body.message,
        source: 'landing_page',
        utmSource: body.utm_source,
        utmMedium: body.utm_medium,
        utmCampaign: body.utm_campaign,
        utmTerm: body.utm_term,
        utmContent: body.utm_content,
        gclid: body.gclid,
        fbclid: body.fbclid,
        sessionId: body.session_id,
        referrer: body.referrer ?? (request.headers.referer ? clipText(request.headers.referer, 2000) : null),
        consent: body.consent,
        quarantined: spam.quarantined,
        quarantineReason: spam.reason,
        ipHash: createHmac('sha256', appKey).update(`ip:${request.ip}`).digest('hex').slice(0, 32),
        userAgent: request.headers['user-agent']?.slice(0, 300) ?? null,
        submissionKey: body._sid,
      });
      if (form) return reply.redirect(`/imoveis/${page.slug}?enviado=1#contato`, 303);
      return reply.status(201).send({ data: { id: lead.id } });
    },
  );
}
