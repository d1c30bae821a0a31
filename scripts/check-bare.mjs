// npm run check:bare — the README's promise on a bare machine (docs/decisions/016-bare-machine.md), for a
// human to run: a clean clone of the committed HEAD, `npm ci` and a short smoke, all with no ffmpeg and no
// Chromium reachable (PATH masked by scripts/bare-path.mjs, CHROMIUM_PATH/FFMPEG_PATH unset), even on a
// machine that has them:
//   1. `npm ci` in the clone (it also builds the console, as the README's `npm install` does);
//   2. `npm start`'s server (scripts/start.mjs) answers, without the "no ffmpeg" warning;
//   3. an uploaded MP4 gets its poster and duration from the ffmpeg the npm install brought;
//   4. the Chromium the npm install brought opens the console's sign-in page.
// Prints the figures (install time, the size of the binaries' packages). CI proves the same with the
// whole `npm test` (.ci/run runs it masked); this is the quick look.
//
// Options: --keep (leave the temp dir).
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { bareEnv, makeBarePath } from './bare-path.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = new Set(process.argv.slice(2));
const log = (msg) => console.log(`› ${msg}`);

function du(dir) {
  let bytes = 0;
  const walk = (p) => {
    const st = statSync(p, { throwIfNoEntry: false });
    if (!st) return;
    if (st.isDirectory()) for (const e of readdirSync(p)) walk(path.join(p, e));
    else bytes += st.size;
  };
  walk(dir);
  return bytes;
}
const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

