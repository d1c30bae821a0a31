import { paths } from '@vitrine/contracts/paths';
import { UTM_LABELS } from '@/lib/campaign-labels';
import { ArrowRight, CircleCheck, UserRoundX } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { PageLayout } from '@/components/layouts/page-layout';
import { NoAgencySelected } from '@/components/no-agency-selected';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { ErrorState } from '@/components/ui/states';
import { useAuth } from '@/features/auth';
import { getApiErrorMessage, getApiStatus } from '@/lib/api-errors';
import { SESSION_EVENTS_LIMIT, useSessionEvents } from '../api/get-session-events';
import { SessionTimeline } from '../components/session-timeline';
import { sessionOrigin } from '../components/sessions-table';
import {
  deviceLabel,
  formatCount,
  formatDateTime,
  formatDuration,
  formatTime,
  plural,
  referrerLabel,
} from '../format';
import type { AnalyticsEvent, AnalyticsSessionDetail } from '../types';

const TITLE = 'Sessão do visitante';
const breadcrumbs = [
  { title: 'Dashboard', href: paths.dashboard },
  { title: 'Analytics', href: paths.analytics },
  { title: 'Sessão' },
];

/** /analytics/session/:sessionId: what one visitor did, event by event, and the lead it produced. */
export function AnalyticsSessionRoute() {
  const { sessionId = '' } = useParams();
  const { selectedRealEstate } = useAuth();
  if (!selectedRealEstate) {
    return (
      <PageLayout title={TITLE} breadcrumbs={breadcrumbs} backUrl={paths.analytics}>
        <NoAgencySelected purpose="ver esta sessão" />
      </PageLayout>
    );
  }
  return (
    <SessionScreen
      key={`${selectedRealEstate.id}:${sessionId}`}
      realEstateId={selectedRealEstate.id}
      sessionId={sessionId}
    />
  );
}

function SessionScreen({ realEstateId, sessionId }: { realEstateId: number; sessionId: string }) {
  const query = useSessionEvents(realEstateId, sessionId);
  const session = query.data?.session;
  const notFound = (query.isError && getApiStatus(query.error) === 404) || (query.isSuccess && !session);
  return (
    <PageLayout
      title={TITLE}
      description={session ? sessionWhen(session) : undefined}
      breadcrumbs={breadcrumbs}
      backUrl={paths.analytics}
    >
      {query.isPending ? (
        <SessionSkeleton />
      ) : notFound ? (
        <ErrorState
          title="Sessão não encontrada"
          message="Esta sessão não existe ou pertence a outra imobiliária. Confira a conta selecionada."
        />
      ) : query.isError ? (
        <ErrorState message={getApiErrorMessage(query.error)} onRetry={() => void query.refetch()} />
      ) : (
        <SessionBody session={session!} events={query.data.data} total={query.data.meta.total} />
      )}
    </PageLayout>
  );
}

/** "09/03/2026 22:33 a 22:41 · 8 min 05 s" */
function sessionWhen(s: AnalyticsSessionDetail): string {
  return `${formatDateTime(s.started_at)} a ${formatTime(s.ended_at)} · ${formatDuration(s.duration_seconds)}`;
}

