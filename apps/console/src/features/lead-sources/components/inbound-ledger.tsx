import {
  INBOUND_CHANNELS,
  INBOUND_CHANNEL_LABELS,
  INBOUND_OUTCOMES,
  INBOUND_OUTCOME_LABELS,
  LEAD_SOURCE_LABELS,
  type InboundChannel,
  type InboundOutcome,
  type InboundRequestView,
} from '@vitrine/contracts';
import { paths } from '@vitrine/contracts/paths';
import { FileJson, Inbox, RotateCw } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { NativeSelect } from '@/components/ui/native-select';
import { Pagination } from '@/components/ui/pagination';
import { Skeleton } from '@/components/ui/skeleton';
import { EmptyState, ErrorState, ListSkeleton } from '@/components/ui/states';
import { getApiErrorMessage } from '@/lib/api-errors';
import { formatDateTime } from '@/lib/datetime';
import { toast } from '@/lib/toast';
import { useInboundRequest, useInboundRequests, useReplayInboundRequest } from '../api/inbound-requests';

const OUTCOME_TONE: Record<InboundOutcome, 'green' | 'gray' | 'red'> = {
  created: 'green',
  duplicate: 'gray',
  refused: 'red',
  failed: 'red',
};

export const leadHref = (leadId: string) => `${paths.leads}?lead=${leadId}`;

/** The inbound ledger: every request a source sent, what became of it, its body, and "Reenviar". */
export function InboundLedger({ realEstateId }: { realEstateId: number }) {
  const titleId = useId();
  const channelId = useId();
  const outcomeId = useId();
  const [channel, setChannel] = useState<InboundChannel | ''>('');
  const [outcome, setOutcome] = useState<InboundOutcome | ''>('');
  const [page, setPage] = useState(1);
  const [viewing, setViewing] = useState<string | null>(null);
  const query = useInboundRequests(realEstateId, {
    page,
    per_page: 25,
    ...(channel ? { channel } : {}),
    ...(outcome ? { outcome } : {}),
  });

  return (
    <Card id="historico" role="region" aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId}>Histórico de recebimentos</CardTitle>
        <CardDescription>
          Tudo o que as origens enviaram, com o resultado. Um envio recusado pode ser reenviado depois de
          corrigir a causa (por exemplo, o código do imóvel).
        </CardDescription>
        {/* Two equal halves on phones; side by side, as wide as their options, from sm up. */}
        <div className="mt-2 grid grid-cols-2 gap-3 sm:flex sm:flex-wrap">
          <div className="grid min-w-0 gap-1">
            <label htmlFor={channelId} className="text-xs font-medium text-muted-foreground">
              Origem
            </label>
            <NativeSelect
              id={channelId}
              value={channel}
              onChange={(e) => {
                setChannel(e.target.value as InboundChannel | '');
                setPage(1);
              }}
            >
              <option value="">Todas</option>
              {INBOUND_CHANNELS.map((c) => (
                <option key={c} value={c}>
                  {INBOUND_CHANNEL_LABELS[c]}
                </option>
              ))}
            </NativeSelect>
          </div>
          <div className="grid min-w-0 gap-1">
            <label htmlFor={outcomeId} className="text-xs font-medium text-muted-foreground">
              Resultado
            </label>
            <NativeSelect
              id={outcomeId}
              value={outcome}
              onChange={(e) => {
                setOutcome(e.target.value as InboundOutcome | '');
                setPage(1);
              }}
            >
              <option value="">Todos</option>
              {INBOUND_OUTCOMES.map((o) => (
                <option key={o} value={o}>
                  {INBOUND_OUTCOME_LABELS[o]}
                </option>
              ))}
            </NativeSelect>
          </div>
        </div>
      </CardHeader>
      <CardContent className="grid min-w-0 grid-cols-1 gap-3">
        {query.isPending ? (
          <ListSkeleton rows={3} label="Carregando histórico..." />
        ) : query.isError ? (
          <ErrorState
            title="Não foi possível carregar o histórico"
            message={getApiErrorMessage(query.error)}
            onRetry={() => void query.refetch()}
          />
        ) : query.data.data.length === 0 ? (
          <EmptyState
            icon={Inbox}
            className="py-8"
            title={
              channel || outcome
                ? 'Nenhum recebimento com estes filtros.'
                : 'Nenhum lead recebido das origens ainda.'
            }
            description={
              channel || outcome
                ? 'Troque a origem ou o resultado para ver outros recebimentos.'
                : 'Conecte uma origem acima e envie um lead de teste.'
            }
          />
        ) : (
          <>
            <ul className="grid min-w-0 grid-cols-1 divide-y" data-testid="inbound-ledger">
              {query.data.data.map((row) => (
                <LedgerRow
                  key={row.id}
                  row={row}
                  realEstateId={realEstateId}
                  onView={() => setViewing(row.id)}
                />
              ))}
            </ul>
            <Pagination meta={query.data.meta} onPageChange={setPage} noun="recebimentos" />
          </>
        )}
      </CardContent>
      <BodyViewer realEstateId={realEstateId} id={viewing} onClose={() => setViewing(null)} />
    </Card>
  );
}

