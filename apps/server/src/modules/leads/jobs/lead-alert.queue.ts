/**
 * The lead-alert queue: its name, payload and retry policy (lead-alert.job.ts adds the handler). Apart
 * from the job because the alert services enqueue it (the retries of failed e-mails, the hand-over's
 * groups) and the handler runs those same services.
 */
import { z } from 'zod';
import { defineJobQueue } from '../../../jobs/define-job.ts';

/** The most leads one alert job names (a captured group is at most this big). */
export const LEAD_ALERT_MAX_IDS = 100;

const payload = z
  .object({
    leadId: z.uuid().optional(),
    leadIds: z.array(z.uuid()).min(1).max(LEAD_ALERT_MAX_IDS).optional(),
    /** A retried lead's recipients whose e-mail failed (only with `leadId`); all of them when absent. */
    to: z.array(z.string().min(3).max(320)).min(1).max(100).optional(),
  })
  .refine((p) => !!p.leadId !== !!p.leadIds, { message: 'informe leadId ou leadIds' })
  .refine((p) => !p.to || !!p.leadId, { message: 'to só com leadId' });

export const leadAlertQueue = defineJobQueue({
  name: 'lead-alert',
  payload,
  retry: { limit: 5, delaySeconds: 30, backoff: true },
  // A process killed in the middle of the job: its heartbeat stops, pg-boss's supervisor fails the job
  // a minute later (checked about every minute) and it runs again after its 30–60 s retry delay: one
  // to three minutes after the kill, instead of pg-boss's 15-minute expiry. A live job that is only slow
  // keeps its heartbeat (refreshed every 15 s) and is not run twice within that expiry (unless no
  // refresh could be written for a minute: then twice, never not at all).
  heartbeatSeconds: 60,
});
