/** The lead's stage in the agency's funnel, with an audit entry (and the ad platforms' stage event). */
import { eq } from 'drizzle-orm';
import type { LeadStatus } from '@vitrine/contracts';
import { auditLog, leads } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { enqueueStageDeliveries, leadDeliveryJob } from '../deliveries/index.ts';
import { getLeadPage } from './get-lead.ts';
import { leadView, responseSlaOf, type LeadRow } from './lead-view.ts';

export async function changeLeadStatus(
  deps: Pick<Deps, 'db' | 'queue' | 'config'>,
  input: { lead: LeadRow; userId: number; status: LeadStatus },
) {
  const { lead } = input;
  const now = new Date();
  const { row: updated, woke } = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(leads)
      .set({ status: input.status, statusChangedAt: now, updatedAt: now })
      .where(eq(leads.id, lead.id))
      .returning();
    await tx.insert(auditLog).values({
      realEstateId: lead.realEstateId,
      userId: input.userId,
      action: 'lead.status_changed',
      subject: lead.id,
      details: { from: lead.status, to: input.status },
    });
    // A stage the agency mapped to an ad platform's event is reported (docs/product.md#ad-conversions).
    const stage =
      lead.status === input.status
        ? []
        : await enqueueStageDeliveries(
            { db: tx, queue: deps.queue, config: deps.config },
            row!,
            input.status,
          );
    return { row: row!, woke: stage.some((d) => d.status === 'pending') };
  });
  if (woke) deps.queue.wake(leadDeliveryJob);
  return leadView(updated, await getLeadPage(deps, updated), await responseSlaOf(deps, updated.realEstateId));
}
