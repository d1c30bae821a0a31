/**
 * The agency's last 7 days from the analytics endpoint (one request, one session row): four figures
 * with their sparklines and change against the week before, and the listings that bring leads.
 */
import { LEAD_DEFINITION } from '@vitrine/contracts';
import { paths } from '@vitrine/contracts/paths';
import { ArrowRight, ChartColumn, Trophy } from 'lucide-react';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import {
  analyticsFilterParams,
  formatCount,
  formatRate,
  KpiCard,
  KpiGrid,
  KpiGridSkeleton,
  LeadSourcesCard,
  parseAnalyticsFilters,
  useAnalytics,
  type AnalyticsResponse,
} from '@/features/analytics';
import { getApiErrorMessage } from '@/lib/api-errors';

const WEEK = new URLSearchParams({ periodo: '7d' });
const WEEK_HREF = `${paths.analytics}?${WEEK.toString()}`;
/** Below this many sessions a conversion rate is luck, not a ranking (1 visit, 1 lead = 100%). */
export const MIN_SESSIONS_FOR_CONVERSION = 5;
const TOP = 5;

export function useWeekReport(realEstateId: number) {
  const week = useMemo(() => parseAnalyticsFilters(WEEK), []);
  // Only the figures: one session row is the least the list can send.
  return useAnalytics(realEstateId, { ...analyticsFilterParams(week), page: 1, per_page: 1 });
}

export function WeekKpis({ query }: { query: ReturnType<typeof useWeekReport> }) {
  return (
    <section aria-labelledby="semana" className="grid gap-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="semana" className="text-base font-semibold">
          Sua semana
        </h2>
        <Link
          to={WEEK_HREF}
          className="inline-flex items-center gap-1 rounded-sm text-sm text-primary hover:underline"
        >
          Abrir o Analytics
          <ArrowRight className="size-4" aria-hidden="true" />
        </Link>
      </div>
      {query.isPending ? (
        <KpiGridSkeleton count={4} label="Carregando os números da semana..." />
      ) : query.isError ? (
        <InlineError message={getApiErrorMessage(query.error)} onRetry={() => void query.refetch()} />
      ) : query.data.summary.sessions === 0 ? (
        <Card className="flex items-start gap-3 p-4 text-sm">
          <ChartColumn className="mt-0.5 size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
          <p className="text-muted-foreground">
            Nenhuma visita nos últimos 7 dias. Assim que alguém abrir uma página publicada, as visitas
            aparecem aqui (o contador já vem em todas as páginas).
          </p>
        </Card>
      ) : (
        <WeekCards report={query.data} />
      )}
    </section>
  );
}

function WeekCards({ report }: { report: AnalyticsResponse }) {
  const { summary, series } = report;
  // The week before the first visit is no baseline.
  const previous = report.previous_summary.sessions > 0 ? report.previous_summary : null;
  return (
    <KpiGrid label="Números dos últimos 7 dias">
      <KpiCard
        label="Visitantes"
        value={summary.visitors}
        previous={previous?.visitors}
        kind="count"
        trend={series.map((p) => p.visitors)}
        testId="week-visitors"
      />
      <KpiCard
        label="Visualizações"
        value={summary.pageviews}
        previous={previous?.pageviews}
        kind="count"
        trend={series.map((p) => p.pageviews)}
        testId="week-pageviews"
      />
      <KpiCard
        label="Leads"
        definition={LEAD_DEFINITION}
        value={summary.leads}
        previous={previous?.leads}
        kind="count"
        trend={series.map((p) => p.leads)}
        testId="week-leads"
      />
      <KpiCard
        label="Conversão"
        value={summary.conversion_rate}
        previous={previous?.conversion_rate}
        kind="rate"
        trend={series.map((p) => (p.sessions ? p.leads / p.sessions : 0))}
        testId="week-conversion"
      />
    </KpiGrid>
  );
}

interface TopRow {
  id: number;
  title: string;
  value: string;
  detail: string;
}

/** Which source (portal, form, API, page) and which listing brought the week's leads. */
export function WeekLeadSources({ query }: { query: ReturnType<typeof useWeekReport> }) {
  // A failed report says so once, in "Sua semana" above.
  if (query.isError) return null;
  return <LeadSourcesCard data={query.data?.lead_sources} period="7 dias" maxPages={5} />;
}

