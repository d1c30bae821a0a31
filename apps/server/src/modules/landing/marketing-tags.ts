/**
 * Marketing tags of the agency's preferences (Meta Pixel, GA4, GTM) on its landing pages, only when set.
 *
 * Kept off the critical path so a page keeps its Lighthouse 100: one small inline loader (hash-pinned
 * in the CSP, ids passed in data attributes so its hash never changes) loads the vendors' scripts on the
 * visitor's first interaction (pointer, key, touch, scroll) or TAGS_DELAY_MS after the load event,
 * whichever comes first. A lead sent by the page's form fires the vendors' lead events ("vitrine:lead").
 * The CSP gains each vendor's hosts only when its id is set; a page without tags keeps LANDING_CSP.
 */
import { createHash } from 'node:crypto';
import { cspOf, withStorageOrigins } from './landing-assets.ts';

export interface MarketingTags {
  metaPixelId: string;
  ga4MeasurementId: string;
  gtmContainerId: string;
}

export const TAGS_DELAY_MS = 3500;

export const TAGS_LOADER = `(function(){var d=document,w=window,s=d.currentScript,fb=s.getAttribute('data-fb'),ga=s.getAttribute('data-ga'),gtm=s.getAttribute('data-gtm'),done=0;function add(u){var e=d.createElement('script');e.async=true;e.src=u;d.head.appendChild(e)}function go(){if(done)return;done=1;if(fb){var n=w.fbq=function(){n.callMethod?n.callMethod.apply(n,arguments):n.queue.push(arguments)};w._fbq=w._fbq||n;n.push=n;n.loaded=true;n.version='2.0';n.queue=[];n('init',fb);n('track','PageView');add('https://connect.facebook.net/en_US/fbevents.js')}if(ga||gtm)w.dataLayer=w.dataLayer||[];if(ga){w.gtag=function(){w.dataLayer.push(arguments)};w.gtag('js',new Date());w.gtag('config',ga);add('https://www.googletagmanager.com/gtag/js?id='+ga)}if(gtm){w.dataLayer.push({'gtm.start':new Date().getTime(),event:'gtm.js'});add('https://www.googletagmanager.com/gtm.js?id='+gtm)}}['pointerdown','keydown','touchstart','scroll'].forEach(function(t){w.addEventListener(t,go,{once:true,passive:true})});w.addEventListener('load',function(){setTimeout(go,${TAGS_DELAY_MS})});d.addEventListener('vitrine:lead',function(){go();if(w.fbq)w.fbq('track','Lead');if(w.gtag)w.gtag('event','generate_lead');if(gtm)w.dataLayer.push({event:'generate_lead'})})})();`;

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
