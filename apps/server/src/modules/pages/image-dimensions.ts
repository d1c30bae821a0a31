/**
 * Width and height of an uploaded photo, read from its header bytes (PNG IHDR, JPEG SOF, WebP
 * VP8/VP8L/VP8X). The landing page sets them on <img> so the layout does not shift (CLS 0).
 * A JPEG whose EXIF orientation rotates it by 90° is reported as displayed (width and height swapped).
 */

export interface ImageDimensions {
  width: number;
  height: number;
}

export type PhotoType = 'image/png' | 'image/jpeg' | 'image/webp';

export function readImageDimensions(buf: Buffer, type: PhotoType): ImageDimensions | null {
  try {
    const dims = type === 'image/png' ? png(buf) : type === 'image/jpeg' ? jpeg(buf) : webp(buf);
    return dims && dims.width > 0 && dims.height > 0 ? dims : null;
  } catch {
    return null; // truncated or corrupt header
  }
}

function png(buf: Buffer): ImageDimensions | null {
  if (buf.length < 24 || buf.toString('ascii', 12, 16) !== 'IHDR') return null;
  return { width: buf.readUInt32BE(16), height: buf.readUInt32BE(20) };
}

const SOF_MARKERS = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);

function jpeg(buf: Buffer): ImageDimensions | null {
  let offset = 2;
  let orientation = 1;
  while (offset + 4 <= buf.length) {
    if (buf[offset] !== 0xff) return null;
    const marker = buf[offset + 1]!;
    if (marker === 0xff) {
      offset += 1; // fill byte
      continue;
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      offset += 2; // markers without a length
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return null; // end of image / start of scan before any SOF
    const length = buf.readUInt16BE(offset + 2);
    if (length < 2) return null;
    if (marker === 0xe1 && buf.toString('ascii', offset + 4, offset + 8) === 'Exif') {
      orientation = exifOrientation(buf.subarray(offset + 10, offset + 2 + length)) ?? orientation;
    }
    if (SOF_MARKERS.has(marker)) {
      const height = buf.readUInt16BE(offset + 5);
      const width = buf.readUInt16BE(offset + 7);
      return orientation >= 5 && orientation <= 8 ? { width: height, height: width } : { width, height };
    }
    offset += 2 + length;
  }
  return null;
}

/** The Orientation tag (0x0112) of the first IFD of an EXIF TIFF block. */
function exifOrientation(tiff: Buffer): number | null {
  if (tiff.length < 8) return null;
  const order = tiff.toString('ascii', 0, 2);
  if (order !== 'II' && order !== 'MM') return null;
  const le = order === 'II';
  const u16 = (o: number) => (le ? tiff.readUInt16LE(o) : tiff.readUInt16BE(o));
  const u32 = (o: number) => (le ? tiff.readUInt32LE(o) : tiff.readUInt32BE(o));
  const ifd = u32(4);
  if (ifd + 2 > tiff.length) return null;
  const entries = u16(ifd);
  for (let i = 0; i < entries; i++) {
    const entry = ifd + 2 + i * 12;
    if (entry + 12 > tiff.length) return null;
    if (u16(entry) === 0x0112) return u16(entry + 8);
  }
  return null;
}

function webp(buf: Buffer): ImageDimensions | null {
  if (buf.length < 30) return null;
  const chunk = buf.toString('ascii', 12, 16);
  if (chunk === 'VP8 ') {
    if (buf[23] !== 0x9d || buf[24] !== 0x01 || buf[25] !== 0x2a) return null;
    return { width: buf.readUInt16LE(26) & 0x3fff, height: buf.readUInt16LE(28) & 0x3fff };
  }
  if (chunk === 'VP8L') {
    if (buf[20] !== 0x2f) return null;
    const b1 = buf[22]!;
    const b2 = buf[23]!;
    const b3 = buf[24]!;
    return { width: 1 + (buf[21]! | ((b1 & 0x3f) << 8)), height: 1 + ((b1 >> 6) | (b2 << 2) | ((b3 & 0x0f) << 10)) };
  }
  if (chunk === 'VP8X') {
    return { width: 1 + buf.readUIntLE(24, 3), height: 1 + buf.readUIntLE(27, 3) };
  }
  return null;
}
