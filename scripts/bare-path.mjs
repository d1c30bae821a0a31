// A machine without ffmpeg and without Chromium, on a machine that has them: runs a command with a PATH
// made of links to every program of the real PATH except those (ffmpeg, ffprobe, chromium, chrome), and
// without CHROMIUM_PATH, CHROME_PATH, FFMPEG_PATH and FFPROBE_PATH. What the product and the tests
// then find is only what `npm install` brought. `.ci/run` runs the whole `npm test` this way, so a
// missing install step fails CI and not a newcomer's first `npm test` (docs/decisions/016-bare-machine.md).
//
//   node scripts/bare-path.mjs npm test
//   node scripts/bare-path.mjs --print      (the masked PATH, e.g. for a shell: PATH=$(…) …)
//
// The links live in a fresh temporary folder, removed when the command ends (--print keeps it).
import { spawnSync } from 'node:child_process';
import { accessSync, constants, mkdtempSync, readdirSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The programs a bare machine lacks. */
export const MASKED = new Set([
  'ffmpeg',
  'ffprobe',
  'chromium',
  'chromium-browser',
  'chrome',
  'google-chrome',
  'google-chrome-stable',
  'headless_shell',
]);
/** The variables that would point past the mask. */
export const MASKED_ENV = ['CHROMIUM_PATH', 'CHROME_PATH', 'FFMPEG_PATH', 'FFPROBE_PATH'];

const executable = (file) => {
  try {
    accessSync(file, constants.X_OK);
    return !statSync(file).isDirectory();
  } catch {
    return false;
  }
};

/** Makes the folder of links and returns it. The first program of a name on PATH wins, as in a shell. */
export function makeBarePath(searchPath = process.env.PATH ?? '') {
  const dir = mkdtempSync(path.join(tmpdir(), 'vitrine-bare-path-'));
  const seen = new Set();
  for (const from of searchPath.split(path.delimiter)) {
    if (!from || from === dir) continue;
    let names;
    try {
      names = readdirSync(from);
    } catch {
      continue;
    }
    for (const name of names) {
      if (seen.has(name) || MASKED.has(name)) continue;
      const file = path.join(from, name);
      if (!executable(file)) continue;
      seen.add(name);
      symlinkSync(file, path.join(dir, name));
    }
  }
  return dir;
}

/** The environment of a bare machine: the masked PATH, no variable pointing at a binary. */
export function bareEnv(dir, env = process.env) {
  const out = { ...env, PATH: dir };
  for (const name of MASKED_ENV) delete out[name];
  return out;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const argv = process.argv.slice(2);
  const dir = makeBarePath();
  if (argv[0] === '--print') {
    console.log(dir);
    process.exit(0);
  }
  if (!argv.length) {
    console.error('uso: node scripts/bare-path.mjs <comando> [argumentos…]');
    process.exit(2);
  }
  console.log(
    `› sem ffmpeg e sem Chromium no PATH (${[...MASKED].join(', ')} mascarados): ${argv.join(' ')}`,
  );
  const res = spawnSync(argv[0], argv.slice(1), { stdio: 'inherit', env: bareEnv(dir) });
  rmSync(dir, { recursive: true, force: true });
  if (res.error) {
    console.error(res.error.message);
    process.exit(1);
  }
  process.exit(res.status ?? 1);
}
