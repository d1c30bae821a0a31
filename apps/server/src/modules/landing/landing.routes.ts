/**
 * The public side: the landing page of each property (/imoveis/{slug}) and its lead form
 * (POST /v1/public/pages/{slug}/leads), outside the console's session and CSRF flow.
 */
import { createHash, createHmac } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { and, desc, eq, ne } from 'drizzle-orm';
import { z } from 'zod';
import { normalizeBrazilianPhone, publicLeadBody } from '@vitrine/contracts';
import { pages, realEstates, type PagePhoto } from '../../db/schema.ts';
import { safeEqual } from '../../lib/crypto.ts';
import type { ThrottleState } from '../../lib/throttle.ts';
import { HttpError, issuesToErrors, validationError } from '../../lib/http-errors.ts';
import { captureLead } from '../leads/capture-lead.ts';
import { registerLeadAlertWorker } from '../leads/lead-alerts.ts';
import { LANDING_CSP } from './landing-assets.ts';
import { renderLanding, renderNotFound, type LandingInput, type LandingPhoto, type LeadFormState } from './render-landing.ts';

const slugParams = z.object({ slug: z.string().min(1).max(200) });
const MIN_FILL_MS = 2_500;
const UTM_KEYS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content', 'gclid', 'fbclid'] as const;

