/**
 * Resized copies of an uploaded photo, so a phone on 4G downloads a 480 px WebP instead of a
 * 5 MB camera JPEG. EXIF orientation is applied; images are never enlarged.
 */
import sharp from 'sharp';

export const VARIANT_WIDTHS = [480, 960, 1600] as const;

export interface PhotoVariant {
  width: number;
  height: number;
  buffer: Buffer;
}

export async function makePhotoVariants(file: Buffer): Promise<PhotoVariant[]> {
  const meta = await sharp(file).rotate().metadata();
  const sourceWidth = meta.autoOrient?.width ?? meta.width ?? 0;
  if (!sourceWidth) return [];
  const largest = VARIANT_WIDTHS[VARIANT_WIDTHS.length - 1]!;
  const unique = [...new Set([...VARIANT_WIDTHS.filter((w) => w < sourceWidth), Math.min(sourceWidth, largest)])];
  return Promise.all(
    unique.map(async (width) => {
      const { data, info } = await sharp(file).rotate().resize({ width, withoutEnlargement: true }).webp({ quality: 72 }).toBuffer({ resolveWithObject: true });
      return { width: info.width, height: info.height, buffer: data };
    }),
  );
}
