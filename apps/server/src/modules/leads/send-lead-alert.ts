/**
 * The new-lead e-mail (the lead-alert job). Recipients: the addresses of the agency's preference
 * lead_alert_emails (Configurações) when it lists any, otherwise the owners and admins who did not turn
 * the alert off; agents who turned it on (their own preference lead_alert_email) get it either way.
 */
import { and, eq } from 'drizzle-orm';
import { clipWithEllipsis, LEAD_SOURCE_LABELS } from '@vitrine/contracts';
import { queryPrepared, type Tx } from '../../db/client.ts';
import { rowFromJson } from '../../db/json-rows.ts';
import { leads, memberships, preferences, users } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { mailLabel, renderEmail } from '../mail/index.ts';
import { formatPhone } from '../../lib/format.ts';
import { getAgencyPreferences } from '../preferences/index.ts';
import { assignLeadByRotation } from '../team/index.ts';
import { leadsToAutoReply } from './send-lead-auto-reply.ts';
import { leadAlertQueue } from './jobs/lead-alert.queue.ts';
import { leadAutoReplyJob } from './jobs/lead-auto-reply.job.ts';

export const LEAD_ALERT_PREFERENCE = 'lead_alert_email';

/**
 * The agency's active members: who gets alerts (owners and admins unless they turned them off; agents
 * only when they turned them on), and every member's address by user id (the lead's assignee gets its
 * alert whatever their preference).
 */
