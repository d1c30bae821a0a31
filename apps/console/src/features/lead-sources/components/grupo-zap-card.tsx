import { INBOUND_CHANNEL_LABELS, type LeadSourceView } from '@vitrine/contracts';
import { paths } from '@vitrine/contracts/paths';
import { AlertTriangle, Building2, LoaderCircle, Plug, RefreshCw, Send, Unplug } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ErrorState, ListSkeleton } from '@/components/ui/states';
import { getApiErrorMessage } from '@/lib/api-errors';
import { formatAge, formatDateTime } from '@/lib/datetime';
import { toast } from '@/lib/toast';
import { useLeadSource } from '../api/get-lead-sources';
import { useManageLeadSource, useSendInboundTestLead, type SourceAction } from '../api/manage-lead-source';
import { CopyField } from './copy-field';
import { LeadsPerDay } from './leads-per-day';

/** Where the leads whose listing code matched no page are listed. */
export const LISTING_NOT_FOUND_HREF = `${paths.leads}?listing_not_found=1`;

/** Where the Grupo OLX values are pasted. */
const CANAL_PRO_HINT = 'Cole no formulário do integrador, no Canal Pro do Grupo OLX.';

const DONE: Record<SourceAction, string> = {
  connect: 'Origem conectada',
  rotate: 'Nova chave gerada',
  disconnect: 'Origem desconectada',
};

/** The Grupo OLX card (ZAP Imóveis, VivaReal, OLX): URL, secret, how to connect, test lead, numbers. */
export function GrupoZapCard({ realEstateId }: { realEstateId: number }) {
  const titleId = useId();
  const query = useLeadSource(realEstateId, 'grupo_zap');
  const manage = useManageLeadSource(realEstateId, 'grupo_zap');
  const run = (action: SourceAction) =>
    manage.mutate(action, {
      onSuccess: ({ message }) => toast({ variant: 'success', title: DONE[action], description: message }),
      onError: (error) =>
        toast({
          variant: 'danger',
          title: 'Não foi possível concluir',
          description: getApiErrorMessage(error),
        }),
    });

  return (
    <Card aria-labelledby={titleId} role="region" data-testid="grupo-zap-card">
      <CardHeader>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CardTitle id={titleId} className="flex items-center gap-2">
            <Building2 className="size-4 text-muted-foreground" aria-hidden="true" />
            {INBOUND_CHANNEL_LABELS.grupo_zap}
          </CardTitle>
          {query.data && (
            <Badge tone={query.data.connected ? 'green' : 'gray'}>
              {query.data.connected ? 'Conectado' : 'Não conectado'}
            </Badge>
          )}
        </div>
        <CardDescription>
          O portal envia cada lead para o endereço abaixo assim que o interessado faz contato. O lead entra
          aqui como os da sua página: sem duplicar, com a roleta, o alerta e o envio ao seu CRM.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        {query.isPending ? (
          <ListSkeleton rows={2} label="Carregando origem..." />
        ) : query.isError ? (
          <ErrorState
            title="Não foi possível carregar esta origem"
            message={getApiErrorMessage(query.error)}
            onRetry={() => void query.refetch()}
          />
        ) : !query.data?.connected ? (
          <NotConnected busy={manage.isPending} onConnect={() => run('connect')} />
        ) : (
          <Connected source={query.data} realEstateId={realEstateId} />
        )}
      </CardContent>
      {query.data?.connected && (
        <CardFooter className="flex-wrap justify-end">
          <ConfirmDialog
            trigger={
              <Button variant="outline" size="sm" disabled={manage.isPending}>
                <RefreshCw aria-hidden="true" /> Gerar nova chave
              </Button>
            }
            title="Gerar nova chave?"
            description="A chave atual deixa de valer na hora: o portal receberá 401 até você colar a nova chave no Canal Pro."
            confirmLabel="Gerar nova chave"
            destructive
            onConfirm={() => run('rotate')}
          />
          <ConfirmDialog
            trigger={
              <Button variant="outline" size="sm" disabled={manage.isPending}>
                <Unplug aria-hidden="true" /> Desconectar
              </Button>
            }
            title="Desconectar o Grupo OLX?"
            description="O endereço passa a responder 404 e o portal desfaz a integração: os próximos leads deixam de chegar aqui. Se reconectar, o endereço e a chave continuam os mesmos."
            confirmLabel="Desconectar"
            destructive
            onConfirm={() => run('disconnect')}
          />
        </CardFooter>
      )}
    </Card>
  );
}

