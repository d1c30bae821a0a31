/**
 * The marketing tags' loader (Meta Pixel, GA4, GTM; marketing-tags.ts), inlined only on the pages of an
 * agency that set them, with the ids in its data attributes (data-fb, data-ga, data-gtm) so its hash,
 * pinned in the CSP, never changes. It loads the vendors' scripts on the visitor's first interaction
 * (pointer, key, touch, scroll) or TAGS_DELAY_MS after the load event, whichever comes first, and fires
 * their lead events when the page's form sends a lead ("vitrine:lead"; Meta's with the event id the
 * server's Conversions API event shares).
 */
/** After the load event, the tags load even without an interaction. */
const TAGS_DELAY_MS = 3500;

/** Meta's fbq stub: calls are queued until fbevents.js takes over. */
interface Fbq {
  (...args: unknown[]): void;
  callMethod?: (...args: unknown[]) => void;
  queue: unknown[];
  push: Fbq;
  loaded: boolean;
  version: string;
}
type TagsWindow = Window & {
  fbq?: Fbq;
  _fbq?: Fbq;
  gtag?: (...args: unknown[]) => void;
  dataLayer?: unknown[];
};

((d, w) => {
  const s = d.currentScript!;
  const fb = s.getAttribute('data-fb');
  const ga = s.getAttribute('data-ga');
  const gtm = s.getAttribute('data-gtm');
  let done = false;
  const add = (u: string) => {
    const e = d.createElement('script');
    e.async = true;
    e.src = u;
    d.head.appendChild(e);
  };
  const go = () => {
    if (done) return;
    done = true;
    if (fb) {
      // The vendors' snippets queue the Arguments objects themselves: kept as they write them.
      const n = (w.fbq = function () {
        // eslint-disable-next-line prefer-spread, prefer-rest-params
        if (n.callMethod) n.callMethod.apply(n, arguments as unknown as unknown[]);
        // eslint-disable-next-line prefer-rest-params
        else n.queue.push(arguments);
      } as Fbq);
      w._fbq = w._fbq || n;
      n.push = n;
      n.loaded = true;
      n.version = '2.0';
      n.queue = [];
      n('init', fb);
      n('track', 'PageView');
      add('https://connect.facebook.net/en_US/fbevents.js');
    }
    if (ga || gtm) w.dataLayer = w.dataLayer || [];
    if (ga) {
      w.gtag = function () {
        // eslint-disable-next-line prefer-rest-params
        w.dataLayer!.push(arguments);
      };
      w.gtag('js', new Date());
      w.gtag('config', ga);
      add('https://www.googletagmanager.com/gtag/js?id=' + ga);
    }
    if (gtm) {
      w.dataLayer!.push({ 'gtm.start': new Date().getTime(), event: 'gtm.js' });
      add('https://www.googletagmanager.com/gtm.js?id=' + gtm);
    }
  };
  ['pointerdown', 'keydown', 'touchstart', 'scroll'].forEach((t) =>
    w.addEventListener(t, go, { once: true, passive: true }),
  );
  w.addEventListener('load', () => {
    setTimeout(go, TAGS_DELAY_MS);
  });
  d.addEventListener('vitrine:lead', (e) => {
    go();
    // The form's submission key: the server's Conversions API event has the same id (deduplication).
    const id = (e as CustomEvent<{ eventId?: string } | null>).detail?.eventId;
    if (w.fbq) w.fbq('track', 'Lead', {}, id ? { eventID: id } : {});
    if (w.gtag) w.gtag('event', 'generate_lead');
    if (gtm) w.dataLayer!.push({ event: 'generate_lead' });
  });
})(document, window as TagsWindow);
