/**
 * Verified domains, read on every request to a host that is not the console's nor LANDING_URL's
 * (plugins/host-routing.ts), on every landing page (its canonical URL) and by Caddy's "is this domain
 * ours?" question: a small cache in front of two indexed lookups. Entries live 30 s (a removed domain
 * stops being served by every replica within that); this process forgets at once what it changes.
 */
import { and, eq } from 'drizzle-orm';
import { customDomains } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';

const TTL_MS = 30_000;
const MAX_ENTRIES = 10_000;

interface Entry<T> {
  value: T;
  at: number;
}

class TtlCache<T> {
  private readonly map = new Map<string, Entry<T>>();
  get(key: string): T | undefined {
    const e = this.map.get(key);
    if (!e) return undefined;
    if (Date.now() - e.at > TTL_MS) {
      this.map.delete(key);
      return undefined;
    }
    return e.value;
  }
  set(key: string, value: T) {
    // A flood of made-up Host names must not grow the cache without end.
    if (this.map.size >= MAX_ENTRIES) this.map.clear();
    this.map.set(key, { value, at: Date.now() });
  }
  clear() {
    this.map.clear();
  }
}

interface Directory {
  byHost: TtlCache<number | null>;
  byAgency: TtlCache<string | null>;
}

/** One directory per database (each test app has its own). */
const directories = new WeakMap<object, Directory>();
function directoryOf(deps: Pick<Deps, 'db'>): Directory {
  let d = directories.get(deps.db);
  if (!d) {
    d = { byHost: new TtlCache(), byAgency: new TtlCache() };
    directories.set(deps.db, d);
  }
  return d;
}

/** A host name that could be an agency's domain: a dotted name, not an IP address. */
const couldBeDomain = (host: string) => host.includes('.') && !/^[\d.]+$/.test(host) && !host.includes(':');

/** The agency whose verified domain this host is, or null. */
export async function agencyOfHost(deps: Pick<Deps, 'db'>, host: string): Promise<number | null> {
  if (!couldBeDomain(host) || host.length > 253) return null;
  const cache = directoryOf(deps).byHost;
  const cached = cache.get(host);
  if (cached !== undefined) return cached;
  const [row] = await deps.db
    .select({ realEstateId: customDomains.realEstateId })
    .from(customDomains)
    .where(and(eq(customDomains.hostname, host), eq(customDomains.status, 'verified')))
    .limit(1);
  const value = row?.realEstateId ?? null;
  cache.set(host, value);
  return value;
}

/** The agency's verified domain, or null. */
export async function verifiedDomainOf(deps: Pick<Deps, 'db'>, realEstateId: number): Promise<string | null> {
  const cache = directoryOf(deps).byAgency;
  const key = String(realEstateId);
  const cached = cache.get(key);
  if (cached !== undefined) return cached;
  const [row] = await deps.db
    .select({ hostname: customDomains.hostname })
    .from(customDomains)
    .where(and(eq(customDomains.realEstateId, realEstateId), eq(customDomains.status, 'verified')))
    .limit(1);
  const value = row?.hostname ?? null;
  cache.set(key, value);
  return value;
}

/** The origin of an agency's page links: https://<its verified domain>, else LANDING_URL. */
export async function agencyPagesUrl(
  deps: Pick<Deps, 'db' | 'config'>,
  realEstateId: number,
): Promise<string> {
  const domain = await verifiedDomainOf(deps, realEstateId);
  return domain ? `https://${domain}` : deps.config.LANDING_URL;
}

/** After a change in this process: read the table again. */
export function forgetDomains(deps: Pick<Deps, 'db'>) {
  const d = directoryOf(deps);
  d.byHost.clear();
  d.byAgency.clear();
}
