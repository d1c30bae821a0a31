/**
 * Every message zod produces on its own is Brazilian Portuguese (docs/product.md#brazil): the schemas of
 * every kind, fed what they refuse, and the messages scanned for European forms and English.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import './index.ts';

/** European-Portuguese words and turns (and English) that must not reach a Brazilian user. */
const NOT_BRAZILIAN =
  /\b(registo|ficheiro|tuplo|demasiado|ecrã|utilizador|telemóvel|começar por|vetor|esperava|recebeu|Invalid|expected|received|Too (big|small))\b/i;

const cases: [z.ZodType, unknown][] = [
  [z.string(), 42],
  [z.string(), undefined],
  [z.number(), 'x'],
  [z.number().int(), 1.5],
  [z.boolean(), 'sim'],
  [z.date(), 'hoje'],
  [z.array(z.string()), {}],
  [z.object({ a: z.string() }), []],
  [z.tuple([z.string()]), 'x'],
  [z.record(z.string(), z.number()), 'x'],
  [z.record(z.string(), z.number()), { a: 'x' }],
  [z.map(z.string(), z.string()), 'x'],
  [z.set(z.string()), 'x'],
  [z.file(), 'x'],
  [z.literal('a'), 'b'],
  [z.enum(['a', 'b']), 'c'],
  [z.string().max(2), 'abc'],
  [z.string().min(2), 'a'],
  [z.array(z.number()).max(1), [1, 2]],
  [z.number().max(5), 6],
  [z.number().lt(5), 5],
  [z.number().min(5), 4],
  [z.number().gt(5), 5],
  [z.number().multipleOf(3), 4],
  [z.email(), 'x'],
  [z.url(), 'x'],
  [z.uuid(), 'x'],
  [z.iso.date(), 'x'],
  [z.iso.datetime(), 'x'],
  [z.string().startsWith('a'), 'b'],
  [z.string().endsWith('a'), 'b'],
  [z.string().includes('a'), 'b'],
  [z.string().regex(/^a$/), 'b'],
  [z.strictObject({ a: z.string() }), { a: 'x', b: 1, c: 2 }],
  [z.union([z.string(), z.number()]), true],
  [z.discriminatedUnion('t', [z.object({ t: z.literal('a') }), z.object({ t: z.literal('b') })]), { t: 'c' }],
  [z.string().nonoptional(), undefined],
  [z.nan(), 1],
  [z.null(), 1],
  [z.bigint(), 1],
];

describe('zod messages', () => {
  it('are all in Brazilian Portuguese', () => {
    const messages = cases.flatMap(([schema, input]) => {
      const result = schema.safeParse(input);
      expect(result.success, `${JSON.stringify(input)} should fail`).toBe(false);
      return result.error!.issues.map((i) => i.message);
    });
    expect(messages.length).toBeGreaterThanOrEqual(cases.length);
    const european = messages.filter((m) => NOT_BRAZILIAN.test(m));
    expect(european).toEqual([]);
    for (const m of messages) expect(m).toMatch(/[a-zà-ú]/i);
  });

  it('say what was expected in plain words', () => {
    expect(z.string().safeParse(undefined).error!.issues[0]!.message).toBe('Campo obrigatório.');
    expect(z.string().safeParse(42).error!.issues[0]!.message).toBe(
      'Valor inválido: esperado um texto, recebido um número.',
    );
    expect(z.record(z.string(), z.number()).safeParse('x').error!.issues[0]!.message).toBe(
      'Valor inválido: esperado um registro, recebido um texto.',
    );
    expect(z.string().max(2).safeParse('abc').error!.issues[0]!.message).toBe(
      'Grande demais: o texto deve ter no máximo 2 caracteres.',
    );
    expect(z.email().safeParse('x').error!.issues[0]!.message).toBe('Formato inválido: informe um e-mail.');
    expect(z.enum(['a', 'b']).safeParse('c').error!.issues[0]!.message).toBe(
      'Opção inválida: use um destes valores: "a", "b".',
    );
  });
});
