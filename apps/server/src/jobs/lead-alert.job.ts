/** The new-lead e-mail to the agency's team (modules/leads/send-lead-alert.ts). */
import { z } from 'zod';
import { defineJob } from './define-job.ts';

export const leadAlertJob = defineJob({
  name: 'lead-alert',
  payload: z.object({ leadId: z.uuid() }),
  retry: { limit: 5, delaySeconds: 30, backoff: true },
  concurrency: { batchSize: 5 },
  async handle(payload, deps) {
    const { sendLeadAlert } = await import('../modules/leads/send-lead-alert.ts');
    await sendLeadAlert(deps, payload.leadId);
  },
});
