/** The new-lead e-mail (the lead-alert job) to the agency's users who asked for it (preference lead_alert_email). */
import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { leads, memberships, pages, preferences, realEstates, users } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { renderEmail } from '../mail/index.ts';
import { formatPhone } from '../landing/index.ts';

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
  const recipients = await alertRecipients(db, row.lead.realEstateId);
  const { lead } = row;
  // The member in charge of the lead (by hand or by rotation, issue 13) always gets the alert.
  if (lead.assignedUserId !== null) {
    const [assigned] = await db
      .select({ email: users.email, name: users.name, role: memberships.role, pref: sql<unknown>`null` })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(
        and(
          eq(memberships.realEstateId, lead.realEstateId),
          eq(memberships.userId, lead.assignedUserId),
          eq(memberships.status, 'active'),
        ),
      );
    if (assigned && !recipients.some((r) => r.email === assigned.email)) recipients.push(assigned);
  }
  const consoleUrl = `${deps.config.APP_URL}/leads?lead=${lead.id}`;
  for (const r of recipients) {
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
      footer: `Você recebe este aviso por ser da equipe de ${row.agency}. Desative em Configurações.`,
    });
    await deps.mailer.send({
      to: r.email,
      subject: `Novo lead: ${lead.name}${row.pageTitle ? ` — ${row.pageTitle}` : ''}`,
      ...mail,
    });
  }
}
