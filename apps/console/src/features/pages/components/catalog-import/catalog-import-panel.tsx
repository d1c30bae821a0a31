import { useId } from 'react';
import { Alert } from '@/components/ui/alert';
import { CatalogDropZone } from './catalog-drop-zone';
import type { Tracked } from './import-status';
import { ImportTracker } from './import-tracker';
import { RecentImports } from './recent-imports';
import { UploadProgress } from './upload-progress';
import { useCatalogUpload } from './use-catalog-upload';

/** The dialog's content: the import being followed, or the file on its way, or the file picker. */
export function CatalogImportPanel({
  realEstateId,
  tracked,
  onTrack,
}: {
  realEstateId: number;
  tracked: Tracked;
  onTrack: (tracked: Tracked) => void;
}) {
  const { phase, error, publish, setPublish, start, cancel } = useCatalogUpload(realEstateId, onTrack);
  const publishId = useId();

  if (tracked && phase.name === 'pick')
    return (
      <ImportTracker
        realEstateId={realEstateId}
        importId={tracked.importId}
        initial={tracked.initial}
        onAnother={() => onTrack(null)}
      />
    );

  if (phase.name === 'uploading')
    return <UploadProgress file={phase.file} progress={phase.progress} onCancel={cancel} />;

  return (
    <div className="grid gap-4">
      {error && (
        <Alert variant="danger">
          <p className="font-medium">Não foi possível importar este arquivo</p>
          <p>{error}</p>
        </Alert>
      )}
      <div className="flex items-start gap-2">
        <input
          id={publishId}
          type="checkbox"
          checked={publish}
          onChange={(e) => setPublish(e.target.checked)}
          aria-describedby={`${publishId}-hint`}
          className="mt-0.5 size-4 shrink-0 accent-primary"
        />
        <div className="grid gap-0.5">
          <label htmlFor={publishId} className="text-sm font-medium">
            Publicar ao importar
          </label>
          <p id={`${publishId}-hint`} className="text-xs text-muted-foreground">
            {publish
              ? 'Os imóveis disponíveis no catálogo entram publicados e o status das páginas existentes segue o catálogo.'
              : 'Desmarcado: as páginas novas entram como rascunho e as existentes mantêm o status.'}
          </p>
        </div>
      </div>
      <CatalogDropZone onFile={(file) => void start(file)} />
      <RecentImports
        realEstateId={realEstateId}
        onOpen={(item) => onTrack({ importId: item.id, initial: item })}
      />
    </div>
  );
}
