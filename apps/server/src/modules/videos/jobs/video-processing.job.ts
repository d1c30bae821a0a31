/**
 * The poster frame and duration of an uploaded video, or the copied thumbnail of a YouTube/Vimeo link
 * (process-video.ts, copy-link-poster.ts).
 */
import { defineJob } from '../../../jobs/define-job.ts';
import { processVideo } from '../process-video.ts';
import { videoProcessingQueue } from './video-processing.queue.ts';

export const videoProcessingJob = defineJob({
  ...videoProcessingQueue,
  concurrency: { batchSize: 2 },
  async handle(payload, deps) {
    await processVideo(deps, payload.videoId);
  },
});
