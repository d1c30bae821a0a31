/**
 * Marketing tags of the agency's preferences (Meta Pixel, GA4, GTM) on its landing pages, only when set.
 *
 * Kept off the critical path so a page keeps its Lighthouse 100: one small inline loader (hash-pinned
 * in the CSP, browser/tags-loader.ts; ids passed in data attributes so its hash never changes) loads the vendors' scripts on the
 * visitor's first interaction (pointer, key, touch, scroll) or a few seconds after the load event,
 * whichever comes first. A lead sent by the page's form fires the vendors' lead events ("vitrine:lead").
 * The CSP gains each vendor's hosts only when its id is set; a page without tags keeps LANDING_CSP.
 */
import { createHash } from 'node:crypto';
import { browserScript } from '../../lib/browser-scripts.ts';
import { cspOf, withStorageOrigins } from './landing-assets.ts';

export interface MarketingTags {
  metaPixelId: string;
  ga4MeasurementId: string;
  gtmContainerId: string;
}

/** browser/tags-loader.ts, minified. */
export const TAGS_LOADER = await browserScript('tags-loader');

export const TAGS_LOADER_HASH = `sha256-${createHash('sha256').update(TAGS_LOADER).digest('base64')}`;

export const hasTags = (t: MarketingTags | null | undefined): t is MarketingTags =>
  !!t && !!(t.metaPixelId || t.ga4MeasurementId || t.gtmContainerId);

/** The landing page's CSP: LANDING_CSP, plus the loader and each set vendor's hosts. */
export function landingCspFor(
  tags: MarketingTags | null | undefined,
  storage: readonly string[] = [],
): string {
  const base = withStorageOrigins(storage);
  if (!hasTags(tags)) return cspOf(base);
  const scripts = [...base['script-src']!, `'${TAGS_LOADER_HASH}'`];
  const connect = [...base['connect-src']!];
  if (tags.metaPixelId) {
    scripts.push('https://connect.facebook.net');
    connect.push('https://www.facebook.com', 'https://connect.facebook.net');
  }
  if (tags.ga4MeasurementId || tags.gtmContainerId) {
    scripts.push('https://www.googletagmanager.com');
    connect.push(
      'https://*.google-analytics.com',
      'https://*.analytics.google.com',
      'https://*.googletagmanager.com',
    );
  }
  return cspOf({ ...base, 'script-src': scripts, 'connect-src': connect });
}
