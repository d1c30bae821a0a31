import {
  canReplayDelivery,
  DELIVERY_STATUS_LABELS,
  DELIVERY_STATUSES,
  INTEGRATION_NAMES,
  integrationLabel,
  type Delivery,
} from '@vitrine/contracts';
import { paths } from '@vitrine/contracts/paths';
import { FilterX, RotateCw, SearchX, Send } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { DeliveryStatusBadge } from '@/components/delivery-status-badge';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Pagination } from '@/components/ui/pagination';
import { EmptyState, ErrorState, ListSkeleton } from '@/components/ui/states';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { getApiErrorMessage } from '@/lib/api-errors';
import { cn } from '@/lib/utils';
import { useDeliveries } from '../api/get-deliveries';
import { formatDay, formatDateTime, formatTime, plural } from '../format';
import { deliveryListParams, PER_PAGE_OPTIONS, type DeliveryFilters } from '../lead-filters';
import { errorText } from './status-badges';
import { useReplay } from './use-replay';
import type { UrlPatch } from '@/lib/use-url-state';

interface DeliveriesPanelProps {
  realEstateId: number;
  filters: DeliveryFilters;
  onChange: (patch: UrlPatch) => void;
  onClear: () => void;
  leadHref: (id: string) => string;
  leadLinkState: unknown;
}

