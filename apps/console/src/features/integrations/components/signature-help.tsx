import { ChevronRight, Copy } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { toast } from '@/lib/toast';
import { SIGNATURE_EXAMPLE } from '../signature-example';

/** A collapsible Node.js example of verifying the webhook signature (native <details>: keyboard and SR for free). */
export function SignatureHelp() {
  return (
    <details className="group rounded-lg border bg-muted/30">
      <summary className="flex cursor-pointer list-none items-center gap-2 rounded-lg px-3 py-2 text-sm font-medium select-none hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none [&::-webkit-details-marker]:hidden">
        <ChevronRight className="size-4 transition-transform group-open:rotate-90" aria-hidden="true" />
        Como verificar a assinatura (Node.js)
      </summary>
      <div className="grid min-w-0 gap-2 border-t px-3 py-3">
        <p className="text-xs text-muted-foreground">
          Calcule o HMAC-SHA256 de{' '}
          <code className="font-mono">{'{webhook-id}.{webhook-timestamp}.{corpo}'}</code> com a parte do
          segredo depois de <code className="font-mono">whsec_</code> (em base64) e compare com as assinaturas{' '}
          <code className="font-mono">v1,</code> do cabeçalho. Ignore repetições do mesmo{' '}
          <code className="font-mono">webhook-id</code>: ele é o mesmo em todas as tentativas.
        </p>
        {/* Focusable so that keyboard users can scroll it sideways. */}
        <pre
          tabIndex={0}
          aria-label="Exemplo de verificação da assinatura em Node.js"
          className="max-h-80 max-w-full overflow-auto rounded-md bg-zinc-950 p-3 font-mono text-[11px] leading-relaxed text-zinc-100"
        >
          <code>{SIGNATURE_EXAMPLE}</code>
        </pre>
        <div>
          <Button
            variant="outline"
            size="sm"
            onClick={() =>
              void Promise.resolve()
                .then(() => navigator.clipboard.writeText(SIGNATURE_EXAMPLE))
                .then(() => toast({ variant: 'success', title: 'Exemplo copiado' }))
                .catch(() => toast({ variant: 'warning', title: 'Não foi possível copiar' }))
            }
          >
            <Copy aria-hidden="true" /> Copiar exemplo
          </Button>
        </div>
      </div>
    </details>
  );
}
