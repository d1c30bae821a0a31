import type { CatalogImport } from '@vitrine/contracts';
import type { BadgeTone } from '@/components/ui/badge';

/** Status colours: yellow while working, green done, red failed. */
export const STATUS_TONES: Record<CatalogImport['status'], BadgeTone> = {
  queued: 'yellow',
  running: 'yellow',
  done: 'green',
  failed: 'red',
};

export const count = new Intl.NumberFormat('pt-BR');

/** The import being followed; it outlives the dialog, so closing it does not stop the import's follow-up. */
export type Tracked = { importId: string; initial?: CatalogImport } | null;