export default async function landingRoutes(app: FastifyInstance) {
  const { db } = app.database;
  const { config, throttle } = app;
  await registerLeadAlertWorker(app);

  const stamp = (now = Date.now()) => `${now}.${createHmac('sha256', config.appKey).update(`form:${now}`).digest('base64url').slice(0, 22)}`;
  const stampAge = (value: string | null): number | null => {
    const [t, sig] = (value ?? '').split('.');
    if (!t || !sig || !/^\d+$/.test(t)) return null;
    const expected = stamp(Number(t)).split('.')[1]!;
    return safeEqual(sig, expected) ? Date.now() - Number(t) : null;
  };

  async function loadPage(slug: string) {
    const [row] = await db
      .select({ page: pages, agency: realEstates })
      .from(pages)
      .innerJoin(realEstates, eq(realEstates.id, pages.realEstateId))
      .where(eq(pages.slug, slug.toLowerCase()))
      .limit(1);
    if (!row || row.page.status === 'draft') return null;
    return row;
  }

  /** Photos we hold are stored by key; their URL comes from the storage driver (disk or S3). */
  const withPhotoUrls = (photos: PagePhoto[]): LandingPhoto[] =>
    photos.map((p) => ({
      ...p,
      url: p.key ? app.storage.url(p.key) : p.url,
      srcset: (p.variants ?? []).map((v) => ({ url: app.storage.url(v.key), width: v.width })),
    }));

  async function renderFor(row: NonNullable<Awaited<ReturnType<typeof loadPage>>>, form: LeadFormState) {
    const page = { ...row.page, photos: withPhotoUrls(row.page.photos) };
    const { agency } = row;
    const similar =
      page.status === 'sold' || page.status === 'rented'
        ? await db
            .select()
            .from(pages)
            .where(and(eq(pages.realEstateId, page.realEstateId), eq(pages.status, 'published'), eq(pages.purpose, page.purpose), ne(pages.id, page.id)))
            .orderBy(desc(pages.updatedAt))
            .limit(3)
        : [];
    const input: LandingInput = {
      page,
      agency: {
        name: agency.name,
        logoUrl: agency.logoPath ? app.storage.url(agency.logoPath) : null,
        phone: agency.phone,
        whatsapp: agency.whatsapp,
        email: agency.email,
        creci: agency.creci,
        website: agency.website,
      },
      similar: similar.map((s) => ({ slug: s.slug, title: s.title, priceCents: s.priceCents, neighborhood: s.neighborhood, city: s.city, cover: withPhotoUrls(s.photos.slice(0, 1))[0] ?? null })),
      form,
      appUrl: config.APP_URL,
      actionUrl: `/v1/public/pages/${page.slug}/leads`,
    };
    return renderLanding(input);
  }

  const sendHtml = (reply: FastifyReply, status: number, body: string, cache: string) =>
    reply
      .status(status)
      .header('content-type', 'text/html; charset=utf-8')
      .header('content-security-policy', LANDING_CSP)
      .header('x-content-type-options', 'nosniff')
      .header('referrer-policy', 'strict-origin-when-cross-origin')
      .header('cache-control', cache)
      .send(body);

  app.get('/imoveis/:slug', { schema: { hide: true } }, async (request, reply) => {
    const { slug } = slugParams.parse(request.params);
    const row = await loadPage(slug);
    if (!row) return sendHtml(reply, 404, renderNotFound(config.APP_URL), 'no-store');
    const query = request.query as Record<string, unknown>;
    const values: Record<string, string> = {};
    for (const k of UTM_KEYS) if (typeof query[k] === 'string') values[k] = String(query[k]).slice(0, 200);
    const sent = query.enviado === '1';
    const body = await renderFor(row, { values, errors: {}, sent, stamp: stamp() });
    // Cache shortly at the edge; the ETag lets browsers and CDNs revalidate cheaply.
    const etag = `W/"${createHash('sha1').update(body.replace(/name="_ts" value="[^"]*"/, '')).digest('base64url').slice(0, 20)}"`;
    reply.header('etag', etag);
    if (request.headers['if-none-match'] === etag) return reply.status(304).send();
    return sendHtml(reply, 200, body, sent ? 'no-store' : 'public, max-age=60, stale-while-revalidate=600');
  });

  const isForm = (request: FastifyRequest) => (request.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded');

  app.post('/v1/public/pages/:slug/leads', { schema: { hide: true } }, async (request, reply) => {
    const { slug } = slugParams.parse(request.params);
    const form = isForm(request);
    const origin = request.headers.origin;
    if (origin && origin !== 'null') {
      const allowed = [new URL(config.APP_URL).host, request.headers.host];
      let host = '';
      try {
        host = new URL(origin).host;
      } catch {
        /* invalid origin */
      }
      if (!allowed.includes(host)) throw new HttpError(403, 'Origem não permitida para este formulário.');
    }
    const row = await loadPage(slug);
    if (!row) throw new HttpError(404, 'Imóvel não encontrado.');

    const ipKey = `lead-ip:${request.ip}`;
    const [perIp, perPage] = (await throttle.hitMany([
      [ipKey, 600],
      [`lead-page:${row.page.id}`, 60],
    ])) as [ThrottleState, ThrottleState];
    if (perIp.hits > config.LEAD_IP_HARD_LIMIT) {
      const seconds = perIp.retryAfterSeconds;
      throw new HttpError(429, `Muitos envios seguidos. Tente novamente em ${seconds} segundos.`, undefined, undefined, { 'retry-after': String(seconds) });
    }

    const raw = (request.body ?? {}) as Record<string, unknown>;
    const parsed = publicLeadBody.safeParse(typeof raw === 'object' && !Array.isArray(raw) ? raw : {});
    if (!parsed.success) {
      const errors = issuesToErrors(parsed.error.issues);
      if (!form) throw validationError(errors);
      const values = Object.fromEntries(Object.entries(raw).filter(([, v]) => typeof v === 'string').map(([k, v]) => [k, String(v).slice(0, 2000)]));
      return sendHtml(reply, 422, await renderFor(row, { values, errors, sent: false, stamp: stamp() }), 'no-store');
    }
    const body = parsed.data;
    const reasons: string[] = [];
    if (body.website) reasons.push('campo oculto preenchido (robô)');
    const age = body._ts ? stampAge(body._ts) : undefined;
    if (age === null) reasons.push('formulário com carimbo inválido');
    else if (age !== undefined && age < MIN_FILL_MS) reasons.push('formulário enviado rápido demais');
    if (perIp.hits > config.LEAD_IP_SOFT_LIMIT) reasons.push(`muitos envios do mesmo IP (${perIp.hits} em 10 min)`);
    if (perPage.hits > config.LEAD_PAGE_LIMIT_PER_MINUTE) reasons.push(`muitos envios para esta página (${perPage.hits} em 1 min)`);
    if ((body.message?.match(/https?:\/\//g) ?? []).length > 2) reasons.push('mensagem com muitos links');

    const { lead } = await captureLead(app, {
      realEstateId: row.page.realEstateId,
      pageId: row.page.id,
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
      referrer: body.referrer ?? request.headers.referer?.slice(0, 2000) ?? null,
      consent: body.consent,
      quarantined: reasons.length > 0,
      quarantineReason: reasons.length ? reasons.join('; ') : null,
      ipHash: createHmac('sha256', config.appKey).update(`ip:${request.ip}`).digest('hex').slice(0, 32),
      userAgent: request.headers['user-agent']?.slice(0, 300) ?? null,
    });
    if (form) return reply.redirect(`/imoveis/${row.page.slug}?enviado=1#contato`, 303);
    return reply.status(201).send({ data: { id: lead.id } });
  });
}
