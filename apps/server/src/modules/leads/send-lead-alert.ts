/**
 * The new-lead e-mail (the lead-alert job). Recipients: the addresses of the agency's preference
 * lead_alert_emails (Configurações) when it lists any, otherwise the owners and admins who did not turn
 * the alert off; agents who turned it on (their own preference lead_alert_email) get it either way.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { LEAD_SOURCE_LABELS } from '@vitrine/contracts';
import type { Tx } from '../../db/client.ts';
import { leads, memberships, pages, preferences, realEstates, teamSettings, users } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { mailLabel, renderEmail } from '../mail/index.ts';
import { formatPhone } from '../../lib/format.ts';
import { getAgencyPreferences } from '../preferences/index.ts';
import { assignLeadByRotation } from '../team/index.ts';

export const LEAD_ALERT_PREFERENCE = 'lead_alert_email';

/** Owners and admins get alerts unless they turned them off; agents only when they turned them on. */
async function alertRecipients(db: Tx, realEstateId: number) {
  const rows = await db
    .select({ email: users.email, name: users.name, role: memberships.role, pref: preferences.value })
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
  return rows.filter((r) => (r.pref === null || r.pref === undefined ? r.role !== 'agent' : r.pref === true));
}

/** A lead of the group with what its alert shows. */
type AlertRow = {
  lead: typeof leads.$inferSelect;
  agency: string;
  pageTitle: string | null;
};

/**
 * The new-lead e-mails of a group of leads (a captured group's lead-alert job), with one read of the
 * leads and, per agency, one of its recipients and preferences, whatever the group's size. Each lead's
 * alert is sent on its own: `failed` lists the leads whose alert (or rotation turn) failed, to be
 * retried alone; the others were sent. Before its alert, a lead takes the agency's rotation turn
 * ("roleta", docs/product.md#lead-assignment) when the agency has the rotation on, so the member it picks
 * gets the alert.
 */
export async function sendLeadAlerts(
  deps: Pick<Deps, 'db' | 'config' | 'mailer' | 'log'>,
  leadIds: string[],
): Promise<{ failed: string[] }> {
  const { db } = deps;
  if (!leadIds.length) return { failed: [] };
  const rows: AlertRow[] = await db
    .select({ lead: leads, agency: realEstates.name, pageTitle: pages.title })
    .from(leads)
    .innerJoin(realEstates, eq(realEstates.id, leads.realEstateId))
    .leftJoin(pages, eq(pages.id, leads.pageId))
    .where(inArray(leads.id, leadIds));
  const byId = new Map(rows.map((r) => [r.lead.id, r]));
  const agencies = [...new Set(rows.map((r) => r.lead.realEstateId))];

  // The rotation's turns, only where an agency has it on (one read for the group otherwise).
  const rotating = new Set(
    (
      await db
        .select({ id: teamSettings.realEstateId })
        .from(teamSettings)
        .where(and(inArray(teamSettings.realEstateId, agencies), eq(teamSettings.rotationEnabled, true)))
    ).map((r) => r.id),
  );

  /** An agency's recipients (the team by its preferences, or the listed addresses plus agents who opted in). */
  const recipients = async (realEstateId: number) => {
    const [team, { lead_alert_emails: listed }] = await Promise.all([
      alertRecipients(db, realEstateId),
      getAgencyPreferences(deps, realEstateId, ['lead_alert_emails']),
    ]);
    const emails = listed.length
      ? [...listed, ...team.filter((r) => r.role === 'agent').map((r) => r.email)]
      : team.map((r) => r.email);
    return { emails: [...new Map(emails.map((e) => [e.toLowerCase(), e])).values()] };
  };

  const failed = new Set<string>();
  const fail = (leadId: string, err: unknown) => {
    deps.log.warn({ err, leadId }, 'lead alert failed; it is retried');
    failed.add(leadId);
  };
  // The rotation's turns in the group's order; then every alert at once (SMTP's pool or the outbox
  // take them in parallel). A lead's alert never waits for, nor depends on, another's.
  const toSend: AlertRow[] = [];
  for (const leadId of leadIds) {
    const row = byId.get(leadId);
    if (!row) continue;
    try {
      let { lead } = row;
      if (rotating.has(lead.realEstateId) && lead.assignedUserId === null) {
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
  const read = await Promise.allSettled(agencies.map(recipients));
  const teams = new Map(agencies.map((id, i) => [id, read[i]!]));
  await Promise.all(
    toSend.map(async (row) => {
      try {
        const team = teams.get(row.lead.realEstateId)!;
        if (team.status === 'rejected') throw team.reason;
        await mailAlert(deps, row, team.value);
      } catch (err) {
        fail(row.lead.id, err);
      }
    }),
  );
  return { failed: leadIds.filter((id) => failed.has(id)) };
}

async function mailAlert(
  deps: Pick<Deps, 'db' | 'config' | 'mailer'>,
  { lead, agency, pageTitle }: AlertRow,
  agencyRecipients: { emails: string[] },
) {
  const recipients = [...agencyRecipients.emails];
  // The member in charge of the lead (by hand or by rotation; docs/product.md#lead-assignment) always gets
  // the alert.
  if (lead.assignedUserId !== null) {
    const [assigned] = await deps.db
      .select({ email: users.email })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(
        and(
          eq(memberships.realEstateId, lead.realEstateId),
          eq(memberships.userId, lead.assignedUserId),
          eq(memberships.status, 'active'),
        ),
      );
    if (assigned && !recipients.some((e) => e.toLowerCase() === assigned.email.toLowerCase()))
      recipients.push(assigned.email);
  }
  const consoleUrl = `${deps.config.APP_URL}/leads?lead=${lead.id}`;
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
  for (const email of recipients) {
    const mail = renderEmail({
      appName: 'Vitrine Imóveis',
      heading: `Novo lead: ${name}`,
      paragraphs: [
        from ? `Origem: ${from}${temperature ? ` (temperatura ${temperature})` : ''}` : '',
        title
          ? `Imóvel: ${title}`
          : unknownCode
            ? `Imóvel não encontrado (código ${unknownCode})`
            : `Imobiliária: ${agencyName}`,
        [
          lead.phone ? `Telefone: ${formatPhone(lead.phone)}` : null,
          lead.email ? `E-mail: ${lead.email}` : null,
        ]
          .filter(Boolean)
          .join(' · '),
        lead.message ? `Mensagem: ${lead.message}` : '',
        lead.isRepeat ? 'Esta pessoa já tinha deixado contato antes.' : '',
      ].filter(Boolean),
      action: { label: 'Abrir o lead no console', url: consoleUrl },
      footer: `Você recebe este aviso de ${agencyName}. Os destinatários são definidos em Configurações.`,
    });
    await deps.mailer.send({
      to: email,
      subject: `Novo lead${from ? ` (${from})` : ''}: ${name}${title ? ` — ${title}` : ''}`,
      ...mail,
    });
  }
}

/** One lead's alert (a released lead, a retried one): throws when it could not be sent, so the job retries. */
export async function sendLeadAlert(deps: Pick<Deps, 'db' | 'config' | 'mailer' | 'log'>, leadId: string) {
  const { failed } = await sendLeadAlerts(deps, [leadId]);
  if (failed.length) throw new Error(`O aviso do lead ${leadId} não foi enviado.`);
}
