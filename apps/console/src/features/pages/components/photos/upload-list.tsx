import { RotateCw, TriangleAlert } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Progress } from '@/components/ui/progress';
import { formatBytes } from '@/lib/utils';
import type { UploadEntry } from './use-photo-uploads';

/** The photos on their way: a real progress bar each; a failed one offers to retry or discard. */
export function UploadList({
  uploads,
  onRetry,
  onDiscard,
}: {
  uploads: UploadEntry[];
  onRetry: (key: string) => void;
  onDiscard: (key: string) => void;
}) {
  if (uploads.length === 0) return null;
  return (
    <ul aria-label="Envios de fotos" className="grid gap-2">
      {uploads.map((u) => (
        <li key={u.key} className="grid gap-1.5 rounded-lg border p-3 text-sm">
          <div className="flex items-center justify-between gap-2">
            <span className="min-w-0 truncate font-medium" title={u.file.name}>
              {u.file.name}
            </span>
            <span className="shrink-0 text-xs text-muted-foreground tabular-nums">
              {u.status === 'queued'
                ? 'Na fila'
                : u.status === 'uploading'
                  ? `${Math.round(u.progress)}% de ${formatBytes(u.file.size)}`
                  : 'Falhou'}
            </span>
          </div>
          <Progress
            value={u.status === 'queued' ? 0 : u.status === 'error' ? 100 : u.progress}
            tone={u.status === 'error' ? 'red' : 'brand'}
            label={`Envio de ${u.file.name}`}
          />
          {u.status === 'error' && (
            <div className="flex flex-wrap items-center justify-between gap-2">
              <p role="alert" className="flex items-center gap-1 text-xs text-destructive">
                <TriangleAlert className="size-3.5" aria-hidden="true" /> {u.error}
              </p>
              <div className="flex gap-1">
                <Button size="sm" variant="outline" onClick={() => onRetry(u.key)}>
                  <RotateCw aria-hidden="true" /> Tentar de novo
                </Button>
                <Button size="sm" variant="ghost" onClick={() => onDiscard(u.key)}>
                  Descartar
                </Button>
              </div>
            </div>
          )}
        </li>
      ))}
    </ul>
  );
}
