import { describe, expect, it } from 'vitest';
import { checklistScore, pageChecklist, type ChecklistFacts } from './page-checklist';

const empty: ChecklistFacts = {
  title: 'Novo imóvel',
  photos: [],
  price_cents: null,
  description: '',
  neighborhood: '',
  city: '',
  property_type: null,
  bedrooms: null,
  area_m2: null,
  whatsapp: '',
};
const photo = (id: string) => ({ id, url: `/f/${id}.jpg`, width: 1, height: 1, alt: null });

describe('page checklist', () => {
  it('a new page with the placeholder title has everything to do', () => {
    const items = pageChecklist(empty);
    expect(items.every((i) => !i.done)).toBe(true);
    expect(checklistScore(items)).toBe(0);
  });

  it('a complete page scores 100', () => {
    const items = pageChecklist({
      title: 'Apartamento com 3 quartos em Pinheiros',
      photos: ['a', 'b', 'c', 'd', 'e'].map(photo),
      price_cents: 85_000_000,
      description: 'x'.repeat(150),
      neighborhood: 'Pinheiros',
      city: 'São Paulo',
      property_type: 'apartment',
      bedrooms: 3,
      area_m2: 98,
      whatsapp: '11988887777',
    });
    expect(items.filter((i) => !i.done)).toEqual([]);
    expect(checklistScore(items)).toBe(100);
  });

  it('land needs no bedrooms; one photo is a cover but not enough photos', () => {
    const items = pageChecklist({ ...empty, property_type: 'land', area_m2: 450, photos: [photo('a')] });
    const done = Object.fromEntries(items.map((i) => [i.id, i.done]));
    expect(done).toMatchObject({ facts: true, cover: true, photos: false });
  });
});
