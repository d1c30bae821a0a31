/**
 * The public site's document: one inline stylesheet (no render-blocking request), the head every page
 * needs for search engines and link previews (title, description, canonical, Open Graph), the header and
 * the footer. No console bundle: these pages paint from the first response.
 */
import { createHash } from 'node:crypto';
import { html, raw, type SafeHtml } from '../../lib/html.ts';

export const SITE_NAME = 'Vitrine Imóveis';

export const SITE_CSS = `
*,*::before,*::after{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;font:16px/1.6 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;color:#18181b;background:#fff}
a{color:#0f766e}
img{max-width:100%;height:auto}
.wrap{max-width:1120px;margin:0 auto;padding:0 16px}
.skip{position:absolute;left:-10000px}.skip:focus{left:16px;top:8px;background:#fff;padding:8px;z-index:9}
header.top{border-bottom:1px solid #e4e4e7;background:#fff}
header.top .wrap{display:flex;align-items:center;justify-content:space-between;gap:8px;min-height:64px}
.brand{display:flex;align-items:center;gap:8px;font-weight:700;color:#18181b;text-decoration:none;font-size:17px}
.brand svg{width:32px;height:32px;flex:none}.brand span{white-space:nowrap}
nav.site{display:flex;align-items:center;gap:4px}
nav.site a{white-space:nowrap;padding:10px 12px;border-radius:8px;text-decoration:none;color:#3f3f46;font-weight:500;font-size:15px}
nav.site a:hover{background:#f4f4f5}
nav.site a.cta{background:#0f766e;color:#fff}
nav.site a.cta:hover{background:#115e59}
@media(max-width:640px){nav.site .wide{display:none}nav.site a{padding:10px 8px}}@media(max-width:400px){.brand{font-size:15px;gap:6px}.brand svg{width:28px;height:28px}nav.site a{font-size:14px}}
.btn{display:inline-flex;align-items:center;justify-content:center;gap:8px;min-height:48px;padding:0 22px;border-radius:10px;font:inherit;font-weight:600;text-decoration:none;border:1px solid transparent;cursor:pointer}
.btn-p{background:#0f766e;color:#fff}.btn-p:hover{background:#115e59}
.btn-o{background:#fff;color:#18181b;border-color:#d4d4d8}.btn-o:hover{background:#f4f4f5}
.btn:focus-visible,a:focus-visible,input:focus-visible{outline:3px solid #5eead4;outline-offset:2px}
.hero{background:linear-gradient(#f0fdfa,#fff)}
.hero .wrap{padding-top:48px;padding-bottom:32px}.hero-grid{display:grid;gap:40px;align-items:center}.hero .hero-shot{display:none}@media(min-width:1000px){.hero-grid{grid-template-columns:1.05fr .95fr}.hero .hero-shot{display:block}}
.eyebrow{display:inline-block;border:1px solid #d4d4d8;background:#fff;border-radius:999px;padding:2px 12px;font-size:13px;color:#52525b;margin:0 0 16px}
h1{font-size:34px;line-height:1.15;letter-spacing:-.02em;margin:0 0 16px}
@media(min-width:768px){h1{font-size:46px}}
.lead{font-size:18px;color:#52525b;max-width:640px;margin:0 0 28px}
.actions{display:flex;flex-wrap:wrap;gap:12px}
.muted{color:#52525b}
section.band{padding:48px 0;content-visibility:auto;contain-intrinsic-size:auto 640px}
section.band.alt{background:#fafafa;border-top:1px solid #e4e4e7;border-bottom:1px solid #e4e4e7}
h2{font-size:26px;line-height:1.25;letter-spacing:-.01em;margin:0 0 12px}
h3{font-size:18px;margin:0 0 6px}
.cards{display:grid;gap:16px;list-style:none;padding:0;margin:24px 0 0}
@media(min-width:700px){.cards{grid-template-columns:repeat(2,1fr)}}
@media(min-width:1000px){.cards.three{grid-template-columns:repeat(3,1fr)}}
.card{border:1px solid #e4e4e7;border-radius:14px;padding:20px;background:#fff}
.card p{margin:0;color:#52525b;font-size:15px}
.shot{margin:0}
.shot img,img.shot{display:block;width:100%;border:1px solid #e4e4e7;border-radius:12px;box-shadow:0 10px 30px rgba(0,0,0,.08);background:#f4f4f5}
.shot figcaption{font-size:14px;color:#52525b;margin-top:10px}
.split{display:grid;gap:32px;align-items:center}
@media(min-width:900px){.split{grid-template-columns:1fr 1fr}.split.flip>:first-child{order:2}}
.phone{max-width:260px;margin:0 auto}
.checks{list-style:none;padding:0;margin:16px 0 0}
.checks li{padding-left:28px;position:relative;margin:8px 0}
.checks li::before{content:"";position:absolute;left:4px;top:7px;width:12px;height:7px;border-left:3px solid #0f766e;border-bottom:3px solid #0f766e;transform:rotate(-45deg)}
.final{background:#0f766e;color:#fff;border-radius:18px;padding:32px 24px;margin:48px 0}
.final p{color:#ccfbf1}
.final .btn-o{border-color:#fff}
footer.foot{border-top:1px solid #e4e4e7;background:#fafafa;font-size:14px;color:#52525b}
footer.foot .wrap{display:flex;flex-wrap:wrap;justify-content:space-between;gap:12px;padding-top:24px;padding-bottom:24px}
footer.foot nav{display:flex;flex-wrap:wrap;gap:4px 16px}
footer.foot a{color:#3f3f46;padding:8px 0;display:inline-block}
.post-list{list-style:none;padding:0;margin:24px 0 0;display:grid;gap:20px}
.post-item{border:1px solid #e4e4e7;border-radius:14px;padding:20px}
.post-item h2{font-size:21px;margin:0 0 6px}
.post-item h2 a{color:#18181b;text-decoration:none}
.post-item h2 a:hover{text-decoration:underline}
.meta{font-size:14px;color:#52525b;margin:0 0 8px}
.pager{display:flex;justify-content:space-between;gap:12px;margin:32px 0}
article.post{max-width:720px;margin:0 auto;padding:40px 16px 24px}
article.post h1{font-size:32px}
@media(min-width:768px){article.post h1{font-size:40px}}
article.post .cover{display:block;width:100%;aspect-ratio:16/10;object-fit:cover;object-position:top left;border-radius:12px;border:1px solid #e4e4e7;margin:24px 0}
.prose{font-size:17px;line-height:1.75}
.prose h2{font-size:24px;margin:36px 0 12px}
.prose h3{font-size:19px;margin:28px 0 8px}
.prose p,.prose ul,.prose ol{margin:0 0 18px}
.prose li{margin:6px 0}
.prose code{background:#f4f4f5;border-radius:4px;padding:1px 5px;font-size:.9em}
.prose blockquote{border-left:4px solid #99f6e4;margin:0 0 18px;padding:4px 16px;color:#3f3f46}
.crumbs{font-size:14px;margin:0 0 16px}
.auth{min-height:calc(100dvh - 65px);display:flex;align-items:flex-start;justify-content:center;background:#fafafa;padding:40px 16px}
.panel{width:100%;max-width:420px;background:#fff;border:1px solid #e4e4e7;border-radius:16px;padding:28px 24px;box-shadow:0 1px 2px rgba(0,0,0,.04)}
.panel h1{font-size:26px;margin:0 0 4px}
.panel .muted{margin:0 0 20px}
.field{margin:0 0 16px}
.field label{display:block;font-size:14px;font-weight:600;margin:0 0 6px}
.field input{width:100%;font:inherit;min-height:44px;padding:8px 12px;border:1px solid #d4d4d8;border-radius:8px;background:#fff}
.field input[aria-invalid=true]{border-color:#b91c1c}
.hint{font-size:13px;color:#52525b;margin:6px 0 0}
.err{font-size:13px;color:#b91c1c;margin:6px 0 0}
.alert{border-radius:10px;padding:10px 14px;margin:0 0 16px;font-size:14px}
.alert.danger{background:#fef2f2;border:1px solid #fecaca;color:#991b1b}
.alert.warning{background:#fffbeb;border:1px solid #fde68a;color:#92400e}
.forgot{display:block;text-align:right;font-size:14px;margin:-8px 0 16px}
.panel .btn{width:100%}
.swap{text-align:center;font-size:14px;margin:20px 0 0}
footer.foot .wrap{padding-bottom:88px}
.help{position:fixed;right:16px;bottom:16px;z-index:40}
.help>summary{list-style:none;display:flex;align-items:center;justify-content:center;width:48px;height:48px;border-radius:999px;background:#0f766e;color:#fff;cursor:pointer;box-shadow:0 6px 20px rgba(0,0,0,.18)}
.help>summary::-webkit-details-marker{display:none}
.help>summary:hover{background:#115e59}.help>summary:focus-visible{outline:3px solid #5eead4;outline-offset:2px}
.help>summary svg{width:24px;height:24px}
.help[open]>summary{background:#115e59}
.help-panel{position:absolute;right:0;bottom:60px;width:min(20rem,calc(100vw - 32px));background:#fff;border:1px solid #e4e4e7;border-radius:12px;padding:16px;box-shadow:0 12px 32px rgba(0,0,0,.16)}
.help-panel .help-t{font-size:16px;font-weight:600;color:#18181b;margin:0}
.help-panel p{font-size:14px;color:#52525b;margin:4px 0 12px}
.help-panel a{display:flex;align-items:center;gap:12px;border:1px solid #e4e4e7;border-radius:10px;padding:10px 12px;margin-top:8px;color:#18181b;text-decoration:none;font-weight:600;font-size:14px;min-width:0}
.help-panel a:hover{background:#f4f4f5}
.help-panel a span{display:block;font-weight:400;font-size:12px;color:#52525b;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.help-panel a>div{min-width:0}
.help-panel i{flex:none;display:inline-flex;align-items:center;justify-content:center;width:36px;height:36px;border-radius:999px}
.help-panel i svg{width:20px;height:20px}
.help-panel .wa i{background:#d1fae5;color:#047857}.help-panel .em i{background:#e0f2fe;color:#0369a1}
`.replace(/\n/g, '');

