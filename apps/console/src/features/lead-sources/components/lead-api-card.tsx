import { zodResolver } from '@hookform/resolvers/zod';
import { createApiKeyBody, type ApiKey, type CreateApiKeyBody } from '@vitrine/contracts';
import { Check, Code2, Copy, ExternalLink, KeyRound, LoaderCircle, Plus, Trash2 } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Dialog, DialogContent, DialogFooter } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { ErrorState, ListSkeleton } from '@/components/ui/states';
import { applyServerErrors, getApiErrorMessage } from '@/lib/api-errors';
import { formatAge, formatDateTime, formatDay } from '@/lib/datetime';
import { submitHandler } from '@/lib/forms';
import { toast } from '@/lib/toast';
import { useApiKeys, useCreateApiKey, useRevokeApiKey } from '../api/api-keys';
import { curlExample, exampleIdempotencyKey } from '../lead-api-example';
import { CopyField } from './copy-field';

/**
 * The lead API card (docs/product.md#lead-api): the agency's keys (name, visible start, created, last
 * used, revoke), "Criar chave" showing the new key once, and a ready-to-copy curl example.
 */
export function LeadApiCard({ realEstateId }: { realEstateId: number }) {
  const titleId = useId();
  const query = useApiKeys(realEstateId);
  const active = query.data?.data.filter((k) => !k.revoked_at) ?? [];
  const idempotencyKey = useMemo(exampleIdempotencyKey, []);

  return (
    <Card aria-labelledby={titleId} role="region" data-testid="lead-api-card">
      <CardHeader>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CardTitle id={titleId} className="flex items-center gap-2">
            <Code2 className="size-4 text-muted-foreground" aria-hidden="true" />
            API de leads: seu site, RD Station, Zapier, Make
          </CardTitle>
          {query.data && (
            <Badge tone={active.length ? 'green' : 'gray'}>
              {active.length === 0
                ? 'Nenhuma chave ativa'
                : active.length === 1
                  ? '1 chave ativa'
                  : `${active.length} chaves ativas`}
            </Badge>
          )}
        </div>
        <CardDescription>
          Seu site ou suas ferramentas enviam cada lead com uma chave de API. O lead entra aqui como os da sua
          página: sem duplicar, com a roleta, o alerta e o envio ao seu CRM.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        {query.isPending ? (
          <ListSkeleton rows={2} label="Carregando chaves..." />
        ) : query.isError ? (
          <ErrorState
            title="Não foi possível carregar as chaves"
            message={getApiErrorMessage(query.error)}
            onRetry={() => void query.refetch()}
          />
        ) : (
          <>
            <CopyField
              label="Endereço para enviar leads (POST)"
              value={query.data.meta.endpoint_url}
              testId="lead-api-endpoint"
              copied={{
                title: 'Endereço copiado',
                description: 'Use-o no servidor do seu site ou na sua automação (Zapier, Make, n8n).',
              }}
            />
            <KeyList realEstateId={realEstateId} keys={query.data.data} />
            <details className="group rounded-lg border p-3 text-sm">
              <summary className="cursor-pointer font-medium">Como enviar um lead (exemplo com curl)</summary>
              <div className="mt-3 grid gap-3">
                <p className="text-muted-foreground">
                  Envie do servidor do seu site ou de uma automação (Zapier, Make, n8n), nunca do navegador do
                  visitante: quem lê a chave envia leads em seu nome. Use uma{' '}
                  <code className="font-mono text-xs">Idempotency-Key</code> diferente por lead (o id do envio
                  do formulário, por exemplo): repetir o envio com a mesma chave nunca cria um segundo lead.
                </p>
                <CodeBlock
                  label="Exemplo com curl"
                  code={curlExample({ endpoint: query.data.meta.endpoint_url, idempotencyKey })}
                />
                <p className="text-muted-foreground">
                  Só <code className="font-mono text-xs">name</code> e um contato (
                  <code className="font-mono text-xs">phone</code> ou{' '}
                  <code className="font-mono text-xs">email</code>) são obrigatórios. O{' '}
                  <code className="font-mono text-xs">listing_code</code> é o código do imóvel na página; em{' '}
                  <code className="font-mono text-xs">extra</code> vão os campos do seu formulário.
                </p>
                {query.data.meta.docs_url && (
                  <a
                    href={query.data.meta.docs_url}
                    target="_blank"
                    rel="noreferrer"
                    className="inline-flex w-fit items-center gap-1.5 font-medium text-primary hover:underline"
                  >
                    Documentação da API (todos os campos e respostas)
                    <ExternalLink className="size-3.5" aria-hidden="true" />
                    <span className="sr-only">(abre em nova aba)</span>
                  </a>
                )}
              </div>
            </details>
          </>
        )}
      </CardContent>
      {query.data && (
        <CardFooter className="flex-wrap justify-end">
          <CreateKeyDialog realEstateId={realEstateId} endpoint={query.data.meta.endpoint_url} />
        </CardFooter>
      )}
    </Card>
  );
}

