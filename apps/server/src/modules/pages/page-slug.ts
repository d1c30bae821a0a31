/**
 * Readable, globally unique slugs for the public address /imoveis/{slug}. A free slug is picked from
 * what the database holds, and the unique index settles races: callers retry on its violation.
 */
import { inArray, sql } from 'drizzle-orm';
import { slugify } from '@vitrine/contracts';
import type { Tx } from '../../db/client.ts';
import { pages } from '../../db/schema.ts';

export const SLUG_UNIQUE_INDEX = 'pages_slug_unique';
const FALLBACK = 'imovel';

/** A unique violation (23505) of the given index, through drizzle's wrapping. */
export function isUniqueViolationOf(err: unknown, index: string): boolean {
  let e: unknown = err;
  while (e && typeof e === 'object') {
    const { code, constraint, message } = e as { code?: string; constraint?: string; message?: string };
    if (code === '23505') return constraint ? constraint === index : String(message ?? '').includes(index);
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

export const baseSlug = (text: string) => slugify(text, 80) || FALLBACK;

/** "casa-em-moema", or "casa-em-moema-2", "-3"… after the highest suffix already taken. */
export async function allocateSlug(db: Tx, text: string): Promise<string> {
  const base = baseSlug(text);
  // base holds only [a-z0-9-], so it is safe inside the pattern.
  const taken = await db
    .select({ slug: pages.slug })
    .from(pages)
    .where(sql`${pages.slug} ~ ${`^${base}(-[0-9]+)?$`}`);
  if (!taken.length) return base;
  const used = new Set(taken.map((t) => t.slug));
  if (!used.has(base)) return base;
  let highest = 1;
  for (const { slug } of taken) {
    const n = Number(slug.slice(base.length + 1));
    if (Number.isSafeInteger(n) && n > highest) highest = n;
  }
  return `${base}-${highest + 1}`;
}

/**
 * Slugs for many new pages at once (catalog import): each wish is tried as is, then with -2, -3…,
 * checking the database in one query per round and the batch itself in memory.
 */
export async function allocateSlugs(db: Tx, wishes: string[]): Promise<string[]> {
  if (!wishes.length) return [];
  const result: (string | null)[] = wishes.map(() => null);
  const claimed = new Set<string>();
  let pending = wishes.map((w, i) => ({ i, base: baseSlug(w), n: 1 }));
  for (let round = 0; pending.length && round < 50; round++) {
    const candidate = (p: (typeof pending)[number]) => (p.n === 1 ? p.base : `${p.base}-${p.n}`);
    const names = [...new Set(pending.map(candidate))];
    const inDb = new Set(
      (await db.select({ slug: pages.slug }).from(pages).where(inArray(pages.slug, names))).map(
        (r) => r.slug,
      ),
    );
    const next: typeof pending = [];
    for (const p of pending) {
      const c = candidate(p);
      if (inDb.has(c) || claimed.has(c)) {
        next.push({ ...p, n: p.n + 1 });
      } else {
        claimed.add(c);
        result[p.i] = c;
      }
    }
    pending = next;
  }
  // Pathological collisions: fall back to a random suffix rather than loop for ever.
  for (const p of pending) result[p.i] = `${p.base}-${Math.random().toString(36).slice(2, 8)}`;
  return result as string[];
}
