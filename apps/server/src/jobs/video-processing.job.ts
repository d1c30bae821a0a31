/**
 * The poster frame and duration of an uploaded video, or the copied thumbnail of a YouTube/Vimeo link
 * (modules/videos/process-video.ts, copy-link-poster.ts).
 */
import { z } from 'zod';
import { defineJob } from './define-job.ts';

export const videoProcessingJob = defineJob({
  name: 'video-poster', // the pg-boss queue: never renamed once jobs may be waiting
  payload: z.object({ videoId: z.uuid() }),
  retry: { limit: 3, delaySeconds: 30, backoff: true },
  expireInSeconds: 5 * 60, // a process that died mid-job: pg-boss retries it after this
  concurrency: { batchSize: 2 },
  async handle(payload, deps) {
    // Imported when the job runs: the services that enqueue this job import this file.
    const { processVideo } = await import('../modules/videos/index.ts');
    await processVideo(deps, payload.videoId);
  },
});
