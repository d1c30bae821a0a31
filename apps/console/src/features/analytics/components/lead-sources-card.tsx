/**
 * "Leads por origem" (docs/product.md#analytics): which source brings the period's leads — a bar per
 * source in its colour, with the count and share written beside it — and which listing brings them from
 * which source (a stacked bar per listing, its counts by source written under it). The colours are the
 * source badges'; every figure is also text, so nothing depends on seeing the colour.
 */
import type { AnalyticsLeadSources } from '@vitrine/contracts';
import { paths } from '@vitrine/contracts/paths';
import { Megaphone } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { LEAD_SOURCE_CHART_COLOURS, leadSourceLabel } from '@/components/lead-source-badge';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { formatCount, formatRate } from '../format';

interface LeadSourcesCardProps {
  /** Absent while the report loads: the card keeps its place, with placeholders. */
  data: AnalyticsLeadSources | undefined;
  /** Shown in the header: "7 dias", "Últimos 30 dias". */
  period: string;
  /** How many listings to show (the API sends up to 20). */
  maxPages?: number;
}

export function LeadSourcesCard({ data, period, maxPages = 8 }: LeadSourcesCardProps) {
  const id = useId();
  const total = data ? data.total.reduce((n, s) => n + s.leads, 0) : 0;
  const pages = data ? data.pages.slice(0, maxPages) : [];
  return (
    <Card className="min-w-0 overflow-hidden" data-testid="lead-sources" aria-busy={!data}>
      <CardHeader className="flex-row items-center gap-2 p-4 pb-2 sm:p-5 sm:pb-2">
        <Megaphone className="size-4 text-muted-foreground" aria-hidden="true" />
        <h2 id={`${id}-title`} className="text-sm font-semibold">
          Leads por origem
        </h2>
        <span className="ml-auto text-xs text-muted-foreground">{period}</span>
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-5 p-4 pt-0 sm:p-5 sm:pt-0 lg:grid-cols-2 [&>*]:min-w-0">
        {!data ? (
          <LeadSourcesSkeleton />
        ) : total === 0 ? (
          <p className="text-sm text-muted-foreground lg:col-span-2">Nenhum lead no período.</p>
        ) : (
          <>
            <ul className="grid min-w-0 grid-cols-1 content-start gap-2.5" aria-label="Leads por origem">
              {data.total.map((s) => (
                <li key={s.source} className="grid min-w-0 grid-cols-1 gap-1">
                  <div className="flex items-baseline justify-between gap-3 text-sm">
                    <span className="font-medium">{leadSourceLabel(s.source)}</span>
                    <span className="tabular-nums">
                      {formatCount(s.leads)}{' '}
                      <span className="text-xs text-muted-foreground">({formatRate(s.leads / total)})</span>
                    </span>
                  </div>
                  <div className="h-2 overflow-hidden rounded-full bg-muted" aria-hidden="true">
                    <div
                      className="h-full rounded-full"
                      style={{
                        width: `${Math.max(2, (s.leads / data.total[0]!.leads) * 100)}%`,
                        backgroundColor: LEAD_SOURCE_CHART_COLOURS[s.source],
                      }}
                    />
                  </div>
                </li>
              ))}
            </ul>
            <div className="grid min-w-0 grid-cols-1 content-start gap-2">
              <h3 className="text-xs font-medium text-muted-foreground">Imóveis e de onde vêm os leads</h3>
              <ul className="grid min-w-0 grid-cols-1 gap-3" aria-label="Leads por imóvel e origem">
                {pages.map((p) => (
                  <li key={p.page?.id ?? 'none'} className="grid min-w-0 grid-cols-1 gap-1">
                    <div className="flex items-baseline justify-between gap-3 text-sm">
                      {p.page ? (
                        <Link
                          to={`${paths.leads}?page_id=${p.page.id}`}
                          className="min-w-0 truncate rounded-sm hover:underline"
                          title={p.page.title}
                        >
                          {p.page.title}
                        </Link>
                      ) : (
                        <span className="min-w-0 truncate text-muted-foreground">Sem imóvel</span>
                      )}
                      <span className="shrink-0 tabular-nums">
                        {formatCount(p.leads)} {p.leads === 1 ? 'lead' : 'leads'}
                      </span>
                    </div>
                    <div className="flex h-2 overflow-hidden rounded-full bg-muted" aria-hidden="true">
                      {p.by_source.map((s) => (
                        <div
                          key={s.source}
                          className="h-full"
                          style={{
                            width: `${(s.leads / pages[0]!.leads) * 100}%`,
                            backgroundColor: LEAD_SOURCE_CHART_COLOURS[s.source],
                          }}
                        />
                      ))}
                    </div>
                    <p className="text-xs break-words text-muted-foreground">
                      {p.by_source
                        .map((s) => `${leadSourceLabel(s.source)} ${formatCount(s.leads)}`)
                        .join(' · ')}
                    </p>
                  </li>
                ))}
              </ul>
            </div>
          </>
        )}
      </CardContent>
    </Card>
  );
}

/** The card's two columns while the report loads: bars for the sources, rows for the listings. */
function LeadSourcesSkeleton() {
  return (
    <>
      <span className="sr-only">Carregando os leads por origem...</span>
      {[3, 4].map((rows, column) => (
        <div key={column} className="grid content-start gap-3" aria-hidden="true">
          {Array.from({ length: rows }, (_, i) => (
            <div key={i} className="grid gap-1.5">
              <Skeleton className="h-4 w-2/3" />
              <Skeleton className="h-2 w-full" />
            </div>
          ))}
        </div>
      ))}
    </>
  );
}
