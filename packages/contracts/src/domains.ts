import { z } from 'zod';
import type { EndpointSchemas } from './endpoint-schema.ts';
import { idParams, noContent } from './params.ts';

/**
 * An agency's own domain for its landing pages (decision 017): GET/POST /v1/real-estates/{id}/domains,
 * POST /v1/real-estates/{id}/domains/{domainId}/verify, DELETE /v1/real-estates/{id}/domains/{domainId}.
 */
export const CUSTOM_DOMAIN_STATUSES = ['pending', 'verified'] as const;
export type CustomDomainStatus = (typeof CUSTOM_DOMAIN_STATUSES)[number];
export const CUSTOM_DOMAIN_STATUS_LABELS = {
  pending: 'Aguardando DNS',
  verified: 'Verificado',
} as const satisfies Record<CustomDomainStatus, string>;

/** The TXT record's name is `_vitrine.<hostname>`; its value `vitrine-verificacao=<token>`. */
export const DOMAIN_TXT_PREFIX = '_vitrine';
export const DOMAIN_TXT_VALUE_PREFIX = 'vitrine-verificacao=';

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;
const DOMAIN_MESSAGE = 'Informe um domínio válido, ex.: imoveis.suaimobiliaria.com.br';

/**
 * A host name as typed ("https://Imoveis.SuaImobiliaria.com.br/" too): lower case, without scheme,
 * path or trailing dot; letters, digits and hyphens in each part (an accented name in its punycode
 * form, xn--…), at least two parts, not an IP address.
 */
export const customDomainHostname = z
  .string({ error: DOMAIN_MESSAGE })
  .trim()
  .toLowerCase()
  .transform((v) =>
    v
      .replace(/^[a-z]+:\/\//, '')
      .replace(/[/?#].*$/, '')
      .replace(/\.$/, ''),
  )
  .refine((v) => v.length > 0, { error: 'Informe o domínio.', abort: true })
  .refine(
    (v) => {
      if (v.length > 253 || /^[\d.]+$/.test(v) || v.includes(':')) return false;
      const labels = v.split('.');
      return labels.length >= 2 && labels.every((l) => LABEL.test(l)) && /[a-z]/.test(labels.at(-1)!);
    },
    { error: DOMAIN_MESSAGE },
  );

export const addCustomDomainBody = z.object({ hostname: customDomainHostname });
export type AddCustomDomainInput = z.input<typeof addCustomDomainBody>;

export const customDomainSchema = z.object({
  id: z.number(),
  hostname: z.string(),
  status: z.enum(['pending', 'verified']),
  /** The page addresses on this domain: https://<hostname>/imoveis/{slug}. */
  url: z.string(),
  /** The records to create at the domain's DNS provider. */
  dns: z.object({
    /** Routes the visitors to us: <hostname> CNAME <landing host>. */
    cname: z.object({ name: z.string(), value: z.string() }),
    /** Proves the agency controls the domain: _vitrine.<hostname> TXT vitrine-verificacao=<token>. */
    txt: z.object({ name: z.string(), value: z.string() }),
  }),
  checked_at: z.string().nullable(),
  check_message: z.string().nullable(),
  verified_at: z.string().nullable(),
  /**
   * A verified domain whose TXT record is no longer found (the periodic re-check): since when, and
   * when it stops being verified unless the record comes back. Null otherwise.
   */
  failing_since: z.string().nullable(),
  unverify_at: z.string().nullable(),
  created_at: z.string(),
});
export type CustomDomain = z.infer<typeof customDomainSchema>;

export const customDomainsResponse = z.object({
  data: z.array(customDomainSchema),
  meta: z.object({
    /** LANDING_URL: where every agency's pages are, with or without a domain of its own. */
    landing_url: z.string(),
    /** The base of this agency's page links: its verified domain, else LANDING_URL. */
    pages_url: z.string(),
  }),
});
export type CustomDomainsResponse = z.infer<typeof customDomainsResponse>;
export const customDomainResponse = z.object({ data: customDomainSchema, message: z.string().optional() });

/** `{id}` of the agency and `{domainId}` of its domain. */
export const domainParams = idParams.extend({
  domainId: z.coerce.number({ error: 'Domínio não encontrado.' }).int().positive().max(2_147_483_647),
});

export const domainEndpoints = {
  listDomains: {
    tags: ['domains'],
    summary: 'Domínios próprios da imobiliária, com os registros DNS a criar',
    params: idParams,
    response: customDomainsResponse,
  },
  addDomain: {
    tags: ['domains'],
    summary: 'Adicionar um domínio (fica aguardando a verificação do DNS)',
    params: idParams,
    body: addCustomDomainBody,
    status: 201,
    response: customDomainResponse,
  },
  verifyDomain: {
    tags: ['domains'],
    summary: 'Verificar o DNS do domínio agora',
    params: domainParams,
    response: customDomainResponse,
  },
  removeDomain: {
    tags: ['domains'],
    summary: 'Remover o domínio (as páginas voltam ao endereço da Vitrine)',
    params: domainParams,
    status: 204,
    response: noContent,
  },
  askTlsPermission: {
    tags: ['domains'],
    summary: 'O domínio ?domain= é atendido aqui? (TLS sob demanda do proxy; 404 quando não)',
    response: z.object({ message: z.literal('ok') }),
    hide: true,
  },
} as const satisfies EndpointSchemas;
