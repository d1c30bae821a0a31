import { ImageUp, Trash2 } from 'lucide-react';
import { useEffect, useId, useMemo, useRef } from 'react';
import { AccountLogo } from '@/components/ui/account-logo';
import { Button } from '@/components/ui/button';
import { LOGO_ACCEPT, logoFileProblem } from '../logo-file';

interface LogoFieldProps {
  name: string;
  currentUrl: string | null;
  file: File | null;
  removed: boolean;
  error: string | null;
  disabled?: boolean;
  onFileChange: (file: File | null, problem: string | null) => void;
  onRemove: () => void;
}

/** Logo picker with preview; the file is checked on the client before anything is sent. */
export function LogoField({
  name,
  currentUrl,
  file,
  removed,
  error,
  disabled,
  onFileChange,
  onRemove,
}: LogoFieldProps) {
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const previewUrl = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(
    () => () => {
      if (previewUrl) URL.revokeObjectURL(previewUrl);
    },
    [previewUrl],
  );

  const shownUrl = previewUrl ?? (removed ? null : currentUrl);

  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
      <AccountLogo name={name} logoUrl={shownUrl} className="size-20 rounded-xl text-xl" />
      <div className="grid gap-2">
        <div className="flex flex-wrap gap-2">
          <input
            ref={inputRef}
            id={inputId}
            type="file"
            accept={LOGO_ACCEPT}
            className="sr-only"
            disabled={disabled}
            aria-describedby={`${inputId}-hint`}
            onChange={(event) => {
              const picked = event.target.files?.[0] ?? null;
              event.target.value = '';
              if (!picked) return;
              const problem = logoFileProblem(picked);
              onFileChange(problem ? null : picked, problem);
            }}
          />
          <Button
            type="button"
            variant="outline"
            size="sm"
            disabled={disabled}
            onClick={() => inputRef.current?.click()}
          >
            <ImageUp aria-hidden="true" /> {shownUrl ? 'Trocar logo' : 'Enviar logo'}
          </Button>
          {shownUrl && (
            <Button type="button" variant="ghost" size="sm" disabled={disabled} onClick={onRemove}>
              <Trash2 aria-hidden="true" /> Remover logo
            </Button>
          )}
        </div>
        <p id={`${inputId}-hint`} className="text-xs text-muted-foreground">
          PNG, JPEG, WebP ou SVG, até 2 MB. {file ? `Selecionado: ${file.name}` : ''}
        </p>
        {error && (
          <p role="alert" className="text-xs font-medium text-destructive">
            {error}
          </p>
        )}
      </div>
    </div>
  );
}
