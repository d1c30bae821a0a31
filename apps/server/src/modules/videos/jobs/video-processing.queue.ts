/**
 * The video-poster queue: its name, payload and retry policy (video-processing.job.ts adds the
 * handler). Apart from the job because the services that enqueue it (an upload finished, a link
 * added, a missing poster queued again) are the ones its handler runs.
 */
import { z } from 'zod';
import { defineJobQueue } from '../../../jobs/define-job.ts';

export const videoProcessingQueue = defineJobQueue({
  name: 'video-poster', // the pg-boss queue: never renamed once jobs may be waiting
  payload: z.object({ videoId: z.uuid() }),
  retry: { limit: 3, delaySeconds: 30, backoff: true },
  expireInSeconds: 5 * 60, // a process that died mid-job: pg-boss retries it after this
});
