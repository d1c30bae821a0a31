import { Copy, Eye, EyeOff } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { toast } from '@/lib/toast';

/** What the toast says once the value is copied: where it goes next. */
export interface CopiedToast {
  title: string;
  description?: string;
}

/**
 * A value to paste into another system's form: shown (or masked, with "Mostrar") and copied with one click.
 * `copied` is the toast after copying; say where the value is pasted (the default names no place).
 */
export function CopyField({
  label,
  value,
  secret = false,
  testId,
  copied = { title: 'Copiado', description: 'Cole onde precisar.' },
}: {
  label: string;
  value: string;
  secret?: boolean;
  testId?: string;
  copied?: CopiedToast;
}) {
  const labelId = useId();
  const [visible, setVisible] = useState(!secret);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      toast({ variant: 'success', ...copied });
    } catch {
      setVisible(true);
      toast({
        variant: 'warning',
        title: 'Não foi possível copiar',
        description: 'O valor está visível: selecione-o e copie manualmente.',
      });
    }
  };
  return (
    <div className="grid gap-1">
      <span id={labelId} className="text-xs font-medium text-muted-foreground">
        {label}
      </span>
      <div className="flex min-w-0 items-center gap-2">
        <code
          aria-labelledby={labelId}
          data-testid={testId}
          className="min-w-0 flex-1 truncate rounded-md border bg-muted px-3 py-2 font-mono text-xs select-all"
        >
          {visible ? value : '•'.repeat(Math.min(value.length, 32))}
        </code>
        {secret && (
          <Button
            variant="outline"
            size="sm"
            aria-pressed={visible}
            aria-label={visible ? `Ocultar ${label.toLowerCase()}` : `Mostrar ${label.toLowerCase()}`}
            onClick={() => setVisible((v) => !v)}
          >
            {visible ? <EyeOff aria-hidden="true" /> : <Eye aria-hidden="true" />}
            <span className="hidden sm:inline">{visible ? 'Ocultar' : 'Mostrar'}</span>
          </Button>
        )}
        <Button
          variant="outline"
          size="icon"
          aria-label={`Copiar ${label.toLowerCase()}`}
          onClick={() => void copy()}
        >
          <Copy aria-hidden="true" />
        </Button>
      </div>
    </div>
  );
}
