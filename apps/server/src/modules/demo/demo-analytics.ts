/**
 * The demo agency's last 30 days of visits, as the tracker would have recorded them: sessions on the
 * published listings from Google Ads, Facebook, Instagram, portals, WhatsApp shares and direct visits,
 * mostly on phones, each with its events (pageview, scroll, engaged time, photos, WhatsApp and phone
 * clicks, form starts), a few going on to a second listing. Most seeded leads get the session they were
 * sent from (same day, page and campaign; the lead's `session_id` and the session's `lead_id` point at
 * each other); the others came from browsers that blocked the tracker. Deterministic for a given `now`.
 */
import { createHash } from 'node:crypto';
import type { AnalyticsDevice } from '@vitrine/contracts';
import type { analyticsEvents, analyticsSessions, leads } from '../../db/schema.ts';
import { DEMO_CAMPAIGNS } from './demo-leads.ts';
import { prng } from './demo-photos.ts';

type SessionInsert = typeof analyticsSessions.$inferInsert & {
  id: string;
  startedAt: Date;
  lastSeenAt: Date;
};
type EventInsert = typeof analyticsEvents.$inferInsert;
type LeadInsert = typeof leads.$inferInsert & { id: string; createdAt: Date };

export interface DemoAnalyticsPage {
  id: number;
  city: string;
  purpose: 'sale' | 'rent';
  /** How many photos its landing page shows (the cover is photo 1). */
  photos: number;
  /** Relative traffic (the listing's lead weight). */
  weight: number;
  /** Days since it was published: no visits before. */
  liveDays: number;
}

export interface DemoAnalyticsData {
  sessions: SessionInsert[];
  events: EventInsert[];
  /** lead id → session id, for the leads that were sent from a tracked visit. */
  leadSessions: Map<string, string>;
}

const DAY = 24 * 60 * 60 * 1000;
const MIN = 60 * 1000;
export const DEMO_ANALYTICS_DAYS = 30;

interface Channel {
  source: string;
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
  utmContent?: string | null;
  referrer: string | null;
  gclid?: boolean;
  fbclid?: boolean;
}
/**
 * Where the visits come from. The paid campaigns are the ones the demo's leads name (DEMO_CAMPAIGNS,
 * per listing), so their conversion is a real ratio; two more campaigns bring visits and no lead at
 * all (display remarketing, an institutional video), so the campaign table also shows what does not
 * sell, not only winners.
 */
const CHANNELS: { weight: number; channel: (page: DemoAnalyticsPage) => Channel }[] = [
  {
    weight: 26,
    channel: (page) => ({
      source: 'google',
      utmSource: 'google',
      utmMedium: 'cpc',
      utmCampaign: DEMO_CAMPAIGNS.search(page.city, page.purpose),
      referrer: 'google.com',
      gclid: true,
    }),
  },
  {
    weight: 12,
    channel: () => ({
      source: 'google',
      utmSource: null,
      utmMedium: null,
      utmCampaign: null,
      referrer: 'google.com.br',
    }),
  },
  {
    weight: 6,
    channel: () => ({
      source: 'google',
      utmSource: 'google',
      utmMedium: 'display',
      utmCampaign: 'remarketing-display',
      referrer: 'googleads.g.doubleclick.net',
      gclid: true,
    }),
  },
  {
    weight: 15,
    channel: (page) => ({
      source: 'facebook',
      utmSource: 'facebook',
      utmMedium: 'paid_social',
      utmCampaign: DEMO_CAMPAIGNS.launches(page.city),
      utmContent: 'carrossel-fotos',
      referrer: 'm.facebook.com',
      fbclid: true,
    }),
  },
  {
    weight: 5,
    channel: () => ({
      source: 'facebook',
      utmSource: 'facebook',
      utmMedium: 'paid_social',
      utmCampaign: 'video-institucional',
      utmContent: 'video-30s',
      referrer: 'm.facebook.com',
      fbclid: true,
    }),
  },
  {
    weight: 14,
    channel: () => ({
      source: 'instagram',
      utmSource: 'instagram',
      utmMedium: 'paid_social',
      utmCampaign: 'stories-imoveis-destaque',
      utmContent: 'video-tour',
      referrer: 'l.instagram.com',
      fbclid: true,
    }),
  },
  {
    weight: 5,
    channel: () => ({
      source: 'instagram',
      utmSource: 'instagram',
      utmMedium: 'social',
      utmCampaign: 'bio-link',
      referrer: 'l.instagram.com',
    }),
  },
  {
    weight: 6,
    channel: () => ({
      source: 'whatsapp',
      utmSource: null,
      utmMedium: null,
      utmCampaign: null,
      referrer: 'whatsapp.com',
    }),
  },
  {
    weight: 4,
    channel: () => ({
      source: 'zap',
      utmSource: null,
      utmMedium: null,
      utmCampaign: null,
      referrer: 'zapimoveis.com.br',
    }),
  },
  {
    weight: 11,
    channel: () => ({
      source: 'direct',
      utmSource: null,
      utmMedium: null,
      utmCampaign: null,
      referrer: null,
    }),
  },
];
const DEVICES: [AnalyticsDevice, number][] = [
  ['mobile', 72],
  ['desktop', 22],
  ['tablet', 6],
];

