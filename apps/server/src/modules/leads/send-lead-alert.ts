/**
 * The new-lead e-mail (the lead-alert job). Recipients: the addresses of the agency's preference
 * lead_alert_emails (Configurações) when it lists any, otherwise the owners and admins who did not turn
 * the alert off; agents who turned it on (their own preference lead_alert_email) get it either way.
 */
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { leads, memberships, pages, preferences, realEstates, users } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { renderEmail } from '../mail/index.ts';
import { formatPhone } from '../landing/index.ts';
import { getAgencyPreferences } from '../preferences/index.ts';

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

export async function sendLeadAlert(deps: Pick<Deps, 'db' | 'config' | 'mailer'>, leadId: string) {
  const { db } = deps;
  const [row] = await db
    .select({ lead: leads, agency: realEstates.name, pageTitle: pages.title, pageSlug: pages.slug })
    .from(leads)
    .innerJoin(realEstates, eq(realEstates.id, leads.realEstateId))
    .leftJoin(pages, eq(pages.id, leads.pageId))
    .where(eq(leads.id, leadId));
  if (!row) return;
  const team = await alertRecipients(db, row.lead.realEstateId);
  const { lead_alert_emails: listed } = await getAgencyPreferences(deps, row.lead.realEstateId, [
    'lead_alert_emails',
  ]);
  const emails = listed.length
    ? [...listed, ...team.filter((r) => r.role === 'agent').map((r) => r.email)]
    : team.map((r) => r.email);
  const recipients = [...new Map(emails.map((e) => [e.toLowerCase(), e])).values()];
  const { lead } = row;
  // The member in charge of the lead (by hand or by rotation, issue 13) always gets the alert.
  if (lead.assignedUserId !== null) {
    const [assigned] = await db
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
  for (const email of recipients) {
    const mail = renderEmail({
      appName: 'Vitrine Imóveis',
      heading: `Novo lead: ${lead.name}`,
      paragraphs: [
        row.pageTitle ? `Imóvel: ${row.pageTitle}` : `Imobiliária: ${row.agency}`,
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
      footer: `Você recebe este aviso de ${row.agency}. Os destinatários são definidos em Configurações.`,
    });
    await deps.mailer.send({
      to: email,
      subject: `Novo lead: ${lead.name}${row.pageTitle ? ` — ${row.pageTitle}` : ''}`,
      ...mail,
    });
  }
}
