import { LOGO_MAX_BYTES, LOGO_MIME_TYPES } from '@vitrine/contracts';
import { formatBytes } from '@/lib/utils';

export const LOGO_ACCEPT = LOGO_MIME_TYPES.join(',');

/** Client-side check of a logo file (the server checks again). Returns the problem, or null. */
export function logoFileProblem(file: Pick<File, 'type' | 'size'>): string | null {
  if (!(LOGO_MIME_TYPES as readonly string[]).includes(file.type)) {
    return 'Envie uma imagem PNG, JPEG, WebP ou SVG.';
  }
  if (file.size > LOGO_MAX_BYTES) {
    return `O logo deve ter no máximo ${formatBytes(LOGO_MAX_BYTES)} (este tem ${formatBytes(file.size)}).`;
  }
  return null;
}
