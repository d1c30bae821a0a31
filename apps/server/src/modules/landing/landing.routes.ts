/**
 * The public side: the landing page of each property (/imoveis/{slug}) and its lead form
 * (POST /v1/public/pages/{slug}/leads), outside the console's session and CSRF flow.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { clipText } from '@vitrine/contracts';
import { HttpError, validationError } from '../../lib/http-errors.ts';
import { findLandingPage, isSlug, servesAgency, type LandingPageRow } from './find-landing-page.ts';
import { formKeys } from './form-stamp.ts';
import { storageOrigins } from '../storage/index.ts';
import { LANDING_CSP } from './landing-assets.ts';
import { landingCspFor } from './marketing-tags.ts';
import { renderNotFound, type LeadFormState } from './render-landing.ts';
import { landingPrefsOf, renderPageLanding } from './render-page-landing.ts';
import { trackerAsset } from '../../lib/browser-scripts.ts';
import { submitLeadForm } from './submit-lead-form.ts';
import { mount } from '../../lib/mount.ts';

const slugParams = z.object({ slug: z.string().min(1).max(200) });
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
  const keys = formKeys(config.appKey);

  /** The published page, if this host serves it: an agency's own domain serves that agency's pages only. */
  async function loadPage(request: FastifyRequest, slug: string) {
    if (!isSlug(slug)) return null;
    const row = await findLandingPage(deps, slug);
    return row && servesAgency(request.site, row.page.realEstateId) ? row : null;
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
  mount(
    app,
    'getLandingAsset',
    async (request, reply) => {
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
    },
    { config: { ownParams: true } },
  );

  mount(
    app,
    'getLandingPage',
    async (request, reply) => {
      const { slug } = slugParams.parse(request.params);
      const row = await loadPage(request, slug);
      if (!row)
        return sendHtml(reply, 404, { body: renderNotFound(config.APP_URL), csp: LANDING_CSP }, 'no-store');
      const query = request.query as Record<string, unknown>;
      const values: Record<string, string> = {};
      for (const k of UTM_KEYS) if (typeof query[k] === 'string') values[k] = clipText(String(query[k]), 200);
      const sent = query.enviado === '1';
      const page = await renderFor(row, { values, errors: {}, sent, stamp: keys.stamp() });
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
    { config: { ownParams: true } },
  );

  const isForm = (request: FastifyRequest) =>
    (request.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded');

  mount(
    app,
    'submitLead',
    async (request, reply) => {
      const { slug } = slugParams.parse(request.params);
      const form = isForm(request);
      const outcome = await submitLeadForm(deps, keys, {
        slug,
        body: request.body,
        form,
        origin: request.headers.origin,
        host: request.host,
        hostname: request.hostname,
        ip: request.ip,
        userAgent: request.headers['user-agent'],
        referer: request.headers.referer,
        site: request.site,
        log: request.log,
      });
      if (!outcome.ok) {
        if (!form) throw validationError(outcome.errors);
        const row = await loadPage(request, slug);
        if (!row) throw new HttpError(404, 'Imóvel não encontrado.');
        const state = { values: outcome.values, errors: outcome.errors, sent: false, stamp: keys.stamp() };
        return sendHtml(reply, 422, await renderFor(row, state), 'no-store');
      }
      if (form) return reply.redirect(`/imoveis/${outcome.page.slug}?enviado=1#contato`, 303);
      return { data: { id: outcome.lead.id } };
    },
    { config: { controlChars: 'strip', ownParams: true } },
  );
}
