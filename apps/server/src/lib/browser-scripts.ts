/**
 * The browser code the server sends, written in TypeScript in the `browser/` folder of the module that
 * uses it and bundled and minified by esbuild (each an IIFE: nothing leaks into the page's globals):
 *
 * - landing/browser/lead-form.ts: inlined in every landing page (no extra request on a slow phone
 *   link); the page's CSP allows exactly its sha256 (landing-assets.ts). So are video-facades.ts (pages
 *   with videos), tags-loader.ts (pages with marketing tags, marketing-tags.ts) and
 *   site/browser/auth-form.ts (/entrar and /registrar, render-auth.ts).
 * - landing/browser/tracker.ts: the analytics tracker, served from our origin as /p/<hash>.js; the inline
 *   script inserts it after the `load` event (body data-t / data-p), so it never delays the LCP.
 *   Its URL carries a hash of its content, so it is cached for a year and a new version is a new URL.
 *
 * The production build (scripts/build-server.mjs) writes each next to the bundle (dist/<name>.js) with
 * buildBrowserScript; from source (npm start, tests) each is built once per process on first use
 * (esbuild is a development dependency).
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The browser scripts, by name: their entry files under apps/server/src. */
export const BROWSER_SCRIPTS = {
  'lead-form': 'modules/landing/browser/lead-form.ts',
  tracker: 'modules/landing/browser/tracker.ts',
  'video-facades': 'modules/landing/browser/video-facades.ts',
  'tags-loader': 'modules/landing/browser/tags-loader.ts',
  'auth-form': 'modules/site/browser/auth-form.ts',
} as const;
export type BrowserScript = keyof typeof BROWSER_SCRIPTS;

/** esbuild's options for the browser scripts: one place, used here and by the production build. */
export const BROWSER_BUILD_OPTIONS = {
  bundle: true,
  write: false,
  format: 'iife',
  platform: 'browser',
  minify: true,
  target: 'es2017',
  legalComments: 'none',
  logLevel: 'warning',
  // Not the folders' tsconfig (strict): no "use strict" prologue, the scripts run as they always did.
  tsconfigRaw: {},
} as const;

/** What buildBrowserScript needs of esbuild (the module, given by its caller). */
interface Esbuild {
  build(options: typeof BROWSER_BUILD_OPTIONS & { entryPoints: string[] }): Promise<{
    outputFiles: { text: string }[];
  }>;
}

const here = path.dirname(fileURLToPath(import.meta.url));
/** Next to the bundled server (dist/server.js → dist/<name>.js). */
const prebuilt = (name: BrowserScript) => path.join(here, `${name}.js`);
/** The script's entry file; `srcDir`: apps/server/src (this file's parent folder when run from source). */
export const browserScriptSource = (name: BrowserScript, srcDir = path.join(here, '..')) =>
  path.join(srcDir, BROWSER_SCRIPTS[name]);

/** Bundles and minifies one browser script. */
export async function buildBrowserScript(esbuild: Esbuild, name: BrowserScript, srcDir?: string) {
  const out = await esbuild.build({
    ...BROWSER_BUILD_OPTIONS,
    entryPoints: [browserScriptSource(name, srcDir)],
  });
  return out.outputFiles[0]!.text.trim();
}

const built = new Map<BrowserScript, Promise<string>>();

/** The minified code of a browser script. */
export function browserScript(name: BrowserScript): Promise<string> {
  let code = built.get(name);
  if (!code) {
    code = (async () => {
      if (existsSync(prebuilt(name))) return readFileSync(prebuilt(name), 'utf8');
      return buildBrowserScript(await import('esbuild'), name);
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
