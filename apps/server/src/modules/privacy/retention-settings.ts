/**
 * The agency's retention periods (docs/privacy.md "Retention"). Defaults: raw analytics 13 months (a
 * year compared with the year before, and no more) — never more than the platform's ceiling
 * ANALYTICS_RETENTION_MONTHS, which the analytics sweep applies to every agency; the CRMs' answers and
 * error texts of delivery attempts 6 months (long enough to investigate a complaint about a lead that
 * did not arrive, short enough that the echoes of leads' data in them do not pile up); the inbound
 * ledger's bodies 6 months too (what a portal sent is a copy of the lead). An agency may shorten any;
 * no row (or no inbound period) means the defaults.
 */
import { eq } from 'drizzle-orm';
import {
  RETENTION_DEFAULTS,
  RETENTION_LIMITS,
  type RetentionSettings,
  type UpdateRetentionBody,
} from '@vitrine/contracts';
import { auditLog, privacySettings } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { fieldError } from '../../lib/http-errors.ts';

/** The defaults and bounds under this platform's configuration. */
export function retentionPolicy(config: Deps['config']) {
  const analyticsMax = Math.min(RETENTION_LIMITS.analytics_months.max, config.ANALYTICS_RETENTION_MONTHS);
  return {
    defaults: {
      analytics_months: Math.min(RETENTION_DEFAULTS.analytics_months, analyticsMax),
      delivery_bodies_months: RETENTION_DEFAULTS.delivery_bodies_months,
      inbound_bodies_months: RETENTION_DEFAULTS.inbound_bodies_months,
    },
    limits: {
      analytics_months: { min: RETENTION_LIMITS.analytics_months.min, max: analyticsMax },
      delivery_bodies_months: { ...RETENTION_LIMITS.delivery_bodies_months },
      inbound_bodies_months: { ...RETENTION_LIMITS.inbound_bodies_months },
    },
  };
}

export async function readRetentionSettings(
  deps: Pick<Deps, 'db' | 'config'>,
  realEstateId: number,
): Promise<RetentionSettings> {
  const policy = retentionPolicy(deps.config);
  const [row] = await deps.db
    .select()
    .from(privacySettings)
    .where(eq(privacySettings.realEstateId, realEstateId));
  return {
    analytics_months: Math.min(
      row?.analyticsMonths ?? policy.defaults.analytics_months,
      policy.limits.analytics_months.max,
    ),
    delivery_bodies_months: row?.deliveryBodiesMonths ?? policy.defaults.delivery_bodies_months,
    inbound_bodies_months: row?.inboundBodiesMonths ?? policy.defaults.inbound_bodies_months,
    ...policy,
    updated_at: row?.updatedAt.toISOString() ?? null,
  };
}

export async function updateRetentionSettings(
  deps: Pick<Deps, 'db' | 'config'>,
  input: { realEstateId: number; userId: number; body: UpdateRetentionBody },
): Promise<RetentionSettings> {
  const { limits } = retentionPolicy(deps.config);
  const { analytics_months, delivery_bodies_months } = input.body;
  if (analytics_months > limits.analytics_months.max)
    throw fieldError(
      'analytics_months',
      `A retenção de analytics deve ser de no máximo ${limits.analytics_months.max} meses (o limite desta instalação).`,
    );
  const before = await readRetentionSettings(deps, input.realEstateId);
  const inbound_bodies_months = input.body.inbound_bodies_months ?? before.inbound_bodies_months;
  const values = {
    analyticsMonths: analytics_months,
    deliveryBodiesMonths: delivery_bodies_months,
    inboundBodiesMonths: inbound_bodies_months,
    updatedBy: input.userId,
    updatedAt: new Date(),
  };
  await deps.db.transaction(async (tx) => {
    await tx
      .insert(privacySettings)
      .values({ realEstateId: input.realEstateId, ...values })
      .onConflictDoUpdate({ target: privacySettings.realEstateId, set: values });
    // Who shortened (or lengthened) what the agency keeps, and from what.
    await tx.insert(auditLog).values({
      realEstateId: input.realEstateId,
      userId: input.userId,
      action: 'privacy.retention_changed',
      details: {
        from: {
          analytics_months: before.analytics_months,
          delivery_bodies_months: before.delivery_bodies_months,
          inbound_bodies_months: before.inbound_bodies_months,
        },
        to: { analytics_months, delivery_bodies_months, inbound_bodies_months },
      },
    });
  });
  return readRetentionSettings(deps, input.realEstateId);
}
