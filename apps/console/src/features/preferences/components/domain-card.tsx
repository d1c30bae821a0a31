import { zodResolver } from '@hookform/resolvers/zod';
import {
  addCustomDomainBody,
  CUSTOM_DOMAIN_STATUS_LABELS,
  type AddCustomDomainInput,
  type CustomDomain,
} from '@vitrine/contracts';
import { Check, Copy, Globe, RefreshCw, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { ErrorState, ListSkeleton } from '@/components/ui/states';
import { applyServerErrors, getApiErrorMessage } from '@/lib/api-errors';
import { submitHandler } from '@/lib/forms';
import { toast } from '@/lib/toast';
import { useAddDomain } from '../api/add-domain';
import { useDomains } from '../api/get-domains';
import { useRemoveDomain } from '../api/remove-domain';
import { useVerifyDomain } from '../api/verify-domain';

type Output = z.output<typeof addCustomDomainBody>;

const dateTime = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle: 'short' });

/** Configurações → "Domínio próprio": the agency's pages on imoveis.suaimobiliaria.com.br. */
export function DomainCard({ realEstateId }: { realEstateId: number }) {
  const query = useDomains(realEstateId);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Domínio próprio</CardTitle>
        <CardDescription>
          Publique as páginas dos imóveis no domínio da sua imobiliária, como imoveis.suaimobiliaria.com.br. O
          certificado HTTPS é emitido automaticamente depois da verificação.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        {query.isPending ? (
          <ListSkeleton rows={2} label="Carregando domínios..." />
        ) : query.isError ? (
          <ErrorState message={getApiErrorMessage(query.error)} onRetry={() => void query.refetch()} />
        ) : (
          <>
            <p className="text-sm text-muted-foreground">
              Endereço atual das páginas:{' '}
              <span className="font-medium text-foreground [overflow-wrap:anywhere]">
                {query.data.meta.pages_url}/imoveis/…
              </span>
            </p>
            {query.data.data.map((domain) => (
              <DomainItem key={domain.id} realEstateId={realEstateId} domain={domain} />
            ))}
            <AddDomainForm realEstateId={realEstateId} />
          </>
        )}
      </CardContent>
    </Card>
  );
}

function AddDomainForm({ realEstateId }: { realEstateId: number }) {
  const add = useAddDomain(realEstateId);
  const [formError, setFormError] = useState<string | null>(null);
  const { register, handleSubmit, setError, reset, formState } = useForm<
    AddCustomDomainInput,
    unknown,
    Output
  >({ resolver: zodResolver(addCustomDomainBody), defaultValues: { hostname: '' } });
  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const result = await add.mutateAsync(values);
      toast({ variant: 'success', title: 'Domínio adicionado', description: result.message });
      reset();
    } catch (error) {
      setFormError(applyServerErrors(error, setError, ['hostname'] as const));
    }
  });
  return (
    <form onSubmit={submitHandler(onSubmit)} noValidate className="grid gap-3">
      {formError && <Alert variant="danger">{formError}</Alert>}
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start">
        <FormField
          label="Adicionar domínio"
          hint="Um subdomínio que a imobiliária controla, sem https:// (ex.: imoveis.suaimobiliaria.com.br)."
          error={formState.errors.hostname?.message}
          className="sm:max-w-md sm:flex-1"
        >
          <Input
            {...register('hostname')}
            placeholder="imoveis.suaimobiliaria.com.br"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            inputMode="url"
          />
        </FormField>
        <Button type="submit" disabled={formState.isSubmitting} className="sm:mt-7">
          <Globe aria-hidden="true" /> Adicionar
        </Button>
      </div>
    </form>
  );
}

