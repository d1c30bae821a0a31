import type { Active, Over } from '@dnd-kit/core';
import { describe, expect, it } from 'vitest';
import { mediaAnnouncements } from './sortable-media-list';

const active = (id: string) => ({ active: { id } as Active, over: null });
const over = (a: string, o: string) => ({ active: { id: a } as Active, over: { id: o } as Over });

describe('mediaAnnouncements', () => {
  it('photos: feminine, and the first place makes the cover', () => {
    const say = mediaAnnouncements(['a', 'b', 'c'], {
      name: 'Foto',
      indefinite: 'uma foto',
      feminine: true,
      first: { moved: ' Agora ela é a capa.', instructions: ' A primeira foto é a capa.' },
    });
    expect(say.onDragStart(active('b'))).toBe('Foto 2 de 3 selecionada para mover.');
    expect(say.onDragOver!(over('b', 'c'))).toBe('Foto 2 sobre a posição 3 de 3.');
    expect(say.onDragEnd(over('c', 'a'))).toBe('Foto 3 movida para a posição 1 de 3. Agora ela é a capa.');
    expect(say.onDragEnd(over('a', 'b'))).toBe('Foto 1 movida para a posição 2 de 3.');
    expect(say.onDragEnd(active('a'))).toBe('Foto solta fora da lista; a ordem não mudou.');
  });

  it('videos: masculine, no cover', () => {
    const say = mediaAnnouncements(['a', 'b'], { name: 'Vídeo', indefinite: 'um vídeo', feminine: false });
    expect(say.onDragStart(active('a'))).toBe('Vídeo 1 de 2 selecionado para mover.');
    expect(say.onDragEnd(over('b', 'a'))).toBe('Vídeo 2 movido para a posição 1 de 2.');
    expect(say.onDragEnd(active('b'))).toBe('Vídeo solto fora da lista; a ordem não mudou.');
    expect(say.onDragCancel!(active('b'))).toBe('Movimento cancelado; a ordem não mudou.');
  });
});
