import type { CatalogImport } from '@vitrine/contracts';
import { RotateCw } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { DialogClose, DialogFooter } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { getApiErrorMessage } from '@/lib/api-errors';
import { isImportFinished, useCatalogImport } from '../../api/get-catalog-import';
import { ImportReport } from './import-report';

/** An import followed to its end (polled every second), then "Importar outro arquivo" or "Ver páginas". */
export function ImportTracker({
  realEstateId,
  importId,
  initial,
  onAnother,
}: {
  realEstateId: number;
  importId: string;
  initial?: CatalogImport;
  onAnother: () => void;
}) {
  const query = useCatalogImport(realEstateId, importId, initial);
  const data = query.data;
  const finished = isImportFinished(data);

  if (!data) {
    if (query.isError)
      return (
        <Alert variant="danger">
          <p>{getApiErrorMessage(query.error)}</p>
          <Button variant="outline" size="sm" className="mt-2" onClick={() => void query.refetch()}>
            <RotateCw aria-hidden="true" /> Tentar novamente
          </Button>
        </Alert>
      );
    return <Skeleton className="h-40" />;
  }

  return (
    <div className="grid gap-4">
      <ImportReport report={data} />
      {query.isError && !finished && (
        <p role="status" className="text-xs text-muted-foreground">
          Sem resposta do servidor agora; tentando de novo...
        </p>
      )}
      <DialogFooter className="mt-0">
        {finished && (
          <Button variant="outline" onClick={onAnother}>
            Importar outro arquivo
          </Button>
        )}
        <DialogClose asChild>
          <Button variant={finished ? 'default' : 'outline'}>
            {finished ? 'Ver páginas' : 'Continuar em segundo plano'}
          </Button>
        </DialogClose>
      </DialogFooter>
    </div>
  );
}
