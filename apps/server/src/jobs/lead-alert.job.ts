/** The new-lead e-mail to the agency's team (modules/leads/send-lead-alert.ts), after the rotation's turn. */
import { z } from 'zod';
import { defineJob } from './define-job.ts';

export const leadAlertJob = defineJob({
  name: 'lead-alert',
  payload: z.object({ leadId: z.uuid() }),
  retry: { limit: 5, delaySeconds: 30, backoff: true },
  concurrency: { batchSize: 5 },
  async handle(payload, deps) {
    const { sendLeadAlert } = await import('../modules/leads/send-lead-alert.ts');
    // The agency's lead rotation ("roleta", issue 13) takes its turn first, so the member it picks
    // gets this alert; a no-op without rotation, for a lead already assigned, and on a re-run.
    const { assignLeadByRotation } = await import('../modules/team/index.ts');
    await assignLeadByRotation(deps, payload.leadId);
    await sendLeadAlert(deps, payload.leadId);
  },
});