function NotConnected({ busy, onConnect }: { busy: boolean; onConnect: () => void }) {
  return (
    <div className="flex flex-col items-start gap-3 rounded-lg border border-dashed p-4">
      <p className="text-sm text-muted-foreground">
        Conecte para ter o endereço e a chave que você cadastra no Canal Pro do Grupo OLX. Se já conectou
        antes, voltam os mesmos: não é preciso mudar nada no portal.
      </p>
      <Button onClick={onConnect} disabled={busy} aria-busy={busy || undefined}>
        {busy ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : <Plug aria-hidden="true" />}
        Conectar
      </Button>
    </div>
  );
}

function Connected({ source, realEstateId }: { source: LeadSourceView; realEstateId: number }) {
  const test = useSendInboundTestLead(realEstateId, 'grupo_zap');
  const sendTest = () =>
    test.mutate(undefined, {
      onSuccess: ({ message }) =>
        toast({ variant: 'success', title: 'Lead de teste recebido', description: message }),
      onError: (error) =>
        toast({
          variant: 'danger',
          title: 'O lead de teste não entrou',
          description: getApiErrorMessage(error),
        }),
    });
  return (
    <>
      <div className="grid gap-3">
        <CopyField
          label="URL de integração"
          value={source.url ?? ''}
          testId="grupo-zap-url"
          copied={{ title: 'URL copiada', description: CANAL_PRO_HINT }}
        />
        <div className="grid gap-3 sm:grid-cols-[10rem_1fr]">
          <CopyField
            label="Usuário"
            value={source.username ?? 'vivareal'}
            copied={{ title: 'Usuário copiado', description: CANAL_PRO_HINT }}
          />
          {source.secret && (
            <CopyField
              label="Chave secreta"
              value={source.secret}
              secret
              testId="grupo-zap-secret"
              copied={{ title: 'Chave secreta copiada', description: CANAL_PRO_HINT }}
            />
          )}
        </div>
      </div>

      <details className="group rounded-lg border p-3 text-sm">
        <summary className="cursor-pointer font-medium">Como conectar no portal</summary>
        <ol className="mt-2 grid list-decimal gap-1.5 pl-5 text-muted-foreground">
          <li>
            Entre no <strong>Canal Pro</strong> (canalpro.grupozap.com) com o usuário da imobiliária.
          </li>
          <li>
            Abra <strong>Integrações</strong> e escolha a integração de leads com software/CRM.
          </li>
          <li>
            No formulário do integrador, cole a <strong>URL de integração</strong> e a{' '}
            <strong>chave secreta</strong> acima (o portal envia o usuário <code>vivareal</code> com a chave).
          </li>
          <li>
            Cadastre em cada anúncio o <strong>código do imóvel</strong> igual ao código da página aqui: é por
            ele que o lead chega ligado ao imóvel certo.
          </li>
          <li>Salve e clique em “Enviar lead de teste” abaixo para conferir.</li>
        </ol>
        <p className="mt-2 text-xs text-muted-foreground">
          Vale para ZAP Imóveis, VivaReal e OLX: os três usam a mesma integração do Grupo OLX. Se algo não
          chegar, o histórico abaixo mostra o que o portal enviou e o motivo.
        </p>
      </details>

      <div className="grid gap-4 sm:grid-cols-2">
        <div className="grid content-start gap-1 text-sm">
          <span className="text-xs font-medium text-muted-foreground">Último lead recebido</span>
          {source.last_received_at ? (
            <span>
              {formatAge(source.last_received_at)}{' '}
              <span className="text-muted-foreground">({formatDateTime(source.last_received_at)})</span>
            </span>
          ) : (
            <span className="text-muted-foreground">Nenhum lead recebido ainda.</span>
          )}
          {source.listing_not_found > 0 && (
            <Link
              to={LISTING_NOT_FOUND_HREF}
              className="mt-2 inline-flex items-center gap-1.5 text-sm font-medium text-amber-800 hover:underline"
            >
              <AlertTriangle className="size-4" aria-hidden="true" />
              {source.listing_not_found === 1
                ? '1 lead com código de imóvel desconhecido'
                : `${source.listing_not_found} leads com código de imóvel desconhecido`}
            </Link>
          )}
          {source.refused > 0 && (
            <a
              href="#historico"
              className="inline-flex items-center gap-1.5 text-sm font-medium text-red-800 hover:underline"
            >
              <AlertTriangle className="size-4" aria-hidden="true" />
              {source.refused === 1 ? '1 envio recusado' : `${source.refused} envios recusados`} nos últimos
              30 dias
            </a>
          )}
        </div>
        <LeadsPerDay days={source.leads_per_day} />
      </div>

      <div>
        <Button
          variant="outline"
          onClick={sendTest}
          disabled={test.isPending}
          aria-busy={test.isPending || undefined}
        >
          {test.isPending ? (
            <LoaderCircle className="animate-spin" aria-hidden="true" />
          ) : (
            <Send aria-hidden="true" />
          )}
          Enviar lead de teste
        </Button>
      </div>
    </>
  );
}
