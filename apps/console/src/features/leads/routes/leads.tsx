import { paths } from '@vitrine/contracts/paths';
import { Download, Inbox, Send } from 'lucide-react';
import { lazy, Suspense, useCallback, useMemo } from 'react';
import { useNavigate } from 'react-router';
import { PageLayout } from '@/components/layouts/page-layout';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Pagination } from '@/components/ui/pagination';
import { Skeleton } from '@/components/ui/skeleton';
import { EmptyState, ErrorState } from '@/components/ui/states';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { isManagerRole } from '@vitrine/contracts';
import { useAuth } from '@/features/auth';
import { useActiveMembers } from '@/features/users';
import { getApiErrorMessage } from '@/lib/api-errors';
import { leadsExportUrl, useLeads } from '../api/get-leads';
import { usePageOptions } from '../api/get-page-options';
import { DeliveriesPanel } from '../components/deliveries-panel';
import { LeadDetailSheet } from '../components/lead-detail-sheet';
import { LeadsEmpty, LeadsList, LeadsListSkeleton } from '../components/leads-list';
import { LeadsFilters, type AssigneeOption } from '../components/leads-filters';
import { QuarantineHeader, QuarantineNotice, ReleaseLeadButton } from '../components/quarantine';
import {
  clearFilters,
  deliveryFiltersOf,
  hasLeadFilters,
  leadFilterParams,
  leadFiltersOf,
  leadListParams,
  LEADS_URL_DEFAULTS,
  LEADS_URL_OPTIONS,
  leadsUrlSchema,
  paramsForTab,
  PER_PAGE_OPTIONS,
  type LeadFilters,
  type LeadsTab,
} from '../lead-filters';
import { chartPeriod } from '../leads-per-day';
import { useLeadPanel } from '../use-lead-panel';
import { useUrlState, type UrlWriteOptions, type UrlPatch } from '@/lib/use-url-state';
import { NoAgencySelected } from '@/components/no-agency-selected';

// recharts (~100 KB gzip) arrives only with the chart, after the list.
const LeadsPerDayChart = lazy(async () => ({
  default: (await import('../components/leads-per-day-chart')).LeadsPerDayChart,
}));

const TITLE = 'Leads';
const DESCRIPTION =
  'Contatos das suas páginas, dos portais, dos formulários do Facebook e do Instagram e da API, e o envio de cada um ao seu CRM.';
const breadcrumbs = [{ title: 'Dashboard', href: paths.dashboard }, { title: TITLE }];

/** /leads: the list with filters, a lead's detail (?lead={id}) and the deliveries ledger (?tab=entregas). */
export function LeadsRoute() {
  const { selectedRealEstate } = useAuth();
  if (!selectedRealEstate) {
    return (
      <PageLayout title={TITLE} description={DESCRIPTION} breadcrumbs={breadcrumbs}>
        <NoAgencySelected purpose="ver os leads" />
      </PageLayout>
    );
  }
  // Keyed by agency: switching accounts starts from a clean screen.
  return (
    <LeadsScreen
      key={selectedRealEstate.id}
      realEstateId={selectedRealEstate.id}
      agencyName={selectedRealEstate.name}
      canExport={selectedRealEstate.role !== 'agent'}
    />
  );
}

/** canExport: the CSV of every lead is for owners and admins (the API answers 403 to a corretor). */
function LeadsScreen({
  realEstateId,
  agencyName,
  canExport,
}: {
  realEstateId: number;
  agencyName: string;
  canExport: boolean;
}) {
  const { values, params, set, change } = useUrlState(leadsUrlSchema, LEADS_URL_DEFAULTS, LEADS_URL_OPTIONS);
  const panel = useLeadPanel({ params, set });
  const leadFilters = useMemo(() => leadFiltersOf(values), [values]);
  const deliveryFilters = useMemo(() => deliveryFiltersOf(params), [params]);
  const filterParams = useMemo(() => leadFilterParams(leadFilters), [leadFilters]);
  const clear = useCallback(() => change(clearFilters), [change]);
  const url = { tab: values.tab, leadFilters, update: set, clear, ...panel };

  return (
    <PageLayout
      title={TITLE}
      description={DESCRIPTION}
      breadcrumbs={breadcrumbs}
      actions={
        url.tab === 'leads' &&
        canExport && (
          <Button asChild variant="outline">
            <a href={leadsExportUrl(realEstateId, filterParams)} download>
              <Download aria-hidden="true" />
              Exportar CSV
            </a>
          </Button>
        )
      }
    >
      <Tabs
        value={url.tab}
        onValueChange={(value) => change((prev) => paramsForTab(prev, value as LeadsTab))}
        className="grid grid-cols-1 gap-4"
      >
        <TabsList aria-label="Visões de leads">
          <TabsTrigger value="leads">
            <Inbox aria-hidden="true" />
            Leads
          </TabsTrigger>
          <TabsTrigger value="entregas">
            <Send aria-hidden="true" />
            Entregas
          </TabsTrigger>
        </TabsList>
        <TabsContent value="leads" className="grid grid-cols-1 gap-4">
          <LeadsTabContent realEstateId={realEstateId} url={url} filterParams={filterParams} />
        </TabsContent>
        <TabsContent value="entregas" className="min-w-0">
          <DeliveriesPanel
            realEstateId={realEstateId}
            filters={deliveryFilters}
            onChange={url.update}
            onClear={url.clear}
            leadHref={url.leadHref}
            leadLinkState={url.leadLinkState}
          />
        </TabsContent>
      </Tabs>

      <LeadDetailSheet
        realEstateId={realEstateId}
        agencyName={agencyName}
        leadId={url.leadId}
        onClose={url.closeLead}
        leadHref={url.leadHref}
        leadLinkState={url.leadLinkState}
      />
    </PageLayout>
  );
}

