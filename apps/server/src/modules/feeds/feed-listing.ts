/**
 * What a feed knows of one page: the page's columns, its YouTube videos and its channel setting. The
 * checks (check-listing.ts) and the writers (write-vrsync.ts, write-meta-catalog.ts) read only this.
 */
import type { FeedChannel, PublicationType } from '@vitrine/contracts';
import type { PagePhoto } from '../../db/schema.ts';
import type { PageRow } from '../pages/index.ts';

export type FeedPage = Pick<
  PageRow,
  | 'id'
  | 'title'
  | 'slug'
  | 'status'
  | 'listingCode'
  | 'purpose'
  | 'propertyType'
  | 'priceCents'
  | 'condoFeeCents'
  | 'iptuCents'
  | 'areaM2'
  | 'bedrooms'
  | 'suites'
  | 'bathrooms'
  | 'parkingSpaces'
  | 'address'
  | 'neighborhood'
  | 'city'
  | 'state'
  | 'zipCode'
  | 'latitude'
  | 'longitude'
  | 'description'
  | 'features'
  | 'photos'
  | 'updatedAt'
>;

export interface FeedListing {
  page: FeedPage;
  /** The page's YouTube links, in their order (the only videos a portal feed carries). */
  youtube: string[];
  channel: FeedChannel;
  publicationType: PublicationType | null;
}

/** Turns a storage key into its public URL (the storage module's `url`). */
export type UrlOf = (key: string) => string;

/**
 * A photo's address in a feed, always absolute. The portals (Grupo OLX) resize what they get and read
 * JPEG everywhere: the JPEG original we keep when there is one, else our largest WebP copy. Meta's
 * catalog ads show at most 1080 px: the nearest WebP copy at least that wide. Without copies, the
 * original we keep, or the address a catalog import brought.
 */
export function photoUrl(photo: PagePhoto, urlOf: UrlOf, channel: FeedChannel): string {
  if (channel === 'grupo_zap' && photo.key && /\.jpe?g$/i.test(photo.key)) return urlOf(photo.key);
  const variants = [...(photo.variants ?? [])].sort((a, b) => a.width - b.width);
  const fit = variants.find((v) => v.width >= PHOTO_WIDTH[channel]) ?? variants.at(-1);
  if (fit) return urlOf(fit.key);
  return photo.key ? urlOf(photo.key) : photo.url;
}

const PHOTO_WIDTH: Record<FeedChannel, number> = { grupo_zap: 1600, meta_catalog: 1080 };
