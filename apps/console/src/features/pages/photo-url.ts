import type { PagePhotoView } from '@vitrine/contracts';

/**
 * The lightest copy of a photo that still looks sharp at `cssWidth` on a 2× screen: one of the
 * server's resized WebP variants when it has them (uploaded photos), else the original.
 */
export function photoSrc(photo: Pick<PagePhotoView, 'url' | 'variants'>, cssWidth: number): string {
  const fit = [...(photo.variants ?? [])]
    .sort((a, b) => a.width - b.width)
    .find((v) => v.width >= cssWidth * 2);
  return fit?.url ?? photo.url;
}
