/** Client-side checks of photos before upload, mirroring the server's (type, 10 MB, 40 per page). */
import { PAGE_LIMITS, PAGE_PHOTO_MIME_TYPES, type PagePhotoView } from '@vitrine/contracts';
import { formatBytes } from '@/lib/utils';

export const PHOTO_ACCEPT = PAGE_PHOTO_MIME_TYPES.join(',');

export interface PhotoCheck {
  accepted: File[];
  rejected: { file: File; reason: string }[];
}

/**
 * Splits the picked files into those to upload and those refused with a reason. `slots` is how many
 * photos the page can still take (limit minus stored minus uploading).
 */
export function checkPhotoFiles(files: readonly File[], slots: number): PhotoCheck {
  const result: PhotoCheck = { accepted: [], rejected: [] };
  for (const file of files) {
    if (!(PAGE_PHOTO_MIME_TYPES as readonly string[]).includes(file.type)) {
      result.rejected.push({ file, reason: 'Formato não aceito: envie JPEG, PNG ou WebP.' });
    } else if (file.size > PAGE_LIMITS.photoBytes) {
      result.rejected.push({
        file,
        reason: `Arquivo de ${formatBytes(file.size)}: o limite é ${formatBytes(PAGE_LIMITS.photoBytes)}.`,
      });
    } else if (file.size === 0) {
      result.rejected.push({ file, reason: 'O arquivo está vazio.' });
    } else if (result.accepted.length >= slots) {
      result.rejected.push({
        file,
        reason: `Uma página tem no máximo ${PAGE_LIMITS.photos} fotos.`,
      });
    } else {
      result.accepted.push(file);
    }
  }
  return result;
}

/**
 * The photo order after dragging `activeId` onto `overId` (dnd-kit's onDragEnd); null when nothing
 * moves. The first photo is the cover.
 */
export function reorderPhotos<T extends Pick<PagePhotoView, 'id'>>(
  photos: readonly T[],
  activeId: string,
  overId: string | null | undefined,
): T[] | null {
  if (!overId || activeId === overId) return null;
  const from = photos.findIndex((p) => p.id === activeId);
  const to = photos.findIndex((p) => p.id === overId);
  if (from === -1 || to === -1) return null;
  const next = [...photos];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved!);
  return next;
}

/** Moves a photo to a position (the "Definir como capa" button uses 0). */
export function movePhoto<T extends Pick<PagePhotoView, 'id'>>(
  photos: readonly T[],
  id: string,
  to: number,
): T[] | null {
  const target = photos[Math.max(0, Math.min(to, photos.length - 1))];
  return target ? reorderPhotos(photos, id, target.id) : null;
}
