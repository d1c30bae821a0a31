/**
 * The landing pages' analytics tracker (browser code; built and minified by browser-scripts.ts, served
 * from our origin as /p/<hash>.js, inserted by the page's inline script after `load`). First party,
 * no cookie, no storage, no third-party
 * request: events are queued and posted in small batches to /v1/public/events as text/plain (no CORS
 * preflight) with fetch keepalive, and with sendBeacon when the page is being left. The session id the
 * server answers is kept in memory only, sent back with the next batches and written into the lead
 * form's hidden `session_id`, so the lead and its session point at each other.
 *
 * Events: pageview; scroll (25/50/75/100 %); engaged (visible seconds, on hide); photo_view (a gallery
 * photo scrolled into view, or a [data-photo] clicked); video_play / video_progress (25/50/75/100 %)
 * for <video> and [data-video] facades; whatsapp_click; phone_click; form_start. lead_submitted is
 * recorded by the server when it stores the lead (in the same transaction), so it is never lost.
 * Must stay ≤ 1.2 KB gzip (tracker.test.ts).
 */
type Props = Record<string, string | number>;
interface Queued {
  name: string;
  t: number;
  props?: Props;
}

((d, w, n) => {
  const me = d.currentScript as HTMLScriptElement | null;
  const page = Number(me && me.dataset.p);
  if (!page || n.webdriver) return;
  const url = '/v1/public/events';
  const now = Date.now;
  const on = (target: EventTarget, type: string, fn: (e: Event) => void, capture?: boolean) =>
    target.addEventListener(type, fn, capture);
  const form = d.getElementById('lead') as HTMLFormElement | null;
  let queue: Queued[] = [];
  let timer = 0;
  let sid = '';
  let depth = 0;
  let visibleSince = d.hidden ? 0 : now();
  let engaged = 0;

  const body = () => {
    const t = now();
    const b = JSON.stringify({
      page_id: page,
      url: location.href,
      referrer: d.referrer,
      session_id: sid || undefined,
      events: queue.map((e) => ({ name: e.name, ago: t - e.t, props: e.props })),
    });
    queue = [];
    return b;
  };

  const flush = (leaving?: boolean) => {
    clearTimeout(timer);
    timer = 0;
    if (!queue.length) return;
    if (leaving && n.sendBeacon) return n.sendBeacon(url, body());
    fetch(url, { method: 'POST', body: body(), keepalive: true })
      .then((r) => r.json() as Promise<{ session_id?: string }>)
      .then((j) => {
        sid = j.session_id || sid;
        const field = form && (form.elements.namedItem('session_id') as HTMLInputElement | null);
        if (field && sid) field.value = sid;
      })
      .catch(() => 0);
  };

  const track = (name: string, props?: Props) => {
    queue.push({ name, t: now(), props });
    if (!timer) timer = w.setTimeout(flush, 2000);
  };
  /** Tracks and sends at once (the visitor may be leaving for WhatsApp or the phone). */
  const send = (name: string) => {
    track(name);
    flush();
  };

  /** Visible time since the last report, as an `engaged` event. */
  const report = () => {
    if (visibleSince) engaged += now() - visibleSince;
    visibleSince = 0;
    if (engaged >= 1000) track('engaged', { seconds: Math.round(engaged / 1000) });
    engaged = 0;
  };

  send('pageview');

  on(d, 'visibilitychange', () => {
    if (d.hidden) {
      report();
      flush();
    } else visibleSince = now();
  });
  on(w, 'pagehide', () => {
    report();
    flush(true);
  });

  on(w, 'scroll', () => {
    const reached = Math.floor(((w.scrollY + w.innerHeight) / d.documentElement.scrollHeight) * 4) * 25;
    if (reached > depth) track('scroll', { depth: (depth = Math.min(reached, 100)) });
  });

  on(
    d,
    'click',
    (e) => {
      const el = e.target as Element;
      const a = el.closest && el.closest('a,[data-photo],[data-video]');
      if (!a) return;
      const href = a.getAttribute('href') || '';
      if (/wa\.me|whatsapp\.com/.test(href)) send('whatsapp_click');
      else if (!href.indexOf('tel:')) send('phone_click');
      else if (a.hasAttribute('data-video')) track('video_play');
      else if (a.hasAttribute('data-photo'))
        track('photo_view', { index: Number(a.getAttribute('data-photo')) || 0 });
    },
    true,
  );

  let started = 0;
  if (form) on(form, 'focusin', () => started++ || send('form_start'));

  // <video>: play, and each quarter watched once.
  const seen: Record<string, number> = {};
  on(d, 'play', (e) => e.target instanceof HTMLVideoElement && track('video_play'), true);
  on(
    d,
    'timeupdate',
    (e) => {
      const v = e.target as HTMLVideoElement;
      const q = Math.floor((v.currentTime / v.duration) * 4) * 25;
      if (q > (seen[v.currentSrc] || 0)) track('video_progress', { percent: (seen[v.currentSrc] = q) });
    },
    true,
  );

  // Gallery photos the visitor scrolls into view (the ones visible at load do not count). Each one
  // carries its number as the visitor and the console see it (data-n: the cover is photo 1, the
  // gallery's first is photo 2, as its alt text "foto 2" and the photo manager's "Foto 2 de M").
  const gallery = d.querySelectorAll('.gal img');
  let first = 1;
  const io =
    w.IntersectionObserver &&
    new IntersectionObserver(
      (entries) => {
        entries.forEach((x) => {
          if (x.isIntersecting && !first) {
            io.unobserve(x.target);
            track('photo_view', { index: Number((x.target as HTMLElement).dataset.n) || 0 });
          }
        });
        first = 0;
      },
      { threshold: 0.6 },
    );
  if (io) gallery.forEach((img) => io.observe(img));
})(document, window, navigator);
