import { describe, expect, it } from 'vitest';
import { sourceDetailsOf } from './source-details';

describe('sourceDetailsOf', () => {
  it('a test lead from Origens de leads names the source it tried, not as a raw answer', () => {
    const view = sourceDetailsOf({
      source: 'teste',
      source_details: { tested_source: 'portal_zap', temperature: 'Alta', lead_origin: 'Grupo OLX' },
    });
    expect(view.facts).toEqual([
      ['Teste da origem', 'Portal ZAP'],
      ['Temperatura', 'Alta'],
      ['Veio por', 'Grupo OLX'],
    ]);
    expect(view.answers).toEqual([]);
  });
});
