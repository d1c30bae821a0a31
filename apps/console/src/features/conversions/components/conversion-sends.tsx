import { AD_CONVERSION_TARGETS, deliveryTargetLabel, type AdConversionTarget } from '@vitrine/contracts';
import { paths } from '@vitrine/contracts/paths';
import { Megaphone } from 'lucide-react';
import { Link } from 'react-router';
import { DeliveryStatusBadge } from '@/components/delivery-status-badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState, ErrorState, ListSkeleton } from '@/components/ui/states';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { getApiErrorMessage } from '@/lib/api-errors';
import { formatDateTime } from '@/lib/datetime';
import { useConversionSends } from '../api/conversions';

const TO_PLATFORM: Record<AdConversionTarget, string> = { meta: 'ao Meta', google_ads: 'ao Google Ads' };

/** "ao Meta e ao Google Ads": the platforms of the sends listed (both while none is). */
function platformsOf(sends: readonly { integration: string }[] | undefined): string {
  const listed = AD_CONVERSION_TARGETS.filter((p) => sends?.some((s) => s.integration === p));
  return (listed.length ? listed : AD_CONVERSION_TARGETS).map((p) => TO_PLATFORM[p]).join(' e ');
}

/** "Últimos envios": the ad platforms' last 50 deliveries, each with its platform and error. */
export function ConversionSends({ realEstateId }: { realEstateId: number }) {
  const query = useConversionSends(realEstateId);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Últimos envios</CardTitle>
        <CardDescription>
          Os 50 envios mais recentes {platformsOf(query.data)}, com a resposta de cada um.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {query.isPending ? (
          <ListSkeleton rows={3} label="Carregando os envios..." />
        ) : query.isError ? (
          <ErrorState message={getApiErrorMessage(query.error)} onRetry={() => void query.refetch()} />
        ) : query.data.length === 0 ? (
          <EmptyState
            icon={Megaphone}
            title="Nenhum envio ainda"
            description="Os envios aparecem aqui quando chegarem leads."
          />
        ) : (
          <Table scrollLabel="Últimos envios">
            <TableHeader>
              <TableRow>
                <TableHead>Quando</TableHead>
                <TableHead>Lead</TableHead>
                <TableHead>Destino</TableHead>
                <TableHead>Situação</TableHead>
                <TableHead>Detalhe</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {query.data.map((d) => (
                <TableRow key={d.id}>
                  <TableCell className="whitespace-nowrap">{formatDateTime(d.created_at)}</TableCell>
                  <TableCell className="max-w-56 min-w-32 [overflow-wrap:anywhere]">
                    {d.lead ? (
                      <Link className="underline" to={`${paths.leads}?lead=${d.lead_id}`}>
                        {d.lead.name}
                      </Link>
                    ) : (
                      '—'
                    )}
                  </TableCell>
                  <TableCell className="whitespace-nowrap">
                    {deliveryTargetLabel(d.integration)} · {d.event ?? 'Lead'}
                  </TableCell>
                  <TableCell>
                    <DeliveryStatusBadge status={d.status} />
                  </TableCell>
                  <TableCell className="max-w-80 min-w-48 text-xs [overflow-wrap:anywhere] text-muted-foreground">
                    {d.last_error ?? '—'}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}