async function alertRecipients(db: Tx, realEstateId: number) {
  const rows = await db
    .select({
      userId: users.id,
      email: users.email,
      name: users.name,
      role: memberships.role,
      pref: preferences.value,
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .leftJoin(
      preferences,
      and(
        eq(preferences.userId, memberships.userId),
        eq(preferences.realEstateId, realEstateId),
        eq(preferences.key, LEAD_ALERT_PREFERENCE),
      ),
    )
    .where(and(eq(memberships.realEstateId, realEstateId), eq(memberships.status, 'active')));
  return {
    alerted: rows.filter((r) =>
      r.pref === null || r.pref === undefined ? r.role !== 'agent' : r.pref === true,
    ),
    emailOf: new Map(rows.map((r) => [r.userId, r.email])),
  };
}

/** A lead of the group with what its alert shows. */
export type AlertRow = {
  lead: typeof leads.$inferSelect;
  agency: string;
  pageTitle: string | null;
  /** The agency has the lead rotation on. */
  rotating: boolean;
};

/**
 * The group's leads with their agency's name, their page's title and whether the agency rotates its
 * leads: one named prepared statement, each lead its own index lookup (LIMIT keeps the lateral
 * subqueries from being flattened into a join that the planner may answer by hashing the whole table).
 */
const ALERT_READ_SQL = `
select row_to_json(l) as lead, r.name as agency, p.title as page_title, coalesce(t.rotation_enabled, false) as rotating
from unnest($1::uuid[]) as k(id)
cross join lateral (select * from leads where id = k.id limit 1) l
cross join lateral (select name from real_estates where id = l.real_estate_id limit 1) r
left join lateral (select title from pages where id = l.page_id limit 1) p on true
left join lateral (select rotation_enabled from team_settings where real_estate_id = l.real_estate_id limit 1) t on true`;

/** The alert rows of these leads (a lead that no longer exists has none). */
export async function readAlertRows(db: Tx, leadIds: string[]): Promise<AlertRow[]> {
  if (!leadIds.length) return [];
  const rows = await queryPrepared<{
    lead: Record<string, unknown>;
    agency: string;
    page_title: string | null;
    rotating: boolean;
  }>(db, 'lead_alert_read', ALERT_READ_SQL, [leadIds]);
  return rows.map((r) => ({
    lead: rowFromJson(leads, r.lead),
    agency: r.agency,
    pageTitle: r.page_title,
    rotating: r.rotating,
  }));
}

/**
 * The alerts of captured groups' leads (their jobs fetched together, or the hand-over's groups): the
 * leads (one statement, unless the caller holds their rows: `read`), agencies and recipients are read
 * once; each recipient gets one e-mail (a digest when it gets several leads). One transaction then ends
 * the groups: the leads of an e-mail that failed as jobs of their own, and the visitors' auto-replies.
 * Until it commits nothing of the groups is queued, so a retry of their jobs never queues twice.
 * `end`: the hand-over's own step in that transaction (alert-hand-over.ts): it takes the groups' jobs
 * back and answers the leads whose job it took; a group whose job a worker runs already is left to
 * that run (it queues that group's retries and auto-replies).
 */
export async function sendGroupAlerts(
  deps: Pick<Deps, 'db' | 'config' | 'mailer' | 'log' | 'queue'>,
  leadIds: string[],
  opts: { read?: AlertRow[]; end?: (tx: Tx) => Promise<Set<string>> } = {},
): Promise<void> {
  const read = opts.read ?? (await readAlertRows(deps.db, leadIds));
  const replies = await leadsToAutoReply(
    deps,
    leadIds,
    read.map((r) => r.lead),
  );
  const { retry } = await sendLeadAlerts(deps, leadIds, read);
  if (!retry.length && !replies.length && !opts.end) return;
  await deps.db.transaction(async (tx) => {
    const taken = opts.end ? await opts.end(tx) : null;
    const ours = (leadId: string) => !taken || taken.has(leadId);
    await deps.queue.enqueueMany(
      tx,
      leadAlertQueue,
      retry.filter((r) => ours(r.leadId)),
    );
    await deps.queue.enqueueMany(
      tx,
      leadAutoReplyJob,
      replies.filter(ours).map((leadId) => ({ leadId })),
    );
  });
}

/**
 * The new-lead e-mails of a group of leads (a captured group's lead-alert job), with one read of the
 * leads and, per agency, one of its recipients and preferences, whatever the group's size. Each
 * recipient gets one e-mail: the lead's alert, or a digest of the group's leads it gets (a burst).
 * `retry` lists the leads of an e-mail that failed (or whose rotation turn failed), to be retried
 * alone, each with to whom: the recipients whose e-mail failed, or everyone (no `to`) when the lead
 * failed before its e-mails; the others were sent. `sent`: the e-mails that went out. Before
 * its alert, a lead takes the agency's rotation turn ("roleta", docs/product.md#lead-assignment) when
 * the agency has the rotation on, so the member it picks gets the alert.
 */
export async function sendLeadAlerts(
  deps: Pick<Deps, 'db' | 'config' | 'mailer' | 'log'>,
  leadIds: string[],
  /** The leads' rows when the caller already read them (readAlertRows). */
  read?: AlertRow[],
  /** Only these of the leads' recipients (a retry of the e-mails that failed); all when absent. */
  only?: string[],
): Promise<{ retry: AlertRetry[]; sent: number }> {
  const { db } = deps;
  if (!leadIds.length) return { retry: [], sent: 0 };
  const rows = read ?? (await readAlertRows(db, leadIds));
  const byId = new Map(rows.map((r) => [r.lead.id, r]));
  const agencies = [...new Set(rows.map((r) => r.lead.realEstateId))];

  /** An agency's recipients (the team by its preferences, or the listed addresses plus agents who opted in). */
  const recipients = async (realEstateId: number) => {
    const [{ alerted, emailOf }, { lead_alert_emails: listed }] = await Promise.all([
      alertRecipients(db, realEstateId),
      getAgencyPreferences(deps, realEstateId, ['lead_alert_emails']),
    ]);
    const emails = listed.length
      ? [...listed, ...alerted.filter((r) => r.role === 'agent').map((r) => r.email)]
      : alerted.map((r) => r.email);
    return { emails: [...new Map(emails.map((e) => [e.toLowerCase(), e])).values()], emailOf };
  };

  /** The leads that failed, with the recipients to try again (null: all of them). */
  const failed = new Map<string, Set<string> | null>();
  const fail = (leadId: string, err: unknown, to?: string) => {
    deps.log.warn({ err, leadId }, 'lead alert failed; it is retried');
    const before = failed.get(leadId);
    if (to === undefined || before === null) failed.set(leadId, null);
    else failed.set(leadId, (before ?? new Set<string>()).add(to));
  };
  const wanted = only && new Set(only.map((e) => e.toLowerCase()));
  // The rotation's turns in the group's order; then every recipient's e-mail at once (SMTP's pool or the
  // outbox take them in parallel). One recipient's e-mail never waits for, nor depends on, another's.
  const toSend: AlertRow[] = [];
  for (const leadId of leadIds) {
    const row = byId.get(leadId);
    if (!row) continue;
    try {
      let { lead } = row;
      // A retry to some recipients (`only`) comes after its group's job took the lead's turn.
      if (row.rotating && lead.assignedUserId === null && !only) {
        const assigned = await assignLeadByRotation(deps, lead.id);
        // Null: nothing to do, or someone assigned the lead since it was read; the assignee gets the alert.
        const [now] =
          assigned !== null
            ? [{ assignedUserId: assigned }]
            : await db
                .select({ assignedUserId: leads.assignedUserId })
                .from(leads)
                .where(eq(leads.id, lead.id));
        if (now) lead = { ...lead, assignedUserId: now.assignedUserId };
      }
      toSend.push({ ...row, lead });
    } catch (err) {
      fail(leadId, err);
    }
  }
  // Each agency's recipients, read once for the group.
  const teamsRead = await Promise.allSettled(agencies.map(recipients));
  const teams = new Map(agencies.map((id, i) => [id, teamsRead[i]!]));
  // Each recipient's leads of the group, per agency (the footer names it): one e-mail per recipient,
  // the lead's own alert when it is one, a digest of them when the group brought the recipient several.
  const mails = new Map<string, { to: string; rows: AlertRow[] }>();
  const addressed = new Set<AlertRow>();
  for (const row of toSend) {
    const team = teams.get(row.lead.realEstateId)!;
    if (team.status === 'rejected') {
      fail(row.lead.id, team.reason);
      continue;
    }
    for (const to of alertAddresses(row.lead, team.value)) {
      if (wanted && !wanted.has(to.toLowerCase())) continue;
      const key = `${row.lead.realEstateId}:${to.toLowerCase()}`;
      const mail = mails.get(key) ?? mails.set(key, { to, rows: [] }).get(key)!;
      mail.rows.push(row);
      addressed.add(row);
    }
  }
  if (wanted)
    for (const row of toSend)
      if (!addressed.has(row))
        deps.log.warn(
          { leadId: row.lead.id },
          'lead alert retry: none of its addresses is a recipient any more; nothing sent',
        );
  let sent = 0;
  // A digest names at most DIGEST_MAX_LEADS leads: a longer burst makes several e-mails.
  const chunks = [...mails.values()].flatMap(({ to, rows: all }) =>
    Array.from({ length: Math.ceil(all.length / DIGEST_MAX_LEADS) }, (_, i) => ({
      to,
      rows: all.slice(i * DIGEST_MAX_LEADS, (i + 1) * DIGEST_MAX_LEADS),
    })),
  );
  await Promise.all(
    chunks.map(async ({ to, rows: mailed }) => {
      try {
        const facts = mailed.map((row) => alertFacts(deps, row));
        await deps.mailer.send({ to, ...(facts.length === 1 ? leadAlert(facts[0]!) : digest(deps, facts)) });
        sent++;
      } catch (err) {
        for (const row of mailed) fail(row.lead.id, err, to);
      }
    }),
  );
  const retry = leadIds.flatMap((leadId): AlertRetry[] => {
    if (!failed.has(leadId)) return [];
    const to = failed.get(leadId);
    return [to ? { leadId, to: [...to] } : { leadId }];
  });
  return { retry, sent };
}

/** A lead's alert to send again: to the recipients whose e-mail failed, or to all (no `to`). */
export interface AlertRetry {
  leadId: string;
  to?: string[];
}

/**
 * Who gets a lead's alert: the agency's recipients and the member in charge of the lead (by hand or by
 * rotation; docs/product.md#lead-assignment), while an active member of the agency (the group's read of
 * its members, no query per lead).
 */
function alertAddresses(
  lead: AlertRow['lead'],
  agencyRecipients: { emails: string[]; emailOf: Map<number, string> },
) {
  const recipients = [...agencyRecipients.emails];
  const assigned =
    lead.assignedUserId === null ? undefined : agencyRecipients.emailOf.get(lead.assignedUserId);
  if (assigned && !recipients.some((e) => e.toLowerCase() === assigned.toLowerCase()))
    recipients.push(assigned);
  return recipients;
}

/** What an alert says of a lead, typed text made safe for a platform e-mail (mailLabel). */
function alertFacts(deps: Pick<Deps, 'config'>, { lead, agency, pageTitle }: AlertRow) {
  // The visitor's name and the page's title in a subject: one line, no links, short
  // (docs/decisions/018-accounts-and-abuse.md).
  const name = mailLabel(lead.name, 60) || 'sem nome';
  const title = pageTitle ? mailLabel(pageTitle, 80) : '';
  const agencyName = mailLabel(agency, 80) || 'sua imobiliária';
  // Where the lead came from, when it is not the agency's own page (docs/product.md#lead-sources), and
  // a listing code that matched no page.
  const from =
    lead.source && lead.source !== 'landing_page' ? (LEAD_SOURCE_LABELS[lead.source] ?? lead.source) : '';
  const temperature =
    typeof lead.sourceDetails?.temperature === 'string' ? mailLabel(lead.sourceDetails.temperature, 20) : '';
  const unknownCode = !title && lead.listingCode ? mailLabel(lead.listingCode, 60) : '';
  return {
    name,
    title,
    from,
    agencyName,
    url: `${deps.config.APP_URL}/leads?lead=${lead.id}`,
    origin: from ? `Origem: ${from}${temperature ? ` (temperatura ${temperature})` : ''}` : '',
    /** The page, or the listing code that matched none; empty for a lead of neither. */
    listing: title ? `Imóvel: ${title}` : unknownCode ? `Imóvel não encontrado (código ${unknownCode})` : '',
    contact: [
      lead.phone ? `Telefone: ${formatPhone(lead.phone)}` : null,
      lead.email ? `E-mail: ${lead.email}` : null,
    ]
      .filter(Boolean)
      .join(' · '),
    /** The visitor's message as typed (the e-mail's body escapes it; it is not a subject). */
    message: lead.message ?? '',
    repeat: lead.isRepeat ? 'Esta pessoa já tinha deixado contato antes.' : '',
  };
}
type AlertFacts = ReturnType<typeof alertFacts>;

const alertFooter = (agencyName: string) =>
  `Você recebe este aviso de ${agencyName}. Os destinatários são definidos em Configurações.`;

/** One lead's alert. */
function leadAlert(facts: AlertFacts) {
  const { name, title, from } = facts;
  return {
    subject: `Novo lead${from ? ` (${from})` : ''}: ${name}${title ? ` — ${title}` : ''}`,
    ...renderEmail({
      appName: 'Vitrine Imóveis',
      heading: `Novo lead: ${name}`,
      paragraphs: [
        facts.origin,
        facts.listing || `Imobiliária: ${facts.agencyName}`,
        facts.contact,
        facts.message ? `Mensagem: ${facts.message}` : '',
        facts.repeat,
      ].filter(Boolean),
      action: { label: 'Abrir o lead no console', url: facts.url },
      footer: alertFooter(facts.agencyName),
    }),
  };
}

/**
 * The most leads one digest lists (its e-mail stays under the 102 KB past which Gmail cuts a message);
 * a recipient of more gets several.
 */
export const DIGEST_MAX_LEADS = 100;

/** A message's first characters in a digest's list (the lead's page shows it whole). */
const DIGEST_MESSAGE_CHARS = 280;

/**
 * A visitor's message in a digest's list: on one line (in the text part, line breaks could draw what
 * looks like another lead of the list) and cut at DIGEST_MESSAGE_CHARS.
 */
function digestMessage(message: string) {
  return clipWithEllipsis(message.replace(/\s+/g, ' ').trim(), DIGEST_MESSAGE_CHARS);
}

/**
 * The alert of several leads that one group brought a recipient at once (a burst: a campaign, a portal
 * sending what it held back): one e-mail that lists them, each with its link, instead of one e-mail each
 * within the same second (docs/product.md#new-lead-alerts).
 */
function digest(deps: Pick<Deps, 'config'>, all: AlertFacts[]) {
  const [first, second] = all;
  const sources = new Set(all.map((f) => f.from));
  const from = sources.size === 1 ? first!.from : '';
  const names =
    all.length === 2
      ? `${first!.name} e ${second!.name}`
      : `${first!.name}, ${second!.name} e mais ${all.length - 2}`;
  return {
    subject: `${all.length} novos leads${from ? ` (${from})` : ''}: ${names}`,
    ...renderEmail({
      appName: 'Vitrine Imóveis',
      heading: `${all.length} novos leads`,
      paragraphs: [`Chegaram ${all.length} leads ao mesmo tempo; o nome de cada um abre o lead no console.`],
      items: all.map((f) => {
        const message = digestMessage(f.message);
        return {
          title: f.name,
          url: f.url,
          lines: [f.origin, f.listing, f.contact, message ? `Mensagem: ${message}` : '', f.repeat].filter(
            Boolean,
          ),
        };
      }),
      action: { label: 'Abrir os leads no console', url: `${deps.config.APP_URL}/leads` },
      footer: alertFooter(first!.agencyName),
    }),
  };
}
