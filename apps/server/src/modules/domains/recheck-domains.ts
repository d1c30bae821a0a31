/**
 * The periodic re-check of verified domains (decision 017, the domain-recheck job): the TXT record that
 * verified a domain is looked up again every hour. A domain whose record is gone is not dropped at once
 * (a DNS hiccup, a move between DNS providers): it is marked failing from the first failure, its
 * managers get an e-mail, the console shows it, and only after DOMAIN_RECHECK_GRACE_HOURS of consecutive
 * failures does it go back to pending — then the edge's TLS question answers 404 and the host 421. A
 * question the DNS did not answer (a timeout) counts neither way. Every change is a conditional update,
 * so two workers re-checking at once send each e-mail once.
 */
import { and, asc, eq, inArray, isNotNull, isNull, lte } from 'drizzle-orm';
import { DOMAIN_TXT_PREFIX } from '@vitrine/contracts';
import { customDomains, memberships, users } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { renderEmail } from '../mail/index.ts';
import { checkDomainDns, type DnsCheck } from './check-dns.ts';
import { forgetDomains } from './domain-directory.ts';

type DomainRow = typeof customDomains.$inferSelect;
type RecheckDeps = Pick<Deps, 'db' | 'config' | 'mailer' | 'log'>;

/** DNS questions in flight at once. */
const CONCURRENCY = 8;

const dateTime = new Intl.DateTimeFormat('pt-BR', {
  dateStyle: 'short',
  timeStyle: 'short',
  timeZone: 'America/Sao_Paulo',
});

/** When a domain failing since `since` stops being verified. */
export function unverifyAt(config: Pick<Deps['config'], 'DOMAIN_RECHECK_GRACE_HOURS'>, since: Date): Date {
  return new Date(since.getTime() + config.DOMAIN_RECHECK_GRACE_HOURS * 3600 * 1000);
}

export interface RecheckResult {
  checked: number;
  /** Found again after failing. */
  recovered: number;
  /** Started failing in this pass (e-mailed). */
  failing: number;
  /** Back to pending in this pass (e-mailed). */
  unverified: number;
  /** The DNS did not answer: left as they were. */
  unanswered: number;
}

/** Re-checks every verified domain now. */
export async function recheckDomains(
  deps: RecheckDeps,
  opts: { now?: Date; signal?: AbortSignal } = {},
): Promise<RecheckResult> {
  const now = opts.now ?? new Date();
  const rows = await deps.db
    .select()
    .from(customDomains)
    .where(eq(customDomains.status, 'verified'))
    .orderBy(asc(customDomains.id));
  const result: RecheckResult = { checked: 0, recovered: 0, failing: 0, unverified: 0, unanswered: 0 };
  let next = 0;
  const worker = async () => {
    while (next < rows.length && !opts.signal?.aborted) {
      const row = rows[next++]!;
      try {
        await recheckOne(deps, row, now, result);
      } catch (err) {
        deps.log.error({ err, domainId: row.id }, 'domain re-check failed');
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, rows.length) }, worker));
  if (result.recovered || result.failing || result.unverified) forgetDomains(deps);
  if (rows.length) deps.log.info({ ...result }, 'verified domains re-checked');
  return result;
}

