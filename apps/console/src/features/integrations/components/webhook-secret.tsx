import { Copy, Eye, EyeOff, KeyRound, RefreshCw } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { getApiErrorMessage } from '@/lib/api-errors';
import { toast } from '@/lib/toast';
import { useWebhookSecret } from '../api/get-webhook-secret';
import { useRotateWebhookSecret } from '../api/rotate-webhook-secret';
import { serverMessage } from '../server-message';
import { SignatureHelp } from './signature-help';

const MASK = `whsec_${'•'.repeat(24)}`;

/** The webhook's signing secret (masked, reveal, copy, rotate) and how to verify a signature. */
export function WebhookSecret({ realEstateId }: { realEstateId: number }) {
  const labelId = useId();
  const [visible, setVisible] = useState(false);
  const query = useWebhookSecret(realEstateId);
  const rotate = useRotateWebhookSecret(realEstateId);

  const copy = async (secret: string) => {
    try {
      await navigator.clipboard.writeText(secret);
      toast({
        variant: 'success',
        title: 'Segredo copiado',
        description: 'Cole-o na configuração do seu sistema.',
      });
    } catch {
      setVisible(true);
      toast({
        variant: 'warning',
        title: 'Não foi possível copiar',
        description: 'O segredo está visível: selecione-o e copie manualmente.',
      });
    }
  };

  return (
    <div className="grid gap-3 border-t pt-4">
      <div className="grid gap-1">
        <h3 id={labelId} className="flex items-center gap-2 text-sm font-medium">
          <KeyRound className="size-4 text-muted-foreground" aria-hidden="true" /> Segredo de assinatura
        </h3>
        <p className="text-xs text-muted-foreground">
          Cada envio leva o cabeçalho <code className="font-mono">webhook-signature</code> (padrão Standard
          Webhooks). Use este segredo para confirmar que o lead veio daqui.
        </p>
      </div>
      {query.isPending ? (
        <Skeleton className="h-9 w-full" />
      ) : query.isError ? (
        <p role="alert" className="text-xs text-destructive">
          Não foi possível carregar o segredo. {getApiErrorMessage(query.error)}{' '}
          <button type="button" className="font-medium underline" onClick={() => void query.refetch()}>
            Tentar novamente
          </button>
        </p>
      ) : (
        <div className="flex min-w-0 items-center gap-2">
          <code
            aria-labelledby={labelId}
            data-testid="webhook-secret"
            className="min-w-0 flex-1 truncate rounded-md border bg-muted px-3 py-2 font-mono text-xs select-all"
          >
            {visible ? query.data : MASK}
          </code>
          <Button
            variant="outline"
            size="icon"
            aria-label={visible ? 'Ocultar segredo' : 'Mostrar segredo'}
            aria-pressed={visible}
            onClick={() => setVisible((v) => !v)}
          >
            {visible ? <EyeOff aria-hidden="true" /> : <Eye aria-hidden="true" />}
          </Button>
          <Button
            variant="outline"
            size="icon"
            aria-label="Copiar segredo"
            onClick={() => void copy(query.data)}
          >
            <Copy aria-hidden="true" />
          </Button>
        </div>
      )}
      <div className="flex flex-wrap items-center gap-2">
        <ConfirmDialog
          trigger={
            <Button variant="outline" size="sm" disabled={rotate.isPending || !query.isSuccess}>
              <RefreshCw aria-hidden="true" className={rotate.isPending ? 'animate-spin' : undefined} />
              Gerar novo segredo
            </Button>
          }
          title="Gerar novo segredo?"
          description="O segredo atual deixa de valer na hora: os próximos envios serão assinados com o novo. Atualize o seu sistema em seguida para continuar validando as assinaturas."
          confirmLabel="Gerar novo segredo"
          destructive
          onConfirm={() =>
            rotate.mutate(undefined, {
              onSuccess: () => {
                setVisible(true);
                toast({
                  variant: 'success',
                  title: 'Novo segredo gerado',
                  description: 'Atualize o segredo no seu sistema.',
                });
              },
              onError: (error) =>
                toast({
                  variant: 'danger',
                  title: 'Erro ao gerar novo segredo',
                  description: serverMessage(error) ?? 'Não foi possível gerar um novo segredo.',
                }),
            })
          }
        />
      </div>
      <SignatureHelp />
    </div>
  );
}