/** The listings that bring leads, and the ones that turn visits into leads best. */
export function TopListings({ query }: { query: ReturnType<typeof useWeekReport> }) {
  const ranks = useMemo(() => {
    const pages = query.data?.breakdowns.pages ?? [];
    const byLeads: TopRow[] = pages
      .filter((p) => p.leads > 0)
      .sort((a, b) => b.leads - a.leads || b.conversion_rate - a.conversion_rate)
      .slice(0, TOP)
      .map((p) => ({
        id: p.page.id,
        title: p.page.title,
        value: formatCount(p.leads),
        detail: `${formatCount(p.sessions)} ${p.sessions === 1 ? 'visita' : 'visitas'}`,
      }));
    const byConversion: TopRow[] = pages
      .filter((p) => p.sessions >= MIN_SESSIONS_FOR_CONVERSION && p.leads > 0)
      .sort((a, b) => b.conversion_rate - a.conversion_rate || b.leads - a.leads)
      .slice(0, TOP)
      .map((p) => ({
        id: p.page.id,
        title: p.page.title,
        value: formatRate(p.conversion_rate),
        detail: `${formatCount(p.leads)} de ${formatCount(p.sessions)} visitas`,
      }));
    return { byLeads, byConversion };
  }, [query.data]);

  if (query.isError) return null;
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <RankCard
        title="Imóveis com mais leads"
        unit="Leads"
        rows={ranks.byLeads}
        loading={query.isPending}
        empty="Nenhum lead pelas páginas nos últimos 7 dias."
        testId="top-by-leads"
      />
      <RankCard
        title="Imóveis que mais convertem"
        unit="Conversão"
        rows={ranks.byConversion}
        loading={query.isPending}
        empty={`Nenhum imóvel com ${MIN_SESSIONS_FOR_CONVERSION} visitas e um lead nos últimos 7 dias.`}
        testId="top-by-conversion"
      />
    </div>
  );
}

function RankCard({
  title,
  unit,
  rows,
  loading,
  empty,
  testId,
}: {
  title: string;
  unit: string;
  rows: TopRow[];
  loading: boolean;
  empty: string;
  testId: string;
}) {
  return (
    <Card data-testid={testId} className="min-w-0">
      <CardHeader className="flex-row items-center gap-2 p-4 pb-2 sm:p-5 sm:pb-2">
        <Trophy className="size-4 text-muted-foreground" aria-hidden="true" />
        <h2 className="text-sm font-semibold">{title}</h2>
        <span className="ml-auto text-xs text-muted-foreground">7 dias</span>
      </CardHeader>
      <CardContent className="p-4 pt-0 sm:p-5 sm:pt-0">
        {loading ? (
          <div className="grid gap-2" aria-hidden="true">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-8 w-full" />
            ))}
          </div>
        ) : rows.length === 0 ? (
          <p className="py-4 text-sm text-muted-foreground">{empty}</p>
        ) : (
          <ol className="grid grid-cols-1 gap-1">
            {rows.map((r, i) => (
              <li key={r.id}>
                <Link
                  to={`${paths.analytics}?${new URLSearchParams({ periodo: '7d', page_id: String(r.id) }).toString()}`}
                  className="flex items-center gap-3 rounded-lg px-2 py-1.5 hover:bg-muted/50"
                >
                  <span
                    className="w-4 shrink-0 text-xs text-muted-foreground tabular-nums"
                    aria-hidden="true"
                  >
                    {i + 1}
                  </span>
                  <span className="min-w-0 flex-1">
                    {/* Two lines on a phone, where one cuts most titles before the detail that tells them apart. */}
                    <span
                      className="line-clamp-2 text-sm font-medium break-words sm:line-clamp-1"
                      title={r.title}
                    >
                      {r.title}
                    </span>
                    <span className="block text-xs text-muted-foreground">{r.detail}</span>
                  </span>
                  <span className="shrink-0 text-sm font-semibold tabular-nums">
                    <span className="sr-only">{unit}: </span>
                    {r.value}
                  </span>
                </Link>
              </li>
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}

export function InlineError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <Card
      role="alert"
      className="flex flex-wrap items-center justify-between gap-3 border-red-200 bg-red-50/50 p-4 text-sm"
    >
      <p>{message}</p>
      <Button size="sm" variant="outline" onClick={onRetry}>
        Tentar novamente
      </Button>
    </Card>
  );
}
