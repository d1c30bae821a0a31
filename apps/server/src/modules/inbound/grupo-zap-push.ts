/**
 * The Grupo OLX lead push (ZAP Imóveis, VivaReal, OLX; docs/lead-sources.md#grupo-olx): the portal
 * POSTs each lead as JSON to the agency's own URL with `Authorization: Basic` (`vivareal:` + the
 * agency's secret). This file reads the push (credentials, body) and maps it to an inbound lead; the
 * route (inbound.routes.ts) answers and `receiveInboundLead` stores it.
 *
 * What the portal needs from us (docs/lead-sources.md#what-the-portal-gets-back): any 2xx is "received",
 * anything else is retried three times and kept 14 days; a 404 makes it drop the integration, so 404 is
 * answered only for a disconnected source.
 */
import { createHash } from 'node:crypto';
import {
  GRUPO_ZAP_BASIC_USER,
  LEAD_SOURCE_LABELS,
  clipText,
  digits,
  normalizeBrazilianPhone,
  stripControlChars,
  stripControlCharsDeep,
  type LeadSource,
} from '@vitrine/contracts';
import { safeEqual } from '../../lib/crypto.ts';
import { parseJsonExact } from '../../lib/exact-json.ts';
import type { InboundLead } from './receive-inbound-lead.ts';

/** A body that was not JSON: kept (clipped) for the ledger, refused with 400. */
export class UnparsableBody {
  constructor(public readonly text: string) {}
}

/**
 * Parses a push body leniently: broken JSON becomes an UnparsableBody instead of an error. Control
 * characters are removed here (a portal's lead is kept, as the public form's is), so the input guard
 * finds none afterwards.
 */
export function parsePushBody(text: string): unknown {
  if (text.trim() === '') return new UnparsableBody('');
  try {
    // A numeric originLeadId past a double's exact range stays exact (two such ids are two leads).
    return stripControlCharsDeep(parseJsonExact(text));
  } catch {
    return new UnparsableBody(stripControlChars(text));
  }
}

/** The key under which the ledger keeps a body that was not JSON, as text. */
export const UNPARSED_TEXT = '_texto_recebido';

/** The ledger's copy of a body (JSON as sent; broken JSON as its first 4 KB of text). */
export function ledgerBody(body: unknown): unknown {
  return body instanceof UnparsableBody ? { [UNPARSED_TEXT]: clipText(body.text, 4096) } : body;
}

/**
 * Checks `Authorization: Basic base64(vivareal:<secret>)` against the agency's secret, in constant time
 * for the secret (the user name is public). The portal's own example ignores the user name; we accept
 * any user name too, so an integrator who typed another one is not locked out, and compare the secret.
 */
export function checkBasicAuth(header: string | undefined, secret: string): boolean {
  if (!header) return false;
  const match = /^Basic\s+([A-Za-z0-9+/=_-]+)\s*$/i.exec(header);
  if (!match) return false;
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return false;
  return safeEqual(decoded.slice(colon + 1), secret);
}

/** `Basic base64(vivareal:<secret>)`: what the console's test lead and the tests send. */
export const basicAuthHeader = (secret: string) =>
  `Basic ${Buffer.from(`${GRUPO_ZAP_BASIC_USER}:${secret}`).toString('base64')}`;

/**
 * Which portal a lead came from, by `leadOrigin` (docs/lead-sources.md#which-portal): the current contract
 * sends "Grupo OLX" for all three sites; older integrations send "VivaReal", "ZAP" or "OLX". Anything else
 * (and "Grupo OLX") is "Portal ZAP", the group's name for the integration.
 */
export function sourceOfOrigin(origin: string | undefined): LeadSource {
  const o = (origin ?? '').toLowerCase();
  if (o.includes('viva')) return 'portal_vivareal';
  if (o.includes('olx') && !o.includes('grupo')) return 'portal_olx';
  return 'portal_zap';
}

export type PushMapping =
  | { ok: true; source: LeadSource; externalId: string; lead: InboundLead }
  | { ok: false; status: 400 | 422; reason: string; errors: Record<string, string[]> };

const FIELDS = [
  'leadOrigin',
  'timestamp',
  'originLeadId',
  'originListingId',
  'clientListingId',
  'name',
  'email',
  'ddd',
  'phone',
  'phoneNumber',
  'message',
  'temperature',
  'transactionType',
  'transaction_type',
] as const;
type Field = (typeof FIELDS)[number];
const MAX: Record<Field, number> = {
  leadOrigin: 100,
  timestamp: 100,
  originLeadId: 200,
  originListingId: 200,
  clientListingId: 200,
  name: 200,
  email: 254,
  ddd: 10,
  phone: 40,
  phoneNumber: 40,
  message: 5000,
  temperature: 40,
  transactionType: 40,
  transaction_type: 40,
};