/** Steps 2–4, run by the clone's own Node 24 inside the clone (with the bare environment). */
async function smoke() {
  const { readFileSync } = await import('node:fs');
  const { ConsoleClient, freePort, registerAgency, resolveChromium, spawnServer, waitForHttp } =
    await import('@vitrine/test-kit');
  const { resolveMediaTools } = await import('../apps/server/src/lib/media-tools.ts');
  const media = resolveMediaTools(process.env);
  log(
    `ffmpeg: ${media.ffmpeg.path} (${media.ffmpeg.source}); ffprobe: ${media.ffprobe.path} (${media.ffprobe.source})`,
  );
  if (media.ffmpeg.source !== 'npm' || media.ffprobe.source !== 'npm')
    throw new Error('esperava o ffmpeg e o ffprobe do npm install');

  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'vitrine-check-bare-data-'));
  const baseURL = `http://localhost:${port}`;
  const t0 = performance.now();
  const server = spawnServer({
    args: [path.join(root, 'scripts/start.mjs')], // what `npm start` runs
    env: { PORT: String(port), DATA_DIR: dataDir, APP_URL: baseURL, LOG_LEVEL: 'info', LOG_PRETTY: '0' },
  });
  try {
    await waitForHttp(`${baseURL}/healthz`, server, { timeoutMs: 120_000, intervalMs: 250 });
    log(`npm start: respondendo em ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    if (/sem capa/.test(server.output())) throw new Error('o servidor avisou que não há ffmpeg');

    const client = new ConsoleClient(baseURL);
    const { agencyId } = await registerAgency(
      client,
      { name: 'Teste Máquina Limpa', email: `bare-${port}@exemplo.test`, password: 'senha-da-maquina-limpa' },
      'Imobiliária Máquina Limpa',
    );
    const { data: page } = await client.call('POST', `/v1/real-estates/${agencyId}/pages`, {
      page: { title: 'Casa com quintal' },
    });
    const { data } = await client.call('POST', `/v1/pages/${page.id}/videos/generate-upload-url`, {
      file_type: 'video/mp4',
    });
    const mp4 = readFileSync(path.join(root, 'apps/server/src/modules/videos/testing/tiny.mp4'));
    const put = await fetch(data.upload.url, { method: 'PUT', headers: data.upload.headers, body: mp4 });
    if (put.status !== 204) throw new Error(`envio do vídeo: ${put.status}`);
    const t1 = performance.now();
    await client.call('PATCH', `/v1/videos/${data.video.id}/upload-finished`);
    let video;
    for (let i = 0; i < 240 && video?.status !== 'ready'; i++) {
      await new Promise((r) => setTimeout(r, 250));
      const list = await client.call('GET', `/v1/real-estates/${agencyId}/videos?page_id=${page.id}`);
      video = list.data.find((v) => v.id === data.video.id);
    }
    if (!video?.poster_url) throw new Error(`vídeo sem capa: ${JSON.stringify(video)}`);
    log(
      `vídeo: capa ${video.poster_url} e ${video.duration_seconds} s, em ${((performance.now() - t1) / 1000).toFixed(1)} s`,
    );

    const t2 = performance.now();
    const chrome = resolveChromium();
    log(
      `Chromium: ${chrome.path} (${chrome.source}), achado em ${((performance.now() - t2) / 1000).toFixed(1)} s`,
    );
    if (chrome.source !== 'npm') throw new Error('esperava o Chromium do npm install');
    const { chromium } = await import('playwright-core');
    const browser = await chromium.launch({
      executablePath: chrome.path,
      env: { ...process.env, ...chrome.env },
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
    });
    try {
      const tab = await browser.newPage();
      await tab.goto(`${baseURL}/entrar`);
      await tab.getByLabel('Senha', { exact: true }).waitFor({ timeout: 30_000 });
      log(`Chromium ${browser.version()}: a página de entrada do console abriu ("${await tab.title()}")`);
    } finally {
      await browser.close();
    }
  } catch (err) {
    console.error(server.output().slice(-3000));
    throw err;
  } finally {
    await server.stop('SIGTERM', 10_000);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (args.has('--smoke')) {
  try {
    await smoke();
  } catch (err) {
    console.error(`✗ ${err.message}`);
    process.exit(1);
  }
} else {
  const dirty = execFileSync('git', ['status', '--porcelain'], { cwd: root, encoding: 'utf8' }).trim();
  if (dirty) log('atenção: há mudanças não commitadas; o clone tem só o HEAD commitado');
  const tmp = mkdtempSync(path.join(tmpdir(), 'vitrine-check-bare-'));
  const clone = path.join(tmp, 'repo');
  // This repository's node_modules/.bin (npm run puts it first) must not leak into the bare PATH.
  const outerPath = (process.env.PATH ?? '')
    .split(path.delimiter)
    .filter((d) => !d.startsWith(path.join(root, 'node_modules')) && !/node_modules[/\\]\.bin/.test(d))
    .join(path.delimiter);
  const barePath = makeBarePath(outerPath);
  const env = bareEnv(barePath);
  delete env.npm_config_prefix;
  let failed = false;
  try {
    log(`git clone ${root} → ${clone}`);
    execFileSync('git', ['clone', '--quiet', '--no-hardlinks', root, clone], { stdio: 'inherit' });
    for (const name of ['ffmpeg', 'ffprobe', 'chromium']) {
      const found = spawnSync('sh', ['-c', `command -v ${name}`], { env, encoding: 'utf8' }).stdout.trim();
      if (found) throw new Error(`${name} ainda está no PATH mascarado (${found})`);
    }
    log('npm ci (sem ffmpeg e sem Chromium no PATH)');
    const t0 = performance.now();
    const ci = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: clone, env, stdio: 'inherit' });
    if (ci.status !== 0) throw new Error(`npm ci falhou (${ci.status})`);
    log(`npm ci: ${((performance.now() - t0) / 1000).toFixed(0)} s`);
    const nm = path.join(clone, 'node_modules');
    const sizes = {
      '@ffmpeg-installer': du(path.join(nm, '@ffmpeg-installer')),
      '@ffprobe-installer': du(path.join(nm, '@ffprobe-installer')),
      '@sparticuz/chromium': du(path.join(nm, '@sparticuz/chromium')),
    };
    for (const [name, bytes] of Object.entries(sizes)) log(`${name}: ${mb(bytes)}`);
    log(`node_modules inteiro: ${mb(du(nm))}`);
    const smoke = spawnSync(path.join(nm, '.bin/node'), ['scripts/check-bare.mjs', '--smoke'], {
      cwd: clone,
      env,
      stdio: 'inherit',
    });
    if (smoke.status !== 0) throw new Error('o teste rápido falhou');
    log(`cache do Chromium desempacotado: ${mb(du(path.join(nm, '.cache')))}`);
    log('OK: clone limpo, npm ci, servidor, capa de vídeo e Chromium sem nada instalado à mão');
  } catch (err) {
    failed = true;
    console.error(`✗ ${err.message}`);
  } finally {
    rmSync(barePath, { recursive: true, force: true });
    if (args.has('--keep')) log(`mantido: ${tmp}`);
    else rmSync(tmp, { recursive: true, force: true });
  }
  process.exit(failed ? 1 : 0);
}
