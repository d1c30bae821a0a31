/**
 * The new-lead e-mail to the agency's team (modules/leads/send-lead-alert.ts). A captured group of
 * leads enqueues one job for the whole group (`leadIds`); the job sends each lead's alert, and the
 * ones that fail go back as jobs of their own (`leadId`), so a retry never repeats an alert already
 * sent. A released lead or an older job carries a single `leadId`.
 */
import { z } from 'zod';
import { defineJob, type JobDefinition } from './define-job.ts';

/** The most leads one alert job names (a captured group is at most this big). */
export const LEAD_ALERT_MAX_IDS = 100;

const payload = z
  .object({
    leadId: z.uuid().optional(),
    leadIds: z.array(z.uuid()).min(1).max(LEAD_ALERT_MAX_IDS).optional(),
  })
  .refine((p) => !!p.leadId !== !!p.leadIds, { message: 'informe leadId ou leadIds' });

export const leadAlertJob: JobDefinition<typeof payload> = defineJob({
  name: 'lead-alert',
  payload,
  retry: { limit: 5, delaySeconds: 30, backoff: true },
  concurrency: { batchSize: 5 },
  async handle(data, deps) {
    const { sendLeadAlert } = await import('../modules/leads/send-lead-alert.ts');
    if (data.leadId) return sendLeadAlert(deps, data.leadId);
    const failed: string[] = [];
    for (const leadId of data.leadIds ?? []) {
      try {
        await sendLeadAlert(deps, leadId);
      } catch (err) {
        deps.log.warn({ err, leadId }, 'lead alert failed; retried as its own job');
        failed.push(leadId);
      }
    }
    if (failed.length)
      await deps.db.transaction((tx) =>
        deps.queue.enqueueMany(
          tx,
          leadAlertJob,
          failed.map((leadId) => ({ leadId })),
        ),
      );
  },
});
