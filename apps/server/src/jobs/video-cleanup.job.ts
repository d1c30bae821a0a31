/**
 * Every hour, in the processes that run workers: video uploads never finished after
 * VIDEO_PENDING_TTL_HOURS (24 h) are deleted with any part of their file (modules/videos).
 * Enqueueing the job runs the same sweep now.
 */
import { z } from 'zod';
import { defineJob, type JobDeps } from './define-job.ts';

async function sweep(deps: JobDeps) {
  const { cleanPendingUploads } = await import('../modules/videos/index.ts');
  return cleanPendingUploads(deps);
}

export const videoCleanupJob = defineJob({
  name: 'video-cleanup',
  payload: z.object({}),
  retry: { limit: 2, delaySeconds: 60 },
  expireInSeconds: 30 * 60,
  concurrency: { batchSize: 1 },
  async handle(_payload, deps) {
    await sweep(deps);
  },
  every: { seconds: 60 * 60, run: sweep },
});
