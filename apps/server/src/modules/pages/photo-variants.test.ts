import { describe, expect, it } from 'vitest';
import { PNG_1X1 } from '../../testing/test-app.ts';
import { processPhoto } from './photo-variants.ts';
import { photoFixture } from './testing/image-fixtures.ts';

const sizes = (photo: Awaited<ReturnType<typeof processPhoto>>) =>
  photo.variants.map((v) => [v.width, v.height]);

describe('processPhoto', () => {
  it('reads the size of PNG, JPEG and WebP', async () => {
    expect((await processPhoto(PNG_1X1)).dimensions).toEqual({ width: 1, height: 1 });
    expect((await processPhoto(await photoFixture('jpeg', 320, 240))).dimensions).toEqual({
      width: 320,
      height: 240,
    });
    expect((await processPhoto(await photoFixture('webp', 400, 300))).dimensions).toEqual({
      width: 400,
      height: 300,
    });
  });

  it('reports a JPEG as displayed: EXIF orientations 5–8 swap width and height, in the copies too', async () => {
    expect((await processPhoto(await photoFixture('jpeg', 320, 240, 1))).dimensions).toEqual({
      width: 320,
      height: 240,
    });
    for (const orientation of [6, 8]) {
      const photo = await processPhoto(await photoFixture('jpeg', 320, 240, orientation));
      expect(photo.dimensions, `orientation ${orientation}`).toEqual({ width: 240, height: 320 });
      expect(sizes(photo)).toEqual([[240, 320]]);
    }
  });

  it('makes WebP copies at 480, 960 and 1600 px, never larger than the photo', async () => {
    const big = await processPhoto(await photoFixture('jpeg', 2000, 1000), { effort: 0 });
    expect(sizes(big)).toEqual([
      [480, 240],
      [960, 480],
      [1600, 800],
    ]);
    expect(big.variants.every((v) => v.buffer.subarray(8, 12).toString('ascii') === 'WEBP')).toBe(true);
    expect(sizes(await processPhoto(await photoFixture('png', 700, 350)))).toEqual([
      [480, 240],
      [700, 350],
    ]);
  });

  it('an image sharp cannot read has no size and no copies, and never throws', async () => {
    expect(await processPhoto(Buffer.from('não sou uma imagem'))).toEqual({ dimensions: null, variants: [] });
    expect(await processPhoto(PNG_1X1.subarray(0, 20))).toEqual({ dimensions: null, variants: [] });
    expect(await processPhoto(Buffer.alloc(64))).toEqual({ dimensions: null, variants: [] });
  });
});
