// Production build of the server: apps/server/src/{server,worker}.ts → apps/server/dist/{server,worker}.js,
// plain ES modules for Node 24 with no TypeScript loader at run time (docs/decisions/010-production-build.md).
//
// Our code, the workspace package @vitrine/contracts and the pure-JavaScript dependencies are bundled into
// one file per entry: Node then reads one file instead of resolving and loading ~1,100 files (1,040 of them
// from node_modules: drizzle-orm, fastify, zod…), which was most of a cold start. A few packages stay
// imports resolved from node_modules at run time (`npm ci --omit=dev` installs them), the ones that need
// their own files: native binaries, WebAssembly, worker-thread scripts or static assets next to their code.
//
// The source map keeps only our own sources: `--enable-source-maps` (start:prod, the image) then maps
// our stack frames back to the TypeScript without parsing megabytes of mappings for dependency code at start.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { decode, encode } from '@jridgewell/sourcemap-codec';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const serverDir = path.join(root, 'apps/server');
const outdir = path.join(serverDir, 'dist');

/** Packages loaded from node_modules at run time instead of bundled, and why. */
export const RUNTIME_PACKAGES = {
  sharp: 'native libvips binding',
  '@node-rs/argon2': 'native binding',
  '@electric-sql/pglite': 'WebAssembly and data files next to its code',
  pino: 'log transports run in worker threads started from its files',
  'thread-stream': 'worker thread started from its files (pino)',
  'pino-pretty': 'loaded by name as a pino transport (LOG_PRETTY)',
  '@fastify/swagger': 'reads its own package.json',
  '@fastify/swagger-ui': 'serves the Swagger UI files from its directory (API_DOCS)',
  'pg-native': 'optional native driver of pg (not installed)',
};

const packageName = (specifier) =>
  specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0];

const runtimePackages = {
  name: 'runtime-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('node:')) return undefined;
      return packageName(args.path) in RUNTIME_PACKAGES ? { path: args.path, external: true } : undefined;
    });
  },
};

/** Drops the mappings (and sources) of bundled dependencies: their frames keep the bundle's positions. */
function keepOwnSources(mapFile) {
  const map = JSON.parse(readFileSync(mapFile, 'utf8'));
  const index = map.sources.map(() => -1);
  const sources = [];
  const sourcesContent = [];
  map.sources.forEach((source, i) => {
    if (source.includes('node_modules/')) return;
    index[i] = sources.length;
    sources.push(source);
    sourcesContent.push(map.sourcesContent?.[i] ?? null);
  });
  const mappings = decode(map.mappings).map((line) => {
    const kept = [];
    let inDependency = false;
    for (const segment of line) {
      const source = segment.length === 1 ? -1 : index[segment[1]];
      if (source !== -1) kept.push([segment[0], source, ...segment.slice(2)]);
      // Where dependency code starts, one segment without a source marks what follows as unmapped
      // (otherwise a lookup would land on the last mapped segment before it, in our code).
      else if (!inDependency) kept.push([segment[0]]);
      inDependency = source === -1;
    }
    return kept;
  });
  writeFileSync(mapFile, JSON.stringify({ ...map, sources, sourcesContent, mappings: encode(mappings) }));
}

export async function buildServer() {
  rmSync(outdir, { recursive: true, force: true });
  const started = performance.now();
  const result = await build({
    absWorkingDir: root,
    entryPoints: {
      server: path.join(serverDir, 'src/server.ts'),
      worker: path.join(serverDir, 'src/worker.ts'),
    },
    outdir,
    bundle: true,
    // No code splitting: apps/server/src/paths.ts finds the migrations and the console relative to the
    // file it ends up in, which must sit one level below apps/server (dist/server.js, like src/paths.ts).
    format: 'esm',
    platform: 'node',
    target: 'node24',
    // Not minified: a stack frame without a source map (a dependency's) still reads as code.
    sourcemap: 'linked',
    // Node maps stack frames from the mappings alone; the sources stay in the repository.
    sourcesContent: false,
    plugins: [runtimePackages],
    banner: {
      js: [
        // Bundled CommonJS packages call require() for Node's built-ins and the runtime packages.
        "import { createRequire as __vitrineCreateRequire } from 'node:module';",
        'const require = __vitrineCreateRequire(import.meta.url);',
        // The built server is the production artefact: without NODE_ENV it runs as production (APP_KEY
        // required, no demo seed, no /docs). `npm start` (development) runs the TypeScript through tsx.
        "process.env.NODE_ENV ||= 'production';",
      ].join('\n'),
    },
    logLevel: 'warning',
    metafile: true,
  });
  // The browser scripts (the landing pages' inline scripts and tracker, the sign-in forms' script),
  // bundled and minified next to the server bundle: lib/browser-scripts.ts reads dist/<name>.js.
  const { BROWSER_SCRIPTS, buildBrowserScript } = await import(
    pathToFileURL(path.join(serverDir, 'src/lib/browser-scripts.ts')).href
  );
  for (const name of Object.keys(BROWSER_SCRIPTS)) {
    const code = await buildBrowserScript({ build }, name, path.join(serverDir, 'src'));
    writeFileSync(path.join(outdir, `${name}.js`), code);
  }
  const outputs = Object.entries(result.metafile.outputs);
  for (const [file] of outputs) if (file.endsWith('.js.map')) keepOwnSources(path.join(root, file));
  const bytes = outputs.filter(([file]) => file.endsWith('.js')).reduce((sum, [, o]) => sum + o.bytes, 0);
  console.log(
    `› Servidor compilado em ${Math.round(performance.now() - started)} ms: apps/server/dist (${(bytes / 1024 / 1024).toFixed(1)} MB de JavaScript, server + worker)`,
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildServer();
