/**
 * Which ffmpeg/ffprobe the video jobs run is chosen in one place: FFMPEG_PATH/FFPROBE_PATH,
 * else the machine's on PATH, else the binaries `npm install` brought; none, one warning at start
 * with the fix (only in a process that runs the jobs).
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { findOnPath, missingMediaToolsWarning, npmMediaTool, resolveMediaTools } from './media-tools.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'vitrine-media-tools-'));
const bin = path.join(dir, 'bin');
const empty = path.join(dir, 'empty');
for (const d of [bin, empty]) mkdirSync(d);
for (const name of ['ffmpeg', 'ffprobe']) {
  writeFileSync(path.join(bin, name), '#!/bin/sh\necho fake\n');
  chmodSync(path.join(bin, name), 0o755);
}
// Not executable: PATH lookup skips it, as a shell would.
writeFileSync(path.join(empty, 'ffmpeg'), 'not a program');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('media tools', () => {
  it('FFMPEG_PATH/FFPROBE_PATH win, as given', () => {
    const tools = resolveMediaTools({
      FFMPEG_PATH: '/opt/ff/ffmpeg',
      FFPROBE_PATH: '/opt/ff/ffprobe',
      PATH: bin,
    });
    expect(tools.ffmpeg).toEqual({ path: '/opt/ff/ffmpeg', source: 'env' });
    expect(tools.ffprobe).toEqual({ path: '/opt/ff/ffprobe', source: 'env' });
  });

  it('then the machine’s binaries on PATH (the first executable one)', () => {
    const tools = resolveMediaTools({ PATH: [empty, bin].join(path.delimiter) });
    expect(tools.ffmpeg).toEqual({ path: path.join(bin, 'ffmpeg'), source: 'path' });
    expect(tools.ffprobe).toEqual({ path: path.join(bin, 'ffprobe'), source: 'path' });
    expect(findOnPath('ffmpeg', empty)).toBeNull();
  });

  it('then the npm packages’ binaries, which run here', () => {
    const tools = resolveMediaTools({ PATH: empty });
    expect(tools.ffmpeg.source).toBe('npm');
    expect(tools.ffprobe.source).toBe('npm');
    expect(tools.ffmpeg.path).toBe(npmMediaTool('ffmpeg'));
    expect(execFileSync(tools.ffmpeg.path!, ['-version'], { encoding: 'utf8' })).toMatch(/^ffmpeg version/);
    expect(execFileSync(tools.ffprobe.path!, ['-version'], { encoding: 'utf8' })).toMatch(/^ffprobe version/);
  });

  it('none: the operator’s warning names what is missing and the fix; both present: no warning', () => {
    const warning = missingMediaToolsWarning({ FFMPEG_PATH: null, FFPROBE_PATH: path.join(bin, 'ffprobe') });
    expect(warning).toMatch(/sem capa/);
    expect(warning).toMatch(/ffmpeg não encontrado/);
    expect(warning).toContain('apt-get install ffmpeg');
    expect(warning).toContain('FFMPEG_PATH');
    expect(
      missingMediaToolsWarning({
        FFMPEG_PATH: path.join(bin, 'ffmpeg'),
        FFPROBE_PATH: path.join(bin, 'ffprobe'),
      }),
    ).toBeNull();
  });

  it('the config says it once at start, only where the video jobs run', () => {
    const base = { NODE_ENV: 'test', FFMPEG_PATH: path.join(empty, 'ffmpeg'), PATH: bin };
    const overrides = { dataDir: dir, appKey: Buffer.alloc(32) };
    const worker = loadConfig(base, overrides);
    expect(worker.FFMPEG_PATH).toBe(path.join(empty, 'ffmpeg'));
    expect(worker.FFPROBE_PATH).toBe(path.join(bin, 'ffprobe'));
    expect(worker.warnings.filter((w) => w.includes('ffmpeg'))).toHaveLength(1);
    expect(loadConfig({ ...base, RUN_WORKER: 'false' }, overrides).warnings).toEqual([]);
    expect(loadConfig({ NODE_ENV: 'test', PATH: bin }, overrides).warnings).toEqual([]);
  });
});