function KeyList({ realEstateId, keys }: { realEstateId: number; keys: ApiKey[] }) {
  const headingId = useId();
  if (keys.length === 0)
    return (
      <div className="rounded-lg border border-dashed p-4 text-sm text-muted-foreground">
        Nenhuma chave criada ainda. Crie uma para cada sistema que vai enviar leads (o site, o RD Station…):
        assim você revoga uma sem parar as outras.
      </div>
    );
  return (
    <div className="grid gap-2">
      <h3 id={headingId} className="text-xs font-medium text-muted-foreground">
        Chaves
      </h3>
      <ul aria-labelledby={headingId} className="divide-y rounded-lg border">
        {keys.map((key) => (
          <KeyRow key={key.id} realEstateId={realEstateId} apiKey={key} />
        ))}
      </ul>
    </div>
  );
}

function KeyRow({ realEstateId, apiKey }: { realEstateId: number; apiKey: ApiKey }) {
  const revoke = useRevokeApiKey(realEstateId);
  const revoked = apiKey.revoked_at !== null;
  const onRevoke = () =>
    revoke.mutate(apiKey.id, {
      onSuccess: ({ message }) =>
        toast({ variant: 'success', title: 'Chave revogada', description: message }),
      onError: (error) =>
        toast({
          variant: 'danger',
          title: 'Não foi possível revogar a chave',
          description: getApiErrorMessage(error),
        }),
    });
  return (
    <li
      className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center sm:justify-between"
      data-testid={`api-key-${apiKey.id}`}
    >
      <div className={`grid min-w-0 gap-0.5 ${revoked ? 'text-muted-foreground' : ''}`}>
        <div className="flex flex-wrap items-center gap-2">
          <KeyRound className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
          <span className={`font-medium break-words ${revoked ? 'line-through' : ''}`}>{apiKey.name}</span>
          <code className="rounded bg-muted px-1.5 py-0.5 font-mono text-xs" aria-label="Início da chave">
            {apiKey.prefix}…
          </code>
          {revoked && <Badge tone="gray">Revogada em {formatDay(apiKey.revoked_at)}</Badge>}
        </div>
        <p className="text-xs text-muted-foreground">
          Criada em {formatDay(apiKey.created_at)}
          {apiKey.created_by ? ` por ${apiKey.created_by.name}` : ''} ·{' '}
          {apiKey.last_used_at ? (
            <span title={formatDateTime(apiKey.last_used_at)}>
              último uso {formatAge(apiKey.last_used_at)}
            </span>
          ) : (
            'nunca usada'
          )}
        </p>
      </div>
      {!revoked && (
        <ConfirmDialog
          trigger={
            <Button
              variant="outline"
              size="sm"
              className="self-start sm:self-auto"
              disabled={revoke.isPending}
              aria-label={`Revogar a chave ${apiKey.name}`}
            >
              <Trash2 aria-hidden="true" /> Revogar
            </Button>
          }
          title={`Revogar a chave "${apiKey.name}"?`}
          description="Ela deixa de funcionar na hora: cada envio com esta chave passa a receber 401 e nenhum lead entra por ela. Não dá para desfazer; se precisar, crie uma nova."
          confirmLabel="Revogar chave"
          destructive
          busy={revoke.isPending}
          onConfirm={onRevoke}
        />
      )}
    </li>
  );
}

type CreateOutput = z.output<typeof createApiKeyBody>;

