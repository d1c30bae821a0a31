/** Small real images, drawn with sharp: a flat colour of the given stored size, in JPEG, PNG or WebP. */
import sharp from 'sharp';

/** A photo as a camera stores it: `orientation` is the EXIF tag (6 and 8 turn it by 90° when displayed). */
export async function photoFixture(
  format: 'jpeg' | 'png' | 'webp',
  width: number,
  height: number,
  orientation?: number,
): Promise<Buffer> {
  const image = sharp({ create: { width, height, channels: 3, background: { r: 180, g: 140, b: 90 } } });
  const encoded = format === 'jpeg' ? image.jpeg() : format === 'png' ? image.png() : image.webp();
  return (orientation ? encoded.withMetadata({ orientation }) : encoded).toBuffer();
}
