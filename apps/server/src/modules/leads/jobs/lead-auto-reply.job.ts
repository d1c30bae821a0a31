/** The auto-reply e-mail to the visitor who left a lead (send-lead-auto-reply.ts). */
import { z } from 'zod';
import { defineJob } from '../../../jobs/define-job.ts';
import { sendLeadAutoReply } from '../send-lead-auto-reply.ts';

export const leadAutoReplyJob = defineJob({
  name: 'lead-auto-reply',
  payload: z.object({ leadId: z.uuid() }),
  retry: { limit: 5, delaySeconds: 30, backoff: true },
  concurrency: { batchSize: 5 },
  async handle(payload, deps) {
    await sendLeadAutoReply(deps, payload.leadId);
  },
});
