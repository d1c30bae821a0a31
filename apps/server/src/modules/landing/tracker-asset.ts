/**
 * The tracker script as served: tracker/tracker.ts minified by esbuild. The production build
 * (scripts/build-server.mjs) writes it next to the bundle as dist/tracker.js; from source (npm start,
 * tests) it is built once per process on first use. Its URL carries a hash of its content, so it is
 * cached for a year and a new version is a new URL.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export interface TrackerAsset {
  code: string;
  hash: string;
  /** /p/<hash>.js */
  path: string;
}

const here = path.dirname(fileURLToPath(import.meta.url));
/** Next to the bundled server (dist/server.js → dist/tracker.js). */
const PREBUILT = path.join(here, 'tracker.js');
const SOURCE = path.join(here, 'tracker', 'tracker.ts');

/** esbuild's options for the tracker: one place, used here and by the production build. */
export const TRACKER_BUILD_OPTIONS = {
  loader: 'ts',
  minify: true,
  target: 'es2017',
  legalComments: 'none',
} as const;

let asset: Promise<TrackerAsset> | null = null;

const describe = (code: string): TrackerAsset => {
  const hash = createHash('sha256').update(code).digest('base64url').slice(0, 12);
  return { code, hash, path: `/p/${hash}.js` };
};

async function build(): Promise<TrackerAsset> {
  if (existsSync(PREBUILT)) return describe(readFileSync(PREBUILT, 'utf8'));
  // Only from source: esbuild is a development dependency.
  const esbuild = await import('esbuild');
  const out = await esbuild.transform(readFileSync(SOURCE, 'utf8'), TRACKER_BUILD_OPTIONS);
  return describe(out.code.trim());
}

export function trackerAsset(): Promise<TrackerAsset> {
  asset ??= build().catch((err: unknown) => {
    asset = null;
    throw err;
  });
  return asset;
}
