import { LEAD_DEFINITION } from '@vitrine/contracts';
import { paths } from '@vitrine/contracts/paths';
import { ChartColumn, FilterX, PanelsTopLeft, SearchX } from 'lucide-react';
import { lazy, Suspense, useCallback, useMemo } from 'react';
import { Link } from 'react-router';
import { PageLayout } from '@/components/layouts/page-layout';
import { NoAgencySelected } from '@/components/no-agency-selected';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Pagination } from '@/components/ui/pagination';
import { Skeleton } from '@/components/ui/skeleton';
import { EmptyState, ErrorState } from '@/components/ui/states';
import { useAuth } from '@/features/auth';
import { getApiErrorMessage } from '@/lib/api-errors';
import { useUrlState, type UrlPatch } from '@/lib/use-url-state';
import { cn } from '@/lib/utils';
import {
  ANALYTICS_URL_DEFAULTS,
  analyticsFiltersOf,
  analyticsListParams,
  analyticsPatch,
  analyticsUrlSchema,
  CLEAR_ANALYTICS_FILTERS,
  hasAnalyticsFilters,
  periodText,
  type AnalyticsFilters,
} from '../analytics-filters';
import { useAnalytics } from '../api/get-analytics';
import { usePageOptions } from '@/features/leads';
import { AnalyticsToolbar } from '../components/analytics-toolbar';
import { BreakdownCard, type BreakdownRow } from '../components/breakdown-card';
import { FunnelCard } from '../components/funnel';
import { LeadSourcesCard } from '../components/lead-sources-card';
import { KpiCard, KpiGrid, KpiGridSkeleton } from '../components/kpi-card';
import { SessionsSkeleton, SessionsTable } from '../components/sessions-table';
import { plural, sourceLabel } from '../format';
import { KPIS, seriesPoints } from '../report';
import type { AnalyticsBreakdownRow, AnalyticsResponse } from '../types';

// recharts (~100 KB gzip) arrives only with the chart, after the figures.
const TimeSeriesChart = lazy(async () => ({
  default: (await import('../components/time-series-chart')).TimeSeriesChart,
}));

const TITLE = 'Analytics';
const DESCRIPTION = 'O que os visitantes fazem nas suas páginas, de onde vêm e quantos viram lead.';
const breadcrumbs = [{ title: 'Dashboard', href: paths.dashboard }, { title: TITLE }];

/** /analytics: period and filters in the URL, figures, chart, breakdowns, funnel and sessions. */
export function AnalyticsRoute() {
  const { selectedRealEstate } = useAuth();
  if (!selectedRealEstate) {
    return (
      <PageLayout title={TITLE} description={DESCRIPTION} breadcrumbs={breadcrumbs}>
        <NoAgencySelected purpose="ver o analytics" />
      </PageLayout>
    );
  }
  // Keyed by agency: switching accounts starts from a clean screen.
  return <AnalyticsScreen key={selectedRealEstate.id} realEstateId={selectedRealEstate.id} />;
}

function AnalyticsScreen({ realEstateId }: { realEstateId: number }) {
  const { values, set } = useUrlState(analyticsUrlSchema, ANALYTICS_URL_DEFAULTS);
  const filters = useMemo(() => analyticsFiltersOf(values), [values]);
  /** Each change is a history entry: the back button undoes it. */
  const update = useCallback((patch: UrlPatch) => set(analyticsPatch(patch)), [set]);
  const clear = useCallback(() => set(CLEAR_ANALYTICS_FILTERS), [set]);
  const query = useAnalytics(realEstateId, analyticsListParams(filters));
  const pages = usePageOptions(realEstateId);
  const report = query.data;
  // One row per source and campaign: the filter lists each source once.
  const sources = useMemo(
    () => [...new Set(report?.breakdowns.sources.map((s) => s.source) ?? [])],
    [report],
  );

  return (
    <PageLayout title={TITLE} description={DESCRIPTION} breadcrumbs={breadcrumbs}>
      <AnalyticsToolbar
        filters={filters}
        onChange={update}
        onClear={clear}
        pages={pages.isSuccess ? pages.data.map((p) => ({ value: String(p.id), label: p.title })) : undefined}
        sources={sources}
      />
      <p className="-mt-3 text-xs text-muted-foreground" aria-live="polite">
        {periodText(filters)} · horário de Brasília
      </p>
      {query.isPending ? (
        <ReportSkeleton />
      ) : query.isError ? (
        <ErrorState message={getApiErrorMessage(query.error)} onRetry={() => void query.refetch()} />
      ) : report!.summary.sessions === 0 && report!.meta.total === 0 && report!.summary.leads === 0 ? (
        // Leads from the portals, Meta forms or the API come without a visit: they still show.
        <NoVisits filters={filters} onChange={update} onClear={clear} />
      ) : (
        <Report report={report!} filters={filters} onChange={update} stale={query.isPlaceholderData} />
      )}
    </PageLayout>
  );
}

