/**
 * Video facades: a poster and a play button; on click, an uploaded video becomes a <video> that plays
 * from storage (its poster shown while it buffers) and a link becomes the YouTube (nocookie) or Vimeo
 * player, so a page with videos loads no video, player or poster up front: the posters (data-poster)
 * become lazy <img>s after the load event. Inlined only on pages that have a video (built and minified
 * by lib/browser-scripts.ts; the page's CSP allows exactly its hash).
 */
((d, w) => {
  const posters = () => {
    d.querySelectorAll<HTMLElement>('.vf[data-poster]').forEach((b) => {
      const i = new Image();
      i.alt = '';
      i.loading = 'lazy';
      i.decoding = 'async';
      i.width = 640;
      i.height = 360;
      i.src = b.getAttribute('data-poster')!;
      b.insertBefore(i, b.firstChild);
    });
  };
  if (d.readyState == 'complete') posters();
  else w.addEventListener('load', posters);

  d.addEventListener('click', (e) => {
    const target = e.target as Element;
    const b = target.closest && target.closest<HTMLElement>('.vf');
    if (!b) return;
    const s = b.getAttribute('data-src');
    // A facade always has its label; the player takes it.
    const l = b.getAttribute('aria-label')!;
    let f: HTMLVideoElement | HTMLIFrameElement;
    if (s) {
      const v = d.createElement('video');
      v.controls = v.autoplay = v.playsInline = true;
      const i = b.querySelector('img');
      if (i) v.poster = i.currentSrc || i.src;
      const o = d.createElement('source');
      o.src = s;
      if (b.getAttribute('data-type')) o.type = b.getAttribute('data-type')!;
      v.appendChild(o);
      v.setAttribute('aria-label', l);
      f = v;
    } else {
      const p = d.createElement('iframe');
      p.src = b.getAttribute('data-embed')!;
      p.title = l;
      p.allow = 'autoplay; encrypted-media; picture-in-picture; fullscreen';
      p.allowFullscreen = true;
      f = p;
    }
    f.className = 'vfi';
    b.replaceWith(f);
    f.focus();
  });
})(document, window);
