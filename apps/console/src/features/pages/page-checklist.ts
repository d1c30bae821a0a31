/**
 * What makes a landing page sell, as a checklist. Publishing needs only a title, so this is guidance,
 * never a gate: each item says why it matters and points at the section that fixes it.
 */
import type { PagePhotoView } from '@vitrine/contracts';
import { PLACEHOLDER_TITLE } from './page-form';

export const EDITOR_SECTIONS = {
  basics: 'secao-basico',
  values: 'secao-valores',
  features: 'secao-caracteristicas',
  address: 'secao-endereco',
  description: 'secao-descricao',
  photos: 'secao-fotos',
  videos: 'secao-videos',
  contact: 'secao-contato',
  seo: 'secao-seo',
} as const;
export type EditorSection = keyof typeof EDITOR_SECTIONS;

export interface ChecklistFacts {
  title: string;
  photos: readonly PagePhotoView[];
  price_cents: number | null | undefined;
  description: string | null | undefined;
  neighborhood: string | null | undefined;
  city: string | null | undefined;
  property_type: string | null | undefined;
  bedrooms: number | null | undefined;
  area_m2: number | null | undefined;
  whatsapp: string | null | undefined;
}

export interface ChecklistItem {
  id: string;
  label: string;
  hint: string;
  done: boolean;
  section: EditorSection;
}

export const MIN_DESCRIPTION = 120;
export const GOOD_PHOTO_COUNT = 5;

const filled = (v: string | null | undefined) => typeof v === 'string' && v.trim() !== '';
const isNumber = (v: number | null | undefined) => typeof v === 'number' && Number.isFinite(v);

export function pageChecklist(facts: ChecklistFacts): ChecklistItem[] {
  return [
    {
      id: 'title',
      label: 'Título que descreve o imóvel',
      hint: 'Tipo, quartos e bairro no título atraem mais cliques. Use "Sugerir título".',
      done: filled(facts.title) && facts.title.trim() !== PLACEHOLDER_TITLE,
      section: 'basics',
    },
    {
      id: 'cover',
      label: 'Foto de capa',
      hint: 'A primeira foto é a capa da página e a imagem dos compartilhamentos.',
      done: facts.photos.length > 0,
      section: 'photos',
    },
    {
      id: 'photos',
      label: `Pelo menos ${GOOD_PHOTO_COUNT} fotos`,
      hint: 'Anúncios com mais fotos recebem mais contatos.',
      done: facts.photos.length >= GOOD_PHOTO_COUNT,
      section: 'photos',
    },
    {
      id: 'price',
      label: 'Preço',
      hint: 'Sem preço a página mostra "Consulte", e muita gente desiste.',
      done: isNumber(facts.price_cents) && (facts.price_cents ?? 0) > 0,
      section: 'values',
    },
    {
      id: 'facts',
      label: 'Tipo, área e quartos',
      hint: 'Os números que o visitante procura primeiro.',
      done:
        filled(facts.property_type) &&
        isNumber(facts.area_m2) &&
        (isNumber(facts.bedrooms) || facts.property_type === 'land' || facts.property_type === 'commercial'),
      section: 'features',
    },
    {
      id: 'address',
      label: 'Bairro e cidade',
      hint: 'Aparecem abaixo do título e no Google.',
      done: filled(facts.neighborhood) && filled(facts.city),
      section: 'address',
    },
    {
      id: 'description',
      label: 'Descrição',
      hint: `Conte o que o imóvel tem de especial (pelo menos ${MIN_DESCRIPTION} caracteres).`,
      done: (facts.description ?? '').trim().length >= MIN_DESCRIPTION,
      section: 'description',
    },
    {
      id: 'whatsapp',
      label: 'WhatsApp do corretor',
      hint: 'Sem ele, o botão de WhatsApp usa o número da imobiliária (se houver).',
      done: filled(facts.whatsapp),
      section: 'contact',
    },
  ];
}

export function checklistScore(items: readonly ChecklistItem[]): number {
  if (items.length === 0) return 100;
  return Math.round((items.filter((i) => i.done).length / items.length) * 100);
}
