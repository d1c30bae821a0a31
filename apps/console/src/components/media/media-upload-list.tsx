/**
 * Files on their way to the page (the editor's photos and videos): a real progress bar each, cancel
 * while sending when the upload can be cancelled, and retry or discard after a failure.
 */
import { RotateCw, TriangleAlert, X } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Progress } from '@/components/ui/progress';

export function MediaUploadList({ label, children }: { label: string; children: ReactNode }) {
  return (
    <ul aria-label={label} className="grid gap-2">
      {children}
    </ul>
  );
}

export function MediaUploadItem({
  name,
  status,
  progress,
  failed,
  error,
  onRetry,
  onDiscard,
  onCancel,
  testId,
}: {
  /** The file's name. */
  name: string;
  /** What shows beside the name: "42% de 3,1 MB", "Na fila", "Falhou"... */
  status: string;
  /** 0–100; null while the step has no measure (an indeterminate bar). */
  progress: number | null;
  failed: boolean;
  /** Why it failed, said under the bar. */
  error?: string;
  onRetry: () => void;
  onDiscard: () => void;
  /** While it is not failed: a "Cancelar envio" button (absent: the step cannot be cancelled). */
  onCancel?: () => void;
  testId?: string;
}) {
  return (
    <li data-testid={testId} className="grid gap-1.5 rounded-lg border p-3 text-sm">
      <div className="flex items-center justify-between gap-2">
        <span className="min-w-0 truncate font-medium" title={name}>
          {name}
        </span>
        <span className="shrink-0 text-xs text-muted-foreground tabular-nums" aria-live="polite">
          {status}
        </span>
      </div>
      <Progress value={failed ? 100 : progress} tone={failed ? 'red' : 'brand'} label={`Envio de ${name}`} />
      {failed ? (
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p role="alert" className="flex items-center gap-1 text-xs text-destructive">
            <TriangleAlert className="size-3.5 shrink-0" aria-hidden="true" /> {error}
          </p>
          <div className="flex gap-1">
            <Button size="sm" variant="outline" onClick={onRetry}>
              <RotateCw aria-hidden="true" /> Tentar de novo
            </Button>
            <Button size="sm" variant="ghost" onClick={onDiscard}>
              Descartar
            </Button>
          </div>
        </div>
      ) : (
        onCancel && (
          <div className="flex justify-end">
            <Button size="sm" variant="ghost" onClick={onCancel}>
              <X aria-hidden="true" /> Cancelar envio
            </Button>
          </div>
        )
      )}
    </li>
  );
}
