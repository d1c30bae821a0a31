/**
 * The new-lead e-mail to the agency's team (send-lead-alert.ts). A captured group of leads enqueues one
 * job for the whole group (`leadIds`); the job sends each recipient its e-mail (one lead's alert, or a
 * digest of several), and the leads of an e-mail that failed go back as jobs of their own (`leadId`,
 * with `to`: the recipients whose e-mail failed), so a retry sends nothing again to anyone whose e-mail
 * went out (retryLeadAlert, below). A released lead or an older job carries a single `leadId` (to all
 * its recipients). A group's job also hands the visitors' auto-replies to jobs of their own (only where
 * the agency has them on), so capture itself writes one job row for the group whatever the preferences.
 * Group jobs fetched together (a burst) are sent as one: one e-mail per recipient for all their leads.
 * In a process that runs these workers, a captured group's alerts are sent without waiting for its job
 * (alert-hand-over.ts): the job waits as the safety net and is taken back once they are sent.
 */
import { defineJob, type JobDeps, type JobDefinition } from '../../../jobs/define-job.ts';
import { startAlertHandOver } from '../alert-hand-over.ts';
import { sendGroupAlerts, sendLeadAlerts } from '../send-lead-alert.ts';
import { leadAlertQueue } from './lead-alert.queue.ts';

export const leadAlertJob: JobDefinition<(typeof leadAlertQueue)['payload']> = defineJob({
  ...leadAlertQueue,
  // Five jobs per fetch: under a burst, the leads of up to five captured groups make one e-mail per
  // recipient (handleBatch), not five.
  concurrency: { batchSize: 5 },
  async handle(data, deps) {
    // Each alert first takes the agency's lead rotation turn ("roleta", docs/product.md#lead-assignment)
    // where it is on, so the member it picks gets the alert; a no-op for a lead already assigned, and on a
    // re-run.
    if (data.leadId) return retryLeadAlert(deps, data.leadId, data.to);
    await sendGroupAlerts(deps, data.leadIds ?? []);
  },
  /**
   * The jobs fetched together: the groups' jobs as one (their leads' e-mails sent together, and all of
   * them retried if that fails before its end), the released leads' and retries' jobs each on its own.
   */
  async handleBatch(payloads, deps) {
    const groups = payloads.filter((p) => p.leadIds);
    const [together, ...alone] = await Promise.allSettled([
      groups.length ? sendGroupAlerts(deps, [...new Set(groups.flatMap((p) => p.leadIds!))]) : null,
      ...payloads.map((p) => (p.leadId ? retryLeadAlert(deps, p.leadId, p.to) : null)),
    ]);
    return payloads.map((p, i) => (p.leadIds ? together! : alone[i]!));
  },
  // The captured groups' alerts sent at once, beside these workers (alert-hand-over.ts).
  start: startAlertHandOver,
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
  const startAfter = new Date(Date.now() + leadAlertQueue.retry.delaySeconds * 1000);
  await deps.db.transaction((tx) =>
    deps.queue.enqueue(tx, leadAlertQueue, { leadId, to: again.to }, { startAfter }),
  );
}