/** What the Leads tab reads from and writes to the screen's URL. */
interface LeadsUrl {
  leadFilters: LeadFilters;
  update: (patch: UrlPatch, options?: UrlWriteOptions) => void;
  clear: () => void;
  leadHref: (id: string) => string;
  leadLinkState: unknown;
}

function LeadsTabContent({
  realEstateId,
  url,
  filterParams,
}: {
  realEstateId: number;
  url: LeadsUrl;
  filterParams: Record<string, string>;
}) {
  const navigate = useNavigate();
  const { leadFilters: filters } = url;
  const query = useLeads(realEstateId, leadListParams(filters));
  const assignees = useAssigneeOptions(realEstateId, query.data?.meta.own_leads_only);
  // The "Imóvel" filter hides itself when the pages list is unavailable.
  const pages = usePageOptions(realEstateId);
  const period = chartPeriod(filters);
  const onlyQuarantine = filters.quarantined && Object.keys(filterParams).length === 1;
  const quarantined = query.data?.meta.quarantined ?? 0;
  const showQuarantine = () => url.update({ quarantined: true });

  return (
    <>
      {period && (
        <Suspense fallback={<ChartFallback />}>
          <LeadsPerDayChart realEstateId={realEstateId} filters={filterParams} period={period} />
        </Suspense>
      )}
      <LeadsFilters
        filters={filters}
        onChange={url.update}
        onClear={url.clear}
        pages={pages.isSuccess ? pages.data : undefined}
        assignees={assignees}
      />
      <section aria-label="Lista de leads" className="grid grid-cols-1 gap-4">
        {query.isSuccess && filters.quarantined && quarantined > 0 && (
          <QuarantineHeader count={quarantined} onBack={() => url.update({ quarantined: null })} />
        )}
        {query.isSuccess && !filters.quarantined && quarantined > 0 && query.data.data.length > 0 && (
          <QuarantineNotice count={quarantined} onShow={showQuarantine} />
        )}
        {query.isPending ? (
          <LeadsListSkeleton />
        ) : query.isError ? (
          <ErrorState message={getApiErrorMessage(query.error)} onRetry={() => void query.refetch()} />
        ) : query.data.data.length === 0 && query.data.meta.total > 0 ? (
          // A link to a page that no longer exists (fewer leads now).
          <EmptyState
            icon={Inbox}
            title="Esta página da lista está vazia."
            action={
              <Button variant="outline" onClick={() => url.update({ page: 1 })}>
                Ir para a primeira página
              </Button>
            }
          />
        ) : query.data.data.length === 0 ? (
          <LeadsEmpty
            hasFilters={hasLeadFilters(filters)}
            quarantineOnly={onlyQuarantine}
            onClear={url.clear}
            quarantined={filters.quarantined ? 0 : quarantined}
            onShowQuarantine={showQuarantine}
          />
        ) : (
          <>
            <LeadsList
              leads={query.data.data}
              stale={query.isPlaceholderData}
              leadHref={url.leadHref}
              leadLinkState={url.leadLinkState}
              onOpen={(id) => void navigate(url.leadHref(id), { state: url.leadLinkState })}
              action={
                filters.quarantined
                  ? (lead) =>
                      lead.quarantined && <ReleaseLeadButton realEstateId={realEstateId} lead={lead} />
                  : undefined
              }
            />
            <Pagination
              meta={query.data.meta}
              perPage={filters.perPage}
              perPageOptions={PER_PAGE_OPTIONS}
              onPageChange={(page) => url.update({ page })}
              onPerPageChange={(perPage) => url.update({ per_page: perPage })}
              noun="leads"
            />
          </>
        )}
      </section>
    </>
  );
}

/**
 * The "Responsável" filter's members: the team for owners and admins; for an agent who sees every
 * lead, themselves (the team list is not theirs to read); nothing for an agent who sees only their own.
 */
function useAssigneeOptions(
  realEstateId: number,
  ownLeadsOnly: boolean | undefined,
): AssigneeOption[] | undefined {
  const { user, selectedRealEstate } = useAuth();
  const manager = isManagerRole(selectedRealEstate?.role);
  const members = useActiveMembers(realEstateId, manager);
  return useMemo(() => {
    if (manager) {
      return members.data?.data.map((m) => ({ id: m.id, name: m.name ?? m.email }));
    }
    if (ownLeadsOnly !== false || !user) return undefined;
    return [{ id: user.id, name: `${user.name} (você)` }];
  }, [manager, members.data, ownLeadsOnly, user]);
}

function ChartFallback() {
  return (
    <Card aria-hidden="true">
      <CardContent className="grid gap-2 p-4 sm:p-5">
        <Skeleton className="h-4 w-32" />
        <Skeleton className="h-24 w-full" />
      </CardContent>
    </Card>
  );
}
