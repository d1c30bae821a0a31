/**
 * zod's messages in Brazilian Portuguese (docs/product.md#brazil). zod's own `pt` locale is European
 * Portuguese ("registo", "ficheiro", "tuplo", "Demasiado grande"), and its messages reach people wherever a
 * schema has no message of its own. Every schema here names its field in its own messages; this is what is
 * left for the rest. `index.ts` installs it for the server and the console alike.
 */
import type { z } from 'zod';

type Issue = z.core.$ZodRawIssue;

const NOUNS: Record<string, [article: 'o' | 'a', indefinite: 'um' | 'uma', name: string]> = {
  string: ['o', 'um', 'texto'],
  number: ['o', 'um', 'número'],
  int: ['o', 'um', 'número inteiro'],
  bigint: ['o', 'um', 'número inteiro'],
  boolean: ['o', 'um', 'valor verdadeiro ou falso'],
  date: ['a', 'uma', 'data'],
  array: ['a', 'uma', 'lista'],
  object: ['o', 'um', 'objeto'],
  tuple: ['a', 'uma', 'lista'],
  record: ['o', 'um', 'registro'],
  map: ['o', 'um', 'mapa'],
  set: ['o', 'um', 'conjunto'],
  file: ['o', 'um', 'arquivo'],
  symbol: ['o', 'um', 'símbolo'],
  function: ['a', 'uma', 'função'],
  null: ['o', 'um', 'valor nulo'],
  undefined: ['o', 'um', 'valor vazio'],
  nan: ['o', 'um', 'valor que não é número'],
  nonoptional: ['o', 'um', 'valor'],
};
const UNITS: Record<string, string> = {
  string: 'caracteres',
  file: 'bytes',
  array: 'itens',
  set: 'itens',
  map: 'itens',
};
const FORMATS: Record<string, string> = {
  email: 'um e-mail',
  url: 'uma URL',
  uuid: 'um UUID',
  uuidv4: 'um UUID',
  uuidv6: 'um UUID',
  datetime: 'uma data e hora (ISO 8601)',
  date: 'uma data (AAAA-MM-DD)',
  time: 'uma hora (HH:MM)',
  duration: 'uma duração (ISO 8601)',
  ipv4: 'um endereço IPv4',
  ipv6: 'um endereço IPv6',
  cidrv4: 'uma faixa de endereços IPv4',
  cidrv6: 'uma faixa de endereços IPv6',
  base64: 'um texto em base64',
  base64url: 'um texto em base64url',
  json_string: 'um texto JSON',
  e164: 'um telefone internacional (E.164)',
  jwt: 'um token JWT',
  emoji: 'um emoji',
};

function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number' && Number.isNaN(value)) return 'nan';
  if (value instanceof Date) return 'date';
  return typeof value;
}
const noun = (type: string) => NOUNS[type] ?? (['o', 'um', `valor do tipo ${type}`] as const);
const withIndefinite = (type: string) => `${noun(type)[1]} ${noun(type)[2]}`;
const withArticle = (type: string) => `${noun(type)[0]} ${noun(type)[2]}`;
const shown = (v: unknown) => (typeof v === 'string' ? `"${v}"` : String(v));

export function ptBrError(issue: Issue): string {
  switch (issue.code) {
    case 'invalid_type': {
      if (issue.input === undefined) return 'Campo obrigatório.';
      return `Valor inválido: esperado ${withIndefinite(issue.expected)}, recebido ${withIndefinite(typeOf(issue.input))}.`;
    }
    case 'invalid_value':
      return issue.values.length === 1
        ? `Valor inválido: esperado ${shown(issue.values[0])}.`
        : `Opção inválida: use um destes valores: ${issue.values.map(shown).join(', ')}.`;
    case 'too_big': {
      const unit = UNITS[issue.origin];
      const limit = `${issue.inclusive ? 'no máximo' : 'menos de'} ${String(issue.maximum)}`;
      return unit
        ? `Grande demais: ${withArticle(issue.origin)} deve ter ${limit} ${unit}.`
        : `Grande demais: ${withArticle(issue.origin)} deve ser ${issue.inclusive ? 'no máximo' : 'menor que'} ${String(issue.maximum)}.`;
    }
    case 'too_small': {
      const unit = UNITS[issue.origin];
      const limit = `${issue.inclusive ? 'no mínimo' : 'mais de'} ${String(issue.minimum)}`;
      return unit
        ? `Pequeno demais: ${withArticle(issue.origin)} deve ter ${limit} ${unit}.`
        : `Pequeno demais: ${withArticle(issue.origin)} deve ser ${issue.inclusive ? 'no mínimo' : 'maior que'} ${String(issue.minimum)}.`;
    }
    case 'invalid_format': {
      if (issue.format === 'starts_with')
        return `Texto inválido: deve começar com "${String(issue.prefix)}".`;
      if (issue.format === 'ends_with') return `Texto inválido: deve terminar com "${String(issue.suffix)}".`;
      if (issue.format === 'includes') return `Texto inválido: deve conter "${String(issue.includes)}".`;
      if (issue.format === 'regex') return 'Formato inválido.';
      return `Formato inválido: informe ${FORMATS[issue.format] ?? 'um valor no formato esperado'}.`;
    }
    case 'not_multiple_of':
      return `Número inválido: deve ser múltiplo de ${String(issue.divisor)}.`;
    case 'unrecognized_keys':
      return issue.keys.length > 1
        ? `Campos não reconhecidos: ${issue.keys.join(', ')}.`
        : `Campo não reconhecido: ${issue.keys.join(', ')}.`;
    case 'invalid_key':
    case 'invalid_element':
      return `Valor inválido em ${withArticle(issue.origin)}.`;
    default:
      return 'Valor inválido.';
  }
}
