import { PAGE_LIMITS } from '@vitrine/contracts';
import { ImagePlus } from 'lucide-react';
import { useId, useRef } from 'react';
import { Button } from '@/components/ui/button';
import { useFileDrop } from '@/lib/use-file-drop';
import { cn, formatBytes } from '@/lib/utils';
import { PHOTO_ACCEPT } from '../../photo-files';

/** Where photos are dropped or picked (several at once); disabled once the page is full. */
export function PhotoDropZone({
  count,
  slots,
  onFiles,
}: {
  /** Photos the page has. */
  count: number;
  /** Photos it may still take. */
  slots: number;
  onFiles: (files: File[]) => void;
}) {
  const { dragging, dropProps } = useFileDrop(onFiles);
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();

  return (
    <div
      {...dropProps}
      className={cn(
        'flex flex-col items-center justify-center gap-2 rounded-xl border-2 border-dashed px-4 py-6 text-center transition-colors',
        dragging ? 'border-primary bg-accent' : 'border-input',
      )}
    >
      <ImagePlus className="size-8 text-muted-foreground" aria-hidden="true" />
      <p className="text-sm">
        <span className="hidden sm:inline">Arraste fotos para cá ou </span>
        <Button
          variant="link"
          className="h-auto p-0 align-baseline"
          disabled={slots <= 0}
          onClick={() => inputRef.current?.click()}
        >
          <span className="sm:hidden">Escolher fotos</span>
          <span className="hidden sm:inline">escolha no computador</span>
        </Button>
      </p>
      <p id={`${inputId}-hint`} className="text-xs text-muted-foreground">
        JPEG, PNG ou WebP, até {formatBytes(PAGE_LIMITS.photoBytes)} cada · {count}/{PAGE_LIMITS.photos} fotos
      </p>
      <input
        ref={inputRef}
        id={inputId}
        type="file"
        multiple
        accept={PHOTO_ACCEPT}
        aria-label="Enviar fotos"
        aria-describedby={`${inputId}-hint`}
        className="sr-only"
        tabIndex={-1}
        onChange={(e) => {
          onFiles(Array.from(e.target.files ?? []));
          e.target.value = '';
        }}
      />
    </div>
  );
}
