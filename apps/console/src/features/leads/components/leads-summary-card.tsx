/**
 * The Dashboard's lead count: the same endpoint and rule as the Leads screen and the Páginas list
 * (test and quarantined leads are not leads; the quarantine is counted apart), so the numbers agree.
 */
import { paths } from '@vitrine/contracts/paths';
import { Inbox, ShieldAlert } from 'lucide-react';
import { Link } from 'react-router';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useLeads } from '../api/get-leads';
import { quarantineCountText } from './quarantine';

const count = new Intl.NumberFormat('pt-BR');

export function LeadsSummaryCard({ realEstateId }: { realEstateId: number }) {
  const query = useLeads(realEstateId, { page: 1, per_page: 1 });
  if (query.isError) return null;
  const total = query.data?.meta.total ?? 0;
  const quarantined = query.data?.meta.quarantined ?? 0;
  return (
    <Card data-testid="leads-summary">
      <CardContent className="flex flex-wrap items-center gap-x-6 gap-y-2 pt-5 sm:pt-6">
        <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary">
          <Inbox className="size-5" aria-hidden="true" />
        </span>
        {query.isPending ? (
          <Skeleton className="h-5 w-48" />
        ) : (
          <>
            <Link to={paths.leads} className="rounded-sm hover:underline">
              <span className="text-lg font-semibold tabular-nums">{count.format(total)}</span>{' '}
              {total === 1 ? 'lead recebido' : 'leads recebidos'}
            </Link>
            {quarantined > 0 && (
              <Link
                to={`${paths.leads}?quarantined=1`}
                className="inline-flex items-center gap-1.5 rounded-sm text-sm text-amber-800 hover:underline"
              >
                <ShieldAlert className="size-4" aria-hidden="true" />
                {quarantineCountText(quarantined)}
              </Link>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}
