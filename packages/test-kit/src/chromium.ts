/**
 * The Chromium of the browser tests, the benchmarks (Lighthouse) and the screenshot scripts, found in
 * one place, in this order:
 *   1. CHROMIUM_PATH (or CHROME_PATH, the benchmarks' older name), when set: used as given;
 *   2. a Chromium on PATH (Debian's `chromium`, or chromium-browser / google-chrome);
 *   3. the headless Chromium that `npm install` brings from the npm registry (@sparticuz/chromium, a
 *      dev dependency: a brotli-packed build with the few shared libraries it needs, NSS and expat, and
 *      a font). Unpacked once into node_modules/.cache (≈ 220 MB, a second or two), reused after.
 * So `npm test` needs nothing installed by hand; a machine with Debian's Chromium keeps using it.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  accessSync,
  constants,
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { repoRoot } from './server-process.ts';

export interface ChromiumChoice {
  /** The browser binary. */
  path: string;
  source: 'env' | 'path' | 'npm';
  /** Variables the browser needs on top of the caller's (the npm build: its libraries and fonts). */
  env: Record<string, string>;
}

const NAMES = ['chromium', 'chromium-browser', 'google-chrome-stable', 'google-chrome'];

function isExecutable(file: string): boolean {
  try {
    if (!statSync(file).isFile()) return false;
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function onPath(searchPath: string | undefined): string | null {
  for (const name of NAMES) {
    for (const dir of (searchPath ?? '').split(path.delimiter)) {
      if (dir && isExecutable(path.join(dir, name))) return path.join(dir, name);
    }
  }
  return null;
}

const CHROMIUM_MISSING = [
  'Nenhum Chromium encontrado para os testes de navegador. O `npm install` traz um (o pacote',
  '@sparticuz/chromium, dependência de desenvolvimento): rode `npm install` de novo na raiz do',
  'repositório. Ou instale o do sistema (Debian: apt-get install chromium), ou aponte CHROMIUM_PATH',
  'para um Chromium.',
].join('\n');

/** Where @sparticuz/chromium is, or null when it is not installed. */
function npmPackageDir(): string | null {
  try {
    // Its `exports` hide package.json: the entry point (build/index.js) is one folder down.
    const require = createRequire(import.meta.url);
    return path.resolve(path.dirname(require.resolve('@sparticuz/chromium')), '..');
  } catch {
    return null;
  }
}

/**
 * Unpacks the npm build once (its version names the folder). Two processes may do it at once (the
 * browser test files start in parallel): each unpacks into a folder of its own and renames it into
 * place; the loser throws its copy away.
 */
function unpackNpmChromium(pkgDir: string): string {
  const { version } = JSON.parse(readFileSync(path.join(pkgDir, 'package.json'), 'utf8')) as {
    version: string;
  };
  const cacheRoot = path.join(repoRoot, 'node_modules/.cache');
  const dir = path.join(cacheRoot, `chromium-${version}`);
  const binary = path.join(dir, 'chromium');
  if (isExecutable(binary)) return dir;
  const work = `${dir}.tmp-${process.pid}-${randomBytes(4).toString('hex')}`;
  mkdirSync(work, { recursive: true });
  try {
    const bin = path.join(pkgDir, 'bin');
    writeFileSync(
      path.join(work, 'chromium'),
      brotliDecompressSync(readFileSync(path.join(bin, 'chromium.br'))),
      {
        mode: 0o755,
      },
    );
    // al2023: NSS, NSPR and expat (a bare Debian has none of them); swiftshader: software GL beside
    // the binary; fonts: Open Sans, for a machine without any font.
    for (const [archive, into] of [
      ['al2023.tar.br', work],
      ['swiftshader.tar.br', work],
      ['fonts.tar.br', work],
    ] as const) {
      const tar = path.join(work, archive.replace(/\.br$/, ''));
      writeFileSync(tar, brotliDecompressSync(readFileSync(path.join(bin, archive))));
      const res = spawnSync('tar', ['--no-same-owner', '-xf', tar, '-C', into], { encoding: 'utf8' });
      if (res.status !== 0) throw new Error(`tar -xf ${archive}: ${res.stderr || res.error?.message}`);
      rmSync(tar);
    }
    // Its own fontconfig: the machine's fonts when it has any, and the bundled one.
    writeFileSync(
      path.join(work, 'fonts.conf'),
      [
        '<?xml version="1.0"?>',
        '<!DOCTYPE fontconfig SYSTEM "fonts.dtd">',
        '<fontconfig>',
        '  <dir>/usr/share/fonts</dir>',
        '  <dir>/usr/local/share/fonts</dir>',
        `  <dir>${path.join(dir, 'fonts')}</dir>`,
        `  <cachedir>${path.join(dir, 'fonts-cache')}</cachedir>`,
        '</fontconfig>',
        '',
      ].join('\n'),
    );
    try {
      renameSync(work, dir);
    } catch (err) {
      if (!isExecutable(binary)) throw err; // not a lost race
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  return dir;
}

/** The Chromium to launch (see the order at the top of this file); throws with the fix when none. */
export function resolveChromium(env: NodeJS.ProcessEnv = process.env): ChromiumChoice {
  const explicit = (env.CHROMIUM_PATH || env.CHROME_PATH)?.trim();
  if (explicit) return { path: explicit, source: 'env', env: {} };
  const found = onPath(env.PATH);
  if (found) return { path: found, source: 'path', env: {} };
  const pkgDir = npmPackageDir();
  if (!pkgDir || !existsSync(path.join(pkgDir, 'bin/chromium.br'))) throw new Error(CHROMIUM_MISSING);
  const dir = unpackNpmChromium(pkgDir);
  const libs = path.join(dir, 'lib');
  return {
    path: path.join(dir, 'chromium'),
    source: 'npm',
    env: {
      LD_LIBRARY_PATH: [libs, env.LD_LIBRARY_PATH].filter(Boolean).join(path.delimiter),
      FONTCONFIG_PATH: dir,
    },
  };
}
