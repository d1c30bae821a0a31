/**
 * The fetch-meta-lead queue: its name, payload and retry policy (fetch-meta-lead.job.ts adds the
 * handler). Apart from the job because the webhook and a reconnected page enqueue it, and the handler
 * runs the services that do.
 *
 * Retries: a throttled or unavailable Graph API throws, and pg-boss tries again 1 min later, doubling
 * (1, 2, 4 … min) up to 14 times, about 11 days: Meta keeps a lead for 90 days, so an outage loses
 * nothing (docs/decisions/020-meta-lead-ads.md).
 */
import { z } from 'zod';
import { defineJobQueue } from '../../../jobs/define-job.ts';

const digitsId = z.string().regex(/^\d{1,25}$/);

export const fetchMetaLeadQueue = defineJobQueue({
  name: 'fetch-meta-lead', // the pg-boss queue: never renamed once jobs may be waiting
  payload: z.object({
    realEstateId: z.number().int().positive(),
    leadgenId: digitsId,
    pageId: digitsId,
    formId: digitsId.nullable(),
    adId: digitsId.nullable(),
    /** When the person sent the form (unix seconds), as the notification said. */
    createdTime: z.number().int().nullable(),
  }),
  retry: { limit: 14, delaySeconds: 60, backoff: true },
  expireInSeconds: 2 * 60,
});

export type FetchMetaLeadPayload = z.output<typeof fetchMetaLeadQueue.payload>;
