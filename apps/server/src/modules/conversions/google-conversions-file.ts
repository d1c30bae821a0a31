/**
 * The Google Ads click-conversions file an agency schedules in Google Ads (docs/product.md#ad-conversions):
 * Google's template — a `Parameters:TimeZone=` row, then `Google Click ID`, `Conversion Name`,
 * `Conversion Time`, `Conversion Value`, `Conversion Currency` — in the agency's time zone, with the
 * captured landing-page leads that carry a `gclid` and the mapped stages they reached (their first time,
 * from the status changes of the audit log), of the last 90 days (Google's click window; a row Google
 * already imported is counted once). No personal data: click id, conversion name, time. Found by the
 * SHA-256 of the URL's token; the time of the read is kept for the lead's page.
 */
import { eq, sql } from 'drizzle-orm';
import { CONVERSIONS_TIME_ZONE, LEAD_STATUSES, type LeadStatus } from '@vitrine/contracts';
import type { Deps } from '../../deps.ts';
import { conversionSettings } from '../../db/schema.ts';
import { sha256 } from '../../lib/crypto.ts';
import { rowsOf } from '../../lib/throttle.ts';

/** Google's click window: a conversion of an older click is refused. */
const WINDOW_DAYS = 90;
const HEADER = [
  'Google Click ID',
  'Conversion Name',
  'Conversion Time',
  'Conversion Value',
  'Conversion Currency',
];

const timeFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: CONVERSIONS_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** `yyyy-MM-dd HH:mm:ss` in São Paulo (the file's `TimeZone` parameter says which). */
export function conversionTime(at: Date): string {
  const p = Object.fromEntries(timeFormat.formatToParts(at).map((x) => [x.type, x.value]));
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`;
}

const csvField = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

export interface GoogleConversionRow {
  gclid: string;
  name: string;
  at: Date;
}

export function googleConversionsCsv(rows: GoogleConversionRow[]): string {
  const lines = [
    `Parameters:TimeZone=${CONVERSIONS_TIME_ZONE}`,
    HEADER.join(','),
    ...rows.map((r) => [r.gclid, r.name, conversionTime(r.at), '', 'BRL'].map(csvField).join(',')),
  ];
  return `${lines.join('\r\n')}\r\n`;
}

/** The conversions of one agency (and optionally one lead) for Google, oldest first. */
export async function googleConversionsOf(
  deps: Pick<Deps, 'db'>,
  input: {
    realEstateId: number;
    leadConversionName: string;
    stageEvents: Partial<Record<LeadStatus, { google?: string }>>;
    leadId?: string;
    now?: Date;
  },
): Promise<(GoogleConversionRow & { leadId: string })[]> {
  const since = new Date((input.now ?? new Date()).getTime() - WINDOW_DAYS * 86400_000);
  const stages = LEAD_STATUSES.flatMap((s) => {
    const name = input.stageEvents[s]?.google?.trim();
    return name ? [{ status: s, name }] : [];
  });
  const leadFilter = input.leadId ? sql`and l.id = ${input.leadId}::uuid` : sql``;
  const result = await deps.db.execute(sql`
    select l.id as lead_id, l.gclid, ${input.leadConversionName}::text as name, l.created_at as at
    from leads l
    where l.real_estate_id = ${input.realEstateId} and l.created_at >= ${since.toISOString()}::timestamptz
      and l.gclid is not null and l.gclid <> '' and l.source = 'landing_page'
      and l.consent and not l.is_test and not l.quarantined ${leadFilter}
    union all
    select l.id, l.gclid, s.name, min(a.created_at)
    from audit_log a
    join json_to_recordset(${JSON.stringify(stages)}::json) as s(status text, name text)
      on s.status = a.details->>'to'
    join leads l on l.id::text = a.subject and l.real_estate_id = a.real_estate_id
    where a.real_estate_id = ${input.realEstateId} and a.action = 'lead.status_changed'
      and a.created_at >= ${since.toISOString()}::timestamptz
      and l.gclid is not null and l.gclid <> '' and l.consent and not l.is_test and not l.quarantined ${leadFilter}
    group by l.id, l.gclid, s.name
    order by at`);
  const rows = rowsOf<{ lead_id: string; gclid: string; name: string; at: string | Date }>(result);
  return rows.map((r) => ({ leadId: r.lead_id, gclid: r.gclid, name: r.name, at: new Date(r.at) }));
}

/** The file for a token, or null (unknown token, or Google turned off); the read is recorded. */
export async function googleConversionsFile(deps: Pick<Deps, 'db'>, token: string): Promise<string | null> {
  const [settings] = await deps.db
    .select()
    .from(conversionSettings)
    .where(eq(conversionSettings.googleFileTokenHash, sha256(token)));
  if (!settings?.googleEnabled) return null;
  const rows = await googleConversionsOf(deps, {
    realEstateId: settings.realEstateId,
    leadConversionName: settings.googleLeadConversionName,
    stageEvents: settings.stageEvents,
  });
  await deps.db
    .update(conversionSettings)
    .set({ googleFileFetchedAt: new Date() })
    .where(eq(conversionSettings.realEstateId, settings.realEstateId));
  return googleConversionsCsv(rows);
}
