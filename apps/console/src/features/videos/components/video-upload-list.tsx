import { RotateCw, TriangleAlert, X } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Progress } from '@/components/ui/progress';
import { formatBytes } from '@/lib/utils';
import type { VideoUpload } from './use-video-uploads';

const STEP: Record<VideoUpload['status'], string> = {
  requesting: 'Preparando envio...',
  uploading: '',
  finishing: 'Conferindo o arquivo...',
  error: 'Falhou',
};

/** The videos on their way: a real progress bar each, cancel while sending, retry or discard after a failure. */
export function VideoUploadList({
  uploads,
  onCancel,
  onRetry,
  onDiscard,
}: {
  uploads: VideoUpload[];
  onCancel: (key: string) => void;
  onRetry: (key: string) => void;
  onDiscard: (key: string) => void;
}) {
  if (uploads.length === 0) return null;
  return (
    <ul aria-label="Envios de vídeos" className="grid gap-2">
      {uploads.map((u) => (
        <li key={u.key} data-testid="video-upload" className="grid gap-1.5 rounded-lg border p-3 text-sm">
          <div className="flex items-center justify-between gap-2">
            <span className="min-w-0 truncate font-medium" title={u.file.name}>
              {u.file.name}
            </span>
            <span className="shrink-0 text-xs text-muted-foreground tabular-nums" aria-live="polite">
              {u.status === 'uploading'
                ? `${Math.round(u.progress)}% de ${formatBytes(u.file.size)}`
                : STEP[u.status]}
            </span>
          </div>
          <Progress
            value={u.status === 'requesting' ? null : u.status === 'error' ? 100 : u.progress}
            tone={u.status === 'error' ? 'red' : 'brand'}
            label={`Envio de ${u.file.name}`}
          />
          {u.status === 'error' ? (
            <div className="flex flex-wrap items-center justify-between gap-2">
              <p role="alert" className="flex items-center gap-1 text-xs text-destructive">
                <TriangleAlert className="size-3.5 shrink-0" aria-hidden="true" /> {u.error}
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
          ) : (
            u.status !== 'finishing' && (
              <div className="flex justify-end">
                <Button size="sm" variant="ghost" onClick={() => onCancel(u.key)}>
                  <X aria-hidden="true" /> Cancelar envio
                </Button>
              </div>
            )
          )}
        </li>
      ))}
    </ul>
  );
}