/** The agency's delivery ledger: every lead sent (or being sent) to each integration. */
export function DeliveriesPanel({
  realEstateId,
  filters,
  onChange,
  onClear,
  leadHref,
  leadLinkState,
}: DeliveriesPanelProps) {
  const id = useId();
  const query = useDeliveries(realEstateId, deliveryListParams(filters));
  const { replay, pendingId, allowed } = useReplay(realEstateId);
  const hasFilters = Boolean(filters.status || filters.integration);

  return (
    <div className="grid grid-cols-1 gap-4">
      <section
        aria-label="Filtros de entregas"
        className="flex flex-wrap items-end gap-3 rounded-xl border bg-card p-3 shadow-sm sm:p-4"
      >
        <div className="grid min-w-40 flex-1 gap-1.5 sm:flex-none">
          <Label htmlFor={`${id}-status`}>Status da entrega</Label>
          <NativeSelect
            id={`${id}-status`}
            value={filters.status}
            onChange={(e) => onChange({ status: e.target.value })}
          >
            <option value="">Todos</option>
            {DELIVERY_STATUSES.map((s) => (
              <option key={s} value={s}>
                {DELIVERY_STATUS_LABELS[s]}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid min-w-40 flex-1 gap-1.5 sm:flex-none">
          <Label htmlFor={`${id}-integration`}>Integração</Label>
          <NativeSelect
            id={`${id}-integration`}
            value={filters.integration}
            onChange={(e) => onChange({ integration: e.target.value })}
          >
            <option value="">Todas</option>
            {INTEGRATION_NAMES.map((name) => (
              <option key={name} value={name}>
                {integrationLabel(name)}
              </option>
            ))}
          </NativeSelect>
        </div>
        {hasFilters && (
          <Button variant="ghost" size="sm" onClick={onClear} className="sm:ml-auto">
            <FilterX aria-hidden="true" />
            Limpar filtros
          </Button>
        )}
      </section>

      {query.isPending ? (
        <ListSkeleton rows={4} label="Carregando entregas..." />
      ) : query.isError ? (
        <ErrorState message={getApiErrorMessage(query.error)} onRetry={() => void query.refetch()} />
      ) : query.data.data.length === 0 ? (
        hasFilters ? (
          <EmptyState
            icon={SearchX}
            title="Nenhuma entrega com esses filtros."
            action={
              <Button variant="outline" onClick={onClear}>
                Limpar filtros
              </Button>
            }
          />
        ) : (
          <EmptyState
            icon={Send}
            title="Nenhuma entrega ainda."
            description="Com uma integração ativa, cada lead enviado ao seu CRM aparece aqui, com as tentativas."
            action={
              <Button asChild>
                <Link to={paths.integrations}>Configurar integrações</Link>
              </Button>
            }
          />
        )
      ) : (
        <>
          <DeliveriesList
            deliveries={query.data.data}
            stale={query.isPlaceholderData}
            leadHref={leadHref}
            leadLinkState={leadLinkState}
            onReplay={allowed ? replay : undefined}
            pendingId={pendingId}
          />
          <Pagination
            meta={query.data.meta}
            perPage={filters.perPage}
            perPageOptions={PER_PAGE_OPTIONS}
            onPageChange={(page) => onChange({ page })}
            onPerPageChange={(perPage) => onChange({ per_page: perPage })}
            noun="entregas"
          />
        </>
      )}
    </div>
  );
}

function DeliveriesList({
  deliveries,
  stale,
  leadHref,
  leadLinkState,
  onReplay,
  pendingId,
}: {
  deliveries: Delivery[];
  stale: boolean;
  leadHref: (id: string) => string;
  leadLinkState: unknown;
  /** Absent when the role may not replay. */
  onReplay: ((d: Delivery) => void) | undefined;
  pendingId: string | undefined;
}) {
  const replayButton = (d: Delivery) =>
    onReplay &&
    canReplayDelivery(d.status) && (
      <Button variant="outline" size="sm" onClick={() => onReplay(d)} disabled={pendingId === d.id}>
        <RotateCw aria-hidden="true" className={cn(pendingId === d.id && 'animate-spin')} />
        Reenviar
        <span className="sr-only">
          {' '}
          o lead {d.lead?.name ?? ''} para {integrationLabel(d.integration)}
        </span>
      </Button>
    );
  const leadLink = (d: Delivery) => (
    <Link
      to={leadHref(d.lead_id)}
      state={leadLinkState}
      className="font-medium [overflow-wrap:anywhere] hover:underline"
    >
      {d.lead?.name ?? 'Lead'}
    </Link>
  );

  return (
    <div aria-busy={stale || undefined} className={cn('transition-opacity', stale && 'opacity-60')}>
      <div className="hidden overflow-hidden rounded-xl border bg-card shadow-sm xl:block">
        <Table scrollLabel="Tabela de entregas">
          <TableHeader>
            <TableRow className="hover:bg-transparent">
              <TableHead className="w-28">Criada em</TableHead>
              <TableHead>Lead</TableHead>
              <TableHead>Integração</TableHead>
              <TableHead>Status</TableHead>
              <TableHead>Tentativas</TableHead>
              <TableHead>Último erro</TableHead>
              <TableHead>Próxima tentativa</TableHead>
              <TableHead>
                <span className="sr-only">Ações</span>
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {deliveries.map((d) => (
              <TableRow key={d.id}>
                <TableCell className="whitespace-nowrap">
                  <div>{formatDay(d.created_at)}</div>
                  <div className="text-xs text-muted-foreground">{formatTime(d.created_at)}</div>
                </TableCell>
                <TableCell className="max-w-48">
                  {leadLink(d)}
                  {d.lead?.is_test && (
                    <Badge tone="outline" className="mt-1 block">
                      Teste
                    </Badge>
                  )}
                </TableCell>
                <TableCell>{integrationLabel(d.integration)}</TableCell>
                <TableCell>
                  <DeliveryStatusBadge status={d.status} />
                </TableCell>
                <TableCell className="tabular-nums">{d.attempts}</TableCell>
                <TableCell className="max-w-64">
                  {d.last_error ? (
                    <span
                      className="line-clamp-2 text-xs text-red-700 [overflow-wrap:anywhere]"
                      title={errorText(d)}
                    >
                      {errorText(d)}
                    </span>
                  ) : (
                    <span className="text-muted-foreground">—</span>
                  )}
                </TableCell>
                <TableCell className="text-xs whitespace-nowrap">
                  {d.next_attempt_at && d.status !== 'delivered' ? formatDateTime(d.next_attempt_at) : '—'}
                </TableCell>
                <TableCell className="text-right">{replayButton(d)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>

      <ul className="grid gap-3 xl:hidden" aria-label="Entregas">
        {deliveries.map((d) => (
          <li key={d.id} className="rounded-xl border bg-card p-4 shadow-sm">
            <div className="flex items-start justify-between gap-3">
              <div className="min-w-0">
                {leadLink(d)}
                <p className="text-xs text-muted-foreground">
                  {integrationLabel(d.integration)} · {formatDateTime(d.created_at)}
                </p>
              </div>
              <DeliveryStatusBadge status={d.status} />
            </div>
            <p className="mt-2 text-xs text-muted-foreground">
              {plural(d.attempts, 'tentativa', 'tentativas')}
              {d.next_attempt_at && d.status !== 'delivered'
                ? ` · próxima em ${formatDateTime(d.next_attempt_at)}`
                : ''}
            </p>
            {d.last_error && (
              <p className="mt-1 line-clamp-3 text-xs break-words text-red-700">{errorText(d)}</p>
            )}
            {onReplay && canReplayDelivery(d.status) && <div className="mt-3">{replayButton(d)}</div>}
          </li>
        ))}
      </ul>
    </div>
  );
}