function Report({
  report,
  filters,
  onChange,
  stale,
}: {
  report: AnalyticsResponse;
  filters: AnalyticsFilters;
  onChange: (patch: UrlPatch) => void;
  stale: boolean;
}) {
  const { summary, breakdowns, funnel } = report;
  // A period before the first visit is no baseline: "+40 p.p." against nothing says nothing.
  const previous = report.previous_summary.sessions > 0 ? report.previous_summary : null;
  const text = periodText(filters);
  const points = useMemo(() => seriesPoints(report.series), [report.series]);
  const row = (
    r: AnalyticsBreakdownRow,
    patch: UrlPatch | null,
    extra: Partial<BreakdownRow> = {},
  ): BreakdownRow => ({
    key: r.key,
    label: r.label,
    visitors: r.visitors,
    leads: r.leads,
    onFilter: patch ? () => onChange(patch) : undefined,
    ...extra,
  });
  const chosen = filters.pageId ? funnel.pages.find((f) => String(f.page.id) === filters.pageId) : undefined;

  return (
    <div
      aria-busy={stale || undefined}
      className={cn('grid grid-cols-1 gap-6 transition-opacity', stale && 'opacity-60')}
    >
      {/* Seven cards: the four counts in one row, the three rates and times under them. */}
      <KpiGrid label={`Números de ${text}`} className="lg:grid-cols-12">
        {KPIS.map((k, i) => (
          <KpiCard
            className={cn(i < 4 ? 'lg:col-span-3' : 'lg:col-span-4', i === KPIS.length - 1 && 'col-span-2')}
            key={k.key}
            label={k.label}
            value={summary[k.key]}
            kind={k.kind}
            lowerIsBetter={k.lowerIsBetter}
            previous={previous?.[k.key]}
            definition={k.key === 'leads' ? LEAD_DEFINITION : undefined}
            testId={`kpi-${k.key}`}
          />
        ))}
      </KpiGrid>
      <p className="-mt-3 text-xs text-muted-foreground">
        {previous
          ? `Variação em relação aos ${plural(filters.days, 'dia', 'dias')} anteriores.`
          : `Sem visitas nos ${plural(filters.days, 'dia', 'dias')} anteriores para comparar.`}
      </p>

      {/* One day is one point: the cards above already say it all. */}
      {points.length > 1 && (
        <Suspense fallback={<ChartSkeleton />}>
          <TimeSeriesChart points={points} periodText={text} />
        </Suspense>
      )}

      <LeadSourcesCard data={report.lead_sources} period={text.replace(/ \(.*\)$/, '')} />

      <div className="grid gap-4 lg:grid-cols-2">
        <BreakdownCard
          title="Páginas"
          column="Página"
          rows={breakdowns.pages.map((r) =>
            row(r, filters.pageId === String(r.page.id) ? null : { page_id: String(r.page.id) }, {
              label: r.page.title,
            }),
          )}
        />
        <BreakdownCard
          title="Origens e campanhas"
          column="Origem"
          rows={breakdowns.sources.map((r) =>
            row(r, filters.source === r.source ? null : { source: r.source }, {
              key: `${r.source}\u0000${r.utm_campaign ?? ''}`,
              label: sourceLabel(r.source),
              detail: r.utm_campaign ? `Campanha: ${r.utm_campaign}` : undefined,
            }),
          )}
        />
        <BreakdownCard
          title="Sites de origem"
          column="Site"
          rows={breakdowns.referrers.map((r) => row(r, null, { key: r.key || 'direct' }))}
        />
        <BreakdownCard
          title="Dispositivos"
          column="Dispositivo"
          rows={breakdowns.devices.map((r) =>
            row(r, filters.device === r.device ? null : { device: r.device }),
          )}
        />
      </div>

      <FunnelCard
        total={chosen ?? funnel.total}
        listings={
          filters.pageId
            ? []
            : funnel.pages.map((f) => ({
                key: String(f.page.id),
                title: f.page.title,
                counts: f,
                onFilter: () => onChange({ page_id: String(f.page.id) }),
              }))
        }
        scope={chosen ? `${chosen.page.title} · ${text}` : `Todos os imóveis · ${text}`}
      />

      <section aria-labelledby="sessoes" className="grid grid-cols-1 gap-3">
        <h2 id="sessoes" className="text-base font-semibold">
          Sessões
        </h2>
        {report.data.length === 0 ? (
          <EmptyState
            icon={SearchX}
            title="Esta página da lista está vazia."
            action={
              <Button variant="outline" onClick={() => onChange({ page: 1 })}>
                Ir para a primeira página
              </Button>
            }
          />
        ) : (
          <>
            <SessionsTable sessions={report.data} stale={stale} />
            <Pagination meta={report.meta} onPageChange={(page) => onChange({ page })} noun="sessões" />
          </>
        )}
      </section>
    </div>
  );
}

