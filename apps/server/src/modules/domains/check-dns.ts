/**
 * What the agency's DNS says about its domain: the TXT record that proves it controls the domain
 * (`_vitrine.<hostname>` = `vitrine-verificacao=<token>`) and the CNAME that brings visitors to us.
 * Only the TXT record verifies: a CNAME to us proves the domain points here, not which agency owns it.
 */
import { Resolver } from 'node:dns/promises';
import { DOMAIN_TXT_PREFIX, DOMAIN_TXT_VALUE_PREFIX } from '@vitrine/contracts';
import type { AppConfig } from '../../config.ts';

export interface DnsCheck {
  txt: boolean;
  /** The TXT question got no answer (a timeout, a refused query): neither found nor missing. */
  txtUnanswered: boolean;
  cname: boolean;
  /** What the console shows under the domain, in Portuguese. */
  message: string;
}

const NOT_FOUND = new Set(['ENOTFOUND', 'ENODATA', 'ENONAME', 'ESERVFAIL', 'NXDOMAIN']);

function resolverFor(config: Pick<AppConfig, 'DNS_SERVERS'>): Resolver {
  const resolver = new Resolver({ timeout: 3000, tries: 2 });
  if (config.DNS_SERVERS.length) resolver.setServers(config.DNS_SERVERS);
  return resolver;
}

async function lookup<T>(query: () => Promise<T>): Promise<T | null | 'error'> {
  try {
    return await query();
  } catch (err) {
    const code = (err as { code?: string }).code ?? '';
    return NOT_FOUND.has(code) ? null : 'error';
  }
}

export async function checkDomainDns(
  config: Pick<AppConfig, 'DNS_SERVERS' | 'landingHost'>,
  hostname: string,
  token: string,
): Promise<DnsCheck> {
  const resolver = resolverFor(config);
  const txtName = `${DOMAIN_TXT_PREFIX}.${hostname}`;
  const expected = `${DOMAIN_TXT_VALUE_PREFIX}${token}`;
  const [txt, cname] = await Promise.all([
    lookup(() => resolver.resolveTxt(txtName)),
    lookup(() => resolver.resolveCname(hostname)),
  ]);
  const txtOk = Array.isArray(txt) && txt.some((chunks) => chunks.join('').trim() === expected);
  const cnameOk =
    Array.isArray(cname) &&
    cname.some((target) => target.toLowerCase().replace(/\.$/, '') === config.landingHost);
  const parts: string[] = [];
  if (txt === 'error' || cname === 'error')
    parts.push('O DNS não respondeu agora; tente verificar de novo em alguns minutos.');
  if (txtOk) parts.push(`Registro TXT ${txtName} encontrado.`);
  else if (Array.isArray(txt))
    parts.push(`O registro TXT ${txtName} existe, mas não tem o valor ${expected}.`);
  else if (txt !== 'error') parts.push(`O registro TXT ${txtName} ainda não foi encontrado.`);
  if (cnameOk) parts.push(`CNAME para ${config.landingHost} encontrado.`);
  else if (cname !== 'error')
    parts.push(
      `O CNAME de ${hostname} para ${config.landingHost} ainda não foi encontrado: sem ele os visitantes não chegam às páginas.`,
    );
  return { txt: txtOk, txtUnanswered: txt === 'error', cname: cnameOk, message: parts.join(' ') };
}
