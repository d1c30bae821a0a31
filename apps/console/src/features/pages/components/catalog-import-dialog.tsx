/**
 * "Importar catálogo": pick a Meta home-listings file (CSV, TSV or XML; drag and drop or a button),
 * upload it with a progress bar, then follow the import (polled every second) to its report:
 * counts and the rejected rows with their reasons. A file that is not a catalog is refused with the
 * server's message and nothing changes. When the import ends, the pages list refreshes.
 *
 * The parts are in ./catalog-import: the upload and the import's follow-up as hooks; the picker,
 * the upload's progress, the recent imports, the tracker and the report as components.
 */
import { useState, type ReactElement } from 'react';
import { Dialog, DialogContent, DialogTrigger } from '@/components/ui/dialog';
import { CatalogImportPanel } from './catalog-import/catalog-import-panel';
import type { Tracked } from './catalog-import/import-status';
import { useImportCompletion } from './catalog-import/use-import-completion';

export function CatalogImportDialog({
  realEstateId,
  trigger,
}: {
  realEstateId: number;
  trigger: ReactElement;
}) {
  const [open, setOpen] = useState(false);
  const [tracked, setTracked] = useState<Tracked>(null);
  useImportCompletion(realEstateId, tracked, open);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent
        title="Importar catálogo"
        description="O feed de imóveis do catálogo da Meta (Facebook e Instagram) em CSV, TSV ou XML. Cada imóvel vira uma página, em rascunho até você publicar; importar de novo atualiza as mesmas páginas."
        className="max-w-2xl"
      >
        {open && <CatalogImportPanel realEstateId={realEstateId} tracked={tracked} onTrack={setTracked} />}
      </DialogContent>
    </Dialog>
  );
}