async function recheckOne(deps: RecheckDeps, row: DomainRow, now: Date, result: RecheckResult) {
  const check = await checkDomainDns(deps.config, row.hostname, row.verificationToken);
  result.checked++;
  if (check.txtUnanswered && !check.txt) {
    result.unanswered++;
    return;
  }
  const verified = and(eq(customDomains.id, row.id), eq(customDomains.status, 'verified'));
  if (check.txt) {
    const [back] = await deps.db
      .update(customDomains)
      .set({ checkedAt: now, checkMessage: check.message, failingSince: null })
      .where(verified)
      .returning({ failingSince: customDomains.failingSince });
    if (back && row.failingSince) result.recovered++;
    return;
  }
  const reason = failureReason(row, check);
  // The first failure of a run: only the update that sets failing_since sends the e-mail.
  const [started] = await deps.db
    .update(customDomains)
    .set({ checkedAt: now, checkMessage: reason, failingSince: now })
    .where(and(verified, isNull(customDomains.failingSince)))
    .returning();
  if (started) {
    result.failing++;
    await notifyManagers(deps, started, 'failing');
  } else {
    await deps.db
      .update(customDomains)
      .set({ checkedAt: now, checkMessage: reason })
      .where(and(verified, isNotNull(customDomains.failingSince)));
  }
  const since = started?.failingSince ?? row.failingSince ?? now;
  if (unverifyAt(deps.config, since) > now) return;
  const cutoff = new Date(now.getTime() - deps.config.DOMAIN_RECHECK_GRACE_HOURS * 3600 * 1000);
  const [lost] = await deps.db
    .update(customDomains)
    .set({
      status: 'pending',
      verifiedAt: null,
      failingSince: null,
      checkedAt: now,
      checkMessage:
        `A verificação foi removida em ${dateTime.format(now)}: o registro TXT não era encontrado desde ` +
        `${dateTime.format(since)}. ${reason} Crie o registro de novo e clique em Verificar.`,
    })
    .where(and(verified, lte(customDomains.failingSince, cutoff)))
    .returning();
  if (lost) {
    result.unverified++;
    forgetDomains(deps);
    await notifyManagers(deps, { ...lost, failingSince: since }, 'unverified');
  }
}

/** What the console shows while a verified domain's record is missing. */
function failureReason(row: DomainRow, check: DnsCheck): string {
  const txtName = `${DOMAIN_TXT_PREFIX}.${row.hostname}`;
  // The check's own words when the record is there with another value; "not found" otherwise.
  const other = check.message.split(/(?<=\.) /).find((p) => p.includes(txtName) && p.includes('existe'));
  return other ?? `O registro TXT ${txtName} não foi encontrado.`;
}

/** The agency's active owners and admins. */
async function managerEmails(deps: Pick<Deps, 'db'>, realEstateId: number): Promise<string[]> {
  const rows = await deps.db
    .select({ email: users.email })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(
      and(
        eq(memberships.realEstateId, realEstateId),
        eq(memberships.status, 'active'),
        inArray(memberships.role, ['owner', 'admin']),
      ),
    );
  return [...new Set(rows.map((r) => r.email))];
}

/**
 * The e-mail to the agency's managers: the domain started failing (with the date it stops being
 * verified), or it was un-verified. A failed send is logged: the console shows the same state.
 */
async function notifyManagers(deps: RecheckDeps, row: DomainRow, kind: 'failing' | 'unverified') {
  const txtName = `${DOMAIN_TXT_PREFIX}.${row.hostname}`;
  const since = row.failingSince ?? new Date();
  const until = unverifyAt(deps.config, since);
  const subject =
    kind === 'failing'
      ? `O domínio ${row.hostname} não está passando na verificação`
      : `O domínio ${row.hostname} deixou de ser verificado`;
  const paragraphs =
    kind === 'failing'
      ? [
          `Na verificação periódica de ${dateTime.format(since)}, o registro TXT ${txtName} do domínio ${row.hostname} não foi encontrado com o valor esperado.`,
          `As páginas continuam no domínio por enquanto. Se o registro não voltar até ${dateTime.format(until)}, o domínio deixa de ser verificado e as páginas voltam ao endereço da Vitrine.`,
          'Confira o registro no painel de DNS do domínio (os valores estão em Configurações → Domínio próprio).',
        ]
      : [
          `O registro TXT ${txtName} não foi encontrado desde ${dateTime.format(since)}, e o domínio ${row.hostname} deixou de ser verificado.`,
          'As páginas voltaram ao endereço da Vitrine. Para usar o domínio de novo, crie o registro TXT e clique em Verificar em Configurações → Domínio próprio.',
        ];
  const mail = renderEmail({
    appName: 'Vitrine Imóveis',
    heading: subject,
    paragraphs,
    action: { label: 'Abrir Configurações', url: `${deps.config.APP_URL}/configuracoes` },
    footer: 'Você recebe este e-mail por ser proprietário ou administrador da imobiliária.',
  });
  for (const to of await managerEmails(deps, row.realEstateId)) {
    try {
      await deps.mailer.send({ to, subject, ...mail });
    } catch (err) {
      deps.log.warn({ err, domainId: row.id }, 'domain re-check e-mail not sent');
    }
  }
}