const LOGO = raw(
  '<svg viewBox="0 0 32 32" aria-hidden="true"><rect width="32" height="32" rx="8" fill="#0f766e"/><path d="M9 15.5 16 9l7 6.5V23a1 1 0 0 1-1 1h-4v-5h-4v5h-4a1 1 0 0 1-1-1z" fill="#fff"/></svg>',
);

/** What every page of the site needs from the configuration. */
export interface SiteContext {
  appUrl: string;
  /** The help widget's contacts (SUPPORT_EMAIL / SUPPORT_WHATSAPP); no WhatsApp when none is set. */
  support: { email: string; whatsapp: string | null };
}

/**
 * The greeting (docs/product.md#help-widget) for someone who is not signed in (the console's help widget says
 * the same).
 */
export const ANONYMOUS_HELP_MESSAGE = 'Olá, preciso de ajuda!';

const icon = (paths: string) =>
  raw(
    `<svg viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true">${paths}</svg>`,
  );
const HELP_ICON = icon(
  '<circle cx="12" cy="12" r="10"/><path d="M9.09 9a3 3 0 0 1 5.83 1c0 2-3 3-3 3"/><path d="M12 17h.01"/>',
);
const CHAT_ICON = icon('<path d="M7.9 20A9 9 0 1 0 4 16.1L2 22Z"/>');
const MAIL_ICON = icon(
  '<rect width="20" height="16" x="2" y="4" rx="2"/><path d="m22 7-8.97 5.7a1.94 1.94 0 0 1-2.06 0L2 7"/>',
);

