import { FileSpreadsheet } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { DialogFooter } from '@/components/ui/dialog';
import { Progress } from '@/components/ui/progress';
import { formatBytes } from '@/lib/utils';

/** The catalog file on its way, with a real progress bar and a way to cancel. */
export function UploadProgress({
  file,
  progress,
  onCancel,
}: {
  file: File;
  progress: number;
  onCancel: () => void;
}) {
  return (
    <div className="grid gap-3" aria-live="polite">
      <div className="flex items-center gap-3">
        <FileSpreadsheet className="size-8 shrink-0 text-muted-foreground" aria-hidden="true" />
        <div className="min-w-0 flex-1">
          <p className="truncate font-medium" title={file.name}>
            {file.name}
          </p>
          <p className="text-sm text-muted-foreground tabular-nums">
            Enviando... {Math.round(progress)}% de {formatBytes(file.size)}
          </p>
        </div>
      </div>
      <Progress value={progress} label={`Envio de ${file.name}`} />
      <DialogFooter>
        <Button variant="outline" onClick={onCancel}>
          Cancelar envio
        </Button>
      </DialogFooter>
    </div>
  );
}
