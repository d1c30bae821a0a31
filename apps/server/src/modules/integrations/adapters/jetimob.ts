// Jetimob CRM. No official reference is reachable: endpoint, header and fields come from several
// independent public clients (docs/webhooks.md#how-each-crm-is-reached) and are kept in this one file to
// correct.
import type { JetimobPayload } from '@vitrine/contracts';
import { LEAD_ORIGIN } from './grupo-zap-lead.ts';
import { attempt, joinUrl, outcomeFromResponse } from './http-outcome.ts';
import type { DeliveryResult, IntegrationAdapter, LeadForDelivery } from './types.ts';

const LABEL = 'Jetimob';

// The key formats are not published. The public key goes into the URL path, so it must be made of
// URL-safe characters; the private key goes into a header, so printable ASCII without spaces.
const PUBLIC_KEY_FORM = /^[A-Za-z0-9._~-]{8,256}$/;
const PRIVATE_KEY_FORM = /^[\x21-\x7e]{8,512}$/;

/** Portuguese description of what is wrong with the keys, or undefined when both look right. */
export function jetimobKeysProblem(payload: JetimobPayload): string | undefined {
  const publicKey = payload.public_key?.trim() ?? '';
  const privateKey = payload.private_key?.trim() ?? '';
  if (!publicKey && !privateKey) return 'Informe a chave pública e a chave privada da Jetimob.';
  if (!publicKey) return 'Informe a chave pública da Jetimob.';
  if (!privateKey) return 'Informe a chave privada da Jetimob.';
  if (!PUBLIC_KEY_FORM.test(publicKey)) {
    return 'A chave pública da Jetimob parece incorreta: ela deve ter ao menos 8 caracteres, só letras, números, "-", "_", "." ou "~", sem espaços.';
  }
  if (!PRIVATE_KEY_FORM.test(privateKey)) {
    return 'A chave privada da Jetimob parece incorreta: ela deve ter ao menos 8 caracteres, sem espaços nem acentos.';
  }
  return undefined;
}

/** "Interesse no imóvel: {title} (código {code}) – {neighborhood}, {city}/{UF} – {price}"; the page may be gone. */
function jetimobSubject(lead: LeadForDelivery): string {
  const { page } = lead;
  if (!page.title) return 'Contato pelo site (página do imóvel removida)';
  const place = [page.neighborhood, [page.city, page.state].filter(Boolean).join('/')]
    .filter(Boolean)
    .join(', ');
  return [
    `Interesse no imóvel: ${page.title}${page.listing_code ? ` (código ${page.listing_code})` : ''}`,
    place,
    page.price_formatted,
  ]
    .filter(Boolean)
    .join(' – ');
}

/** The form fields Jetimob's lead endpoint takes. */
export function jetimobLeadForm(lead: LeadForDelivery): URLSearchParams {
  return new URLSearchParams({
    full_name: lead.name,
    email: lead.email,
    phone: lead.phone,
    country_code: '55',
    message: lead.message ?? '',
    subject: jetimobSubject(lead),
    source: lead.source ? `${LEAD_ORIGIN} (${lead.source})` : LEAD_ORIGIN,
    property_code: lead.page.listing_code ?? '',
    // Empty: let Jetimob assign the broker by its own rules.
    responsible: '',
    url: lead.page.url,
    gclid: lead.gclid ?? '',
    utm_source: lead.utm_source ?? '',
    utm_medium: lead.utm_medium ?? '',
    utm_campaign: lead.utm_campaign ?? '',
  });
}

function externalIdFrom(bodyText: string): string | undefined {
  try {
    const parsed: unknown = JSON.parse(bodyText);
    if (parsed && typeof parsed === 'object') {
      const record = parsed as Record<string, unknown>;
      const inner =
        record.data && typeof record.data === 'object' ? (record.data as Record<string, unknown>) : undefined;
      const id = record.id ?? inner?.id;
      if (typeof id === 'string' || typeof id === 'number') return String(id);
    }
  } catch {
    // Not JSON: delivered all the same, just without Jetimob's id.
  }
  return undefined;
}

export const jetimobAdapter: IntegrationAdapter<'jetimob'> = {
  name: 'jetimob',

  async send(lead, payload, ctx): Promise<DeliveryResult> {
    const problem = jetimobKeysProblem(payload);
    if (problem) return { ok: false, retryable: false, pause: true, durationMs: 0, message: problem };
    const url = joinUrl(
      ctx.endpoints.jetimob.baseUrl,
      `leads/${encodeURIComponent(payload.public_key.trim())}`,
    );
    return attempt(
      LABEL,
      () =>
        ctx.http.request({
          url,
          method: 'POST',
          headers: {
            'authorization-key': payload.private_key.trim(),
            'content-type': 'application/x-www-form-urlencoded',
            accept: 'application/json',
          },
          body: jetimobLeadForm(lead).toString(),
        }),
      (res) => {
        const outcome = outcomeFromResponse(res, {
          label: LABEL,
          deliveredTo: 'à Jetimob',
          now: ctx.now?.(),
        });
        if (outcome.ok) {
          const externalId = externalIdFrom(res.bodyText);
          return externalId ? { ...outcome, externalId } : outcome;
        }
        if (res.status === 400) {
          return { ...outcome, message: 'A Jetimob recusou o lead por considerá-lo mal formado (HTTP 400).' };
        }
        if (res.status === 401 || res.status === 403) {
          return {
            ...outcome,
            message: `A Jetimob recusou as chaves (HTTP ${res.status}). A integração foi pausada: confira a chave pública e a chave privada.`,
          };
        }
        return outcome;
      },
    );
  },

  // Jetimob has no known ping endpoint, and GET on the lead URL lists the agency's leads (personal
  // data), so the test checks the keys locally and says so instead of calling Jetimob.
  async test(payload) {
    const problem = jetimobKeysProblem(payload);
    if (problem) return { ok: false, verified: false, message: problem };
    return {
      ok: true,
      verified: false,
      message:
        'As chaves da Jetimob estão preenchidas e no formato esperado. A Jetimob não oferece um teste que não crie dados, então elas só serão confirmadas no envio do primeiro lead.',
    };
  },
};