/**
 * The floating help button (docs/product.md#help-widget), as the console's: a panel
 * "Precisa de ajuda?" with WhatsApp (the generic greeting: nobody is signed in here) and e-mail. A
 * <details> element: opens and closes without a script, by mouse, touch and keyboard.
 */
export function helpWidget(support: SiteContext['support']): SafeHtml {
  const whatsapp = support.whatsapp
    ? html`<a
        class="wa"
        href="https://wa.me/${support.whatsapp}?text=${encodeURIComponent(ANONYMOUS_HELP_MESSAGE)}"
        target="_blank"
        rel="noopener noreferrer"
        ><i>${CHAT_ICON}</i>
        <div>WhatsApp<span>Conversar agora com o suporte</span></div></a
      >`
    : '';
  return html`<details class="help">
    <summary aria-label="Ajuda" title="Ajuda">${HELP_ICON}</summary>
    <div class="help-panel" role="group" aria-labelledby="help-title">
      <p class="help-t" id="help-title">Precisa de ajuda?</p>
      <p>Fale com o suporte ${SITE_NAME}. Respondemos em horário comercial.</p>
      ${whatsapp}
      <a class="em" href="mailto:${support.email}"
        ><i>${MAIL_ICON}</i>
        <div>E-mail<span>${support.email}</span></div></a
      >
    </div>
  </details>`;
}

export interface SiteHead {
  /** The page's own title; the site's name is appended. */
  title: string;
  description: string;
  /** Path of the canonical URL (/blog/x). */
  path: string;
  image?: string | null;
  type?: 'website' | 'article';
  /** Extra tags (article times, RSS link, robots). */
  extra?: SafeHtml;
}

