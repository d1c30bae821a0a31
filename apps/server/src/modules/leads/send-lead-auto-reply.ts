/**
 * The auto-reply to the visitor (the lead-auto-reply job): when the agency turned on its preference
 * lead_auto_reply (Configurações), a lead that left an e-mail gets the agency's text, with {nome},
 * {titulo} and {link} filled in. Quarantined and test leads get nothing.
 */
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { fillTemplate } from '@vitrine/contracts';
import { leads, pages, realEstates } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { mailLabel, renderEmail } from '../mail/index.ts';
import { agencyPagesUrl } from '../domains/index.ts';
import { getAgencyPreferences } from '../preferences/index.ts';

export async function sendLeadAutoReply(deps: Pick<Deps, 'db' | 'config' | 'mailer'>, leadId: string) {
  const [row] = await deps.db
    .select({
      lead: leads,
      agency: realEstates.name,
      agencyEmail: realEstates.email,
      pageTitle: pages.title,
      pageSlug: pages.slug,
    })
    .from(leads)
    .innerJoin(realEstates, eq(realEstates.id, leads.realEstateId))
    .leftJoin(pages, eq(pages.id, leads.pageId))
    .where(eq(leads.id, leadId));
  if (!row?.lead.email || row.lead.quarantined || row.lead.isTest) return false;
  const { lead_auto_reply: reply } = await getAgencyPreferences(deps, row.lead.realEstateId, [
    'lead_auto_reply',
  ]);
  if (!reply.enabled || !reply.message.trim()) return false;
  // The page on the agency's verified domain when it has one, else LANDING_URL (decision 017).
  const link = row.pageSlug
    ? `${await agencyPagesUrl(deps, row.lead.realEstateId)}/imoveis/${row.pageSlug}`
    : deps.config.APP_URL;
  // What the visitor typed goes to whatever address they typed: their name without links, short
  // (docs/decisions/018-accounts-and-abuse.md); the agency's name and the page's title likewise.
  const agency = mailLabel(row.agency, 80) || 'Imobiliária';
  const text = fillTemplate(reply.message, {
    nome: mailLabel(row.lead.name, 60),
    titulo: mailLabel(row.pageTitle ?? row.agency, 120),
    link,
  });
  const mail = renderEmail({
    appName: agency,
    heading: 'Recebemos seu contato',
    paragraphs: text.split(/\n{2,}/).filter(Boolean),
    footer: row.agencyEmail
      ? `${agency} · ${row.agencyEmail}`
      : `Você recebe este e-mail porque deixou seu contato com ${agency}.`,
  });
  await deps.mailer.send({
    to: row.lead.email,
    subject: `${agency}: recebemos seu contato`,
    ...mail,
  });
  return true;
}

/**
 * Of a captured group, the leads that get an auto-reply: those that left an e-mail, of agencies that
 * have lead_auto_reply on. The group's lead-alert job queues their jobs in the transaction that ends it
 * (jobs/lead-alert.job.ts), so capture writes no row for them.
 */
export async function leadsToAutoReply(
  deps: Pick<Deps, 'db'>,
  leadIds: string[],
  /** The leads' rows when the caller already read them (the group's alert job). */
  read?: Pick<typeof leads.$inferSelect, 'id' | 'realEstateId' | 'email' | 'quarantined' | 'isTest'>[],
): Promise<string[]> {
  const rows = read
    ? read.filter((l) => leadIds.includes(l.id) && l.email !== null && !l.quarantined && !l.isTest)
    : await deps.db
        .select({ id: leads.id, realEstateId: leads.realEstateId })
        .from(leads)
        .where(
          and(
            inArray(leads.id, leadIds),
            isNotNull(leads.email),
            eq(leads.quarantined, false),
            eq(leads.isTest, false),
          ),
        );
  const on = new Map<number, boolean>();
  for (const realEstateId of new Set(rows.map((r) => r.realEstateId))) {
    const { lead_auto_reply: reply } = await getAgencyPreferences(deps, realEstateId, ['lead_auto_reply']);
    on.set(realEstateId, reply.enabled && !!reply.message.trim());
  }
  return rows.filter((r) => on.get(r.realEstateId)).map((r) => r.id);
}
