/**
 * Which ffmpeg and ffprobe make the videos' posters and read their durations, chosen once at start
 * (config.ts), in this order:
 *   1. FFMPEG_PATH / FFPROBE_PATH, when set: the operator's choice, used as given (if it does not run,
 *      the start says so; it is never silently replaced);
 *   2. `ffmpeg` / `ffprobe` on PATH (Debian's package, the production image's);
 *   3. the static Linux builds that `npm install` brings from the npm registry
 *      (@ffmpeg-installer/ffmpeg, @ffprobe-installer/ffprobe: dev dependencies, so a development or
 *      test machine needs nothing installed by hand; the production image uses Debian's).
 * Without any, videos are ready without a poster: the customer reads VIDEO_MESSAGES.noFfmpeg on the
 * video, the operator reads `missingMediaToolsWarning` once at start.
 */
import { accessSync, chmodSync, constants, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

export type MediaToolSource = 'env' | 'path' | 'npm' | 'missing';

export interface MediaTool {
  /** The binary to run; null when none was found. */
  path: string | null;
  source: MediaToolSource;
}

export interface MediaTools {
  ffmpeg: MediaTool;
  ffprobe: MediaTool;
}

type Name = 'ffmpeg' | 'ffprobe';
const ENV_NAME = { ffmpeg: 'FFMPEG_PATH', ffprobe: 'FFPROBE_PATH' } as const;

/** A regular file this process may run. */
export function isExecutable(file: string): boolean {
  try {
    if (!statSync(file).isFile()) return false;
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The first `name` on a PATH string, as a shell would find it; null when there is none. */
export function findOnPath(name: string, searchPath: string | undefined): string | null {
  for (const dir of (searchPath ?? '').split(path.delimiter)) {
    if (!dir) continue;
    const file = path.join(dir, name);
    if (isExecutable(file)) return file;
  }
  return null;
}

const requireHere = createRequire(import.meta.url);

/**
 * The binary inside the npm package for this platform (e.g. @ffmpeg-installer/linux-x64/ffmpeg), or
 * null when the package is not installed (a production install without dev dependencies, a platform
 * without a build). Installed with --ignore-scripts the package's postinstall did not mark ffprobe
 * executable: it is marked here.
 */
export function npmMediaTool(name: Name): string | null {
  let dir: string;
  try {
    // The name is computed: the server's bundle (esbuild) leaves it to Node at run time.
    const pkg = `@${name}-installer/${process.platform}-${process.arch}/package.json`;
    dir = path.dirname(requireHere.resolve(pkg));
  } catch {
    return null;
  }
  const file = path.join(dir, process.platform === 'win32' ? `${name}.exe` : name);
  if (isExecutable(file)) return file;
  try {
    chmodSync(file, 0o755);
  } catch {
    return null;
  }
  return isExecutable(file) ? file : null;
}

function resolveOne(name: Name, env: NodeJS.ProcessEnv): MediaTool {
  const explicit = env[ENV_NAME[name]]?.trim();
  if (explicit) return { path: explicit, source: 'env' };
  const onPath = findOnPath(name, env.PATH);
  if (onPath) return { path: onPath, source: 'path' };
  const bundled = npmMediaTool(name);
  if (bundled) return { path: bundled, source: 'npm' };
  return { path: null, source: 'missing' };
}

/** ffmpeg and ffprobe as the environment chooses them (the order in this file's comment). */
export function resolveMediaTools(env: NodeJS.ProcessEnv): MediaTools {
  return { ffmpeg: resolveOne('ffmpeg', env), ffprobe: resolveOne('ffprobe', env) };
}

/** Both binaries were found and run here: videos get posters and durations. */
export function mediaToolsUsable(tools: { FFMPEG_PATH: string | null; FFPROBE_PATH: string | null }) {
  return (
    !!tools.FFMPEG_PATH &&
    !!tools.FFPROBE_PATH &&
    isExecutable(tools.FFMPEG_PATH) &&
    isExecutable(tools.FFPROBE_PATH)
  );
}

/**
 * The operator's line at start when videos will be ready without a poster: what is missing and the
 * fix. Null when both binaries run.
 */
export function missingMediaToolsWarning(tools: {
  FFMPEG_PATH: string | null;
  FFPROBE_PATH: string | null;
}): string | null {
  const missing = (
    [
      ['ffmpeg', 'FFMPEG_PATH', tools.FFMPEG_PATH],
      ['ffprobe', 'FFPROBE_PATH', tools.FFPROBE_PATH],
    ] as const
  )
    .filter(([, , file]) => !file || !isExecutable(file))
    .map(([name, variable, file]) =>
      file ? `${variable}=${file} não é um programa executável` : `${name} não encontrado`,
    );
  if (!missing.length) return null;
  return (
    `Vídeos ficarão prontos sem capa e sem duração: ${missing.join('; ')}. ` +
    'Para corrigir: instale o ffmpeg do sistema (Debian/Ubuntu: apt-get install ffmpeg), ou rode ' +
    '`npm install` com as dependências de desenvolvimento (traz @ffmpeg-installer/ffmpeg e ' +
    '@ffprobe-installer/ffprobe), ou aponte FFMPEG_PATH e FFPROBE_PATH para os binários; depois reinicie. ' +
    'Os vídeos já enviados continuam sem capa até serem enviados de novo.'
  );
}
