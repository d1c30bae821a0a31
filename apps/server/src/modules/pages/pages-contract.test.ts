/** The shared contract of pages (packages/contracts/src/pages.ts): slugs, suggested titles, body schemas. */
import { describe, expect, it } from 'vitest';
import {
  createPageBody,
  PAGE_STATUS_LABELS,
  PROPERTY_TYPE_LABELS,
  slugify,
  suggestPageTitle,
  updatePageFields,
} from '@vitrine/contracts';

describe('slugify', () => {
  it('makes readable Portuguese slugs', () => {
    expect(slugify('Apartamento 3 quartos – Pinheiros!')).toBe('apartamento-3-quartos-pinheiros');
    expect(slugify('  Casa à venda em São João del-Rei, MG  ')).toBe('casa-a-venda-em-sao-joao-del-rei-mg');
    expect(slugify('Ação & Coração — Çedilha')).toBe('acao-coracao-cedilha');
    expect(slugify('!!!')).toBe('');
  });

  it('cuts long titles at a word boundary', () => {
    const slug = slugify('Apartamento '.repeat(20), 40);
    expect(slug.length).toBeLessThanOrEqual(40);
    expect(slug).not.toMatch(/-$/);
    expect(slug.split('-').every((w) => w === 'apartamento')).toBe(true);
  });
});

describe('suggestPageTitle', () => {
  it.each([
    [
      { property_type: 'apartment', bedrooms: 3, neighborhood: 'Pinheiros', city: 'São Paulo' },
      'Apartamento com 3 quartos em Pinheiros, São Paulo',
    ],
    [
      { property_type: 'apartment', bedrooms: 1, neighborhood: 'Pinheiros' },
      'Apartamento com 1 quarto em Pinheiros',
    ],
    [{ property_type: 'house', city: 'Curitiba' }, 'Casa à venda em Curitiba'],
    [
      { property_type: 'house', purpose: 'rent', neighborhood: 'Batel', city: 'Curitiba' },
      'Casa para alugar em Batel, Curitiba',
    ],
    [
      { property_type: 'apartment', bedrooms: 0, purpose: 'rent', city: 'Recife' },
      'Studio para alugar em Recife',
    ],
    [
      { property_type: 'land', bedrooms: 2, neighborhood: 'Centro', city: 'Centro' },
      'Terreno à venda em Centro',
    ],
    [{ bedrooms: 2 }, 'Imóvel com 2 quartos'],
    [{}, 'Imóvel à venda'],
    [
      { property_type: 'townhouse', bedrooms: null, neighborhood: '  ', city: 'Santos' },
      'Sobrado à venda em Santos',
    ],
  ] as const)('%j → %s', (facts, title) => {
    expect(suggestPageTitle(facts)).toBe(title);
  });
});

describe('page schemas', () => {
  it('accepts {page: {title}} alone and normalises the optional fields', () => {
    expect(createPageBody.parse({ page: { title: '  Casa no Batel ' } })).toEqual({
      page: { title: 'Casa no Batel' },
    });
    const parsed = updatePageFields.parse({
      whatsapp: '+55 (11) 98888-7777',
      zip_code: '01310100',
      state: 'sp',
      city: '',
      features: ['Piscina', 'Piscina', ' '],
    });
    expect(parsed).toEqual({
      whatsapp: '11988887777',
      zip_code: '01310-100',
      state: 'SP',
      city: null,
      features: ['Piscina'],
    });
  });

  it('names the field in Portuguese messages', () => {
    const result = updatePageFields.safeParse({
      price_cents: 10.5,
      latitude: 91,
      whatsapp: '123',
      state: 'XX',
      features: Array(51).fill('x'),
      description: 'x'.repeat(5001),
    });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(result.error!.issues.map((i) => [i.path.join('.'), i.message]));
    expect(messages).toEqual({
      price_cents: 'O preço deve ser um número inteiro de centavos.',
      latitude: 'A latitude deve estar entre -90 e 90.',
      whatsapp: 'O WhatsApp: informe um telefone brasileiro com DDD.',
      state: 'Informe a sigla de um estado brasileiro (ex.: SP).',
      features: 'Informe no máximo 50 características.',
      description: 'A descrição deve ter no máximo 5000 caracteres.',
    });
  });

  it('has Portuguese labels', () => {
    expect(PAGE_STATUS_LABELS.published).toBe('Publicada');
    expect(PROPERTY_TYPE_LABELS.apartment).toBe('Apartamento');
  });
});
