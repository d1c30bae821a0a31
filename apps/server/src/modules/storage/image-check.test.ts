/**
 * The uploaded photo check (image-check.ts): a photo must decode whole, but a JPEG libjpeg only warns
 * about (extraneous bytes between markers, as some phones write) is a valid photo.
 */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { decodesWhole } from './image-check.ts';

const photo = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 120, b: 40 } } })
    .jpeg()
    .toBuffer();

describe('decodesWhole', () => {
  it('accepts a normal JPEG and one with a libjpeg warning; refuses a truncated one and a fake', async () => {
    const jpeg = await photo();
    expect(await decodesWhole(jpeg)).toBe(true);
    // Three stray bytes before the quantisation table: "Corrupt JPEG data: 3 extraneous bytes before marker".
    const at = jpeg.indexOf(Buffer.from([0xff, 0xdb]));
    const warned = Buffer.concat([jpeg.subarray(0, at), Buffer.alloc(3), jpeg.subarray(at)]);
    await expect(sharp(warned, { failOn: 'warning' }).stats()).rejects.toThrow(/extraneous bytes/);
    expect(await decodesWhole(warned)).toBe(true);
    expect(await decodesWhole(jpeg.subarray(0, Math.floor(jpeg.length * 0.6)))).toBe(false);
    expect(
      await decodesWhole(Buffer.concat([jpeg.subarray(0, 4), Buffer.from('<html>não é foto</html>')])),
    ).toBe(false);
  });
});