/** The session a seeded lead's campaign describes. */
function channelOfLead(l: LeadInsert): Channel {
  const host = l.referrer ? new URL(l.referrer).hostname.replace(/^www\./, '') : null;
  return {
    source: l.utmSource ?? (host ? 'google' : 'direct'),
    utmSource: l.utmSource ?? null,
    utmMedium: l.utmMedium ?? null,
    utmCampaign: l.utmCampaign ?? null,
    utmContent: l.utmContent ?? null,
    referrer: host,
    gclid: !!l.gclid,
    fbclid: !!l.fbclid,
  };
}

export function buildDemoAnalytics(input: {
  realEstateId: number;
  pages: DemoAnalyticsPage[];
  leads: LeadInsert[];
  now: Date;
}): DemoAnalyticsData {
  const { realEstateId, pages, now } = input;
  const rng = prng(20261125);
  const pickWeighted = <T>(items: [T, number][]): T => {
    let r = rng.next() * items.reduce((s, [, w]) => s + w, 0);
    for (const [v, w] of items) if ((r -= w) < 0) return v;
    return items[0]![0];
  };
  const hash = (label: string) => createHash('sha256').update(label).digest('base64url').slice(0, 22);
  const uuid = (label: string) => {
    const h = createHash('sha256').update(label).digest('hex');
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${((parseInt(h[16]!, 16) & 3) | 8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`;
  };
  const out: DemoAnalyticsData = { sessions: [], events: [], leadSessions: new Map() };

  /** One visit: its events from `start`, ending in a lead when `leadId` is given. */
  const visit = (
    key: string,
    page: DemoAnalyticsPage,
    start: Date,
    channel: Channel,
    device: AnalyticsDevice,
    visitor: string,
    leadId?: string,
    leadAt?: Date,
  ) => {
    const id = uuid(`demo-session:${realEstateId}:${key}`);
    let t = start.getTime();
    let count = 0;
    const add = (name: string, pageId: number, props: Record<string, number | string> | null = null) => {
      out.events.push({ realEstateId, sessionId: id, pageId, name, occurredAt: new Date(t), props });
      count++;
    };
    add('pageview', page.id);
    const bounced = !leadId && rng.next() < 0.42;
    if (bounced) {
      t += rng.int(2, 8) * 1000;
      if (rng.next() < 0.5) add('engaged', page.id, { seconds: rng.int(2, 8) });
    } else {
      const depth = leadId ? rng.pick([75, 100]) : rng.pick([25, 50, 50, 75, 75, 100]);
      for (let d = 25; d <= depth; d += 25) {
        t += rng.int(4, 25) * 1000;
        add('scroll', page.id, { depth: d });
      }
      if (leadId || rng.next() < 0.45) {
        // Gallery photos scrolled into view, numbered as the page shows them: the cover (photo 1) is
        // on screen at arrival, the gallery starts at photo 2 (the tracker's data-n).
        for (let k = rng.int(1, 6), i = 2; i <= Math.min(k + 1, page.photos); i++) {
          t += rng.int(2, 9) * 1000;
          add('photo_view', page.id, { index: i });
        }
      }
      if (rng.next() < 0.08) {
        t += rng.int(3, 20) * 1000;
        add('video_play', page.id);
        for (const p of [25, 50, 75].slice(0, rng.int(0, 3))) {
          t += rng.int(10, 40) * 1000;
          add('video_progress', page.id, { percent: p });
        }
      }
      if (!leadId && rng.next() < 0.09) {
        t += rng.int(5, 40) * 1000;
        add('whatsapp_click', page.id);
      }
      if (!leadId && rng.next() < 0.02) {
        t += rng.int(5, 40) * 1000;
        add('phone_click', page.id);
      }
      if (leadId || rng.next() < 0.05) {
        t += rng.int(10, 60) * 1000;
        add('form_start', page.id);
      }
      t += rng.int(10, 180) * 1000;
      add('engaged', page.id, { seconds: Math.round((t - start.getTime()) / 1000) });
      // Some look at a second listing ("Imóveis parecidos").
      if (!leadId && rng.next() < 0.12 && pages.length > 1) {
        const other = rng.pick(pages.filter((p) => p.id !== page.id));
        t += rng.int(20, 90) * 1000;
        add('pageview', other.id);
        t += rng.int(5, 60) * 1000;
        add('engaged', other.id, { seconds: rng.int(5, 60) });
      }
    }
    if (leadId) {
      t = Math.max(t + 20_000, leadAt!.getTime());
      add('lead_submitted', page.id, { lead_id: leadId });
      out.leadSessions.set(leadId, id);
    }
    out.sessions.push({
      id,
      realEstateId,
      visitorHash: visitor,
      pageId: page.id,
      startedAt: start,
      lastSeenAt: new Date(t),
      source: channel.source,
      utmSource: channel.utmSource,
      utmMedium: channel.utmMedium,
      utmCampaign: channel.utmCampaign,
      utmTerm: null,
      utmContent: channel.utmContent ?? null,
      gclid: !!channel.gclid,
      fbclid: !!channel.fbclid,
      referrer: channel.referrer,
      device,
      eventsCount: count,
      leadId: leadId ?? null,
    });
  };

  // Visits: more on weekends and evenings, none before a listing went live.
  const weighted = pages.flatMap((p) => Array.from({ length: Math.max(1, p.weight) }, () => p));
  for (let day = 0; day < DEMO_ANALYTICS_DAYS; day++) {
    const date = new Date(now.getTime() - day * DAY);
    const weekend = date.getUTCDay() % 6 === 0;
    const n = Math.round((weekend ? 62 : 44) * rng.range(0.8, 1.2));
    for (let k = 0; k < n; k++) {
      const page = rng.pick(weighted);
      if (day >= page.liveDays) continue;
      const base = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate());
      // 07:00–23:59 in São Paulo = 10:00–02:59 UTC
      const start = new Date(base + (10 + rng.range(0, 17)) * 60 * MIN);
      if (start.getTime() > now.getTime() - 10 * MIN) continue;
      const device = pickWeighted(DEVICES);
      visit(
        `${day}:${k}`,
        page,
        start,
        pickWeighted(CHANNELS.map((c) => [c.channel, c.weight]))(page),
        device,
        hash(`v:${day}:${k}:${rng.int(0, 1e9)}`),
      );
    }
  }

  // The leads' own visits (85%: the others had the tracker blocked).
  for (const l of input.leads) {
    if (l.isTest || l.quarantined || !l.pageId || rng.next() >= 0.85) continue;
    const page = pages.find((p) => p.id === l.pageId);
    if (!page) continue;
    const start = new Date(l.createdAt.getTime() - rng.int(2, 14) * MIN);
    const ua = String(l.userAgent ?? '');
    const device: AnalyticsDevice = /iPad|Tablet/.test(ua)
      ? 'tablet'
      : /Mobile|Android|iPhone/.test(ua)
        ? 'mobile'
        : 'desktop';
    visit(
      `lead:${l.id}`,
      page,
      start,
      channelOfLead(l),
      device,
      hash(`lead-visitor:${l.id}`),
      l.id,
      l.createdAt,
    );
  }
  return out;
}
