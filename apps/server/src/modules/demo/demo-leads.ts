/**
 * The demo agency's last 30 days of leads, contacts and deliveries, built in memory with the same
 * shape capture-lead.ts and the delivery engine give them (contacts linked by phone/e-mail, repeat
 * leads flagged, one delivery per forwarded lead with its ledger), but backdated. Deterministic for a
 * given `now`, so tests can count on it.
 */
import { createHash } from 'node:crypto';
import { LEAD_STATUSES, type LeadStatus } from '@vitrine/contracts';
import type { contacts, deliveries, deliveryAttempts, leads } from '../../db/schema.ts';
import { prng } from './demo-photos.ts';

type LeadInsert = typeof leads.$inferInsert & { id: string; createdAt: Date };
type ContactInsert = typeof contacts.$inferInsert & { id: string };
type DeliveryInsert = typeof deliveries.$inferInsert & { id: string };
type AttemptInsert = typeof deliveryAttempts.$inferInsert;

export interface DemoLeadPage {
  id: number;
  city: string;
  purpose: 'sale' | 'rent';
  weight: number;
  /** The agency's code of the listing, as the portals and forms name it. */
  listingCode?: string | null;
}

export interface DemoLeadData {
  leads: LeadInsert[];
  contacts: ContactInsert[];
  deliveries: DeliveryInsert[];
  attempts: AttemptInsert[];
}

const DAY = 24 * 60 * 60 * 1000;
export const DEMO_LEAD_DAYS = 30;
/** When the demo agency connected its CRM webhook: leads before that have no delivery. */
export const WEBHOOK_SINCE_DAYS = 27;

