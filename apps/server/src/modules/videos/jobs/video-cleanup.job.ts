/**
 * Every hour, in the processes that run workers: video uploads never finished after
 * VIDEO_PENDING_TTL_HOURS (24 h) are deleted with any part of their file, and YouTube/Vimeo links
 * still without a poster get their poster job again (links added before posters were copied, or whose
 * copy kept failing). Enqueueing the job runs the same sweep now.
 */
import { definePeriodicJob, type JobDeps } from '../../../jobs/define-job.ts';
import { cleanPendingUploads } from '../clean-pending-uploads.ts';
import { queueMissingLinkPosters } from '../copy-link-poster.ts';

async function sweep(deps: JobDeps) {
  await cleanPendingUploads(deps);
  await queueMissingLinkPosters(deps);
}

export const videoCleanupJob = definePeriodicJob({
  name: 'video-cleanup',
  everySeconds: 60 * 60,
  expireInSeconds: 30 * 60,
  run: sweep,
});