/** "Criar chave": a name, then the key, shown once, with a copy button and the example filled in. */
function CreateKeyDialog({ realEstateId, endpoint }: { realEstateId: number; endpoint: string }) {
  const [open, setOpen] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const [created, setCreated] = useState<{ name: string; token: string } | null>(null);
  const idempotencyKey = useMemo(exampleIdempotencyKey, []);
  const create = useCreateApiKey(realEstateId);
  const { register, handleSubmit, setError, reset, formState } = useForm<
    CreateApiKeyBody,
    unknown,
    CreateOutput
  >({ resolver: zodResolver(createApiKeyBody), defaultValues: { name: '' } });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const { data } = await create.mutateAsync(values);
      setCreated({ name: data.name, token: data.token });
      reset();
    } catch (error) {
      setFormError(applyServerErrors(error, setError, ['name'] as const));
    }
  });

  const onOpenChange = (next: boolean) => {
    // Not while the key is being created: its answer would land in a closed dialog, and the key would
    // exist although the person pressed Cancelar.
    if (!next && formState.isSubmitting) return;
    setOpen(next);
    if (!next) {
      // The key leaves memory with the dialog: it is never shown again.
      setCreated(null);
      setFormError(null);
      reset();
    }
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <Button onClick={() => setOpen(true)}>
        <Plus aria-hidden="true" /> Criar chave
      </Button>
      <DialogContent
        title={created ? `Chave "${created.name}" criada` : 'Criar chave de API'}
        description={
          created
            ? undefined
            : 'Dê um nome que diga onde ela será usada, como "Site" ou "RD Station via Zapier".'
        }
        className="sm:max-w-xl"
      >
        {created ? (
          <div className="grid gap-4">
            <Alert variant="warning">
              <p>
                <strong>Copie a chave agora.</strong> Por segurança, ela não será mostrada de novo: guardamos
                só uma impressão dela. Se perder, crie outra e revogue esta.
              </p>
            </Alert>
            <CopyField
              label="Chave da API"
              value={created.token}
              testId="new-api-key"
              copied={{
                title: 'Chave copiada',
                description: 'Guarde-a no sistema que vai enviar os leads: ela não será mostrada de novo.',
              }}
            />
            <CodeBlock
              label="Teste com curl"
              code={curlExample({ endpoint, token: created.token, idempotencyKey })}
            />
            <DialogFooter>
              <Button onClick={() => onOpenChange(false)}>
                <Check aria-hidden="true" /> Já copiei a chave
              </Button>
            </DialogFooter>
          </div>
        ) : (
          <form onSubmit={submitHandler(onSubmit)} noValidate className="grid gap-4">
            {formError && <Alert variant="danger">{formError}</Alert>}
            <FormField label="Nome da chave" error={formState.errors.name?.message}>
              <Input autoComplete="off" maxLength={60} placeholder="Site" {...register('name')} />
            </FormField>
            <p className="text-xs text-muted-foreground">
              A chave só envia leads para esta imobiliária: não lê nem altera mais nada.
            </p>
            <DialogFooter>
              <Button
                type="button"
                variant="outline"
                disabled={formState.isSubmitting}
                onClick={() => onOpenChange(false)}
              >
                Cancelar
              </Button>
              <Button
                type="submit"
                disabled={formState.isSubmitting}
                aria-busy={formState.isSubmitting || undefined}
              >
                {formState.isSubmitting ? (
                  <LoaderCircle className="animate-spin" aria-hidden="true" />
                ) : (
                  <KeyRound aria-hidden="true" />
                )}
                {formState.isSubmitting ? 'Criando...' : 'Criar chave'}
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}

/** A command to paste in a terminal: shown whole (scrolling sideways on phones) with a copy button. */
function CodeBlock({ label, code }: { label: string; code: string }) {
  const labelId = useId();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code);
      toast({ variant: 'success', title: 'Comando copiado', description: 'Cole no terminal para testar.' });
    } catch {
      toast({
        variant: 'warning',
        title: 'Não foi possível copiar',
        description: 'Selecione o comando e copie manualmente.',
      });
    }
  };
  return (
    <div className="grid gap-1">
      <div className="flex items-center justify-between gap-2">
        <span id={labelId} className="text-xs font-medium text-muted-foreground">
          {label}
        </span>
        <Button
          variant="outline"
          size="sm"
          onClick={() => void copy()}
          aria-label={`Copiar: ${label.toLowerCase()}`}
        >
          <Copy aria-hidden="true" /> Copiar
        </Button>
      </div>
      <pre
        aria-labelledby={labelId}
        tabIndex={0}
        className="max-w-full overflow-x-auto rounded-md border bg-muted p-3 font-mono text-xs leading-relaxed select-all"
      >
        {code}
      </pre>
    </div>
  );
}
