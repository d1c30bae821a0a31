import { CATALOG_IMPORT_MAX_BYTES } from '@vitrine/contracts';
import { FileUp } from 'lucide-react';
import { useId, useRef } from 'react';
import { Button } from '@/components/ui/button';
import { useFileDrop } from '@/lib/use-file-drop';
import { cn, formatBytes } from '@/lib/utils';
import { CATALOG_ACCEPT } from '../../catalog-file';

/** Where the catalog file is dropped or picked (one file). */
export function CatalogDropZone({ onFile }: { onFile: (file: File) => void }) {
  const { dragging, dropProps } = useFileDrop((files) => {
    if (files[0]) onFile(files[0]);
  });
  const inputRef = useRef<HTMLInputElement>(null);
  const hintId = useId();
  return (
    <div
      {...dropProps}
      className={cn(
        'flex flex-col items-center justify-center gap-3 rounded-xl border-2 border-dashed px-4 py-8 text-center transition-colors',
        dragging ? 'border-primary bg-accent' : 'border-input',
      )}
    >
      <FileUp className="size-9 text-muted-foreground" aria-hidden="true" />
      <p className="hidden text-sm sm:block">Arraste o arquivo do catálogo para cá, ou</p>
      <Button onClick={() => inputRef.current?.click()} aria-describedby={hintId}>
        Escolher arquivo
      </Button>
      <p id={hintId} className="text-xs text-muted-foreground">
        CSV, TSV ou XML até {formatBytes(CATALOG_IMPORT_MAX_BYTES)}, em UTF-8, UTF-16 ou Latin-1.
      </p>
      <input
        ref={inputRef}
        type="file"
        accept={CATALOG_ACCEPT}
        aria-label="Arquivo do catálogo"
        className="sr-only"
        tabIndex={-1}
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) onFile(file);
        }}
      />
    </div>
  );
}
