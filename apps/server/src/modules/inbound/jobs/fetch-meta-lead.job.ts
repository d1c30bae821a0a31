/**
 * Reads a notified Meta lead from the Graph API and takes it in (meta-lead-ads-fetch.ts). A few at once:
 * the Graph API's page rate limit is generous for an agency's volume, and a throttled call waits for the
 * queue's backoff (fetch-meta-lead.queue.ts). The last try does not throw: a Graph API that never
 * answered is written to the inbound ledger as `failed`, with Meta's error, for the agency to replay.
 */
import { defineJob } from '../../../jobs/define-job.ts';
import { fetchMetaLead } from '../meta-lead-ads-fetch.ts';
import { fetchMetaLeadQueue } from './fetch-meta-lead.queue.ts';

export const fetchMetaLeadJob = defineJob({
  ...fetchMetaLeadQueue,
  concurrency: { batchSize: 4 },
  async handle(payload, deps, attempt) {
    await fetchMetaLead(deps, payload, { signal: deps.signal, lastAttempt: attempt?.last ?? false });
  },
});
