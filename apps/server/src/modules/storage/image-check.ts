/**
 * Images checked by decoding them, not by their first bytes alone (docs/decisions/018-accounts-and-abuse.md):
 * a file with a JPEG signature over anything else passed as a photo. And SVG logos become PNG: an SVG is a
 * document (links, scripts, entities that hide "javascript:" from any pattern), served from a bucket where we
 * cannot set a CSP; a PNG drawn from it carries none of that.
 */

/** sharp (libvips) is imported on first use, not at start: most starts never draw an image. */
const loadSharp = async () => (await import('sharp')).default;

/** The longest side of a logo drawn from an SVG (the console and e-mails show logos far smaller). */
export const SVG_LOGO_PIXELS = 480;

/** Whether sharp decodes the whole image (every pixel, not only the header). */
export async function decodesWhole(file: Buffer): Promise<boolean> {
  const sharp = await loadSharp();
  try {
    // 'error', not 'warning': phones write JPEGs libjpeg warns about (extraneous bytes between markers)
    // that decode fine; a truncated or corrupt file is still an error.
    await sharp(file, { failOn: 'error' }).stats();
    return true;
  } catch {
    return false;
  }
}

/** An SVG drawn as a PNG whose longest side is SVG_LOGO_PIXELS; null when it cannot be drawn. */
export async function svgToPng(svg: Buffer): Promise<Buffer | null> {
  const sharp = await loadSharp();
  try {
    const meta = await sharp(svg).metadata();
    const longest = Math.max(meta.width ?? 0, meta.height ?? 0);
    if (!longest) return null;
    // Drawn at the density that gives the target size, so it is sharp, not an enlarged small bitmap.
    const density = Math.min(2400, Math.max(1, (72 * SVG_LOGO_PIXELS) / longest));
    return await sharp(svg, { density })
      .resize(SVG_LOGO_PIXELS, SVG_LOGO_PIXELS, { fit: 'inside' })
      .png()
      .toBuffer();
  } catch {
    return null;
  }
}
