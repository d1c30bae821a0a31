/**
 * The job's work on a video: a linked YouTube/Vimeo video gets its thumbnail copied into our storage
 * (copy-link-poster.ts). An uploaded video (jobs/video-processing.job.ts): reads its duration with ffprobe
 * and draws a poster (a frame at 1 s, 640 px wide JPEG) with ffmpeg (the binaries config chose:
 * lib/media-tools.ts). Without them the video is ready without a poster and says so to the customer;
 * the operator was told once, at start (config warnings). Safe to run twice: only a video still
 * `processing` is touched.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { and, eq } from 'drizzle-orm';
import { VIDEO_MESSAGES } from '@vitrine/contracts';
import { videos } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { mediaToolsUsable } from '../../lib/media-tools.ts';
import { copyLinkPoster } from './copy-link-poster.ts';
import { posterKey } from './create-video-upload.ts';

const run = promisify(execFile);

export async function processVideo(
  deps: Pick<Deps, 'db' | 'storage' | 'config' | 'log'> & { signal?: AbortSignal },
  videoId: string,
): Promise<void> {
  const [video] = await deps.db.select().from(videos).where(eq(videos.id, videoId));
  if (video && (video.source === 'youtube' || video.source === 'vimeo')) return copyLinkPoster(deps, video);
  if (!video || video.status !== 'processing' || !video.storageKey) return;
  const done = (values: Partial<typeof videos.$inferInsert>) =>
    deps.db
      .update(videos)
      .set({ ...values, updatedAt: new Date() })
      .where(and(eq(videos.id, videoId), eq(videos.status, 'processing')));

  const { FFMPEG_PATH, FFPROBE_PATH } = deps.config;
  if (!FFMPEG_PATH || !FFPROBE_PATH || !mediaToolsUsable({ FFMPEG_PATH, FFPROBE_PATH })) {
    // The operator's warning was logged once at start; here only a debug line per video.
    deps.log.debug({ videoId }, 'no ffmpeg: video ready without a poster');
    await done({ status: 'ready', statusMessage: VIDEO_MESSAGES.noFfmpeg });
    return;
  }

  const dir = await mkdtemp(path.join(tmpdir(), 'vitrine-video-'));
  try {
    const input = path.join(dir, 'input');
    await deps.storage.download(video.storageKey, input);
    deps.signal?.throwIfAborted();
    let duration: number | null = null;
    try {
      const probe = await run(
        FFPROBE_PATH,
        [
          '-v',
          'error',
          '-show_entries',
          'format=duration',
          '-of',
          'default=noprint_wrappers=1:nokey=1',
          input,
        ],
        { timeout: 60_000, signal: deps.signal },
      );
      const value = Number.parseFloat(probe.stdout.trim());
      duration = Number.isFinite(value) ? Math.round(value * 100) / 100 : null;
    } catch {
      await done({
        status: 'failed',
        statusMessage: 'Não foi possível ler este vídeo. Envie outro arquivo.',
      });
      return;
    }
    deps.signal?.throwIfAborted();
    const output = path.join(dir, 'poster.jpg');
    const at = duration !== null ? Math.min(1, duration / 2) : 0;
    let poster: Buffer | null = null;
    try {
      await run(
        FFMPEG_PATH,
        [
          '-v',
          'error',
          '-ss',
          String(at),
          '-i',
          input,
          '-frames:v',
          '1',
          '-vf',
          'scale=640:-2',
          '-q:v',
          '4',
          '-y',
          output,
        ],
        { timeout: 120_000, signal: deps.signal },
      );
      poster = await readFile(output);
    } catch (err) {
      deps.log.warn({ err, videoId }, 'poster frame failed');
    }
    let key: string | null = null;
    if (poster?.length) {
      key = posterKey(video.realEstateId, video.id);
      await deps.storage.put(key, poster, 'image/jpeg');
    }
    await done({
      status: 'ready',
      durationSeconds: duration,
      posterKey: key,
      statusMessage: key ? null : 'Vídeo pronto sem capa: não foi possível extrair um quadro.',
    });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
