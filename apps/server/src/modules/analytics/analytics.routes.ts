/**
 * Analytics over HTTP: the tracker's beacons (POST /v1/public/events, outside the console's session
 * and CSRF flow) and the console's two read calls (docs/product.md#analytics).
 */
import type { FastifyInstance } from 'fastify';
import { isbot } from 'isbot';
import {
  ANALYTICS_BEACON_MAX_BYTES,
  MESSAGES,
  analyticsBeacon,
  stripControlCharsDeep,
  type AnalyticsEventName,
} from '@vitrine/contracts';
import { HttpError, issuesToErrors, validationError } from '../../lib/http-errors.ts';
import { mount } from '../../lib/mount.ts';
import { campaignOf, deviceOf, referrerHost, sourceOf } from './classify-visit.ts';
import { SESSION_IDLE_MS, type EventProps, type StoredEvent } from './ingest-events.ts';
import { leadScopeOf } from '../team/index.ts';
import { pageDirectory } from './page-directory.ts';
import { readAnalytics, readEvents } from './read-analytics.ts';
import { visitorHashes } from './visitor-salts.ts';

/** Numeric details the rollups read, kept in range; anything else is stored as sent. */
const NUMERIC_PROPS: Record<string, [min: number, max: number]> = {
  seconds: [0, 1800],
  depth: [0, 100],
  percent: [0, 100],
  index: [0, 1000],
};
function cleanProps(props: EventProps | undefined): EventProps | null {
  if (!props) return null;
  const out: EventProps = {};
  for (const [k, v] of Object.entries(props)) {
    const range = NUMERIC_PROPS[k];
    if (!range) out[k] = v;
    else if (typeof v === 'number') out[k] = Math.round(Math.min(range[1], Math.max(range[0], v)));
  }
  return Object.keys(out).length ? out : null;
}

export default async function analyticsRoutes(app: FastifyInstance) {
  const { config } = app;
  const { deps } = app;
  const pageOf = pageDirectory(deps);
  const ownHosts = [config.appHost, config.landingHost];

  mount(
    app,
    'trackEvents',
    async (request) => {
      let raw: unknown = request.body;
      if (typeof raw === 'string' || Buffer.isBuffer(raw)) {
        try {
          raw = JSON.parse(String(raw));
        } catch {
          throw new HttpError(400, MESSAGES.invalidJson);
        }
      }
      const parsed = analyticsBeacon.safeParse(stripControlCharsDeep(raw));
      if (!parsed.success) throw validationError(issuesToErrors(parsed.error.issues));
      const beacon = parsed.data;

      const userAgent = request.headers['user-agent'] ?? '';
      if (!userAgent || isbot(userAgent)) return { session_id: null };
      const page = await pageOf(beacon.page_id);
      // An agency's own domain sends beacons for that agency's pages only (decision 017).
      const site = request.site;
      if (
        !page ||
        (site.kind === 'landing' && site.realEstateId !== null && site.realEstateId !== page.realEstateId)
      )
        throw new HttpError(404, 'Página não encontrada.');
      // Drafts are seen only by the agency (previews): not visits.
      if (page.status === 'draft') return { session_id: null };

      const now = deps.analytics.now();
      // The browser's clock is not trusted: each event is dated `now - ago`, at most one idle period back.
      const events: StoredEvent[] = beacon.events
        .map((e) => ({
          name: e.name as AnalyticsEventName,
          occurredAt: new Date(now.getTime() - Math.min(e.ago ?? 0, SESSION_IDLE_MS)),
          props: cleanProps(e.props),
        }))
        .sort((a, b) => a.occurredAt.getTime() - b.occurredAt.getTime());
      const salts = await deps.analytics.salts.forDay(now);
      const campaign = campaignOf(beacon.url);
      const referrer = referrerHost(beacon.referrer, [
        ...ownHosts,
        request.hostname.split(':')[0]!.toLowerCase(),
      ]);
      const result = await deps.analytics.ingest.submit({
        realEstateId: page.realEstateId,
        pageId: beacon.page_id,
        visitorHashes: visitorHashes(salts, page.realEstateId, request.ip, userAgent),
        hint: beacon.session_id ?? null,
        rateKey: `events-ip:${request.ip}`,
        visit: { ...campaign, source: sourceOf(campaign, referrer), referrer, device: deviceOf(userAgent) },
        events,
      });
      if (result.status === 429) {
        throw new HttpError(
          429,
          `Muitos eventos seguidos deste endereço. Tente novamente em ${result.retryAfterSeconds} segundos.`,
          undefined,
          undefined,
          {
            'retry-after': String(result.retryAfterSeconds),
          },
        );
      }
      return { session_id: result.sessionId };
    },
    { bodyLimit: ANALYTICS_BEACON_MAX_BYTES, config: { controlChars: 'strip' } },
  );

  mount(app, 'getAnalytics', async (request) => {
    const m = await app.requireMembership(request, request.params.id);
    // An agent who sees only their own leads gets their own lead figures; visits stay the agency's
    // (decision 012, "Team").
    const scope = await leadScopeOf(deps, m, request.currentUser!.id);
    return readAnalytics(deps, m.realEstateId, request.query, scope);
  });

  mount(app, 'listAnalyticsEvents', async (request) => {
    const m = await app.requireMembership(request, request.params.id);
    // Another member's lead stays hidden from an agent who sees only their own
    // (docs/product.md#lead-assignment).
    const scope = await leadScopeOf(deps, m, request.currentUser!.id);
    return readEvents(deps, m.realEstateId, request.query, scope);
  });
}
