import { describe, expect, it } from 'vitest';
import { photoSrc } from './photo-url';

describe('photoSrc', () => {
  const photo = {
    url: '/files/original.jpg',
    variants: [
      { width: 1600, height: 1200, url: '/files/1600.webp' },
      { width: 320, height: 240, url: '/files/320.webp' },
      { width: 800, height: 600, url: '/files/800.webp' },
    ],
  };

  it('takes the smallest variant at least twice as wide as the slot', () => {
    expect(photoSrc(photo, 80)).toBe('/files/320.webp');
    expect(photoSrc(photo, 200)).toBe('/files/800.webp');
    expect(photoSrc(photo, 600)).toBe('/files/1600.webp');
  });

  it('falls back to the original (too wide a slot, or a catalog photo without variants)', () => {
    expect(photoSrc(photo, 1000)).toBe('/files/original.jpg');
    expect(photoSrc({ url: 'https://example.com/a.jpg' }, 80)).toBe('https://example.com/a.jpg');
  });
});
