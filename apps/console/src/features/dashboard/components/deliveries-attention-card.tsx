/**
 * Deliveries to the CRM that need someone: failed (retrying), out of attempts, or paused by the
 * integration. The ledger filters one status at a time, so each is asked for apart (5 rows each).
 */
import { integrationLabel, type DeliveryStatus } from '@vitrine/contracts';
import { paths } from '@vitrine/contracts/paths';
import { ArrowRight, CircleCheck, Send } from 'lucide-react';
import { Link } from 'react-router';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { DeliveryStatusBadge } from '@/components/delivery-status-badge';
import { errorText, useDeliveries } from '@/features/leads';
import { getApiErrorMessage } from '@/lib/api-errors';
import { formatAge } from '@/lib/datetime';
import { InlineError } from './week-overview';

const LIMIT = 5;
export const ATTENTION_STATUSES = ['failed', 'dead', 'paused'] as const satisfies readonly DeliveryStatus[];

export function DeliveriesAttentionCard({ realEstateId }: { realEstateId: number }) {
  const failed = useDeliveries(realEstateId, { status: 'failed', per_page: LIMIT });
  const dead = useDeliveries(realEstateId, { status: 'dead', per_page: LIMIT });
  const paused = useDeliveries(realEstateId, { status: 'paused', per_page: LIMIT });
  const queries = [failed, dead, paused];
  const pending = queries.some((q) => q.isPending);
  const error = queries.find((q) => q.isError)?.error;
  const total = queries.reduce((sum, q) => sum + (q.data?.meta.total ?? 0), 0);
  const rows = queries
    .flatMap((q) => q.data?.data ?? [])
    .sort((a, b) => b.created_at.localeCompare(a.created_at))
    .slice(0, LIMIT);
  // The most urgent status decides where "see all" goes.
  const firstStatus = ATTENTION_STATUSES.find((_, i) => (queries[i]!.data?.meta.total ?? 0) > 0) ?? 'failed';

  return (
    <Card data-testid="deliveries-attention" className="flex min-w-0 flex-col">
      <CardHeader className="flex-row items-center gap-2 p-4 pb-2 sm:p-5 sm:pb-2">
        <Send className="size-4 text-muted-foreground" aria-hidden="true" />
        <h2 className="min-w-0 text-sm font-semibold">Entregas que precisam de atenção</h2>
        {total > 0 && (
          <span className="rounded-full bg-red-600 px-2 py-0.5 text-xs font-medium text-white">{total}</span>
        )}
      </CardHeader>
      <CardContent className="grid flex-1 grid-cols-1 gap-3 p-4 pt-0 sm:p-5 sm:pt-0">
        {pending ? (
          <div role="status" aria-label="Carregando as entregas..." className="grid gap-2">
            {[0, 1].map((i) => (
              <Skeleton key={i} className="h-10 w-full" />
            ))}
          </div>
        ) : error ? (
          <InlineError
            message={getApiErrorMessage(error)}
            onRetry={() => queries.forEach((q) => void q.refetch())}
          />
        ) : rows.length === 0 ? (
          <p className="flex items-center gap-2 py-4 text-sm text-muted-foreground">
            <CircleCheck className="size-4 shrink-0 text-emerald-600" aria-hidden="true" />
            Todas as entregas ao CRM estão em dia.
          </p>
        ) : (
          <>
            <ul className="grid grid-cols-1 gap-1">
              {rows.map((d) => (
                <li key={d.id}>
                  <Link
                    to={`${paths.leads}?lead=${encodeURIComponent(d.lead_id)}`}
                    className="flex items-start gap-3 rounded-lg px-2 py-1.5 hover:bg-muted/50"
                  >
                    <span className="min-w-0 flex-1">
                      <span className="block truncate text-sm font-medium">
                        {d.lead?.name ?? 'Lead'} → {integrationLabel(d.integration)}
                      </span>
                      <span className="line-clamp-2 text-xs break-words text-muted-foreground">
                        {errorText(d) || `${d.attempts} tentativas`} · {formatAge(d.created_at)}
                      </span>
                    </span>
                    <DeliveryStatusBadge status={d.status} />
                  </Link>
                </li>
              ))}
            </ul>
            <Link
              to={`${paths.leads}?tab=entregas&status=${firstStatus}`}
              className="mt-auto inline-flex w-fit items-center gap-1 rounded-sm text-sm text-primary hover:underline"
            >
              Abrir o registro de entregas
              <ArrowRight className="size-4" aria-hidden="true" />
            </Link>
          </>
        )}
      </CardContent>
    </Card>
  );
}
