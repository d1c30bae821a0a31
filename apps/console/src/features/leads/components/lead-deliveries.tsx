import {
  canReplayDelivery,
  DELIVERY_OUTCOME_LABELS,
  integrationLabel,
  type LeadDelivery,
} from '@vitrine/contracts';
import { paths } from '@vitrine/contracts/paths';
import { ChevronDown, RotateCw, Send } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { DeliveryStatusBadge } from '@/components/delivery-status-badge';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { getApiErrorMessage } from '@/lib/api-errors';
import { cn } from '@/lib/utils';
import { useDelivery } from '../api/get-delivery';
import { formatDateTime, plural } from '../format';
import { DELIVERY_OUTCOME_TONES } from '../statuses';
import { errorText } from './status-badges';
import { useReplay } from './use-replay';

/** One row per integration that received (or should receive) the lead. */
export function LeadDeliveries({
  realEstateId,
  deliveries,
  quarantined,
}: {
  realEstateId: number;
  deliveries: LeadDelivery[];
  quarantined: boolean;
}) {
  const { replay, pendingId, allowed } = useReplay(realEstateId);
  if (deliveries.length === 0) {
    return (
      <div className="flex items-start gap-3 rounded-lg border border-dashed p-4 text-sm text-muted-foreground">
        <Send className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <p>
          {quarantined
            ? 'Nenhum envio: leads em quarentena não vão às integrações até serem liberados.'
            : 'Nenhuma integração ativa recebeu este lead.'}{' '}
          {!quarantined && (
            <Link
              to={paths.integrations}
              className="font-medium text-primary underline-offset-4 hover:underline"
            >
              Configurar integrações
            </Link>
          )}
        </p>
      </div>
    );
  }
  return (
    <ul className="grid gap-3">
      {deliveries.map((d) => (
        <DeliveryItem
          key={d.id}
          realEstateId={realEstateId}
          delivery={d}
          onReplay={allowed ? () => replay(d) : undefined}
          replaying={pendingId === d.id}
        />
      ))}
    </ul>
  );
}

function DeliveryItem({
  realEstateId,
  delivery: d,
  onReplay,
  replaying,
}: {
  realEstateId: number;
  delivery: LeadDelivery;
  /** Absent when the role may not replay. */
  onReplay: (() => void) | undefined;
  replaying: boolean;
}) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const name = integrationLabel(d.integration);
  return (
    <li className="rounded-lg border p-3" data-testid={`delivery-${d.integration}`}>
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-medium">{name}</span>
        <DeliveryStatusBadge status={d.status} />
        <span className="text-xs text-muted-foreground">{plural(d.attempts, 'tentativa', 'tentativas')}</span>
      </div>
      <dl className="mt-2 grid gap-1 text-xs text-muted-foreground empty:hidden">
        {d.last_error && (
          <div>
            <dt className="sr-only">Último erro</dt>
            <dd className="break-words text-red-700">{errorText(d)}</dd>
          </div>
        )}
        {!d.last_error && d.last_status_code !== null && (
          <div className="flex gap-1">
            <dt>Última resposta:</dt>
            <dd>HTTP {d.last_status_code}</dd>
          </div>
        )}
        {d.next_attempt_at && d.status !== 'delivered' && (
          <div className="flex gap-1">
            <dt>Próxima tentativa:</dt>
            <dd>{formatDateTime(d.next_attempt_at)}</dd>
          </div>
        )}
        {d.delivered_at && (
          <div className="flex gap-1">
            <dt>Entregue em:</dt>
            <dd>{formatDateTime(d.delivered_at)}</dd>
          </div>
        )}
      </dl>
      <div className="mt-2 flex flex-wrap gap-2">
        <Button
          variant="ghost"
          size="sm"
          className="-ml-2"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((v) => !v)}
        >
          <ChevronDown aria-hidden="true" className={cn('transition-transform', open && 'rotate-180')} />
          {open ? 'Ocultar tentativas' : 'Ver tentativas'}
          <span className="sr-only"> de {name}</span>
        </Button>
        {onReplay && canReplayDelivery(d.status) && (
          <Button variant="outline" size="sm" onClick={onReplay} disabled={replaying}>
            <RotateCw aria-hidden="true" className={cn(replaying && 'animate-spin')} />
            Reenviar
            <span className="sr-only"> para {name}</span>
          </Button>
        )}
      </div>
      {open && (
        <div id={panelId} className="mt-2">
          <AttemptsLedger realEstateId={realEstateId} deliveryId={d.id} />
        </div>
      )}
    </li>
  );
}

function AttemptsLedger({ realEstateId, deliveryId }: { realEstateId: number; deliveryId: string }) {
  const query = useDelivery(realEstateId, deliveryId, true);
  if (query.isPending) {
    return (
      <div role="status" aria-label="Carregando tentativas..." className="grid gap-2">
        <Skeleton className="h-4 w-3/4" />
        <Skeleton className="h-4 w-1/2" />
      </div>
    );
  }
  if (query.isError) {
    return (
      <p role="alert" className="text-sm text-red-700">
        {getApiErrorMessage(query.error)}{' '}
        <button type="button" className="font-medium underline" onClick={() => void query.refetch()}>
          Tentar novamente
        </button>
      </p>
    );
  }
  const { ledger } = query.data;
  if (ledger.length === 0) return <p className="text-sm text-muted-foreground">Nenhuma tentativa ainda.</p>;
  return (
    <ol className="grid gap-2 border-l pl-3" aria-label="Tentativas de envio">
      {ledger.map((a) => (
        <li key={`${a.attempt}-${a.started_at}`} className="text-xs">
          <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <span className="font-medium">#{a.attempt}</span>
            <span className="text-muted-foreground">{formatDateTime(a.started_at)}</span>
            <Badge tone={DELIVERY_OUTCOME_TONES[a.outcome] ?? 'gray'}>
              {DELIVERY_OUTCOME_LABELS[a.outcome] ?? a.outcome}
            </Badge>
            {a.status_code !== null && <span>HTTP {a.status_code}</span>}
            {a.duration_ms !== null && <span className="text-muted-foreground">{a.duration_ms} ms</span>}
          </div>
          {a.error && <p className="mt-1 break-words text-red-700">{a.error}</p>}
          {a.response && (
            <pre className="mt-1 max-h-24 overflow-auto rounded bg-muted p-2 font-mono text-[11px] whitespace-pre-wrap break-all">
              {a.response}
            </pre>
          )}
        </li>
      ))}
    </ol>
  );
}
