/**
 * The new-lead e-mail to the agency's team (send-lead-alert.ts). A captured group of leads enqueues one
 * job for the whole group (`leadIds`); the job sends each recipient its e-mail (one lead's alert, or a
 * digest of several), and the leads of an e-mail that failed go back as jobs of their own (`leadId`,
 * with `to`: the recipients whose e-mail failed), so a retry sends nothing again to anyone whose e-mail
 * went out (retryLeadAlert, below). A released lead or an older job carries a single `leadId` (to all
 * its recipients). A group's job also hands the visitors' auto-replies to jobs of their own (only where
 * the agency has them on), so capture itself writes one job row for the group whatever the preferences.
 */
import { z } from 'zod';
import { defineJob, type JobDeps, type JobDefinition } from '../../../jobs/define-job.ts';
import { readAlertRows, sendLeadAlerts } from '../send-lead-alert.ts';
import { leadsToAutoReply } from '../send-lead-auto-reply.ts';
import { leadAutoReplyJob } from './lead-auto-reply.job.ts';

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

export const leadAlertJob: JobDefinition<typeof payload> = defineJob({
  name: 'lead-alert',
  payload,
  retry: { limit: 5, delaySeconds: 30, backoff: true },
  // A process killed in the middle of the job: its heartbeat stops, pg-boss's supervisor fails the job
  // a minute later (checked about every minute) and it runs again after its 30–60 s retry delay: one
  // to three minutes after the kill, instead of pg-boss's 15-minute expiry. A live job that is only slow
  // keeps its heartbeat (refreshed every 15 s) and is not run twice within that expiry (unless no
  // refresh could be written for a minute: then twice, never not at all).
  heartbeatSeconds: 60,
  concurrency: { batchSize: 5 },
  async handle(data, deps) {
    // Each alert first takes the agency's lead rotation turn ("roleta", docs/product.md#lead-assignment)
    // where it is on, so the member it picks gets the alert; a no-op for a lead already assigned, and on a
    // re-run.
    if (data.leadId) return retryLeadAlert(deps, data.leadId, data.to);
    const leadIds = data.leadIds ?? [];
    // The group's leads (one statement), agencies and recipients are read once; each recipient gets one
    // e-mail (a digest when the group brought it several leads).
    const read = await readAlertRows(deps.db, leadIds);
    const replies = await leadsToAutoReply(
      deps,
      leadIds,
      read.map((r) => r.lead),
    );
    const { retry } = await sendLeadAlerts(deps, leadIds, read);
    // One transaction ends the group: the failed alerts as jobs of their own, and the auto-replies.
    // Until it commits nothing of the group is queued, so a retry of the group never queues twice.
    if (retry.length || replies.length)
      await deps.db.transaction(async (tx) => {
        await deps.queue.enqueueMany(tx, leadAlertJob, retry);
        await deps.queue.enqueueMany(
          tx,
          leadAutoReplyJob,
          replies.map((leadId) => ({ leadId })),
        );
      });
  },
});

/**
 * One lead's alert (a released lead; a retry, `to`: only those recipients). Nothing went out: it throws,
 * and pg-boss tries the job again as it is. Some e-mails went out and others failed: a new job for those
 * others only, after the retry delay, so a retry never sends the lead again to whom it reached (each
 * such job names fewer recipients than the last, and the one where all fail uses pg-boss's retries).
 */
async function retryLeadAlert(deps: JobDeps, leadId: string, to: string[] | undefined) {
  const { retry, sent } = await sendLeadAlerts(deps, [leadId], undefined, to);
  const [again] = retry;
  if (!again) return;
  if (!sent || !again.to) throw new Error(`O aviso do lead ${leadId} não foi enviado.`);
  const startAfter = new Date(Date.now() + leadAlertJob.retry.delaySeconds * 1000);
  await deps.db.transaction((tx) =>
    deps.queue.enqueue(tx, leadAlertJob, { leadId, to: again.to }, { startAfter }),
  );
}
