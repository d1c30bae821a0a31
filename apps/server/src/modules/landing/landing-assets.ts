/**
 * The landing page's own CSS and JavaScript, inlined (no extra request on a cheap phone's slow link).
 * The script (browser/lead-form.ts, minified by lib/browser-scripts.ts) enhances the form (submit without
 * reload); everything works without it. Analytics come from the separate, cached tracker (/p/<hash>.js,
 * browser/tracker.ts), which fills the form's session_id.
 */
import { createHash } from 'node:crypto';
import { browserScript } from '../../lib/browser-scripts.ts';

export const LANDING_CSS = `
*,*::before,*::after{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;color:#18181b;background:#fafafa}
a{color:#0f766e}
img{max-width:100%;height:auto;display:block}
.wrap{max-width:1120px;margin:0 auto;padding:0 16px}
.top{background:#fff;border-bottom:1px solid #e4e4e7}
.top .wrap{display:flex;align-items:center;gap:12px;min-height:56px}
.top img{width:36px;height:36px;border-radius:8px;object-fit:contain}
.top b{font-size:15px}
.hero{background:#e4e4e7}
.hero img{width:100%;aspect-ratio:4/3;object-fit:cover}
@media(min-width:768px){.hero img{aspect-ratio:21/9;max-height:520px}}
.gal{display:flex;gap:8px;overflow-x:auto;scroll-snap-type:x mandatory;padding:8px 16px;background:#fff}
.gal img{flex:0 0 auto;width:160px;height:120px;object-fit:cover;border-radius:8px;scroll-snap-align:start}
.grid{display:grid;gap:24px;padding:24px 16px}
@media(min-width:900px){.grid{grid-template-columns:1fr 360px;padding-bottom:48px}.side{position:sticky;top:16px;align-self:start}}@media(max-width:899px){.wa-side{display:none}}
h1{font-size:24px;line-height:1.25;margin:0 0 4px}
.loc{color:#52525b;margin:0 0 16px}
.price{font-size:28px;font-weight:700;margin:0}
.fees{color:#52525b;font-size:14px;margin:4px 0 0}
.badge{display:inline-block;background:#ccfbf1;color:#115e59;border-radius:999px;padding:2px 10px;font-size:13px;font-weight:600;margin-bottom:8px}
.facts{display:flex;flex-wrap:wrap;gap:8px;list-style:none;padding:0;margin:16px 0}
.facts li{background:#fff;border:1px solid #e4e4e7;border-radius:8px;padding:8px 12px;font-size:14px}
.card{background:#fff;border:1px solid #e4e4e7;border-radius:12px;padding:20px}
section{margin-top:24px}
h2{font-size:18px;margin:0 0 8px}
.desc p{margin:0 0 12px}
.feat{columns:2;padding-left:18px;margin:0}
.notice{background:#fef3c7;border:1px solid #fcd34d;border-radius:12px;padding:12px 16px;margin-bottom:16px}
form label{display:block;font-size:14px;font-weight:600;margin:12px 0 4px}
input,textarea{width:100%;font:inherit;padding:10px 12px;border:1px solid #d4d4d8;border-radius:8px;background:#fff}
input:focus,textarea:focus,.btn:focus-visible{outline:3px solid #5eead4;outline-offset:1px}
textarea{min-height:88px;resize:vertical}
.consent{display:flex;gap:8px;align-items:flex-start;font-weight:400!important;font-size:13px!important;color:#3f3f46}
.consent input{width:18px;height:18px;margin-top:2px;flex:0 0 auto}
.err{color:#b91c1c;font-size:13px;margin:4px 0 0}
[aria-invalid=true]{border-color:#b91c1c}
.btn{display:flex;align-items:center;justify-content:center;gap:8px;width:100%;min-height:48px;border:0;border-radius:8px;font:inherit;font-weight:700;text-decoration:none;cursor:pointer}
.btn-p{background:#0f766e;color:#fff;margin-top:16px}
.btn-w{background:#15803d;color:#fff}
.btn svg{width:20px;height:20px;fill:currentColor}
.ok{background:#ecfdf5;border:1px solid #6ee7b7;border-radius:12px;padding:16px}
.hp{position:absolute;left:-10000px;width:1px;height:1px;overflow:hidden}
.bar{position:fixed;left:0;right:0;bottom:0;display:flex;gap:8px;padding:8px 16px calc(8px + env(safe-area-inset-bottom));background:#fff;border-top:1px solid #e4e4e7}
.bar .btn{min-height:44px}
@media(min-width:900px){.bar{display:none}}
.sim{display:grid;gap:12px;grid-template-columns:repeat(auto-fill,minmax(220px,1fr))}
.sim a{display:block;text-decoration:none;color:inherit;background:#fff;border:1px solid #e4e4e7;border-radius:12px;overflow:hidden}
.sim img{width:100%;aspect-ratio:4/3;object-fit:cover}
.sim div{padding:8px 12px}
.vids{display:grid;gap:12px}.vids video,.vf,.vfi{display:block;width:100%;aspect-ratio:16/9;border:0;border-radius:12px;background:#18181b}.vf{position:relative;padding:0;cursor:pointer;overflow:hidden}.vf img{width:100%;height:100%;object-fit:cover}.vf span{position:absolute;inset:0;margin:auto;width:68px;height:48px;border-radius:12px;background:rgba(0,0,0,.75)}.vf span:after{content:"";position:absolute;left:27px;top:14px;border-style:solid;border-width:10px 0 10px 18px;border-color:transparent transparent transparent #fff}.vf:hover span,.vf:focus-visible span{background:#0f766e}
footer{color:#52525b;font-size:13px;padding:24px 16px 88px;border-top:1px solid #e4e4e7;background:#fff}
@media(min-width:900px){footer{padding-bottom:24px}}
`.replace(/\n/g, '');

