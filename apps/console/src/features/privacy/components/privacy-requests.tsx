import { PRIVACY_ACTION_LABELS, type PrivacyRequest } from '@vitrine/contracts';
import { History } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Pagination } from '@/components/ui/pagination';
import { EmptyState, ErrorState, ListSkeleton } from '@/components/ui/states';
import { getApiErrorMessage } from '@/lib/api-errors';
import { formatDateTime } from '@/lib/datetime';
import { usePrivacyRequests } from '../api/get-privacy-requests';

/** "exportou os dados de um e-mail (#3f2a…): 2 leads, 1 contato". */
export function describeRequest(entry: PrivacyRequest): string {
  const verb = entry.action === 'erase' ? 'anonimizou' : 'exportou';
  const key = entry.key_type === 'email' ? 'um e-mail' : 'um telefone';
  const leads = entry.counts.leads ?? 0;
  const contacts = entry.counts.contacts ?? 0;
  const found =
    leads || contacts
      ? `${leads} lead${leads === 1 ? '' : 's'}, ${contacts} contato${contacts === 1 ? '' : 's'}`
      : 'nada encontrado';
  const canceled = entry.counts.canceled_deliveries
    ? `, ${entry.counts.canceled_deliveries} entrega(s) cancelada(s)`
    : '';
  return `${verb} os dados de ${key} (#${entry.key_hash}): ${found}${canceled}`;
}

/** "Histórico de solicitações": every export and erasure, who and when; the person only as a hash. */
export function PrivacyRequests({ realEstateId }: { realEstateId: number }) {
  const [page, setPage] = useState(1);
  const query = usePrivacyRequests(realEstateId, page);
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <History className="size-4" aria-hidden="true" /> Histórico de solicitações
        </CardTitle>
        <CardDescription>
          Exportações e anonimizações, da mais recente à mais antiga. A pessoa aparece só como um código (o
          mesmo para o mesmo e-mail ou telefone), nunca pelo dado em si.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {query.isPending ? (
          <ListSkeleton rows={3} label="Carregando o histórico..." />
        ) : query.isError ? (
          <ErrorState message={getApiErrorMessage(query.error)} onRetry={() => void query.refetch()} />
        ) : !query.data.data.length ? (
          <EmptyState
            icon={History}
            title="Nenhuma solicitação ainda"
            description="Cada exportação ou anonimização feita aqui fica registrada nesta lista."
          />
        ) : (
          <div className="grid gap-3">
            <ol className="grid divide-y text-sm" aria-label="Solicitações atendidas">
              {query.data.data.map((entry) => (
                <li
                  key={entry.id}
                  data-testid="privacy-request"
                  className="flex flex-col gap-1 py-2 sm:flex-row sm:items-center sm:justify-between sm:gap-4"
                >
                  <span className="flex flex-wrap items-center gap-2">
                    <Badge tone={entry.action === 'erase' ? 'brand' : 'info'}>
                      {PRIVACY_ACTION_LABELS[entry.action]}
                    </Badge>
                    <span>
                      <span className="font-medium">{entry.actor?.name || 'Ex-membro'}</span>{' '}
                      {describeRequest(entry)}
                    </span>
                  </span>
                  <time className="shrink-0 text-xs text-muted-foreground" dateTime={entry.created_at}>
                    {formatDateTime(entry.created_at)}
                  </time>
                </li>
              ))}
            </ol>
            {query.data.meta.last_page > 1 && (
              <Pagination meta={query.data.meta} onPageChange={setPage} noun="solicitações" />
            )}
          </div>
        )}
      </CardContent>
    </Card>
  );
}
