/**
 * The landing page's own script, inlined in every page (built and minified by browser-scripts.ts; the
 * page's CSP allows exactly its hash). It loads the analytics tracker after the page, and enhances
 * the lead form, which works without it: the campaign's UTM / gclid / fbclid, Meta's `_fbp` cookie and
 * the referrer go into
 * the hidden fields, and the form is sent with fetch, showing the server's errors next to their fields (or the thank-you box) without a
 * reload. If the request fails, the form is posted the classic way, with the same submission key.
 */
interface Answer {
  message?: string;
  errors?: Record<string, string[]>;
}

((d, w) => {
  // The analytics tracker (body data-t = its URL, data-p = the page), inserted once the page has
  // loaded: its download and first beacon never compete with the cover photo (LCP).
  const page = d.body.dataset;
  if (page.t)
    w.addEventListener('load', () => {
      const s = d.createElement('script');
      s.src = page.t!;
      s.dataset.p = page.p;
      d.body.appendChild(s);
    });

  const f = d.getElementById('lead') as HTMLFormElement | null;
  if (!f) return;
  const field = (name: string) => f.elements.namedItem(name) as HTMLInputElement | null;

  // The address's campaign and click ids, and Meta's browser id: the `_fbp` cookie of the page's Pixel.
  const q = new URLSearchParams(location.search + '&' + d.cookie.split('; ').join('&'));
  'utm_source utm_medium utm_campaign utm_term utm_content gclid fbclid _fbp'.split(' ').forEach((n) => {
    const input = field(n);
    const value = q.get(n);
    if (input && !input.value && value) input.value = value;
  });
  const referrer = field('referrer');
  if (referrer && !referrer.value) referrer.value = d.referrer;
  // One submission key per page view, sent with the form and with its classic resend below: a form
  // whose answer was lost (a server died after storing it) finds its lead instead of a second one. The
  // page view's milliseconds in hex (11 digits until 2527) come first, so new keys land at one moving
  // point of the agency's keys in the index, as the lead's own id does (decision 025); 128 random bits follow.
  const sid = field('_sid');
  // (Every browser with window.crypto has getRandomValues.)
  if (sid && !sid.value && w.crypto)
    sid.value =
      Date.now().toString(16) +
      Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => (b + 256).toString(16).slice(1)).join('');

  f.addEventListener('submit', (e) => {
    if (!window.fetch) return;
    e.preventDefault();
    const button = f.querySelector('button')!;
    button.disabled = true;
    const body: Record<string, unknown> = {};
    new FormData(f).forEach((v, n) => {
      body[n] = v;
    });
    body.consent = !!field('consent')?.checked;
    fetch(f.action, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(body),
    })
      .then((r) => (r.json() as Promise<Answer>).then((j): [number, Answer] => [r.status, j]))
      .then(([status, answer]) => {
        button.disabled = false;
        f.querySelectorAll('.err').forEach((x) => x.remove());
        f.querySelectorAll('[aria-invalid]').forEach((x) => x.removeAttribute('aria-invalid'));
        if (status < 300) {
          // The marketing tags' loader (Meta Pixel / GA4 / GTM, when set) reports the conversion, with
          // the submission key as Meta's event id: the server's Conversions API event carries the same
          // one, so Meta counts the pair once (docs/decisions/023-ad-conversions.md).
          d.dispatchEvent(new CustomEvent('vitrine:lead', { detail: { eventId: sid ? sid.value : '' } }));
          const ok = d.getElementById('ok')!;
          ok.hidden = false;
          f.hidden = true;
          ok.focus();
          return;
        }
        const errors = answer.errors || {};
        let first: HTMLInputElement | undefined;
        Object.keys(errors).forEach((n) => {
          const input = field(n);
          if (!input) return;
          input.setAttribute('aria-invalid', 'true');
          const p = d.createElement('p');
          p.className = 'err';
          p.id = n + '-err';
          p.textContent = errors[n]![0]!;
          input.setAttribute('aria-describedby', p.id);
          // The consent checkbox sits inside its label: the message goes after the label.
          (n === 'consent' ? (input.parentNode as Element) : input).insertAdjacentElement('afterend', p);
          first = first || input;
        });
        if (first) first.focus();
        else alert(answer.message || 'Não foi possível enviar.');
      })
      .catch(() => {
        button.disabled = false;
        f.submit();
      });
  });
})(document, window);