/** browser/lead-form.ts, minified (built once, when this module loads). */
export const LANDING_SCRIPT = await browserScript('lead-form');

export const LANDING_SCRIPT_HASH = `sha256-${createHash('sha256').update(LANDING_SCRIPT).digest('base64')}`;

/** browser/video-facades.ts, minified: the video facades' script, inlined only on pages that have a video. */
export const VIDEO_SCRIPT = await browserScript('video-facades');

export const VIDEO_SCRIPT_HASH = `sha256-${createHash('sha256').update(VIDEO_SCRIPT).digest('base64')}`;

/** The landing pages' CSP, by directive (marketing-tags.ts adds the vendors' hosts when tags are set). */
export const LANDING_CSP_DIRECTIVES: Record<string, string[]> = {
  'default-src': ["'none'"],
  'img-src': ["'self'", 'https:', 'data:'],
  // Uploaded videos play from storage, only when the visitor presses play (preload="none").
  'media-src': ["'self'", 'https:'],
  // Players exist only after a click on a facade.
  'frame-src': ['https://www.youtube-nocookie.com', 'https://player.vimeo.com'],
  'style-src': ["'unsafe-inline'"],
  // 'self': the analytics tracker, served from our origin (/p/<hash>.js).
  'script-src': [`'${LANDING_SCRIPT_HASH}'`, `'${VIDEO_SCRIPT_HASH}'`, "'self'"],
  'connect-src': ["'self'"],
  'form-action': ["'self'"],
  'base-uri': ["'none'"],
  'frame-ancestors': ["'none'"],
};

export const cspOf = (directives: Record<string, string[]>) =>
  Object.entries(directives)
    .map(([name, values]) => [name, ...values].join(' '))
    .join('; ');

/** The directives with the storage's origins when files live outside https/'self' (a local MinIO). */
export function withStorageOrigins(storage: readonly string[]): Record<string, string[]> {
  if (!storage.length) return LANDING_CSP_DIRECTIVES;
  return {
    ...LANDING_CSP_DIRECTIVES,
    'img-src': [...LANDING_CSP_DIRECTIVES['img-src']!, ...storage],
    'media-src': [...LANDING_CSP_DIRECTIVES['media-src']!, ...storage],
  };
}

export const LANDING_CSP = cspOf(LANDING_CSP_DIRECTIVES);

export const WHATSAPP_ICON =
  '<svg viewBox="0 0 24 24" aria-hidden="true"><path d="M12 2a10 10 0 0 0-8.6 15.1L2 22l5-1.3A10 10 0 1 0 12 2Zm0 18.2c-1.5 0-3-.4-4.3-1.2l-.3-.2-3 .8.8-2.9-.2-.3A8.2 8.2 0 1 1 12 20.2Zm4.5-6.1c-.2-.1-1.5-.7-1.7-.8-.2-.1-.4-.1-.6.1l-.8 1c-.1.2-.3.2-.5.1a6.7 6.7 0 0 1-3.3-2.9c-.2-.4.2-.4.7-1.3.1-.2 0-.3 0-.4l-.8-1.9c-.2-.5-.4-.4-.6-.4h-.5a1 1 0 0 0-.7.3 3 3 0 0 0-.9 2.2 5.2 5.2 0 0 0 1.1 2.7 11.8 11.8 0 0 0 4.5 4c1.7.7 2.3.8 3.2.6.5-.1 1.5-.6 1.7-1.2.2-.6.2-1.1.2-1.2-.1-.1-.3-.2-.5-.3Z"/></svg>';
