/**
 * What each channel would refuse in a listing, said before the channel does (docs/product.md#feed-checks).
 * Pure: one function per channel, a list of problems (a stable code and a sentence in Portuguese); an
 * empty list means the listing goes into that channel's feed.
 */
import { stripControlChars, type FeedChannel, type FeedProblem, type PropertyType } from '@vitrine/contracts';
import type { FeedListing, FeedPage } from './feed-listing.ts';

/**
 * VRSync's PropertyType and UsageType for each of our property types; "other" has no match. The values
 * and their Portuguese names are VRSync's table (developers.grupozap.com/feeds/vrsync/elements/details,
 * "Property Type"; decision 022 says how each was confirmed): "Casa de Condomínio" is
 * `Residential / Condo`, "Fazenda/Sítios/Chácaras" `Residential / Agricultural`, the generic "Imóvel
 * Comercial" `Commercial / Building` (`Commercial / Business` is "Ponto Comercial/Loja/Box" only).
 */
export const VRSYNC_PROPERTY_TYPES: Partial<
  Record<PropertyType, { type: string; usage: 'Residential' | 'Commercial' }>
> = {
  apartment: { type: 'Residential / Apartment', usage: 'Residential' },
  house: { type: 'Residential / Home', usage: 'Residential' },
  condo: { type: 'Residential / Condo', usage: 'Residential' },
  townhouse: { type: 'Residential / Sobrado', usage: 'Residential' },
  land: { type: 'Residential / Land Lot', usage: 'Residential' },
  farm: { type: 'Residential / Agricultural', usage: 'Residential' },
  commercial: { type: 'Commercial / Building', usage: 'Commercial' },
};

/** Meta's property_type for each of ours (Meta's list: docs/product.md#catalog-format). */
export const META_PROPERTY_TYPES: Record<PropertyType, string> = {
  apartment: 'apartment',
  house: 'house',
  condo: 'condo',
  townhouse: 'townhouse',
  land: 'land',
  commercial: 'other',
  farm: 'other',
  other: 'other',
};

export const VRSYNC_LIMITS = { listingId: 50, titleMin: 10, titleMax: 100, videos: 1 } as const;
export const META_LIMITS = { id: 100, photos: 20, description: 5000, title: 200 } as const;

const HTML_TAG = /<\/?[a-z][^>]*>/i;
const blank = (v: string | null | undefined) => !v || !v.trim();

/** The title as a portal shows it: tags removed, spaces collapsed. */
export const plainTitle = (title: string) =>
  stripControlChars(title)
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

function priceProblem(page: FeedPage): FeedProblem | null {
  if (page.priceCents === null)
    return {
      code: 'price_missing',
      message:
        page.purpose === 'rent'
          ? 'Sem valor do aluguel: os portais exigem um preço.'
          : 'Sem preço de venda: os portais exigem um preço.',
    };
  if (page.priceCents < 100)
    return { code: 'price_zero', message: 'Preço zerado: informe um valor de pelo menos R$ 1.' };
  return null;
}

