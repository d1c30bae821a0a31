import { describe, expect, it } from 'vitest';
import { PNG_1X1 } from '../../testing/test-app.ts';
import { readImageDimensions } from './image-dimensions.ts';
import { jpegHeader, webpHeader } from './testing/image-fixtures.ts';

describe('readImageDimensions', () => {
  it('reads PNG IHDR', () => {
    expect(readImageDimensions(PNG_1X1, 'image/png')).toEqual({ width: 1, height: 1 });
  });

  it('reads JPEG SOF, swapping width and height when EXIF rotates by 90°', () => {
    expect(readImageDimensions(jpegHeader(1600, 1200), 'image/jpeg')).toEqual({ width: 1600, height: 1200 });
    expect(readImageDimensions(jpegHeader(1600, 1200, 1), 'image/jpeg')).toEqual({ width: 1600, height: 1200 });
    expect(readImageDimensions(jpegHeader(1600, 1200, 6), 'image/jpeg')).toEqual({ width: 1200, height: 1600 });
    expect(readImageDimensions(jpegHeader(1600, 1200, 8), 'image/jpeg')).toEqual({ width: 1200, height: 1600 });
  });

  it('reads the three WebP flavours', () => {
    expect(readImageDimensions(webpHeader('VP8 ', 800, 600), 'image/webp')).toEqual({ width: 800, height: 600 });
    expect(readImageDimensions(webpHeader('VP8L', 640, 480), 'image/webp')).toEqual({ width: 640, height: 480 });
    expect(readImageDimensions(webpHeader('VP8X', 4000, 3000), 'image/webp')).toEqual({ width: 4000, height: 3000 });
  });

  it('answers null for truncated or corrupt headers, never throws', () => {
    expect(readImageDimensions(PNG_1X1.subarray(0, 20), 'image/png')).toBeNull();
    expect(readImageDimensions(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00]), 'image/jpeg')).toBeNull();
    expect(readImageDimensions(Buffer.from([0xff, 0xd8, 0xff, 0xda, 0x00, 0x02]), 'image/jpeg')).toBeNull();
    expect(readImageDimensions(webpHeader('VP8 ', 800, 600).subarray(0, 20), 'image/webp')).toBeNull();
    expect(readImageDimensions(Buffer.alloc(64), 'image/webp')).toBeNull();
  });
});
