import { describe, expect, it } from 'vitest';
import { analyticsBeacon, analyticsQuery, analyticsSourceLabel } from './analytics.ts';

describe('analytics beacon', () => {
  it('accepts what the tracker sends (session id and props optional)', () => {
    const sent = JSON.parse(
      JSON.stringify({
        page_id: 12,
        url: 'https://exemplo.com.br/imoveis/casa?utm_source=google',
        referrer: '',
        session_id: undefined,
        events: [
          { name: 'pageview', ago: 2010, props: undefined },
          { name: 'scroll', ago: 5, props: { depth: 50 } },
        ],
      }),
    );
    expect(analyticsBeacon.parse(sent).events).toHaveLength(2);
  });

  it('names the field that is wrong, in Portuguese', () => {
    const r = analyticsBeacon.safeParse({ page_id: 1, events: [{ name: 'clique' }] });
    expect(r.success).toBe(false);
    expect(r.error!.issues[0]!.path).toEqual(['events', 0, 'name']);
    expect(r.error!.issues[0]!.message).toMatch(/^O evento deve ser um de: pageview/);
    expect(
      analyticsBeacon.safeParse({
        page_id: 1,
        events: [{ name: 'pageview', props: { 'chave com espaço': 1 } }],
      }).success,
    ).toBe(false);
  });

  it('says what ago, page_id and a props key must be, whatever the wrong value', () => {
    const messageOf = (beacon: object) => {
      const r = analyticsBeacon.safeParse(beacon);
      expect(r.success).toBe(false);
      return [...new Set(r.error!.issues.map((i) => i.message))];
    };
    for (const ago of [1e20, -1, 2.5, 'x'])
      expect(messageOf({ page_id: 1, events: [{ name: 'pageview', ago }] })).toEqual([
        'ago deve ser um número inteiro de milissegundos, de 0 a 86400000 (24 horas).',
      ]);
    for (const page_id of [-1, 0, 2_147_483_648, 1.5, '7'])
      expect(messageOf({ page_id, events: [{ name: 'pageview' }] })).toEqual([
        'page_id deve ser o número (inteiro e positivo) de uma página publicada.',
      ]);
    expect(messageOf({ page_id: 1, events: [{ name: 'pageview', props: { 'a b': 1 } }] })).toEqual([
      'As chaves de props usam letras, números, _ . - (até 40).',
    ]);
  });

  it('query defaults: page 1, 20 per page; devices are a closed list', () => {
    expect(analyticsQuery.parse({})).toMatchObject({ page: 1, per_page: 20 });
    expect(analyticsQuery.safeParse({ device: 'tv' }).success).toBe(false);
    expect(analyticsSourceLabel('direct')).toBe('Direto');
    expect(analyticsSourceLabel('portal-x')).toBe('portal-x');
  });
});