function DomainItem({ realEstateId, domain }: { realEstateId: number; domain: CustomDomain }) {
  const verify = useVerifyDomain(realEstateId);
  const remove = useRemoveDomain(realEstateId);
  const verified = domain.status === 'verified';
  const failing = verified && domain.failing_since !== null;
  const onVerify = async () => {
    try {
      const result = await verify.mutateAsync(domain.id);
      const ok = result.data.status === 'verified';
      toast({
        variant: ok ? 'success' : 'warning',
        title: ok ? 'Domínio verificado' : 'Ainda não verificado',
        description: result.message,
      });
    } catch (error) {
      toast({
        variant: 'danger',
        title: 'Não foi possível verificar',
        description: getApiErrorMessage(error),
      });
    }
  };
  const onRemove = async () => {
    try {
      await remove.mutateAsync(domain.id);
      toast({ variant: 'success', title: 'Domínio removido' });
    } catch (error) {
      toast({ variant: 'danger', title: 'Não foi possível remover', description: getApiErrorMessage(error) });
    }
  };
  return (
    <section
      aria-label={`Domínio ${domain.hostname}`}
      className="grid gap-3 rounded-lg border p-4"
      data-testid="custom-domain"
    >
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-medium [overflow-wrap:anywhere]">{domain.hostname}</span>
        <Badge tone={failing ? 'red' : verified ? 'green' : 'yellow'} dot>
          {failing ? 'Falhando na verificação' : CUSTOM_DOMAIN_STATUS_LABELS[domain.status]}
        </Badge>
      </div>
      {failing && (
        <Alert variant="warning" data-testid="domain-failing">
          O registro TXT não é encontrado desde {dateTime.format(new Date(domain.failing_since!))}. Se ele não
          voltar até {dateTime.format(new Date(domain.unverify_at!))}, o domínio deixa de ser verificado e as
          páginas voltam ao endereço da Vitrine. Confira o registro abaixo no painel de DNS e clique em
          Verificar.
        </Alert>
      )}
      {!verified && (
        <p className="text-sm text-muted-foreground">
          No painel de DNS do domínio, crie os dois registros abaixo e clique em Verificar. A propagação pode
          levar de alguns minutos a algumas horas.
        </p>
      )}
      <dl className="grid gap-2 text-sm">
        <DnsRecord type="CNAME" name={domain.dns.cname.name} value={domain.dns.cname.value} />
        <DnsRecord type="TXT" name={domain.dns.txt.name} value={domain.dns.txt.value} />
      </dl>
      {domain.check_message && (
        <p className="text-sm text-muted-foreground" data-testid="domain-check">
          {domain.checked_at && <>Última verificação em {dateTime.format(new Date(domain.checked_at))}: </>}
          {domain.check_message}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" size="sm" onClick={() => void onVerify()} disabled={verify.isPending}>
          <RefreshCw aria-hidden="true" className={verify.isPending ? 'animate-spin' : undefined} />
          {verify.isPending ? 'Verificando...' : 'Verificar'}
        </Button>
        <ConfirmDialog
          trigger={
            <Button variant="ghost" size="sm">
              <Trash2 aria-hidden="true" /> Remover
            </Button>
          }
          title={`Remover ${domain.hostname}?`}
          description="As páginas voltam a ser publicadas no endereço da Vitrine. Para usar o domínio de novo, será preciso verificá-lo outra vez."
          confirmLabel="Remover domínio"
          destructive
          busy={remove.isPending}
          onConfirm={() => void onRemove()}
        />
      </div>
    </section>
  );
}

function DnsRecord({ type, name, value }: { type: string; name: string; value: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <div className="grid gap-1 rounded-md bg-muted/50 p-3 sm:grid-cols-[4rem_1fr_1fr_auto] sm:items-center sm:gap-3">
      <dt className="font-mono text-xs font-semibold">{type}</dt>
      <dd className="min-w-0">
        <span className="text-xs text-muted-foreground">Nome: </span>
        <code className="font-mono text-xs [overflow-wrap:anywhere]">{name}</code>
      </dd>
      <dd className="min-w-0">
        <span className="text-xs text-muted-foreground">Valor: </span>
        <code className="font-mono text-xs [overflow-wrap:anywhere]">{value}</code>
      </dd>
      <dd>
        <Button
          variant="ghost"
          size="sm"
          aria-label={`Copiar o valor do registro ${type}`}
          onClick={() =>
            void navigator.clipboard
              ?.writeText(value)
              .then(() => {
                setCopied(true);
                setTimeout(() => setCopied(false), 1500);
              })
              .catch(() => undefined)
          }
        >
          {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
          {copied ? 'Copiado' : 'Copiar'}
        </Button>
      </dd>
    </div>
  );
}