function SessionBody({
  session,
  events,
  total,
}: {
  session: AnalyticsSessionDetail;
  events: AnalyticsEvent[];
  total: number;
}) {
  const titles = new Map(session.pages.map((p) => [p.id, p.title]));
  const origin = sessionOrigin(session);
  const campaign: Array<[string, string | null]> = [
    [UTM_LABELS.source, session.utm_source],
    [UTM_LABELS.medium, session.utm_medium],
    [UTM_LABELS.campaign, session.utm_campaign],
    [UTM_LABELS.term, session.utm_term],
    [UTM_LABELS.content, session.utm_content],
  ];
  const aside = 'lg:col-start-2';
  // Phones read the outcome, then the story, then the details; wide screens put the story on the left.
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem] lg:grid-rows-[auto_auto_auto_1fr] lg:items-start">
      <div className={aside}>
        <LeadCard leadId={session.lead_id} />
      </div>
      <Card className="min-w-0 lg:col-start-1 lg:row-span-4 lg:row-start-1">
        <CardHeader className="p-4 pb-3 sm:p-5 sm:pb-3">
          <h2 className="text-sm font-semibold">Linha do tempo</h2>
          <p className="text-xs text-muted-foreground">
            {plural(total, 'evento', 'eventos')}, na ordem em que aconteceram (horário de Brasília).
          </p>
        </CardHeader>
        <CardContent className="p-4 pt-0 sm:p-5 sm:pt-0">
          {events.length === 0 ? (
            <p className="py-6 text-center text-sm text-muted-foreground">
              Nenhum evento registrado nesta sessão.
            </p>
          ) : (
            <SessionTimeline
              events={events.map((e) => ({
                ...e,
                pageTitle: e.page_id !== null ? titles.get(e.page_id) : null,
              }))}
            />
          )}
          {total > events.length && (
            <Alert className="mt-4">
              Mostrando os primeiros {formatCount(SESSION_EVENTS_LIMIT)} eventos de {formatCount(total)}.
            </Alert>
          )}
        </CardContent>
      </Card>
      <InfoCard title="Visitante" className={aside}>
        <Field label="Dispositivo">{deviceLabel(session.device)}</Field>
        <Field label="Origem">{origin.source}</Field>
        <Field label="Site de origem">{referrerLabel(session.referrer)}</Field>
        {campaign
          .filter(([, v]) => v)
          .map(([label, v]) => (
            <Field key={label} label={label}>
              <span className="break-all">{v}</span>
            </Field>
          ))}
        {session.gclid && <Field label="Anúncio">Google Ads (gclid)</Field>}
        {session.fbclid && <Field label="Anúncio">Meta Ads (fbclid)</Field>}
      </InfoCard>
      <InfoCard title="Visita" className={aside}>
        <Field label="Duração">{formatDuration(session.duration_seconds)}</Field>
        <Field label="Tempo engajado">{formatDuration(session.engaged_seconds)}</Field>
        <Field label="Rolagem máxima">{`${formatCount(session.max_scroll)}%`}</Field>
        <Field label="Visualizações">{formatCount(session.pageviews)}</Field>
        <Field label="Eventos">{formatCount(session.events_count)}</Field>
      </InfoCard>
      <InfoCard title={`Páginas vistas (${session.pages.length})`} className={aside}>
        {session.pages.length === 0 ? (
          <p className="text-sm text-muted-foreground">A página desta visita foi excluída.</p>
        ) : (
          <ol className="grid list-decimal gap-1 pl-5 text-sm">
            {session.pages.map((p) => (
              <li key={p.id}>
                <Link to={paths.page(p.id)} className="text-primary underline-offset-4 hover:underline">
                  {p.title}
                </Link>
              </li>
            ))}
          </ol>
        )}
      </InfoCard>
    </div>
  );
}

function LeadCard({ leadId }: { leadId: string | null }) {
  if (!leadId) {
    return (
      <Card className="flex items-start gap-3 p-4 sm:p-5">
        <UserRoundX className="mt-0.5 size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
        <div>
          <h2 className="text-sm font-semibold">Sem lead</h2>
          <p className="text-sm text-muted-foreground">Esta visita não deixou contato pelo formulário.</p>
        </div>
      </Card>
    );
  }
  return (
    <Card
      className="flex items-start gap-3 border-emerald-200 bg-emerald-50/50 p-4 sm:p-5"
      data-testid="session-lead"
    >
      <CircleCheck className="mt-0.5 size-5 shrink-0 text-emerald-700" aria-hidden="true" />
      <div className="grid gap-2">
        <div>
          <h2 className="text-sm font-semibold">Esta visita virou lead</h2>
          <p className="text-sm text-muted-foreground">O visitante enviou o formulário da página.</p>
        </div>
        <Button asChild size="sm" className="w-fit">
          <Link to={`${paths.leads}?lead=${encodeURIComponent(leadId)}`}>
            Ver o lead
            <ArrowRight aria-hidden="true" />
          </Link>
        </Button>
      </div>
    </Card>
  );
}

function InfoCard({
  title,
  children,
  className,
}: {
  title: string;
  children: ReactNode;
  className?: string;
}) {
  const id = useId();
  return (
    <Card className={className}>
      <CardHeader className="p-4 pb-2 sm:p-5 sm:pb-2">
        <h2 id={id} className="text-sm font-semibold">
          {title}
        </h2>
      </CardHeader>
      <CardContent className="p-4 pt-0 sm:p-5 sm:pt-0">
        <dl aria-labelledby={id} className="grid gap-1.5">
          {children}
        </dl>
      </CardContent>
    </Card>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[8.5rem_minmax(0,1fr)] gap-2 text-sm">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </div>
  );
}

function SessionSkeleton() {
  return (
    <div
      role="status"
      aria-label="Carregando a sessão..."
      className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]"
    >
      <Card className="grid gap-4 p-5">
        {[0, 1, 2, 3, 4].map((i) => (
          <div key={i} className="flex items-center gap-3">
            <Skeleton className="h-3 w-14" />
            <Skeleton className="size-8 rounded-full" />
            <Skeleton className="h-4 flex-1" />
          </div>
        ))}
      </Card>
      <Card className="grid gap-3 p-5">
        <Skeleton className="h-4 w-24" />
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-4 w-3/4" />
      </Card>
    </div>
  );
}
