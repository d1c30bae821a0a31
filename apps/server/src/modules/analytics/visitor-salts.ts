/**
 * Cookieless visitor ids (as Plausible does): a random salt per São Paulo day, shared by every API
 * process through the database, and visitor id = HMAC-SHA256(salt, agency|IP|user agent). Today's
 * and yesterday's salts are kept (a session that crosses midnight continues); older ones are deleted,
 * so nobody — us included — can link a visitor id to an address after 48 hours.
 */
import { createHmac, createSecretKey, randomBytes, type KeyObject } from 'node:crypto';
import { inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { analyticsSalts } from '../../db/schema.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** São Paulo has had no daylight saving time since 2019: a fixed UTC−3, as the console's day filters. */
const SAO_PAULO_OFFSET_MS = 3 * 60 * 60 * 1000;

/** The São Paulo calendar day of an instant, AAAA-MM-DD. */
export const saoPauloDay = (at: Date | number): string =>
  new Date((typeof at === 'number' ? at : at.getTime()) - SAO_PAULO_OFFSET_MS).toISOString().slice(0, 10);
/** The day `n` days after `day` (n may be negative). */
export const addDays = (day: string, n: number): string =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);

export interface DaySalts {
  day: string;
  /** As HMAC keys, made once a day (not once a beacon). */
  current: KeyObject;
  previous: KeyObject | null;
}

export function createVisitorSalts(db: Db) {
  let cached: DaySalts | null = null;
  let loading: Promise<DaySalts> | null = null;

  async function load(day: string): Promise<DaySalts> {
    const yesterday = addDays(day, -1);
    await db
      .insert(analyticsSalts)
      .values({ day, salt: randomBytes(16).toString('base64') })
      .onConflictDoNothing();
    // Salts of the day before yesterday and older: gone (at most 48 h after their day ended).
    await db.delete(analyticsSalts).where(lt(analyticsSalts.day, yesterday));
    const rows = await db
      .select()
      .from(analyticsSalts)
      .where(inArray(analyticsSalts.day, [day, yesterday]));
    const byDay = new Map(rows.map((r) => [r.day, createSecretKey(Buffer.from(r.salt, 'base64'))]));
    return { day, current: byDay.get(day)!, previous: byDay.get(yesterday) ?? null };
  }

  return {
    /** The salts for the day of `now` (read once per day and process). */
    async forDay(now: Date): Promise<DaySalts> {
      const day = saoPauloDay(now);
      if (cached?.day === day) return cached;
      loading ??= load(day).finally(() => (loading = null));
      const salts = await loading;
      if (salts.day === day) cached = salts;
      return salts.day === day ? salts : this.forDay(now);
    },
    /** Forget the cached salts (tests that move the clock, or after a sweep). */
    reset() {
      cached = null;
    },
    /** Deletes salts older than yesterday's (also done whenever a new day's salt is created). */
    async sweep(now: Date) {
      await db.delete(analyticsSalts).where(lt(analyticsSalts.day, addDays(saoPauloDay(now), -1)));
    },
    /** Salts still stored (tests). */
    async days(): Promise<string[]> {
      const rows = await db
        .select({ day: analyticsSalts.day })
        .from(analyticsSalts)
        .orderBy(sql`1`);
      return rows.map((r) => r.day);
    },
  };
}
export type VisitorSalts = ReturnType<typeof createVisitorSalts>;

/** The visitor id: 128 bits of HMAC-SHA256 over the agency, the address and the user agent. */
export const visitorHash = (salt: KeyObject, realEstateId: number, ip: string, userAgent: string): string =>
  createHmac('sha256', salt).update(`${realEstateId}|${ip}|${userAgent}`).digest('base64url').slice(0, 22);

/** Today's visitor id and, while yesterday's salt lives, yesterday's (a session crossing midnight). */
export const visitorHashes = (
  salts: DaySalts,
  realEstateId: number,
  ip: string,
  userAgent: string,
): string[] => [
  visitorHash(salts.current, realEstateId, ip, userAgent),
  ...(salts.previous ? [visitorHash(salts.previous, realEstateId, ip, userAgent)] : []),
];
