/**
 * What a beacon says about a visit, without keeping the raw request: device class from the user
 * agent, the referrer's host, the campaign from the page URL, and one `source` name per session.
 */
import { ANALYTICS_DIRECT_SOURCE, stripControlChars, type AnalyticsDevice } from '@vitrine/contracts';

/** Device class from the user agent (the agent itself is never stored). */
export function deviceOf(userAgent: string): AnalyticsDevice {
  if (/iPad|Tablet|PlayBook|Silk|Kindle|(Android(?!.*Mobile))/i.test(userAgent)) return 'tablet';
  if (/Mobi|iPhone|iPod|Android|Windows Phone|Opera Mini|IEMobile/i.test(userAgent)) return 'mobile';
  return 'desktop';
}

/** The referrer's host (lower case, no "www."), or null when absent, unparsable or one of our own hosts. */
export function referrerHost(referrer: string | undefined, ownHosts: readonly string[]): string | null {
  if (!referrer) return null;
  let host: string;
  try {
    const u = new URL(referrer);
    if (u.protocol !== 'http:' && u.protocol !== 'https:' && u.protocol !== 'android-app:') return null;
    host = u.hostname.toLowerCase();
  } catch {
    return null;
  }
  if (!host || ownHosts.includes(host)) return null;
  return host.replace(/^www\./, '').slice(0, 200);
}

export interface Campaign {
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
  utmTerm: string | null;
  utmContent: string | null;
  gclid: boolean;
  fbclid: boolean;
}

const NO_CAMPAIGN: Campaign = {
  utmSource: null,
  utmMedium: null,
  utmCampaign: null,
  utmTerm: null,
  utmContent: null,
  gclid: false,
  fbclid: false,
};

/** UTM tags and click ids from the page URL (only whether a click id was there: the id itself is not kept). */
export function campaignOf(url: string | undefined): Campaign {
  if (!url) return NO_CAMPAIGN;
  let q: URLSearchParams;
  try {
    q = new URL(url).searchParams;
  } catch {
    return NO_CAMPAIGN;
  }
  const tag = (k: string) =>
    stripControlChars(q.get(k) ?? '')
      .trim()
      .slice(0, 200) || null;
  return {
    utmSource: tag('utm_source')?.toLowerCase() ?? null,
    utmMedium: tag('utm_medium')?.toLowerCase() ?? null,
    utmCampaign: tag('utm_campaign'),
    utmTerm: tag('utm_term'),
    utmContent: tag('utm_content'),
    gclid: q.has('gclid'),
    fbclid: q.has('fbclid'),
  };
}

/** Known referrers by host suffix → source name (ANALYTICS_SOURCE_LABELS has their labels). */
const KNOWN_REFERRERS: [RegExp, string][] = [
  [/(^|\.)google\.[a-z.]+$/, 'google'],
  [/(^|\.)bing\.com$/, 'bing'],
  [/(^|\.)(facebook\.com|fb\.com|fb\.me)$/, 'facebook'],
  [/(^|\.)instagram\.com$/, 'instagram'],
  [/(^|\.)(whatsapp\.com|wa\.me)$/, 'whatsapp'],
  [/(^|\.)(youtube\.com|youtu\.be)$/, 'youtube'],
  [/(^|\.)tiktok\.com$/, 'tiktok'],
  [/(^|\.)(linkedin\.com|lnkd\.in)$/, 'linkedin'],
  [/(^|\.)(x\.com|twitter\.com|t\.co)$/, 'x'],
  [/(^|\.)olx\.com\.br$/, 'olx'],
  [/(^|\.)zapimoveis\.com\.br$/, 'zap'],
  [/(^|\.)vivareal\.com\.br$/, 'vivareal'],
];
/** utm_source spellings that mean the same network. */
const SOURCE_ALIASES: Record<string, string> = {
  fb: 'facebook',
  ig: 'instagram',
  meta: 'facebook',
  wpp: 'whatsapp',
  zapimoveis: 'zap',
  adwords: 'google',
  'google-ads': 'google',
  googleads: 'google',
};

/** The session's source: utm_source, else the click id's network, else the referrer, else direct. */
export function sourceOf(campaign: Campaign, refHost: string | null): string {
  if (campaign.utmSource) return (SOURCE_ALIASES[campaign.utmSource] ?? campaign.utmSource).slice(0, 100);
  if (campaign.gclid) return 'google';
  if (campaign.fbclid) return 'facebook';
  if (refHost) {
    if (/^(mail\.google\.com|outlook\.live\.com|mail\.yahoo\.com)$/.test(refHost)) return 'email';
    for (const [re, name] of KNOWN_REFERRERS) if (re.test(refHost)) return name;
    return refHost.slice(0, 100);
  }
  return ANALYTICS_DIRECT_SOURCE;
}
