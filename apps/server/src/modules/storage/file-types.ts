/** File types from their first bytes, never from what the client claims. */

/** Image type from its first bytes, not from what the client claims. */
export function sniffImageType(
  buf: Buffer,
): 'image/png' | 'image/jpeg' | 'image/webp' | 'image/svg+xml' | null {
  if (
    buf.length >= 8 &&
    buf.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  )
    return 'image/png';
  if (buf.length >= 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return 'image/jpeg';
  if (buf.length >= 12 && buf.toString('ascii', 0, 4) === 'RIFF' && buf.toString('ascii', 8, 12) === 'WEBP')
    return 'image/webp';
  const head = buf.subarray(0, 1024).toString('utf8').trimStart().toLowerCase();
  if (
    (head.startsWith('<svg') || (head.startsWith('<?xml') && head.includes('<svg'))) &&
    !/<script|on\w+\s*=|javascript:/i.test(buf.toString('utf8'))
  ) {
    return 'image/svg+xml';
  }
  return null;
}

export const IMAGE_EXTENSIONS = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'image/svg+xml': 'svg',
} as const;

export const VIDEO_TYPES = ['video/mp4', 'video/webm', 'video/quicktime'] as const;
export type VideoType = (typeof VIDEO_TYPES)[number];
export const VIDEO_EXTENSIONS: Record<VideoType, string> = {
  'video/mp4': 'mp4',
  'video/webm': 'webm',
  'video/quicktime': 'mov',
};

/**
 * Video type from its first bytes: ISO media (`ftyp` box at offset 4; brand `qt  ` is QuickTime) or
 * EBML with the `webm` doctype. Matroska that is not WebM, AVI and everything else: null.
 */
export function sniffVideoType(buf: Buffer): VideoType | null {
  if (buf.length >= 12 && buf.toString('latin1', 4, 8) === 'ftyp') {
    const brand = buf.toString('latin1', 8, 12);
    if (brand === 'qt  ') return 'video/quicktime';
    // Still images and audio share the container: HEIF/AVIF pictures and M4A audio are not videos.
    if (/^(heic|heix|mif1|msf1|avif|avis|M4A |M4B |M4P |F4A )$/.test(brand)) return null;
    return 'video/mp4';
  }
  if (buf.length >= 4 && buf.readUInt32BE(0) === 0x1a45dfa3) {
    const head = buf.subarray(0, 4096).toString('latin1');
    return head.includes('webm') ? 'video/webm' : null;
  }
  return null;
}
