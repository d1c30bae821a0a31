import { canReplayDelivery, type Delivery, type IntegrationName } from '@vitrine/contracts';
import { paths } from '@vitrine/contracts/paths';
import { ArrowRight, RotateCw } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { DeliveryStatusBadge } from '@/components/delivery-status-badge';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { getApiErrorMessage } from '@/lib/api-errors';
import { toast } from '@/lib/toast';
import { useReplayDelivery } from '@/features/leads';
import { useRecentDeliveries } from '../api/get-deliveries';
import { formatDateTime } from '../format';
import { serverMessage } from '../server-message';

/** The ledger of deliveries (built on /leads), filtered to one integration. */
export const deliveriesLedgerHref = (integration: IntegrationName) =>
  `${paths.leads}?tab=entregas&integration=${integration}`;

/** The last deliveries of one integration, with a replay for those that did not arrive. */
export function RecentDeliveries({
  realEstateId,
  integration,
}: {
  realEstateId: number;
  integration: IntegrationName;
}) {
  const headingId = useId();
  const query = useRecentDeliveries(realEstateId, integration);
  return (
    <section aria-labelledby={headingId} className="grid gap-2 border-t pt-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={headingId} className="text-sm font-medium">
          Últimas entregas
        </h3>
        <Link
          to={deliveriesLedgerHref(integration)}
          className="inline-flex items-center gap-1 rounded-sm text-xs font-medium text-primary hover:underline"
        >
          Ver histórico completo <ArrowRight className="size-3" aria-hidden="true" />
        </Link>
      </div>
      {query.isPending ? (
        <div role="status" aria-label="Carregando entregas..." className="grid gap-2">
          <Skeleton className="h-5 w-3/4" />
          <Skeleton className="h-5 w-1/2" />
        </div>
      ) : query.isError ? (
        <div role="alert" className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
          <span>Não foi possível carregar as entregas. {getApiErrorMessage(query.error)}</span>
          <Button
            variant="link"
            size="sm"
            className="h-auto p-0 text-xs"
            onClick={() => void query.refetch()}
          >
            Tentar novamente
          </Button>
        </div>
      ) : query.data.length === 0 ? (
        <p className="text-xs text-muted-foreground">Nenhum lead enviado para esta integração ainda.</p>
      ) : (
        <ul className="grid divide-y" data-testid={`deliveries-${integration}`}>
          {query.data.map((delivery) => (
            <DeliveryRow key={delivery.id} delivery={delivery} realEstateId={realEstateId} />
          ))}
        </ul>
      )}
    </section>
  );
}

function DeliveryRow({ delivery, realEstateId }: { delivery: Delivery; realEstateId: number }) {
  const replay = useReplayDelivery(realEstateId);
  const when = formatDateTime(delivery.delivered_at ?? delivery.created_at);
  const leadName = delivery.lead?.name ?? 'Lead';
  return (
    <li className="grid gap-1 py-2 text-xs">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <DeliveryStatusBadge status={delivery.status} />
        <time
          dateTime={delivery.delivered_at ?? delivery.created_at}
          className="text-muted-foreground tabular-nums"
        >
          {when}
        </time>
        {delivery.last_status_code !== null && (
          <span className="font-mono text-muted-foreground">HTTP {delivery.last_status_code}</span>
        )}
      </div>
      <div className="flex min-w-0 items-center gap-1.5">
        <span className="truncate" title={leadName}>
          {leadName}
        </span>
        {delivery.lead?.is_test && <Badge tone="info">teste</Badge>}
        {canReplayDelivery(delivery.status) && (
          <Button
            variant="outline"
            size="sm"
            className="ml-auto h-7 shrink-0 px-2"
            disabled={replay.isPending}
            aria-label={`Reenviar a entrega de ${when} (${leadName})`}
            onClick={() =>
              replay.mutate(delivery.id, {
                onSuccess: (result) =>
                  toast({ variant: 'success', title: 'Entrega reenviada', description: result.message }),
                onError: (error) =>
                  toast({
                    variant: 'danger',
                    title: 'Erro ao reenviar entrega',
                    description: serverMessage(error) ?? 'Não foi possível reenviar a entrega.',
                  }),
              })
            }
          >
            <RotateCw aria-hidden="true" /> Reenviar
          </Button>
        )}
      </div>
      {delivery.last_error && delivery.status !== 'delivered' && (
        <p className="break-words text-muted-foreground">{delivery.last_error}</p>
      )}
    </li>
  );
}
