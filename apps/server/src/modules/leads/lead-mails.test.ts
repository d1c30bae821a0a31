/**
 * Platform e-mails carrying text an agency or a visitor typed (docs/decisions/018-accounts-and-abuse.md): an
 * agency named like a phishing subject, a visitor's spam as the name an auto-reply greets, sent to whatever
 * address the visitor typed. Our address sends them: no links, no line breaks, a short label; the HTML
 * escapes it.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customDomains, leads, realEstates } from '../../db/schema.ts';
import {
  addMember,
  createOwner,
  createTestContext,
  insertPage,
  type TestContext,
} from '../../testing/test-app.ts';
import { forgetDomains } from '../domains/index.ts';
import { captureLead } from './capture-lead.ts';
import { leadAlertJob } from './jobs/lead-alert.job.ts';
import { sendLeadAlerts } from './send-lead-alert.ts';
import { sendLeadAutoReply } from './send-lead-auto-reply.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

const PHISHING = 'Sua conta foi BLOQUEADA\r\nAcesse https://banco-falso.example/login para liberar';
const SPAM_NAME = 'Ganhe R$ 5.000 hoje em www.golpe.example/pix <b>agora</b>';

type MailMessage = { to: string; subject: string; text: string; html: string };

function capturing() {
  const sent: MailMessage[] = [];
  return {
    sent,
    mailer: {
      driver: 'outbox' as const,
      outboxDir: '',
      async send(message: MailMessage) {
        sent.push(message);
      },
    },
  };
}

describe('e-mails with typed text', () => {
  it('the auto-reply and the alert carry neither links nor line breaks from the names, and escape them', async () => {
    const owner = await createOwner(ctx, 'Imobiliária');
    await ctx.database.db
      .update(realEstates)
      .set({ name: PHISHING })
      .where(eq(realEstates.id, owner.realEstateId));
    await ctx.database.query(
      `insert into agency_preferences (real_estate_id, key, value) values ($1, 'lead_auto_reply', $2::jsonb)`,
      [owner.realEstateId, JSON.stringify({ v: { enabled: true, message: 'Olá, {nome}! Obrigado.' } })],
    );
    const { lead } = await captureLead(ctx.app.deps, {
      realEstateId: owner.realEstateId,
      name: SPAM_NAME,
      email: 'vitima@exemplo.com.br',
      consent: true,
    });
    const { sent, mailer } = capturing();
    const deps = { ...ctx.app.deps, mailer };
    expect(await sendLeadAutoReply(deps, lead.id)).toBe(true);
    await sendLeadAlerts(deps, [lead.id]);
    expect(sent.length).toBeGreaterThanOrEqual(2);
    for (const mail of sent) {
      const all = `${mail.subject}\n${mail.text}\n${mail.html}`;
      expect(all).not.toContain('banco-falso.example');
      expect(all).not.toContain('golpe.example');
      expect(mail.subject).not.toMatch(/[\r\n]/);
      expect(mail.subject.length).toBeLessThanOrEqual(200);
      expect(mail.html).not.toContain('<b>agora</b>');
    }
    const reply = sent.find((m) => m.to === 'vitima@exemplo.com.br')!;
    expect(reply.subject).toBe('Sua conta foi BLOQUEADA Acesse para liberar: recebemos seu contato');
    expect(reply.text).toContain('Olá, Ganhe R$ 5.000 hoje em <b>agora</b>! Obrigado.');
    const alert = sent.find((m) => m.to === owner.email)!;
    expect(alert.subject).toBe('Novo lead: Ganhe R$ 5.000 hoje em <b>agora</b>');
  });

  it('the alert names a portal lead source, its temperature and a listing code that matched no page', async () => {
    const owner = await createOwner(ctx, 'Imobiliária Portal');
    const { lead } = await captureLead(ctx.app.deps, {
      realEstateId: owner.realEstateId,
      name: 'Bruna Costa',
      phone: '11987654321',
      source: 'portal_vivareal',
      sourceDetails: { temperature: 'Alta' },
      listingCode: 'NAO-EXISTE',
      consent: false,
    });
    const { sent, mailer } = capturing();
    await sendLeadAlerts({ ...ctx.app.deps, mailer }, [lead.id]);
    const alert = sent.find((m) => m.to === owner.email)!;
    expect(alert.subject).toBe('Novo lead (VivaReal): Bruna Costa');
    expect(alert.text).toContain('Origem: VivaReal (temperatura Alta)');
    expect(alert.text).toContain('Imóvel não encontrado (código NAO-EXISTE)');
  });
});

describe('the alert of a burst', () => {
  it('a recipient who gets several leads of one group gets one digest that lists them; a lead alone keeps its own alert', async () => {
    const owner = await createOwner(ctx, 'Imobiliária Rajada');
    const agent = await addMember(ctx, owner.realEstateId, 'agent');
    const base = { realEstateId: owner.realEstateId, consent: true };
    const captured = await Promise.all([
      captureLead(ctx.app.deps, {
        ...base,
        name: 'Ana Souza',
        phone: '11987650001',
        message: 'x'.repeat(400),
      }),
      captureLead(ctx.app.deps, { ...base, name: SPAM_NAME, email: 'spam@exemplo.com.br' }),
      captureLead(ctx.app.deps, { ...base, name: 'Carla Dias', phone: '11987650003' }),
    ]);
    const ids = captured.map((c) => c.lead.id);
    // The agent (alerts off by default) is in charge of one of them: that one's alert only.
    await ctx.database.db.update(leads).set({ assignedUserId: agent.userId }).where(eq(leads.id, ids[2]!));
    const { sent, mailer } = capturing();
    expect(await sendLeadAlerts({ ...ctx.app.deps, mailer }, ids)).toEqual({ retry: [], sent: 2 });

    expect(sent.map((m) => [m.to, m.subject])).toEqual([
      [owner.email, '3 novos leads: Ana Souza, Ganhe R$ 5.000 hoje em <b>agora</b> e mais 1'],
      [agent.email, 'Novo lead: Carla Dias'],
    ]);
    const digest = sent[0]!;
    for (const id of ids) {
      expect(digest.text).toContain(`/leads?lead=${id}`);
      expect(digest.html).toContain(`/leads?lead=${id}`);
    }
    expect(digest.text).toContain('Telefone: (11) 98765-0001');
    expect(digest.text).toContain('E-mail: spam@exemplo.com.br');
    // A long message is cut in the list; the lead's page has it whole.
    expect(digest.text).toContain(`Mensagem: ${'x'.repeat(200)}`);
    expect(digest.text).not.toContain('x'.repeat(300));
    expect(`${digest.subject}\n${digest.text}\n${digest.html}`).not.toContain('golpe.example');
    expect(digest.html).not.toContain('<b>agora</b>');
    expect(digest.text).toContain('Você recebe este aviso de Imobiliária Rajada.');
    // The agency is named once, in the footer, not under each lead without a page.
    expect(digest.text).not.toContain('Imobiliária: ');
  });

  it("only the leads of the e-mail that failed go back: the owner's digest was sent, the agent's alert failed", async () => {
    const owner = await createOwner(ctx, 'Imobiliária Falha Parcial');
    const agent = await addMember(ctx, owner.realEstateId, 'agent');
    const base = { realEstateId: owner.realEstateId, consent: true };
    const captured = await Promise.all([
      captureLead(ctx.app.deps, { ...base, name: 'Do dono', phone: '11987650011' }),
      captureLead(ctx.app.deps, { ...base, name: 'Da corretora', phone: '11987650012' }),
    ]);
    const ids = captured.map((c) => c.lead.id);
    await ctx.database.db.update(leads).set({ assignedUserId: agent.userId }).where(eq(leads.id, ids[1]!));
    const sent: MailMessage[] = [];
    const mailer = {
      driver: 'outbox' as const,
      outboxDir: '',
      async send(message: MailMessage) {
        if (message.to === agent.email) throw new Error('caixa cheia');
        sent.push(message);
      },
    };
    expect(await sendLeadAlerts({ ...ctx.app.deps, mailer }, ids)).toEqual({
      retry: [{ leadId: ids[1], to: [agent.email] }],
      sent: 1,
    });
    expect(sent.map((m) => [m.to, m.subject])).toEqual([
      [owner.email, '2 novos leads: Do dono e Da corretora'],
    ]);
  });

  it('a retry goes only to the recipients whose e-mail failed: the others do not get the lead again', async () => {
    const owner = await createOwner(ctx, 'Imobiliária Endereço Ruim');
    await ctx.database.query(
      `insert into agency_preferences (real_estate_id, key, value) values ($1, 'lead_alert_emails', $2::jsonb)`,
      [owner.realEstateId, JSON.stringify({ v: ['plantao@exemplo.com.br', 'recusado@exemplo.com.br'] })],
    );
    const base = { realEstateId: owner.realEstateId, consent: true };
    const captured = await Promise.all([
      captureLead(ctx.app.deps, { ...base, name: 'Retry um', phone: '11987650031' }),
      captureLead(ctx.app.deps, { ...base, name: 'Retry dois', phone: '11987650032' }),
    ]);
    const ids = captured.map((c) => c.lead.id);
    const sent: [string, string][] = [];
    let refusing = true;
    const mailer = {
      driver: 'outbox' as const,
      outboxDir: '',
      async send(message: MailMessage) {
        if (refusing && message.to === 'recusado@exemplo.com.br') throw new Error('550 caixa inexistente');
        sent.push([message.to, message.subject]);
      },
    };
    const deps = { ...ctx.app.deps, mailer, signal: new AbortController().signal };
    const { retry } = await sendLeadAlerts(deps, ids);
    expect(retry).toEqual(ids.map((leadId) => ({ leadId, to: ['recusado@exemplo.com.br'] })));

    // The retried job: to that address only, not to the plantão again.
    sent.length = 0;
    refusing = false;
    await leadAlertJob.handle({ leadId: ids[0]!, to: ['recusado@exemplo.com.br'] }, deps);
    expect(sent).toEqual([['recusado@exemplo.com.br', 'Novo lead: Retry um']]);

    // A lead's job to all its recipients (a released lead) where one address refuses: it does not fail
    // (pg-boss would send it again to all); a job for that address alone follows, after the retry delay.
    sent.length = 0;
    refusing = true;
    await leadAlertJob.handle({ leadId: ids[1]! }, deps);
    expect(sent).toEqual([['plantao@exemplo.com.br', 'Novo lead: Retry dois']]);
    const [next] = await ctx.app.queue.boss.findJobs(leadAlertJob.name, {
      data: { leadId: ids[1]!, to: ['recusado@exemplo.com.br'] },
    });
    expect(next?.startAfter.getTime()).toBeGreaterThan(Date.now());

    // Every e-mail of the job refused: it fails, and pg-boss tries it again as it is.
    await expect(
      leadAlertJob.handle({ leadId: ids[1]!, to: ['recusado@exemplo.com.br'] }, deps),
    ).rejects.toThrow(/não foi enviado/);
  });

  it("a retry to some recipients takes no rotation turn: its group's job already did", async () => {
    const owner = await createOwner(ctx, 'Imobiliária Roleta Retry');
    const agent = await addMember(ctx, owner.realEstateId, 'agent');
    await ctx.database.query(`update real_estate_users set in_rotation = true where user_id = $1`, [
      agent.userId,
    ]);
    await ctx.database.query(
      `insert into team_settings (real_estate_id, rotation_enabled) values ($1, true)`,
      [owner.realEstateId],
    );
    const { lead } = await captureLead(ctx.app.deps, {
      realEstateId: owner.realEstateId,
      name: 'Sem turno',
      phone: '11987650041',
      consent: true,
    });
    const { sent, mailer } = capturing();
    await sendLeadAlerts({ ...ctx.app.deps, mailer }, [lead.id], undefined, [owner.email]);
    expect(sent.map((m) => m.to)).toEqual([owner.email]);
    const [row] = await ctx.database.db.select().from(leads).where(eq(leads.id, lead.id));
    expect(row!.assignedUserId).toBeNull();
    // The group's own run takes the turn, and the member it picks gets the alert.
    await sendLeadAlerts({ ...ctx.app.deps, mailer }, [lead.id]);
    expect(sent.map((m) => m.to)).toEqual([owner.email, owner.email, agent.email]);
  });

  it("a digest names the source when its leads share one, and keeps each visitor's message on one line", async () => {
    const owner = await createOwner(ctx, 'Imobiliária Portais');
    const base = { realEstateId: owner.realEstateId, consent: true, source: 'portal_zap' as const };
    const zap = await Promise.all([
      captureLead(ctx.app.deps, {
        ...base,
        name: 'Zap um',
        phone: '11987650021',
        message: 'Oi\n\n2. Falso\nhttp://x',
      }),
      captureLead(ctx.app.deps, { ...base, name: 'Zap dois', phone: '11987650022' }),
    ]);
    const mixed = await Promise.all([
      captureLead(ctx.app.deps, { ...base, name: 'Misto um', phone: '11987650023' }),
      captureLead(ctx.app.deps, { ...base, source: 'api', name: 'Misto dois', phone: '11987650024' }),
    ]);
    const { sent, mailer } = capturing();
    await sendLeadAlerts(
      { ...ctx.app.deps, mailer },
      zap.map((c) => c.lead.id),
    );
    await sendLeadAlerts(
      { ...ctx.app.deps, mailer },
      mixed.map((c) => c.lead.id),
    );
    expect(sent.map((m) => m.subject)).toEqual([
      '2 novos leads (Portal ZAP): Zap um e Zap dois',
      '2 novos leads: Misto um e Misto dois',
    ]);
    expect(sent[0]!.text).toContain('Mensagem: Oi 2. Falso http://x');
  });
});

describe('the auto-reply of an agency with a verified domain', () => {
  it("links to the page on the agency's domain, not LANDING_URL", async () => {
    const owner = await createOwner(ctx, 'Imobiliária Domínio');
    const page = await insertPage(ctx, owner.realEstateId);
    await ctx.database.db.insert(customDomains).values({
      realEstateId: owner.realEstateId,
      hostname: 'imoveis.dominio-proprio.com.br',
      status: 'verified',
      verificationToken: 'token-de-teste',
      verifiedAt: new Date(),
    });
    forgetDomains(ctx.app.deps);
    await ctx.database.query(
      `insert into agency_preferences (real_estate_id, key, value) values ($1, 'lead_auto_reply', $2::jsonb)`,
      [owner.realEstateId, JSON.stringify({ v: { enabled: true, message: 'Olá, {nome}! Veja: {link}' } })],
    );
    const { lead } = await captureLead(ctx.app.deps, {
      realEstateId: owner.realEstateId,
      pageId: page.id,
      name: 'Maria Souza',
      email: 'maria@exemplo.com.br',
      consent: true,
    });
    const { sent, mailer } = capturing();
    expect(await sendLeadAutoReply({ ...ctx.app.deps, mailer }, lead.id)).toBe(true);
    expect(sent[0]!.text).toContain(`https://imoveis.dominio-proprio.com.br/imoveis/${page.slug}`);
    expect(sent[0]!.text).not.toContain('127.0.0.1:3000');
  });
});
