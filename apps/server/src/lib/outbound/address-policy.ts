// Which IP addresses an outbound call to an agency-supplied URL may reach (SSRF guard).
// Allow-list: only globally routable unicast passes; every special range of ipaddr.js is refused.
import ipaddr from 'ipaddr.js';

export interface AddressPolicy {
  /** Lets loopback and private ranges through (tests, local development). Never the default. */
  allowPrivateNetwork: boolean;
}

export type AddressVerdict = { allowed: true; range: string } | { allowed: false; range: string };

// Ranges opened by allowPrivateNetwork. Link-local (169.254.0.0/16, the cloud metadata address,
// fe80::/10) and the unspecified address stay closed even then: no test needs them.
const PRIVATE_V4 = new Set(['loopback', 'private', 'carrierGradeNat']);
const PRIVATE_V6 = new Set(['loopback', 'uniqueLocal']);

// ::/96 (deprecated IPv4-compatible addresses such as ::7f00:1) is "unicast" for ipaddr.js.
const IPV4_COMPATIBLE = ipaddr.IPv6.parseCIDR('::/96');

/** Classifies an IP literal (no brackets). Anything that does not parse is refused. */
export function checkAddress(address: string, policy: AddressPolicy): AddressVerdict {
  if (!ipaddr.isValid(address)) return { allowed: false, range: 'invalid' };
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6') {
    const v6 = parsed as ipaddr.IPv6;
    if (v6.isIPv4MappedAddress()) {
      parsed = v6.toIPv4Address();
    } else if (v6.range() === 'unicast' && v6.match(IPV4_COMPATIBLE)) {
      return { allowed: false, range: 'ipv4Compatible' };
    }
  }
  const range = parsed.range();
  if (range === 'unicast') return { allowed: true, range };
  const privateRanges = parsed.kind() === 'ipv4' ? PRIVATE_V4 : PRIVATE_V6;
  if (policy.allowPrivateNetwork && privateRanges.has(range)) return { allowed: true, range };
  return { allowed: false, range };
}

/** Human (Portuguese) name of a refused range with its article ("um endereço…", "uma rede…"), for messages shown to the agency. */
export function describeRange(range: string): string {
  switch (range) {
    case 'loopback':
      return 'um endereço local (loopback)';
    case 'private':
    case 'uniqueLocal':
      return 'uma rede privada';
    case 'linkLocal':
      return 'um endereço link-local/metadados da nuvem';
    case 'carrierGradeNat':
      return 'uma rede interna de operadora (CGNAT)';
    case 'unspecified':
      return 'um endereço não especificado';
    case 'multicast':
      return 'um endereço multicast';
    case 'broadcast':
      return 'um endereço de broadcast';
    case 'invalid':
      return 'um endereço inválido';
    default:
      return 'uma faixa reservada';
  }
}
