/**
 * A page's photos: stored through app.storage under pages/{id}/, listed in pages.photos in display
 * order (the first is the cover). Changes to the list are atomic, so two uploads at once both land.
 */
import { eq, sql } from 'drizzle-orm';
import { PAGE_LIMITS } from '@vitrine/contracts';
import type { Deps } from '../../deps.ts';
import { auditLog, pages, photoKeys, type PagePhoto } from '../../db/schema.ts';
import { randomToken } from '../../lib/crypto.ts';
import { fieldError, notFound, validationError } from '../../lib/http-errors.ts';
import { IMAGE_EXTENSIONS } from '../storage/index.ts';
import type { PageRow } from './page-view.ts';
import { processPhoto } from './photo-variants.ts';

const PHOTO_UNREADABLE =
  'Não foi possível ler esta foto: o arquivo está corrompido ou não é uma imagem JPEG, PNG ou WebP válida.';

/** The photo formats a page accepts (sniffed from the bytes, never the client's word). */
export type PhotoType = 'image/png' | 'image/jpeg' | 'image/webp';

export const PHOTO_NOT_FOUND = 'Foto não encontrada.';
export const tooManyPhotos = () =>
  fieldError(
    'photo',
    `Uma página pode ter no máximo ${PAGE_LIMITS.photos} fotos. Remova alguma antes de enviar outra.`,
  );

export async function addPagePhoto(
  deps: Pick<Deps, 'db' | 'storage'>,
  input: { page: PageRow; userId: number; file: Buffer; type: PhotoType; alt: string | null },
): Promise<PageRow> {
  const { db, storage } = deps;
  const { page } = input;
  const { dimensions, variants } = await processPhoto(input.file);
  // Making the copies decodes the whole photo: one that does not decode is not a photo
  // (docs/decisions/018-accounts-and-abuse.md), whatever its first bytes say.
  if (!dimensions || !variants.length) throw fieldError('photo', PHOTO_UNREADABLE);
  const photo: PagePhoto = {
    id: randomToken(9),
    url: '',
    key: `pages/${page.id}/${randomToken(12)}.${IMAGE_EXTENSIONS[input.type]}`,
    width: dimensions?.width ?? null,
    height: dimensions?.height ?? null,
    alt: input.alt,
  };
  await storage.put(photo.key!, input.file, input.type);
  try {
    const base = photo.key!.replace(/\.[a-z]+$/, '');
    photo.variants = [];
    for (const v of variants) {
      const key = `${base}-${v.width}.webp`;
      await storage.put(key, v.buffer, 'image/webp');
      photo.variants.push({ width: v.width, height: v.height, key });
    }
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .update(pages)
        .set({ photos: sql`${pages.photos} || ${JSON.stringify([photo])}::jsonb`, updatedAt: new Date() })
        .where(sql`${pages.id} = ${page.id} and jsonb_array_length(${pages.photos}) < ${PAGE_LIMITS.photos}`)
        .returning();
      if (!row) {
        const [exists] = await tx.select({ id: pages.id }).from(pages).where(eq(pages.id, page.id));
        throw exists ? tooManyPhotos() : notFound('Página não encontrada.');
      }
      await tx.insert(auditLog).values({
        realEstateId: page.realEstateId,
        userId: input.userId,
        action: 'page.photo_added',
        subject: String(page.id),
        details: { photo: photo.id },
      });
      return row;
    });
  } catch (err) {
    await Promise.all(photoKeys(photo).map((k) => storage.delete(k).catch(() => undefined)));
    throw err;
  }
}

/** New order (a permutation of the current ids) and, optionally, new alternative texts. */
export async function reorderPagePhotos(
  deps: Pick<Deps, 'db'>,
  input: { page: PageRow; userId: number; order: string[]; alt?: Record<string, string | null> },
): Promise<PageRow> {
  return deps.db.transaction(async (tx) => {
    const [current] = await tx
      .select({ photos: pages.photos })
      .from(pages)
      .where(eq(pages.id, input.page.id))
      .for('update');
    if (!current) throw notFound('Página não encontrada.');
    const byId = new Map(current.photos.map((p) => [p.id, p]));
    const unique = new Set(input.order);
    if (
      unique.size !== input.order.length ||
      input.order.length !== byId.size ||
      input.order.some((id) => !byId.has(id))
    ) {
      throw validationError({
        order: ['Envie todos os ids das fotos da página, cada um uma vez, na nova ordem.'],
      });
    }
    for (const id of Object.keys(input.alt ?? {})) {
      if (!byId.has(id)) throw validationError({ [`alt.${id}`]: [PHOTO_NOT_FOUND] });
    }
    const photos = input.order.map((id) => {
      const p = byId.get(id)!;
      return input.alt && id in input.alt ? { ...p, alt: input.alt[id] ?? null } : p;
    });
    const [row] = await tx
      .update(pages)
      .set({ photos, updatedAt: new Date() })
      .where(eq(pages.id, input.page.id))
      .returning();
    await tx.insert(auditLog).values({
      realEstateId: input.page.realEstateId,
      userId: input.userId,
      action: 'page.photos_reordered',
      subject: String(input.page.id),
      details: { cover: photos[0]?.id ?? null },
    });
    return row!;
  });
}

export async function deletePagePhoto(
  deps: Pick<Deps, 'db' | 'storage'>,
  input: { page: PageRow; userId: number; photoId: string },
): Promise<PageRow> {
  const { db, storage } = deps;
  const { row, removed } = await db.transaction(async (tx) => {
    const [current] = await tx
      .select({ photos: pages.photos })
      .from(pages)
      .where(eq(pages.id, input.page.id))
      .for('update');
    if (!current) throw notFound('Página não encontrada.');
    const removed = current.photos.find((p) => p.id === input.photoId);
    if (!removed) throw notFound(PHOTO_NOT_FOUND);
    const [row] = await tx
      .update(pages)
      .set({ photos: current.photos.filter((p) => p.id !== input.photoId), updatedAt: new Date() })
      .where(eq(pages.id, input.page.id))
      .returning();
    await tx.insert(auditLog).values({
      realEstateId: input.page.realEstateId,
      userId: input.userId,
      action: 'page.photo_removed',
      subject: String(input.page.id),
      details: { photo: input.photoId },
    });
    return { row: row!, removed };
  });
  await Promise.all(photoKeys(removed).map((k) => storage.delete(k).catch(() => undefined)));
  return row;
}