const FIRST = [
  'Mariana',
  'Rafael',
  'Juliana',
  'Lucas',
  'Camila',
  'Thiago',
  'Fernanda',
  'Bruno',
  'Patrícia',
  'Gustavo',
  'Aline',
  'Felipe',
  'Larissa',
  'Rodrigo',
  'Beatriz',
  'Diego',
  'Carolina',
  'Eduardo',
  'Renata',
  'Marcelo',
  'Gabriela',
  'André',
  'Vanessa',
  'Leonardo',
  'Isabela',
  'Ricardo',
  'Letícia',
  'Vinícius',
  'Priscila',
  'João Pedro',
  'Luiza',
  'Henrique',
  'Tatiane',
  'Daniel',
  'Natália',
  'Paulo',
  'Amanda',
  'Fábio',
  'Débora',
  'Caio',
];
const LAST = [
  'Silva',
  'Santos',
  'Oliveira',
  'Souza',
  'Rodrigues',
  'Ferreira',
  'Alves',
  'Pereira',
  'Lima',
  'Gomes',
  'Costa',
  'Ribeiro',
  'Martins',
  'Carvalho',
  'Almeida',
  'Lopes',
  'Soares',
  'Fernandes',
  'Vieira',
  'Barbosa',
  'Rocha',
  'Dias',
  'Nascimento',
  'Andrade',
  'Moreira',
  'Nunes',
  'Marques',
  'Machado',
  'Mendes',
  'Freitas',
];
const MAIL = [
  'gmail.com',
  'gmail.com',
  'gmail.com',
  'hotmail.com',
  'outlook.com',
  'yahoo.com.br',
  'uol.com.br',
  'icloud.com',
];
const DDD: Record<string, string[]> = {
  'São Paulo': ['11'],
  'Rio de Janeiro': ['21'],
  Florianópolis: ['48'],
  Curitiba: ['41'],
  'Belo Horizonte': ['31'],
};
const MESSAGES_SALE = [
  'Olá! Gostaria de agendar uma visita neste fim de semana.',
  'Aceita financiamento pela Caixa? Tenho carta de crédito aprovada.',
  'Qual o valor do IPTU anual? E o condomínio inclui gás?',
  'Posso dar meu apartamento como parte do pagamento?',
  'O imóvel ainda está disponível? Tenho interesse.',
  'Tem vaga para dois carros? Aceita pets?',
  'Gostaria de mais fotos da cozinha e dos quartos, por favor.',
  'Qual a menor proposta à vista?',
  'Sou corretor parceiro, tenho um cliente interessado. Vocês fazem parceria?',
  null,
  null,
];
const MESSAGES_RENT = [
  'Olá! Aceita seguro-fiança? Quando posso visitar?',
  'O aluguel já inclui o condomínio? Aceita pets de pequeno porte?',
  'Estou me mudando a trabalho no mês que vem, posso fechar sem visita por vídeo?',
  'Tenho interesse. Qual a documentação necessária?',
  null,
];
const USER_AGENTS = [
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.6 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (Linux; Android 15; SM-S921B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/141.0.0.0 Mobile Safari/537.36',
  'Mozilla/5.0 (Linux; Android 14; moto g84 5G) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/141.0.0.0 Mobile Safari/537.36',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/141.0.0.0 Safari/537.36',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.6 Safari/605.1.15',
];

/**
 * The demo's campaign names, shared with the visits (demo-analytics.ts): a lead's campaign is one its
 * listing's visitors also came from, so the campaign table shows a conversion, not 100 %.
 */
export const DEMO_CAMPAIGNS = {
  search: (city: string, purpose: 'sale' | 'rent') =>
    `busca-${purpose === 'rent' ? 'aluguel' : 'venda'}-${slug(city)}`,
  launches: (city: string) => `lancamentos-${slug(city)}`,
};

interface Channel {
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
  utmTerm?: string | null;
  utmContent?: string | null;
  referrer: string | null;
  click?: 'gclid' | 'fbclid';
}
const CHANNELS: { weight: number; channel: (city: string, purpose: 'sale' | 'rent') => Channel }[] = [
  {
    weight: 36,
    channel: (city, purpose) => ({
      utmSource: 'google',
      utmMedium: 'cpc',
      utmCampaign: DEMO_CAMPAIGNS.search(city, purpose),
      utmTerm:
        purpose === 'rent'
          ? `apartamento para alugar ${city.toLowerCase()}`
          : `apartamento à venda ${city.toLowerCase()}`,
      referrer: 'https://www.google.com/',
      click: 'gclid',
    }),
  },
  {
    weight: 26,
    channel: (city) => ({
      utmSource: 'facebook',
      utmMedium: 'paid_social',
      utmCampaign: DEMO_CAMPAIGNS.launches(city),
      utmContent: 'carrossel-fotos',
      referrer: 'https://m.facebook.com/',
      click: 'fbclid',
    }),
  },
  {
    weight: 24,
    channel: () => ({
      utmSource: 'instagram',
      utmMedium: 'paid_social',
      utmCampaign: 'stories-imoveis-destaque',
      utmContent: 'video-tour',
      referrer: 'https://l.instagram.com/',
      click: 'fbclid',
    }),
  },
  {
    weight: 8,
    channel: () => ({
      utmSource: 'instagram',
      utmMedium: 'social',
      utmCampaign: 'bio-link',
      referrer: 'https://l.instagram.com/',
    }),
  },
  { weight: 6, channel: () => ({ utmSource: null, utmMedium: null, utmCampaign: null, referrer: null }) },
];

const slug = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-');

/** A stable UUID (v4 layout) from a label, so the demo is the same on every run for the same `now`. */
function uuidFrom(label: string): string {
  const h = createHash('sha256').update(label).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${((parseInt(h[16]!, 16) & 3) | 8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** The pipeline stage a lead of this age would plausibly be in. */
function statusFor(ageDays: number, r: number): LeadStatus {
  if (ageDays < 2) return r < 0.75 ? 'novo' : 'em_atendimento';
  if (ageDays < 6)
    return r < 0.3 ? 'novo' : r < 0.65 ? 'em_atendimento' : r < 0.85 ? 'visita_agendada' : 'perdido';
  if (ageDays < 14)
    return r < 0.25 ? 'em_atendimento' : r < 0.55 ? 'visita_agendada' : r < 0.75 ? 'proposta' : 'perdido';
  return r < 0.15 ? 'visita_agendada' : r < 0.35 ? 'proposta' : r < 0.6 ? 'ganho' : 'perdido';
}

interface Person {
  name: string;
  email: string | null;
  phone: string | null;
}

function person(rng: ReturnType<typeof prng>, city: string, i: number): Person {
  const first = rng.pick(FIRST);
  const last = rng.pick(LAST);
  const ddd = rng.pick(DDD[city] ?? ['11']);
  const phone = `${ddd}9${String(rng.int(6000, 9999))}${String(rng.int(0, 9999)).padStart(4, '0')}`;
  const handle =
    slug(`${first}.${last}`).replace(/-/g, '.') + (rng.next() < 0.4 ? String(rng.int(70, 99)) : '');
  const email = `${handle}${i % 7 === 0 ? i : ''}@${rng.pick(MAIL)}`;
  const has = rng.next();
  return { name: `${first} ${last}`, phone: has < 0.12 ? null : phone, email: has > 0.9 ? null : email };
}

/**
 * About three leads a day for 30 days, most from paid campaigns, a few repeat contacts and two
 * quarantined ones; deliveries to the webhook in every final state with their attempts.
 */
export function buildDemoLeads(input: {
  realEstateId: number;
  pages: DemoLeadPage[];
  now: Date;
}): DemoLeadData {
  const { realEstateId, pages, now } = input;
  const rng = prng(20261124);
  const weighted = pages.flatMap((p) => Array.from({ length: p.weight }, () => p));
  const pickChannel = () => {
    const total = CHANNELS.reduce((s, c) => s + c.weight, 0);
    let r = rng.next() * total;
    for (const c of CHANNELS) if ((r -= c.weight) < 0) return c.channel;
    return CHANNELS[0]!.channel;
  };

  // When each lead arrived: every day of the last 30 has some, office hours in São Paulo (UTC−3).
  const times: Date[] = [];
  for (let day = 0; day < DEMO_LEAD_DAYS; day++) {
    const weekend = new Date(now.getTime() - day * DAY).getUTCDay() % 6 === 0;
    const n = day === 0 ? 2 : rng.int(weekend ? 3 : 1, weekend ? 5 : 4);
    for (let k = 0; k < n; k++) {
      const base = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - day * DAY;
      // 08:00–22:59 in São Paulo = 11:00–01:59 UTC
      const at = new Date(base + (11 + rng.range(0, 15)) * 60 * 60 * 1000);
      times.push(at.getTime() > now.getTime() ? new Date(now.getTime() - rng.range(5, 240) * 60 * 1000) : at);
    }
  }
  times.sort((a, b) => a.getTime() - b.getTime());

  // A few people come back for another listing (or the same one, days later).
  const people: Person[] = [];
  const repeaters = new Map<number, number>(); // lead index → person index
  const out: DemoLeadData = { leads: [], contacts: [], deliveries: [], attempts: [] };
  const contactByKey = new Map<string, ContactInsert>();

  times.forEach((createdAt, i) => {
    const page = rng.pick(weighted);
    const ageDays = (now.getTime() - createdAt.getTime()) / DAY;
    let who: Person;
    if (people.length > 8 && rng.next() < 0.09) {
      const idx = rng.int(0, people.length - 1);
      who = people[idx]!;
      repeaters.set(i, idx);
    } else {
      who = person(rng, page.city, i);
      people.push(who);
    }
    const channel = pickChannel()(page.city, page.purpose);
    const messages = page.purpose === 'rent' ? MESSAGES_RENT : MESSAGES_SALE;
    const status = statusFor(ageDays, rng.next());
    const id = uuidFrom(`lead:${realEstateId}:${i}`);
    const statusChangedAt =
      status === 'novo'
        ? null
        : new Date(
            Math.min(now.getTime(), createdAt.getTime() + rng.range(0.2, Math.max(0.3, ageDays * 0.6)) * DAY),
          );

    // Contacts, as capture-lead.ts links them: same phone or e-mail in the agency → same contact.
    const keys = [who.phone ? `p:${who.phone}` : null, who.email ? `e:${who.email}` : null].filter(
      (k): k is string => !!k,
    );
    let contact = keys.map((k) => contactByKey.get(k)).find(Boolean);
    const isRepeat = !!contact;
    if (contact) {
      contact.leadsCount = (contact.leadsCount ?? 0) + 1;
      contact.lastLeadAt = createdAt;
    } else if (keys.length) {
      contact = {
        id: uuidFrom(`contact:${realEstateId}:${i}`),
        realEstateId,
        name: who.name,
        email: who.email,
        phone: who.phone,
        leadsCount: 1,
        firstLeadAt: createdAt,
        lastLeadAt: createdAt,
      };
      out.contacts.push(contact);
    }
    for (const k of keys) if (contact && !contactByKey.has(k)) contactByKey.set(k, contact);

    out.leads.push({
      id,
      realEstateId,
      pageId: page.id,
      contactId: contact?.id ?? null,
      isRepeat,
      name: who.name,
      email: who.email,
      phone: who.phone,
      message: isRepeat
        ? 'Vi outro imóvel de vocês e também gostei deste. Podemos conversar?'
        : rng.pick(messages),
      source: 'landing_page',
      utmSource: channel.utmSource,
      utmMedium: channel.utmMedium,
      utmCampaign: channel.utmCampaign,
      utmTerm: channel.utmTerm ?? null,
      utmContent: channel.utmContent ?? null,
      gclid: channel.click === 'gclid' ? `Cj0KCQiA${uuidFrom(`g${i}`).replace(/-/g, '').slice(0, 24)}` : null,
      fbclid: channel.click === 'fbclid' ? `IwAR${uuidFrom(`f${i}`).replace(/-/g, '').slice(0, 28)}` : null,
      referrer: channel.referrer,
      status,
      consent: true,
      ipHash: createHash('sha256').update(`demo-ip:${i}`).digest('hex').slice(0, 32),
      userAgent: rng.pick(USER_AGENTS),
      statusChangedAt,
      createdAt,
      updatedAt: statusChangedAt ?? createdAt,
    });
  });

  // Every stage of the pipeline shows, whatever the dice said: the oldest lead of a missing stage moves there.
  for (const status of LEAD_STATUSES) {
    if (out.leads.some((l) => l.status === status)) continue;
    const minAge = { novo: 0, em_atendimento: 0, visita_agendada: 2, proposta: 6, ganho: 10, perdido: 2 }[
      status
    ];
    const spare = out.leads.find(
      (l) =>
        (now.getTime() - l.createdAt.getTime()) / DAY >= minAge &&
        out.leads.filter((o) => o.status === l.status).length > 2,
    );
    if (spare) {
      spare.status = status;
      spare.statusChangedAt = status === 'novo' ? null : (spare.statusChangedAt ?? spare.createdAt);
    }
  }

  // Two leads the spam checks held back (stored, not forwarded), as the landing form does.
  const spamDays = [4, 11];
  spamDays.forEach((days, k) => {
    const createdAt = new Date(now.getTime() - days * DAY - 3 * 60 * 60 * 1000);
    const page = pages[k % pages.length]!;
    out.leads.push({
      id: uuidFrom(`lead:${realEstateId}:spam:${k}`),
      realEstateId,
      pageId: page.id,
      contactId: null,
      isRepeat: false,
      name: k === 0 ? 'Promoção Imperdível SEO' : 'aaaa',
      email: k === 0 ? 'vendas@seo-rapido.example' : null,
      phone: k === 0 ? null : '11900000000',
      message:
        k === 0
          ? 'Coloque seu site na primeira página do Google! http://seo-rapido.example http://promo.example http://links.example'
          : null,
      source: 'landing_page',
      status: 'novo',
      consent: true,
      quarantined: true,
      quarantineReason:
        k === 0
          ? 'campo oculto preenchido (robô); mensagem com muitos links'
          : 'formulário enviado rápido demais',
      ipHash: createHash('sha256').update(`demo-spam:${k}`).digest('hex').slice(0, 32),
      userAgent: 'Mozilla/5.0 (compatible; Bot/2.1)',
      createdAt,
      updatedAt: createdAt,
    });
  });
  // Quarantined leads with a phone or e-mail become contacts too, as in capture-lead.ts.
  for (const lead of out.leads.filter((l) => l.quarantined && (l.phone || l.email))) {
    const contact: ContactInsert = {
      id: uuidFrom(`contact:${lead.id}`),
      realEstateId,
      name: lead.name,
      email: lead.email ?? null,
      phone: lead.phone ?? null,
      leadsCount: 1,
      firstLeadAt: lead.createdAt,
      lastLeadAt: lead.createdAt,
    };
    out.contacts.push(contact);
    lead.contactId = contact.id;
  }

  addInboundLeads(out, realEstateId, pages, now);
  buildDeliveries(out, realEstateId, now, rng);
  return out;
}

/** The leads that came from outside the pages (docs/product.md#lead-sources), by index: source and what it said. */
const INBOUND: Array<{
  source: 'portal_zap' | 'portal_vivareal' | 'portal_olx' | 'facebook' | 'instagram' | 'api';
  name: string;
  phone: string | null;
  email: string | null;
  message: string | null;
  /** true: a listing code that matches no page (a typo on the portal). */
  unknownCode?: string;
  noListing?: boolean;
  details: Record<string, unknown>;
}> = [
  {
    source: 'portal_zap',
    name: 'Renata Albuquerque',
    phone: '11987012233',
    email: 'renata.alb@gmail.com',
    message: 'Olá, tenho interesse neste imóvel que vi no ZAP. Ainda está disponível?',
    details: { lead_origin: 'ZAP', temperature: 'Alta', transaction_type: 'SELL' },
  },
  {
    source: 'portal_vivareal',
    name: 'Marcelo Tavares',
    phone: '11976543120',
    email: null,
    message: 'Gostaria de agendar uma visita.',
    details: { lead_origin: 'VIVAREAL', temperature: 'Média', transaction_type: 'SELL' },
  },
  {
    source: 'portal_olx',
    name: 'Juliana Prado',
    phone: '21998761234',
    email: 'ju.prado@hotmail.com',
    message: 'Aceita financiamento?',
    details: { lead_origin: 'OLX', temperature: 'Baixa', transaction_type: 'SELL' },
  },
  {
    source: 'portal_zap',
    name: 'Fernando Queiroz',
    phone: '11991237788',
    email: 'fernando.q@outlook.com',
    message: 'Qual o valor do condomínio?',
    details: { lead_origin: 'ZAP', temperature: 'Alta', transaction_type: 'RENT' },
  },
  {
    source: 'facebook',
    name: 'Patrícia Menezes',
    phone: '11984560099',
    email: 'patricia.menezes@gmail.com',
    message: null,
    details: {
      platform: 'fb',
      form_name: 'Lançamentos — quero saber mais',
      campaign_name: 'Lançamentos Zona Sul',
      ad_name: 'Carrossel de fotos',
      answers: [
        { question: 'Quantos quartos você procura?', answer: '3 quartos' },
        { question: 'Quando pretende se mudar?', answer: 'Em até 6 meses' },
        { question: 'Vai financiar?', answer: 'Sim, já tenho carta de crédito' },
      ],
    },
  },
  {
    source: 'portal_vivareal',
    name: 'Rodrigo Siqueira',
    phone: '11970001122',
    email: null,
    message: 'Tenho interesse, me liga por favor.',
    unknownCode: 'VR-48213',
    details: {
      lead_origin: 'VIVAREAL',
      temperature: 'Alta',
      transaction_type: 'SELL',
      origin_listing_id: '2619984377',
    },
  },
  {
    source: 'instagram',
    name: 'Camila Rezende',
    phone: '11982223344',
    email: 'camila.rezende@icloud.com',
    message: null,
    details: {
      platform: 'ig',
      form_name: 'Tour em vídeo — agende sua visita',
      campaign_name: 'Stories imóveis em destaque',
      ad_name: 'Vídeo tour',
      answers: [
        { question: 'Qual o melhor horário para contato?', answer: 'Depois das 18h' },
        { question: 'Você já tem imóvel para dar de entrada?', answer: 'Não' },
      ],
    },
  },
  {
    source: 'api',
    name: 'Eduardo Lins',
    phone: '11955667788',
    email: 'eduardo.lins@empresa.com.br',
    message: 'Contato pelo site institucional.',
    details: { origin: 'Site institucional (RD Station)', renda_familiar: 'R$ 12 a 15 mil' },
  },
  {
    source: 'portal_olx',
    name: 'Sônia Batista',
    phone: '11962224455',
    email: null,
    message: 'Ainda disponível?',
    details: { lead_origin: 'OLX', temperature: 'Média', transaction_type: 'RENT' },
  },
  {
    source: 'facebook',
    name: 'Thiago Moura',
    phone: '21987654321',
    email: 'thiago.moura@gmail.com',
    message: null,
    noListing: true,
    details: {
      platform: 'fb',
      form_name: 'Avaliação gratuita do seu imóvel',
      campaign_name: 'Captação de imóveis',
      ad_name: 'Avalie seu imóvel',
      answers: [
        { question: 'Qual imóvel você quer vender?', answer: 'Apartamento de 2 quartos na Vila Mariana' },
      ],
    },
  },
  {
    source: 'portal_zap',
    name: 'Beatriz Carvalho',
    phone: '11993334455',
    email: 'bia.carvalho@gmail.com',
    message: 'Podemos visitar no sábado?',
    unknownCode: 'ZP-7731',
    details: {
      lead_origin: 'ZAP',
      temperature: 'Alta',
      transaction_type: 'SELL',
      origin_listing_id: '2598870012',
    },
  },
  {
    source: 'api',
    name: 'Luciana Ferraz',
    phone: '11944556677',
    email: null,
    message: null,
    noListing: true,
    details: { origin: 'Zapier (planilha de eventos)', evento: 'Feirão de imóveis — março' },
  },
];

/**
 * Leads from the portals (ZAP, VivaReal, OLX, with their temperature), Meta lead forms (with the answers)
 * and the API, spread over the 30 days; two name a listing code that matches no page. They go to the CRM
 * like every other lead (their deliveries follow).
 */
function addInboundLeads(out: DemoLeadData, realEstateId: number, pages: DemoLeadPage[], now: Date) {
  const coded = pages.filter((p) => p.listingCode);
  INBOUND.forEach((x, k) => {
    const createdAt = new Date(now.getTime() - ((k * 2.4 + 0.3) % DEMO_LEAD_DAYS) * DAY);
    if (createdAt.getTime() > now.getTime()) return;
    const page = x.unknownCode || x.noListing || !coded.length ? null : coded[k % coded.length]!;
    const id = uuidFrom(`lead:${realEstateId}:inbound:${k}`);
    const contact: ContactInsert = {
      id: uuidFrom(`contact:${id}`),
      realEstateId,
      name: x.name,
      email: x.email,
      phone: x.phone,
      leadsCount: 1,
      firstLeadAt: createdAt,
      lastLeadAt: createdAt,
    };
    out.contacts.push(contact);
    const ageDays = (now.getTime() - createdAt.getTime()) / DAY;
    const status = statusFor(ageDays, (k * 0.37) % 1);
    out.leads.push({
      id,
      realEstateId,
      pageId: page?.id ?? null,
      contactId: contact.id,
      isRepeat: false,
      name: x.name,
      email: x.email,
      phone: x.phone,
      message: x.message,
      source: x.source,
      sourceDetails: x.details,
      listingCode: x.unknownCode ?? page?.listingCode ?? null,
      status,
      consent: true,
      statusChangedAt: status === 'novo' ? null : new Date(createdAt.getTime() + 0.2 * DAY),
      createdAt,
      updatedAt: createdAt,
    });
  });
}

const seconds = (n: number) => n * 1000;
/** The Svix schedule the engine follows (DELIVERY_RETRY_SCHEDULE's default), in seconds. */
const SCHEDULE = [5, 300, 1800, 7200, 18000, 36000, 36000];
const HOST = 'crm.imobiliaria-demo.test';

/** One webhook delivery per forwarded lead since the webhook was set up, in every final state. */
function buildDeliveries(out: DemoLeadData, realEstateId: number, now: Date, rng: ReturnType<typeof prng>) {
  const since = now.getTime() - WEBHOOK_SINCE_DAYS * DAY;
  const forwarded = out.leads.filter((l) => !l.quarantined && l.createdAt.getTime() >= since);
  // Oldest first: the two dead ones are weeks old (a delivery dies after ~33 h of retries).
  const dead = new Set([3, Math.min(21, Math.max(4, forwarded.length - 10))]);
  forwarded.forEach((lead, i) => {
    let plan: 'delivered' | 'retried' | 'failed' | 'dead';
    if (dead.has(i)) plan = 'dead';
    else if (i % 13 === 7) plan = 'failed';
    else if (i % 6 === 2) plan = 'retried';
    else plan = 'delivered';

    const id = uuidFrom(`delivery:${lead.id}`);
    const start = lead.createdAt.getTime() + rng.range(300, 1500);
    const attempts: AttemptInsert[] = [];
    const ok = (at: number, n: number) =>
      attempts.push({
        deliveryId: id,
        attempt: n,
        startedAt: new Date(at),
        durationMs: rng.int(90, 420),
        statusCode: 200,
        outcome: 'delivered',
        response: `{"ok":true,"lead_id":"CRM-${String(48_210 + i * 7)}"}`,
        error: null,
      });
    const retry = (at: number, n: number, kind: '503' | 'timeout') =>
      attempts.push(
        kind === '503'
          ? {
              deliveryId: id,
              attempt: n,
              startedAt: new Date(at),
              durationMs: rng.int(40, 200),
              statusCode: 503,
              outcome: 'retry',
              response: '<html><body><h1>503 Service Unavailable</h1></body></html>',
              error: 'O webhook respondeu com HTTP 503. Uma nova tentativa será feita automaticamente.',
            }
          : {
              deliveryId: id,
              attempt: n,
              startedAt: new Date(at),
              durationMs: 15_000,
              statusCode: null,
              outcome: 'retry',
              response: null,
              error: `O webhook: ${HOST} não respondeu em 15 s. Uma nova tentativa será feita automaticamente.`,
            },
      );

    let status: 'delivered' | 'failed' | 'dead';
    let lastStatusCode: number | null;
    let lastError: string | null = null;
    let deliveredAt: Date | null = null;
    if (plan === 'delivered') {
      ok(start, 1);
      status = 'delivered';
      lastStatusCode = 200;
      deliveredAt = new Date(start + 300);
    } else if (plan === 'retried') {
      const kind = i % 2 ? '503' : 'timeout';
      retry(start, 1, kind);
      const second = start + seconds(SCHEDULE[0]!) + (kind === 'timeout' ? 15_000 : 200);
      if (i % 4 === 0) {
        retry(second, 2, '503');
        ok(second + seconds(SCHEDULE[1]!), 3);
        deliveredAt = new Date(second + seconds(SCHEDULE[1]!) + 300);
      } else {
        ok(second, 2);
        deliveredAt = new Date(second + 300);
      }
      status = 'delivered';
      lastStatusCode = 200;
    } else if (plan === 'failed') {
      attempts.push({
        deliveryId: id,
        attempt: 1,
        startedAt: new Date(start),
        durationMs: rng.int(80, 260),
        statusCode: 422,
        outcome: 'failed',
        response: '{"error":"campo codigo_imovel obrigatório"}',
        error: 'O webhook recusou o lead (HTTP 422).',
      });
      status = 'failed';
      lastStatusCode = 422;
      lastError = 'O webhook recusou o lead (HTTP 422).';
    } else {
      let at = start;
      for (let n = 1; n <= SCHEDULE.length + 1; n++) {
        const last = n === SCHEDULE.length + 1;
        attempts.push({
          deliveryId: id,
          attempt: n,
          startedAt: new Date(at),
          durationMs: rng.int(40, 200),
          statusCode: 503,
          outcome: last ? 'dead' : 'retry',
          response: '<html><body><h1>503 Service Unavailable</h1></body></html>',
          error: 'O webhook respondeu com HTTP 503. Uma nova tentativa será feita automaticamente.',
        });
        if (!last) at += seconds(SCHEDULE[n - 1]!);
      }
      status = 'dead';
      lastStatusCode = 503;
      lastError = 'O webhook respondeu com HTTP 503. Uma nova tentativa será feita automaticamente.';
    }
    const lastAt = attempts.at(-1)!.startedAt as Date;
    out.deliveries.push({
      id,
      realEstateId,
      leadId: lead.id,
      integration: 'webhook',
      status,
      attempts: attempts.length,
      retryBase: 0,
      nextAttemptAt: null,
      lastStatusCode,
      lastError,
      externalId: null,
      deliveredAt,
      createdAt: lead.createdAt,
      updatedAt: new Date(lastAt.getTime() + 500),
    });
    out.attempts.push(...attempts);
  });
}
