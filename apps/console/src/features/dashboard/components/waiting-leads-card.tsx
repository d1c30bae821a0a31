/** Leads still "novo", the longest-waiting first: who to answer now. */
import { paths } from '@vitrine/contracts/paths';
import { ArrowRight, Clock, PartyPopper } from 'lucide-react';
import { Link } from 'react-router';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { OverdueBadge, useWaitingLeads } from '@/features/leads';
import { getApiErrorMessage } from '@/lib/api-errors';
import { formatAge, formatDateTime } from '@/lib/datetime';
import { InlineError } from './week-overview';

export const WAITING_LIMIT = 5;

export function WaitingLeadsCard({ realEstateId }: { realEstateId: number }) {
  const query = useWaitingLeads(realEstateId, WAITING_LIMIT);
  const total = query.data?.total ?? 0;
  return (
    <Card data-testid="waiting-leads" className="flex min-w-0 flex-col">
      <CardHeader className="flex-row items-center gap-2 p-4 pb-2 sm:p-5 sm:pb-2">
        <Clock className="size-4 text-muted-foreground" aria-hidden="true" />
        <h2 className="min-w-0 text-sm font-semibold">Leads esperando resposta</h2>
        {total > 0 && (
          <span className="rounded-full bg-primary px-2 py-0.5 text-xs font-medium text-primary-foreground">
            {total}
          </span>
        )}
      </CardHeader>
      <CardContent className="grid flex-1 grid-cols-1 gap-3 p-4 pt-0 sm:p-5 sm:pt-0">
        {query.isPending ? (
          <div role="status" aria-label="Carregando os leads novos..." className="grid gap-2">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-10 w-full" />
            ))}
          </div>
        ) : query.isError ? (
          <InlineError message={getApiErrorMessage(query.error)} onRetry={() => void query.refetch()} />
        ) : query.data.leads.length === 0 ? (
          <p className="flex items-center gap-2 py-4 text-sm text-muted-foreground">
            <PartyPopper className="size-4 shrink-0" aria-hidden="true" />
            Nenhum lead novo esperando: todos já foram atendidos.
          </p>
        ) : (
          <>
            <p className="text-xs text-muted-foreground">
              Status “Novo”, quem espera há mais tempo primeiro.
            </p>
            <ol className="grid grid-cols-1 gap-1">
              {query.data.leads.map((lead) => (
                <li key={lead.id}>
                  <Link
                    to={`${paths.leads}?lead=${encodeURIComponent(lead.id)}`}
                    // On a phone the name and the property take the whole width, the age goes under them.
                    className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-lg px-2 py-1.5 hover:bg-muted/50 sm:flex-nowrap"
                  >
                    <span className="min-w-0 basis-full sm:flex-1 sm:basis-auto">
                      <span className="block truncate text-sm font-medium">{lead.name}</span>
                      <span className="block truncate text-xs text-muted-foreground">
                        {lead.page?.title ?? 'Sem imóvel'}
                      </span>
                    </span>
                    {lead.overdue && <OverdueBadge />}
                    <time
                      dateTime={lead.created_at}
                      title={formatDateTime(lead.created_at)}
                      className="shrink-0 text-xs font-medium text-amber-800"
                    >
                      {formatAge(lead.created_at)}
                    </time>
                  </Link>
                </li>
              ))}
            </ol>
            <Link
              to={`${paths.leads}?status=novo`}
              className="mt-auto inline-flex w-fit items-center gap-1 rounded-sm text-sm text-primary hover:underline"
            >
              {total > WAITING_LIMIT ? `Ver os ${total} leads novos` : 'Ver na lista de leads'}
              <ArrowRight className="size-4" aria-hidden="true" />
            </Link>
          </>
        )}
      </CardContent>
    </Card>
  );
}
