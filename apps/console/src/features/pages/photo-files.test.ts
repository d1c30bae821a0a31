import { describe, expect, it } from 'vitest';
import { checkPhotoFiles, movePhoto, reorderPhotos } from './photo-files';

const file = (name: string, type: string, size = 1000) => new File([new Uint8Array(size)], name, { type });

describe('photo checks before upload', () => {
  it('accepts JPEG, PNG and WebP up to 10 MB and explains each refusal', () => {
    const result = checkPhotoFiles(
      [
        file('a.jpg', 'image/jpeg'),
        file('b.png', 'image/png'),
        file('c.webp', 'image/webp'),
        file('d.gif', 'image/gif'),
        file('e.jpg', 'image/jpeg', 10 * 1024 * 1024 + 1),
        file('f.png', 'image/png', 0),
      ],
      40,
    );
    expect(result.accepted.map((f) => f.name)).toEqual(['a.jpg', 'b.png', 'c.webp']);
    expect(result.rejected.map((r) => [r.file.name, r.reason])).toEqual([
      ['d.gif', 'Formato não aceito: envie JPEG, PNG ou WebP.'],
      ['e.jpg', expect.stringMatching(/o limite é 10 MB/)],
      ['f.png', 'O arquivo está vazio.'],
    ]);
  });

  it('stops at the 40-photo limit', () => {
    const result = checkPhotoFiles([file('a.jpg', 'image/jpeg'), file('b.jpg', 'image/jpeg')], 1);
    expect(result.accepted).toHaveLength(1);
    expect(result.rejected[0]?.reason).toMatch(/no máximo 40 fotos/);
  });
});

describe('photo reorder handler', () => {
  const photos = [{ id: 'a' }, { id: 'b' }, { id: 'c' }, { id: 'd' }];
  const ids = (list: { id: string }[] | null) => list?.map((p) => p.id);

  it('moves the dragged photo onto the position it was dropped on', () => {
    expect(ids(reorderPhotos(photos, 'c', 'a'))).toEqual(['c', 'a', 'b', 'd']);
    expect(ids(reorderPhotos(photos, 'a', 'd'))).toEqual(['b', 'c', 'd', 'a']);
    expect(ids(reorderPhotos(photos, 'b', 'c'))).toEqual(['a', 'c', 'b', 'd']);
  });

  it('does nothing when dropped on itself, outside or on an unknown id', () => {
    expect(reorderPhotos(photos, 'a', 'a')).toBeNull();
    expect(reorderPhotos(photos, 'a', null)).toBeNull();
    expect(reorderPhotos(photos, 'x', 'a')).toBeNull();
  });

  it('"Definir como capa" moves a photo to the front', () => {
    expect(ids(movePhoto(photos, 'd', 0))).toEqual(['d', 'a', 'b', 'c']);
    expect(movePhoto(photos, 'a', 0)).toBeNull();
  });
});
