/**
 * An agency's own domains (decision 017): added pending with a random token, verified by the TXT
 * record `_vitrine.<hostname>` holding it, removed at will. One verified domain per agency, and one
 * agency per verified host name (partial unique indexes); adding is open to several agencies at once,
 * so nobody can block a domain they do not control by adding it first.
 */
import { randomBytes } from 'node:crypto';
import { and, asc, count, eq } from 'drizzle-orm';
import {
  DOMAIN_TXT_PREFIX,
  DOMAIN_TXT_VALUE_PREFIX,
  type CustomDomain,
  type CustomDomainStatus,
} from '@vitrine/contracts';
import { customDomains } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { HttpError, fieldError, notFound } from '../../lib/http-errors.ts';
import { checkDomainDns } from './check-dns.ts';
import { forgetDomains } from './domain-directory.ts';
import { unverifyAt } from './recheck-domains.ts';

type DomainRow = typeof customDomains.$inferSelect;

/** Pending domains an agency may keep at once. */
export const MAX_DOMAINS_PER_AGENCY = 5;

const NOT_FOUND = 'Domínio não encontrado.';

export function domainView(config: Deps['config'], row: DomainRow): CustomDomain {
  return {
    id: row.id,
    hostname: row.hostname,
    status: row.status,
    url: `https://${row.hostname}`,
    dns: {
      cname: { name: row.hostname, value: config.landingHost },
      txt: {
        name: `${DOMAIN_TXT_PREFIX}.${row.hostname}`,
        value: `${DOMAIN_TXT_VALUE_PREFIX}${row.verificationToken}`,
      },
    },
    checked_at: row.checkedAt?.toISOString() ?? null,
    check_message: row.checkMessage,
    verified_at: row.verifiedAt?.toISOString() ?? null,
    failing_since: row.failingSince?.toISOString() ?? null,
    unverify_at: row.failingSince ? unverifyAt(config, row.failingSince).toISOString() : null,
    created_at: row.createdAt.toISOString(),
  };
}

export async function listDomains(deps: Pick<Deps, 'db'>, realEstateId: number): Promise<DomainRow[]> {
  return deps.db
    .select()
    .from(customDomains)
    .where(eq(customDomains.realEstateId, realEstateId))
    .orderBy(asc(customDomains.id));
}

async function findDomain(deps: Pick<Deps, 'db'>, realEstateId: number, id: number) {
  const [row] = await deps.db
    .select()
    .from(customDomains)
    .where(and(eq(customDomains.id, id), eq(customDomains.realEstateId, realEstateId)));
  if (!row) throw notFound(NOT_FOUND);
  return row;
}

const isUniqueViolation = (err: unknown, index?: string): boolean => {
  let e: unknown = err;
  while (e && typeof e === 'object') {
    const { code, constraint, message } = e as { code?: string; constraint?: string; message?: string };
    if (code === '23505')
      return !index || (constraint ? constraint === index : String(message ?? '').includes(index));
    e = (e as { cause?: unknown }).cause;
  }
  return false;
};

/** Adds a pending domain (`hostname` already normalised by the contract). */
export async function addDomain(
  deps: Pick<Deps, 'db' | 'config'>,
  realEstateId: number,
  hostname: string,
): Promise<DomainRow> {
  const { config } = deps;
  const ours = [config.appHost, config.landingHost];
  if (ours.some((h) => hostname === h || hostname.endsWith(`.${h}`)))
    throw fieldError('hostname', 'Use um domínio da sua imobiliária, não um endereço da Vitrine.');
  const [n] = await deps.db
    .select({ n: count() })
    .from(customDomains)
    .where(eq(customDomains.realEstateId, realEstateId));
  if ((n?.n ?? 0) >= MAX_DOMAINS_PER_AGENCY)
    throw fieldError(
      'hostname',
      `Remova um domínio antes: são até ${MAX_DOMAINS_PER_AGENCY} por imobiliária.`,
    );
  try {
    const [row] = await deps.db
      .insert(customDomains)
      .values({ realEstateId, hostname, verificationToken: randomBytes(16).toString('hex') })
      .returning();
    return row!;
  } catch (err) {
    if (isUniqueViolation(err, 'custom_domains_agency_hostname_idx'))
      throw fieldError('hostname', 'Este domínio já está na lista.');
    throw err;
  }
}

/**
 * Checks the DNS now and records what it found; verified when the TXT record holds the token. A
 * verified domain checked again stays verified: one whose record is missing is marked failing, as by
 * the periodic re-check (recheck-domains.ts), and one found again is no longer failing.
 */
export async function verifyDomain(
  deps: Pick<Deps, 'db' | 'config'>,
  realEstateId: number,
  id: number,
): Promise<{ row: DomainRow; message: string }> {
  const row = await findDomain(deps, realEstateId, id);
  const check = await checkDomainDns(deps.config, row.hostname, row.verificationToken);
  const now = new Date();
  let status: CustomDomainStatus = row.status;
  let message = check.message;
  let failingSince: Date | null = null;
  if (row.status === 'verified' && !check.txt)
    failingSince = check.txtUnanswered ? row.failingSince : (row.failingSince ?? now);
  if (check.txt && row.status !== 'verified') {
    const taken = await deps.db
      .select({ realEstateId: customDomains.realEstateId, hostname: customDomains.hostname })
      .from(customDomains)
      .where(eq(customDomains.status, 'verified'));
    if (taken.some((t) => t.hostname === row.hostname))
      message = 'Este domínio já está verificado por outra imobiliária.';
    else if (taken.some((t) => t.realEstateId === realEstateId))
      message = 'A imobiliária já tem um domínio verificado: remova-o antes de verificar outro.';
    else status = 'verified';
  }
  try {
    const [updated] = await deps.db
      .update(customDomains)
      .set({
        status,
        checkedAt: now,
        checkMessage: message,
        verifiedAt: status === 'verified' ? (row.verifiedAt ?? now) : null,
        failingSince,
      })
      .where(eq(customDomains.id, row.id))
      .returning();
    forgetDomains(deps);
    return { row: updated!, message };
  } catch (err) {
    // Another agency (or another domain of this one) was verified between the read and the write.
    if (isUniqueViolation(err))
      throw new HttpError(409, 'Este domínio ou esta imobiliária já tem um domínio verificado.');
    throw err;
  }
}

export async function removeDomain(deps: Pick<Deps, 'db'>, realEstateId: number, id: number) {
  const row = await findDomain(deps, realEstateId, id);
  await deps.db.delete(customDomains).where(eq(customDomains.id, row.id));
  forgetDomains(deps);
  return row;
}

/** Caddy's question (on-demand TLS): is this host ours to serve? LANDING_URL's host, or a verified domain. */
export async function isServedHost(deps: Pick<Deps, 'db' | 'config'>, host: string): Promise<boolean> {
  if (host === deps.config.landingHost) return true;
  const [row] = await deps.db
    .select({ id: customDomains.id })
    .from(customDomains)
    .where(and(eq(customDomains.hostname, host), eq(customDomains.status, 'verified')))
    .limit(1);
  return Boolean(row);
}
