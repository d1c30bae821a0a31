/**
 * The script of /entrar and /registrar (render-auth.ts), inlined and pinned by its hash in the page's
 * CSP (built and minified by lib/browser-scripts.ts). It signs in or registers through the same API as
 * the console (CSRF cookie, then the form's data-api: POST /v1/login or /v1/register), shows the
 * server's errors next to their fields, stores the user where the console reads it, and opens the
 * console (data-next, or the page the console handed over). Without it, the form does nothing: the
 * page says JavaScript is needed.
 */
import {
  STORAGE_LOGIN_HANDOVER_KEY,
  STORAGE_SELECTED_REAL_ESTATE_KEY,
  STORAGE_USER_KEY,
  type LoginHandover,
} from '@vitrine/contracts/constants';

interface Answer {
  message?: string;
  errors?: Record<string, string[]>;
  user?: { real_estates?: { id: number | string }[] };
}

/** A path of this site ("/leads?status=novo"), never another origin ("//host", "/\\host", "https:…"). */
const SITE_PATH = /^\/(?![/\\])/;

/** What the console handed over (STORAGE_LOGIN_HANDOVER_KEY), read once; the next page a path of this site. */
function takeHandover(): LoginHandover {
  try {
    const raw = sessionStorage.getItem(STORAGE_LOGIN_HANDOVER_KEY);
    sessionStorage.removeItem(STORAGE_LOGIN_HANDOVER_KEY);
    const h = (raw ? JSON.parse(raw) : {}) as LoginHandover;
    return {
      next: typeof h.next === 'string' && SITE_PATH.test(h.next) ? h.next : undefined,
      expired: h.expired === true,
      email: typeof h.email === 'string' ? h.email : undefined,
    };
  } catch {
    return {};
  }
}

((d) => {
  const f = d.getElementById('auth') as HTMLFormElement | null;
  if (!f || !window.fetch) return;
  const form = f;
  const get = (k: string) => {
    try {
      return localStorage.getItem(k);
    } catch {
      return null;
    }
  };
  const set = (k: string, v: string | null) => {
    try {
      if (v === null) localStorage.removeItem(k);
      else localStorage.setItem(k, v);
    } catch {
      /* storage refused (private mode): the console asks again */
    }
  };
  const handover = takeHandover();
  if (handover.next) form.dataset.next = form.dataset.signedIn = handover.next;
  // Signed in: the user stored and the session's cookies still there (gone, the form is what is needed).
  if (form.dataset.signedIn && get(STORAGE_USER_KEY) && /(?:^|; )XSRF-TOKEN=/.test(d.cookie)) {
    location.replace(form.dataset.signedIn);
    return;
  }
  const box = d.getElementById('form-alert')!;
  if (handover.expired && form.dataset.expired) {
    const note = d.createElement('p');
    note.className = 'alert warning';
    note.setAttribute('role', 'status');
    note.textContent = form.dataset.expired;
    form.insertBefore(note, box);
  }
  const email = form.elements.namedItem('email') as HTMLInputElement | null;
  if (handover.email && email && !email.value) email.value = handover.email;
  const button = form.querySelector<HTMLButtonElement>('button[type=submit]')!;
  const label = button.textContent;
  const say = (text: string) => {
    box.textContent = text;
    box.hidden = false;
  };
  const clear = () => {
    box.hidden = true;
    form.querySelectorAll('.err').forEach((p) => p.remove());
    form.querySelectorAll<HTMLElement>('[aria-invalid]').forEach((i) => {
      i.removeAttribute('aria-invalid');
      if (i.dataset.hint) i.setAttribute('aria-describedby', i.dataset.hint);
      else i.removeAttribute('aria-describedby');
    });
  };
  const show = (answer: Answer) => {
    const errors = answer.errors || {};
    let first: HTMLInputElement | null = null;
    Object.keys(errors).forEach((name) => {
      const input = form.elements.namedItem(name) as HTMLInputElement | null;
      const text = errors[name] && errors[name][0];
      if (!input || !text) return;
      const p = d.createElement('p');
      p.className = 'err';
      p.id = name + '-err';
      p.textContent = text;
      input.setAttribute('aria-invalid', 'true');
      input.setAttribute('aria-describedby', p.id + (input.dataset.hint ? ' ' + input.dataset.hint : ''));
      input.parentNode!.appendChild(p);
      first = first || input;
    });
    if (first) (first as HTMLInputElement).focus();
    else say(answer.message || 'Não foi possível continuar. Tente novamente.');
  };
  const remember = (user: NonNullable<Answer['user']>) => {
    set(STORAGE_USER_KEY, JSON.stringify(user));
    const ids = (user.real_estates || []).map((r) => String(r.id));
    const kept = form.dataset.keepSelection ? get(STORAGE_SELECTED_REAL_ESTATE_KEY) : null;
    set(
      STORAGE_SELECTED_REAL_ESTATE_KEY,
      kept && ids.indexOf(kept) >= 0 ? kept : ids.length ? ids[0]! : null,
    );
  };
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    clear();
    const body: Record<string, FormDataEntryValue> = {};
    new FormData(form).forEach((v, k) => {
      body[k] = v;
    });
    button.disabled = true;
    button.textContent = form.dataset.busy!;
    fetch('/sanctum/csrf-cookie', { credentials: 'same-origin' })
      .then(() => {
        const m = /(?:^|; )XSRF-TOKEN=([^;]*)/.exec(d.cookie);
        return fetch(form.dataset.api!, {
          method: 'POST',
          credentials: 'same-origin',
          headers: {
            'Content-Type': 'application/json',
            Accept: 'application/json',
            'X-XSRF-TOKEN': m ? decodeURIComponent(m[1]!) : '',
          },
          body: JSON.stringify(body),
        });
      })
      .then((r) =>
        r
          .json()
          .catch(() => ({}))
          .then((j: Answer) => [r.status, j] as const),
      )
      .then(([status, answer]) => {
        if (status < 300 && answer.user) {
          remember(answer.user);
          location.replace(form.dataset.next!);
          return;
        }
        button.disabled = false;
        button.textContent = label;
        // A success without the user: the API broke its contract (the message says so, as the console's does;
        // docs/product.md#session).
        if (status < 300) say(form.dataset.noUser!);
        else show(answer);
      })
      .catch(() => {
        button.disabled = false;
        button.textContent = label;
        say('Não foi possível conectar. Verifique a sua internet e tente novamente.');
      });
  });
})(document);
