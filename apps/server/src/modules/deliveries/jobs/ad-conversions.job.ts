/**
 * The ad platforms' Lead deliveries of a captured group (docs/decisions/023-ad-conversions.md, amended
 * 2026-11-29): the capture names the leads Meta or Google takes in this job, committed with them, and
 * the job makes their deliveries after the commit (queueAdConversions), off the visitor's answer. Its
 * work is one short transaction, so a process killed in the middle of it is noticed in a minute or two
 * (`expireInSeconds`, checked by pg-boss every 60 s); a second run makes nothing twice. A queue of its
 * own: a worker of an older version does not poll it, so during a rolling deploy its jobs wait for the
 * new workers.
 */
import { z } from 'zod';
import { defineJob, type JobDefinition } from '../../../jobs/define-job.ts';
import { queueAdConversions } from '../enqueue-lead-deliveries.ts';

/** The most leads one job names (a captured group is at most this big: capture-lead.ts MAX_BATCH). */
export const AD_CONVERSIONS_MAX_IDS = 100;

const payload = z.object({ leadIds: z.array(z.uuid()).min(1).max(AD_CONVERSIONS_MAX_IDS) });

export const adConversionsJob: JobDefinition<typeof payload> = defineJob({
  name: 'lead-ad-conversions',
  payload,
  // Three to six hours of retries (10 s doubling, with pg-boss's jitter, 10 tries): past them the job
  // stays failed in pg-boss's table, where it can be retried by hand.
  retry: { limit: 10, delaySeconds: 10, backoff: true },
  expireInSeconds: 60,
  concurrency: { batchSize: 5 },
  async handle(data, deps) {
    await queueAdConversions(deps, data.leadIds);
  },
});