function LedgerRow({
  row,
  realEstateId,
  onView,
}: {
  row: InboundRequestView;
  realEstateId: number;
  onView: () => void;
}) {
  const replay = useReplayInboundRequest(realEstateId);
  const when = formatDateTime(row.received_at);
  const source = row.source ? LEAD_SOURCE_LABELS[row.source] : INBOUND_CHANNEL_LABELS[row.channel];
  return (
    <li className="grid min-w-0 grid-cols-1 gap-1 py-3 text-sm">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <Badge tone={OUTCOME_TONE[row.outcome]}>{INBOUND_OUTCOME_LABELS[row.outcome]}</Badge>
        <time dateTime={row.received_at} className="text-muted-foreground tabular-nums">
          {when}
        </time>
        <span className="min-w-0 font-medium break-words">{source}</span>
        <span className="font-mono text-xs text-muted-foreground">HTTP {row.http_status}</span>
        {row.is_test && <Badge tone="info">teste</Badge>}
        {row.replayed_at && (
          <Badge tone="outline">
            {`reenviado em ${formatDateTime(row.replayed_at)}${row.replayed_by ? ` por ${row.replayed_by}` : ''}`}
          </Badge>
        )}
      </div>
      {row.reason && <p className="break-words text-muted-foreground">{row.reason}</p>}
      <div className="flex flex-wrap items-center gap-2">
        {row.lead_id && (
          <Link
            to={leadHref(row.lead_id)}
            className="max-w-full min-w-0 truncate text-primary hover:underline"
          >
            {row.lead_name ?? 'Ver lead'}
          </Link>
        )}
        <Button
          variant="ghost"
          size="sm"
          className="h-7 px-2"
          onClick={onView}
          aria-label={`Ver o corpo recebido em ${when}`}
        >
          <FileJson aria-hidden="true" /> Ver corpo
        </Button>
        {row.can_replay && (
          <Button
            variant="outline"
            size="sm"
            className="h-7 px-2"
            disabled={replay.isPending}
            aria-label={`Reenviar a requisição de ${when}`}
            onClick={() =>
              replay.mutate(row.id, {
                onSuccess: (result) =>
                  toast({ variant: 'success', title: 'Requisição reenviada', description: result.message }),
                onError: (error) =>
                  toast({
                    variant: 'danger',
                    title: 'Ainda recusada',
                    description: getApiErrorMessage(error),
                  }),
              })
            }
          >
            <RotateCw aria-hidden="true" /> Reenviar
          </Button>
        )}
      </div>
    </li>
  );
}

function BodyViewer({
  realEstateId,
  id,
  onClose,
}: {
  realEstateId: number;
  id: string | null;
  onClose: () => void;
}) {
  const query = useInboundRequest(realEstateId, id);
  return (
    <Dialog open={id !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        title="Corpo recebido"
        description="O que a origem enviou, como chegou (sem credenciais)."
        className="max-w-2xl"
      >
        {query.isPending ? (
          <div role="status" aria-label="Carregando o corpo...">
            <Skeleton className="h-40 w-full" />
          </div>
        ) : query.isError ? (
          <ErrorState
            title="Não foi possível carregar o corpo"
            message={getApiErrorMessage(query.error)}
            onRetry={() => void query.refetch()}
          />
        ) : (
          <pre
            data-testid="inbound-body"
            className="max-h-[60vh] overflow-auto rounded-md border bg-muted p-3 font-mono text-xs break-all whitespace-pre-wrap"
          >
            {query.data.body === null ? 'Nenhum corpo guardado.' : JSON.stringify(query.data.body, null, 2)}
          </pre>
        )}
      </DialogContent>
    </Dialog>
  );
}
