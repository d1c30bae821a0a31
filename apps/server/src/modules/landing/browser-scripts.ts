/**
 * The landing pages' browser code, written in TypeScript under browser/ and minified by esbuild:
 *
 * - browser/lead-form.ts: inlined in every page (no extra request on a slow phone link); the page's
 *   CSP allows exactly its sha256 (landing-assets.ts).
 * - browser/tracker.ts: the analytics tracker, served from our origin as /p/<hash>.js; the inline
 *   script inserts it after the `load` event (body data-t / data-p), so it never delays the LCP.
 *   Its URL carries a hash of its content, so it is cached for a year and a new version is a new URL.
 *
 * The production build (scripts/build-server.mjs) writes both next to the bundle (dist/lead-form.js,
 * dist/tracker.js) with BROWSER_BUILD_OPTIONS; from source (npm start, tests) each is built once per
 * process on first use (esbuild is a development dependency).
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The scripts under browser/, by file name. */
export const BROWSER_SCRIPTS = ['lead-form', 'tracker'] as const;
export type BrowserScript = (typeof BROWSER_SCRIPTS)[number];

/** esbuild's options for the browser scripts: one place, used here and by the production build. */
export const BROWSER_BUILD_OPTIONS = {
  loader: 'ts',
  minify: true,
  target: 'es2017',
  legalComments: 'none',
} as const;

const here = path.dirname(fileURLToPath(import.meta.url));
/** Next to the bundled server (dist/server.js → dist/<name>.js). */
const prebuilt = (name: BrowserScript) => path.join(here, `${name}.js`);
export const browserScriptSource = (name: BrowserScript) => path.join(here, 'browser', `${name}.ts`);

const built = new Map<BrowserScript, Promise<string>>();

/** The minified code of a browser script. */
export function browserScript(name: BrowserScript): Promise<string> {
  let code = built.get(name);
  if (!code) {
    code = (async () => {
      if (existsSync(prebuilt(name))) return readFileSync(prebuilt(name), 'utf8');
      const esbuild = await import('esbuild');
      const out = await esbuild.transform(
        readFileSync(browserScriptSource(name), 'utf8'),
        BROWSER_BUILD_OPTIONS,
      );
      return out.code.trim();
    })();
    code.catch(() => built.delete(name));
    built.set(name, code);
  }
  return code;
}

export interface TrackerAsset {
  code: string;
  hash: string;
  /** /p/<hash>.js */
  path: string;
}

/** The tracker as served: its code and its content-hashed URL. */
export async function trackerAsset(): Promise<TrackerAsset> {
  const code = await browserScript('tracker');
  const hash = createHash('sha256').update(code).digest('base64url').slice(0, 12);
  return { code, hash, path: `/p/${hash}.js` };
}