export interface SiteDocument {
  site: SiteContext;
  head: SiteHead;
  main: SafeHtml;
  /** Inline script (its hash must be in the page's CSP). */
  script?: string;
  /** Nav entry to mark as the current page. */
  current?: 'blog' | 'demo' | 'login' | 'register';
}

export const SITE_SCRIPT_HASH = (script: string) =>
  `'sha256-${createHash('sha256').update(script).digest('base64')}'`;

/** The pages' policy: inline CSS, at most one hash-pinned inline script, calls to our own API. */
export function siteCsp(script: string | undefined, secure: boolean): string {
  return [
    "default-src 'none'",
    "img-src 'self' data:",
    "style-src 'unsafe-inline'",
    `script-src ${script ? SITE_SCRIPT_HASH(script) : "'none'"}`,
    "connect-src 'self'",
    "form-action 'self'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    // As the console's policy: only when the site itself is https.
    ...(secure ? ['upgrade-insecure-requests'] : []),
  ].join('; ');
}

/** Built as a plain string: the hash in the CSP is of these exact bytes (a formatter must not touch them). */
function scriptTag(script: string) {
  if (/<\/script/i.test(script)) throw new Error('An inline script cannot contain </script>.');
  return raw(`<script>${script}</script>`);
}

export function renderSiteDocument(doc: SiteDocument): string {
  const { head } = doc;
  const { appUrl } = doc.site;
  const url = `${appUrl}${head.path}`;
  const title = head.path === '/' ? head.title : `${head.title} | ${SITE_NAME}`;
  const image = head.image ? `${appUrl}${head.image}` : `${appUrl}/site/img/paginas-1280.webp`;
  const aria = (name: SiteDocument['current']) => (doc.current === name ? raw(' aria-current="page"') : '');
  return html`<!doctype html>
    <html lang="pt-BR">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width,initial-scale=1" />
        <title>${title}</title>
        <meta name="description" content="${head.description}" />
        <link rel="canonical" href="${url}" />
        <link rel="icon" href="data:," />
        <meta name="theme-color" content="#0f766e" />
        <meta property="og:site_name" content="${SITE_NAME}" />
        <meta property="og:locale" content="pt_BR" />
        <meta property="og:type" content="${head.type ?? 'website'}" />
        <meta property="og:title" content="${head.title}" />
        <meta property="og:description" content="${head.description}" />
        <meta property="og:url" content="${url}" />
        <meta property="og:image" content="${image}" />
        <meta name="twitter:card" content="summary_large_image" />
        <link
          rel="alternate"
          type="application/rss+xml"
          title="Blog ${SITE_NAME}"
          href="${appUrl}/blog/rss.xml"
        />
        ${head.extra ?? ''}
        <style>
          ${raw(SITE_CSS)}
        </style>
      </head>
      <body>
        <a class="skip" href="#conteudo">Pular para o conteúdo</a>
        <header class="top">
          <div class="wrap">
            <a class="brand" href="/">${LOGO}<span>${SITE_NAME}</span></a>
            <nav class="site" aria-label="Site">
              <a class="wide" href="/demonstracao" ${aria('demo')}>Demonstração</a>
              <a class="wide" href="/blog" ${aria('blog')}>Blog</a>
              <a href="/entrar" ${aria('login')}>Entrar</a>
              <a class="cta" href="/registrar" ${aria('register')}>Criar conta</a>
            </nav>
          </div>
        </header>
        <main id="conteudo">${doc.main}</main>
        <footer class="foot">
          <div class="wrap">
            <p>© ${new Date().getUTCFullYear()} ${SITE_NAME}. Feito para imobiliárias brasileiras.</p>
            <nav aria-label="Rodapé">
              <a href="/demonstracao">Demonstração</a>
              <a href="/blog">Blog</a>
              <a href="/blog/rss.xml">RSS</a>
              <a href="/contas">Minhas contas</a>
              <a href="/entrar">Entrar</a>
            </nav>
          </div>
        </footer>
        ${helpWidget(doc.site.support)}
        ${doc.script ? scriptTag(doc.script) : ''}
      </body>
    </html>`.value;
}

const DATE_FMT = new Intl.DateTimeFormat('pt-BR', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});
/** 2026-11-10 → "10 de novembro de 2026". */
export const formatPostDate = (date: string) => DATE_FMT.format(new Date(`${date}T00:00:00Z`));
