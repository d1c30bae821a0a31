/**
 * What an uploaded photo becomes, read once with sharp: its size as displayed (EXIF orientation
 * applied), which the landing page sets on <img> so the layout does not shift, and resized WebP copies,
 * so a phone on 4G downloads a 480 px WebP instead of a 5 MB camera JPEG. Images are never enlarged.
 */

/** sharp (libvips) is imported on first use, not at start: most starts never draw an image. */
const loadSharp = async () => (await import('sharp')).default;

export const VARIANT_WIDTHS = [480, 960, 1600] as const;

export interface ImageDimensions {
  width: number;
  height: number;
}

export interface PhotoVariant extends ImageDimensions {
  buffer: Buffer;
}

export interface ProcessedPhoto {
  /** Null when sharp cannot read the image (addPagePhoto then refuses it). */
  dimensions: ImageDimensions | null;
  variants: PhotoVariant[];
}

/** `effort` is libwebp's 0–6 speed/size trade-off (sharp's default 4); the demo seed uses a faster one. */
export async function processPhoto(file: Buffer, opts: { effort?: number } = {}): Promise<ProcessedPhoto> {
  const sharp = await loadSharp();
  const meta = await sharp(file)
    .metadata()
    .catch(() => null);
  const width = meta?.autoOrient?.width ?? meta?.width ?? 0;
  const height = meta?.autoOrient?.height ?? meta?.height ?? 0;
  if (!width || !height) return { dimensions: null, variants: [] };
  const largest = VARIANT_WIDTHS[VARIANT_WIDTHS.length - 1]!;
  const unique = [...new Set([...VARIANT_WIDTHS.filter((w) => w < width), Math.min(width, largest)])];
  const variants = await Promise.all(
    unique.map(async (w) => {
      const { data, info } = await sharp(file)
        .rotate()
        .resize({ width: w, withoutEnlargement: true })
        .webp({ quality: 72, ...(opts.effort === undefined ? {} : { effort: opts.effort }) })
        .toBuffer({ resolveWithObject: true });
      return { width: info.width, height: info.height, buffer: data };
    }),
  ).catch(() => []); // a header sharp reads over pixel data it cannot decode: no copies (addPagePhoto refuses it)
  return { dimensions: { width, height }, variants };
}