/** ZAP Imóveis, VivaReal and OLX (VRSync). */
export function checkVrsync(listing: Pick<FeedListing, 'page' | 'youtube'>): FeedProblem[] {
  const { page } = listing;
  const problems: FeedProblem[] = [];
  const code = page.listingCode?.trim() ?? '';
  if (!code)
    problems.push({
      code: 'listing_code_missing',
      message: 'Sem código do imóvel: os portais identificam o anúncio (e os contatos) por ele.',
    });
  else if (code.length > VRSYNC_LIMITS.listingId)
    problems.push({
      code: 'listing_code_long',
      message: `Código do imóvel com ${code.length} caracteres: os portais aceitam até ${VRSYNC_LIMITS.listingId}.`,
    });
  if (HTML_TAG.test(page.title))
    problems.push({ code: 'title_html', message: 'O título tem marcações HTML: os portais não aceitam.' });
  const title = plainTitle(page.title);
  if (title.length < VRSYNC_LIMITS.titleMin || title.length > VRSYNC_LIMITS.titleMax)
    problems.push({
      code: 'title_length',
      message: `Título com ${title.length} caracteres: os portais pedem de ${VRSYNC_LIMITS.titleMin} a ${VRSYNC_LIMITS.titleMax}.`,
    });
  if (page.propertyType === null)
    problems.push({ code: 'property_type_missing', message: 'Sem tipo de imóvel.' });
  else if (!VRSYNC_PROPERTY_TYPES[page.propertyType as PropertyType])
    problems.push({
      code: 'property_type_unknown',
      message: 'Tipo de imóvel "Outro": os portais não conhecem; escolha um tipo da lista.',
    });
  const price = priceProblem(page);
  if (price) problems.push(price);
  if (blank(page.zipCode)) problems.push({ code: 'zip_missing', message: 'Sem CEP.' });
  if (blank(page.neighborhood)) problems.push({ code: 'neighborhood_missing', message: 'Sem bairro.' });
  if (blank(page.city)) problems.push({ code: 'city_missing', message: 'Sem cidade.' });
  if (blank(page.state)) problems.push({ code: 'state_missing', message: 'Sem estado (UF).' });
  if (blank(page.description))
    problems.push({ code: 'description_missing', message: 'Sem descrição: os portais exigem uma.' });
  if (page.photos.length === 0)
    problems.push({ code: 'photo_missing', message: 'Sem fotos: os portais exigem pelo menos uma.' });
  if (listing.youtube.length > VRSYNC_LIMITS.videos)
    problems.push({
      code: 'videos_too_many',
      message: `${listing.youtube.length} vídeos do YouTube: os portais aceitam só um; deixe apenas o principal.`,
    });
  return problems;
}

/** Meta's home-listings catalog (the fields Meta requires: docs/product.md#catalog-format). */
export function checkMetaCatalog(listing: Pick<FeedListing, 'page'>): FeedProblem[] {
  const { page } = listing;
  const problems: FeedProblem[] = [];
  const code = page.listingCode?.trim() ?? '';
  if (code.length > META_LIMITS.id)
    problems.push({
      code: 'listing_code_long',
      message: `Código do imóvel com ${code.length} caracteres: a Meta aceita até ${META_LIMITS.id}.`,
    });
  const price = priceProblem(page);
  if (price) problems.push({ ...price, message: price.message.replace('os portais exigem', 'a Meta exige') });
  if (blank(page.address)) problems.push({ code: 'address_missing', message: 'Sem endereço.' });
  if (blank(page.neighborhood)) problems.push({ code: 'neighborhood_missing', message: 'Sem bairro.' });
  if (blank(page.city)) problems.push({ code: 'city_missing', message: 'Sem cidade.' });
  if (blank(page.state)) problems.push({ code: 'state_missing', message: 'Sem estado (UF).' });
  if (blank(page.zipCode)) problems.push({ code: 'zip_missing', message: 'Sem CEP.' });
  if (page.latitude === null || page.longitude === null)
    problems.push({
      code: 'coordinates_missing',
      message: 'Sem latitude e longitude: a Meta exige a localização no mapa.',
    });
  if (page.photos.length === 0)
    problems.push({ code: 'photo_missing', message: 'Sem fotos: a Meta exige pelo menos uma.' });
  return problems;
}

export function checkListing(listing: FeedListing): FeedProblem[];
export function checkListing(
  listing: Pick<FeedListing, 'page' | 'youtube'>,
  channel: FeedChannel,
): FeedProblem[];
export function checkListing(
  listing: Pick<FeedListing, 'page' | 'youtube'> & { channel?: FeedChannel },
  channel = listing.channel,
): FeedProblem[] {
  return channel === 'grupo_zap' ? checkVrsync(listing) : checkMetaCatalog(listing);
}
