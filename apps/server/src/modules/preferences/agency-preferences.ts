/**
 * The agency's preferences (docs/product.md#preferences): stored rows over the contract's defaults.
 * Readers (landing pages, the lead alert, the SLA flag) take the values; the screen takes the rows.
 */
import { and, eq, inArray, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import {
  PREFERENCE_DEFAULTS,
  PREFERENCE_KEYS,
  PREFERENCE_LABELS,
  type Preference,
  type PreferenceKey,
  type PreferenceValues,
} from '@vitrine/contracts';
import type { Tx } from '../../db/client.ts';
import { agencyPreferences } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';

const isKey = (key: string): key is PreferenceKey => (PREFERENCE_KEYS as readonly string[]).includes(key);

/**
 * Values are stored as {"v": value}: drizzle's jsonb reader JSON-parses a string once more, so a bare
 * string that reads as JSON ("11977776666", "true") would come back as a number or a boolean.
 */
const stored = (value: unknown) => ({ v: value });
const unwrap = (value: unknown): unknown =>
  value && typeof value === 'object' && 'v' in value ? (value as { v: unknown }).v : value;

/** Every value of the agency, defaults where nothing was stored (no row is written). */
export async function getAgencyPreferences(
  deps: { db: Deps['db'] | Tx },
  realEstateId: number,
  keys: readonly PreferenceKey[] = PREFERENCE_KEYS,
): Promise<PreferenceValues> {
  const rows = await deps.db
    .select({ key: agencyPreferences.key, value: agencyPreferences.value })
    .from(agencyPreferences)
    .where(and(eq(agencyPreferences.realEstateId, realEstateId), inArray(agencyPreferences.key, [...keys])));
  const values: Record<string, unknown> = { ...PREFERENCE_DEFAULTS };
  for (const row of rows) if (isKey(row.key)) values[row.key] = unwrap(row.value);
  return values as unknown as PreferenceValues;
}

/**
 * SQL for a query over many agencies (the sitemap): true where the agency in `realEstateId` holds this
 * value for the key. A key never stored reads as its default, so asking for the default also matches
 * agencies without the row.
 */
export function agencyPreferenceIs<K extends PreferenceKey>(
  realEstateId: AnyColumn,
  key: K,
  value: PreferenceValues[K],
): SQL {
  const json = JSON.stringify(stored(value));
  const row = sql`select 1 from ${agencyPreferences} where ${agencyPreferences.realEstateId} = ${realEstateId} and ${agencyPreferences.key} = ${key}`;
  return JSON.stringify(value) === JSON.stringify(PREFERENCE_DEFAULTS[key])
    ? sql`not exists (${row} and ${agencyPreferences.value} <> ${json}::jsonb)`
    : sql`exists (${row} and ${agencyPreferences.value} = ${json}::jsonb)`;
}

type Row = typeof agencyPreferences.$inferSelect;

export function preferenceView(row: Row): Preference {
  const key = row.key as PreferenceKey;
  return { id: row.id, key, value: unwrap(row.value) as never, ...PREFERENCE_LABELS[key] };
}

/** The rows of the screen, in the contract's order; missing keys are created with their defaults. */
export async function listPreferences(deps: Pick<Deps, 'db'>, realEstateId: number): Promise<Preference[]> {
  await deps.db
    .insert(agencyPreferences)
    .values(PREFERENCE_KEYS.map((key) => ({ realEstateId, key, value: stored(PREFERENCE_DEFAULTS[key]) })))
    .onConflictDoNothing();
  const rows = await deps.db
    .select()
    .from(agencyPreferences)
    .where(eq(agencyPreferences.realEstateId, realEstateId));
  const byKey = new Map(rows.map((r) => [r.key, r]));
  return PREFERENCE_KEYS.flatMap((key) => {
    const row = byKey.get(key);
    return row ? [preferenceView(row)] : [];
  });
}

/** A preference row by id (whichever agency: the route checks the membership). */
export async function findPreference(deps: Pick<Deps, 'db'>, id: number): Promise<Row | null> {
  const [row] = await deps.db.select().from(agencyPreferences).where(eq(agencyPreferences.id, id)).limit(1);
  return row && isKey(row.key) ? row : null;
}

export async function updatePreference(
  deps: Pick<Deps, 'db'>,
  input: { id: number; value: unknown; userId: number },
): Promise<Preference> {
  const [row] = await deps.db
    .update(agencyPreferences)
    .set({ value: stored(input.value), updatedBy: input.userId, updatedAt: new Date() })
    .where(eq(agencyPreferences.id, input.id))
    .returning();
  return preferenceView(row!);
}