/** No visit in the period: say how data arrives (a published page; the tracker is automatic). */
function NoVisits({
  filters,
  onChange,
  onClear,
}: {
  filters: AnalyticsFilters;
  onChange: (p: UrlPatch) => void;
  onClear: () => void;
}) {
  if (hasAnalyticsFilters(filters)) {
    return (
      <EmptyState
        icon={FilterX}
        title="Nenhuma visita com esses filtros no período."
        description="Tire um filtro ou escolha um período maior."
        action={
          <Button variant="outline" onClick={onClear}>
            <FilterX aria-hidden="true" />
            Limpar filtros
          </Button>
        }
      />
    );
  }
  return (
    <EmptyState
      icon={ChartColumn}
      title="Nenhuma visita neste período."
      description={
        <>
          As visitas aparecem aqui assim que alguém abre uma página publicada. Cada página já vem com o
          contador de visitas embutido: não há código para instalar nem cookie para o visitante aceitar.
        </>
      }
      action={
        <>
          <Button asChild>
            <Link to={paths.pages}>
              <PanelsTopLeft aria-hidden="true" />
              Publicar uma página
            </Link>
          </Button>
          {filters.period !== '90d' && (
            <Button variant="outline" onClick={() => onChange({ periodo: '90d' })}>
              Ver os últimos 90 dias
            </Button>
          )}
        </>
      }
    />
  );
}

function ChartSkeleton() {
  return (
    <Card aria-hidden="true">
      <CardContent className="grid gap-2 p-4 sm:p-5">
        <Skeleton className="h-4 w-40" />
        <Skeleton className="h-52 w-full sm:h-64" />
      </CardContent>
    </Card>
  );
}

function ReportSkeleton() {
  return (
    <div className="grid gap-6">
      <KpiGridSkeleton />
      <ChartSkeleton />
      <div className="grid gap-4 lg:grid-cols-2" aria-hidden="true">
        {[0, 1].map((i) => (
          <Card key={i} className="grid gap-2 p-4 sm:p-5">
            <Skeleton className="h-4 w-24" />
            {[0, 1, 2, 3].map((j) => (
              <Skeleton key={j} className="h-6 w-full" />
            ))}
          </Card>
        ))}
      </div>
      <SessionsSkeleton />
    </div>
  );
}
