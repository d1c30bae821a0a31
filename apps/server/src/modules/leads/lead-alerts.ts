/** New-lead e-mail alerts to the agency's users who asked for them (preference lead_alert_email). */
import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { leads, memberships, pages, preferences, realEstates, users } from '../../db/schema.ts';
import { renderEmail } from '../mail/mailer.ts';
import { formatPhone } from '../landing/format.ts';

export const LEAD_ALERT_QUEUE = 'lead-alert';
export const LEAD_ALERT_PREFERENCE = 'lead_alert_email';

/** Owners and admins get alerts unless they turned them off; agents only when they turned them on. */
export async function alertRecipients(app: FastifyInstance, realEstateId: number) {
  const { db } = app.database;
  const rows = await db
    .select({ email: users.email, name: users.name, role: memberships.role, pref: preferences.value })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .leftJoin(
      preferences,
      and(eq(preferences.userId, memberships.userId), eq(preferences.realEstateId, realEstateId), eq(preferences.key, LEAD_ALERT_PREFERENCE)),
    )
    .where(eq(memberships.realEstateId, realEstateId));
  return rows.filter((r) => (r.pref === null || r.pref === undefined ? r.role !== 'agent' : r.pref === true));
}

export async function sendLeadAlert(app: FastifyInstance, leadId: string) {
  const { db } = app.database;
  const [row] = await db
    .select({ lead: leads, agency: realEstates.name, pageTitle: pages.title, pageSlug: pages.slug })
    .from(leads)
    .innerJoin(realEstates, eq(realEstates.id, leads.realEstateId))
    .leftJoin(pages, eq(pages.id, leads.pageId))
    .where(eq(leads.id, leadId));
  if (!row) return;
  const recipients = await alertRecipients(app, row.lead.realEstateId);
  const { lead } = row;
  const consoleUrl = `${app.config.APP_URL}/leads?lead=${lead.id}`;
  for (const r of recipients) {
    const mail = renderEmail({
      appName: 'Vitrine Imóveis',
      heading: `Novo lead: ${lead.name}`,
      paragraphs: [
        row.pageTitle ? `Imóvel: ${row.pageTitle}` : `Imobiliária: ${row.agency}`,
        [lead.phone ? `Telefone: ${formatPhone(lead.phone)}` : null, lead.email ? `E-mail: ${lead.email}` : null].filter(Boolean).join(' · '),
        lead.message ? `Mensagem: ${lead.message}` : '',
        lead.isRepeat ? 'Esta pessoa já tinha deixado contato antes.' : '',
      ].filter(Boolean),
      action: { label: 'Abrir o lead no console', url: consoleUrl },
      footer: `Você recebe este aviso por ser da equipe de ${row.agency}. Desative em Configurações.`,
    });
    await app.mailer.send({ to: r.email, subject: `Novo lead: ${lead.name}${row.pageTitle ? ` — ${row.pageTitle}` : ''}`, ...mail });
  }
}

export async function registerLeadAlertWorker(app: FastifyInstance) {
  await app.queue.declare(LEAD_ALERT_QUEUE);
  await app.queue.work<{ leadId: string }>(LEAD_ALERT_QUEUE, { batchSize: 5 }, (job) => sendLeadAlert(app, job.leadId));
}