const refuse = (status: 400 | 422, field: string, reason: string): PushMapping => ({
  ok: false,
  status,
  reason,
  errors: { [field]: [reason] },
});

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Maps a push to an inbound lead, or says why it is refused (Portuguese, naming the field). Numbers are
 * read as text (a DDD sent as 11); text past its length is clipped (a long message is still a lead);
 * a field of another type (an object, a list) is refused. The lead needs the listing code (the portal
 * asks for a 4xx without it) and a way to reach the person (a phone or an e-mail).
 */
export function mapGrupoZapPush(body: unknown): PushMapping {
  if (body instanceof UnparsableBody)
    return refuse(400, 'body', 'O corpo da requisição não é um JSON válido.');
  if (!body || typeof body !== 'object' || Array.isArray(body))
    return refuse(400, 'body', 'O corpo da requisição deve ser um objeto JSON com os campos do lead.');
  const raw = body as Record<string, unknown>;
  const f: Partial<Record<Field, string>> = {};
  for (const key of FIELDS) {
    const value = raw[key];
    if (value === undefined || value === null) continue;
    if (typeof value === 'number' && Number.isFinite(value)) f[key] = String(value);
    else if (typeof value === 'string') {
      const text = value.trim();
      if (text !== '') f[key] = clipText(text, MAX[key]);
    } else return refuse(422, key, `O campo ${key} deve ser um texto.`);
  }
  if (!f.clientListingId)
    return refuse(
      422,
      'clientListingId',
      'O campo clientListingId (código do imóvel na imobiliária) é obrigatório: cadastre o código do anúncio no portal.',
    );

  const phoneDigits = f.phone ? digits(`${f.ddd ?? ''}${f.phone}`) : '';
  const phone =
    (phoneDigits && normalizeBrazilianPhone(phoneDigits)) ||
    (f.phoneNumber && normalizeBrazilianPhone(f.phoneNumber)) ||
    (f.phone && normalizeBrazilianPhone(f.phone)) ||
    null;
  const rawPhone = phone ? null : phoneDigits || (f.phoneNumber ? digits(f.phoneNumber) : '') || null;
  const email = f.email && EMAIL.test(f.email) ? f.email.toLowerCase() : null;
  if (!phone && !email && !(rawPhone && rawPhone.length >= 8))
    return refuse(
      422,
      'phone',
      'O lead não tem telefone nem e-mail válidos: não há como responder ao contato.',
    );

  const source = sourceOfOrigin(f.leadOrigin);
  const transaction = f.transactionType ?? f.transaction_type;
  const details: Record<string, string> = {};
  const put = (key: string, value: string | null | undefined) => {
    if (value) details[key] = value;
  };
  put('lead_origin', f.leadOrigin);
  put('origin_lead_id', f.originLeadId);
  put('origin_listing_id', f.originListingId);
  put('temperature', f.temperature);
  put('transaction_type', transaction?.toUpperCase());
  put('timestamp', f.timestamp);
  put('raw_phone', rawPhone);
  if (f.email && !email) details.raw_email = f.email;

  return {
    ok: true,
    source,
    externalId: f.originLeadId ?? fingerprint(f),
    lead: {
      name: f.name ?? `Contato do ${LEAD_SOURCE_LABELS[source]}`,
      email,
      phone: phone ?? rawPhone,
      message: f.message ?? null,
      listingCode: f.clientListingId,
      sourceDetails: details,
    },
  };
}

/** Without `originLeadId`, the same push is still one lead: its fields' hash stands in for the id. */
function fingerprint(f: Partial<Record<Field, string>>): string {
  const text = JSON.stringify(FIELDS.map((k) => f[k] ?? null));
  return `sha256:${createHash('sha256').update(text).digest('hex').slice(0, 40)}`;
}

/** A push like the portal's, for the console's "send a test lead", about `listingCode`. */
export function testPushBody(listingCode: string) {
  const now = new Date();
  return {
    leadOrigin: 'Grupo OLX',
    timestamp: now.toISOString(),
    originLeadId: `teste-${now.getTime()}-${Math.random().toString(36).slice(2, 8)}`,
    originListingId: 'teste',
    clientListingId: listingCode,
    name: 'Lead de teste (Grupo OLX)',
    email: 'teste@exemplo.com.br',
    ddd: '11',
    phone: '999999999',
    message: 'Lead de teste enviado pelo Vitrine para conferir a integração com o portal.',
    temperature: 'Alta',
    transactionType: 'SELL',
  };
}
