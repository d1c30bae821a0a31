import { isManagerRole } from '@vitrine/contracts';
import { ROLE_LABELS } from '@vitrine/contracts/constants';
import { paths } from '@vitrine/contracts/paths';
import {
  ArrowRight,
  Building2,
  ChartColumn,
  Inbox,
  MailPlus,
  Megaphone,
  PanelsTopLeft,
  Plug,
  Plus,
  Radio,
  Store,
  Users,
  type LucideIcon,
} from 'lucide-react';
import { Link } from 'react-router';
import { PageLayout } from '@/components/layouts/page-layout';
import { AccountLogo } from '@/components/ui/account-logo';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/states';
import { useAuth } from '@/features/auth';
import { LeadsSummaryCard } from '@/features/leads';
import { firstName } from '@/lib/utils';
import { DeliveriesAttentionCard } from '../components/deliveries-attention-card';
import { WaitingLeadsCard } from '../components/waiting-leads-card';
import { TopListings, useWeekReport, WeekKpis, WeekLeadSources } from '../components/week-overview';

/** `managerOnly`: what an agent (Corretor) cannot open (docs/product.md#roles): not offered to them. */
const QUICK_LINKS: Array<{
  to: string;
  label: string;
  text: string;
  icon: LucideIcon;
  managerOnly?: boolean;
}> = [
  { to: paths.pages, label: 'Páginas', text: 'Landing pages dos seus imóveis', icon: PanelsTopLeft },
  { to: paths.leads, label: 'Leads', text: 'Das páginas, dos portais e dos formulários', icon: Inbox },
  {
    to: paths.leadSources,
    label: 'Origens de leads',
    text: 'Portais, Facebook, Instagram e API',
    icon: MailPlus,
    managerOnly: true,
  },
  {
    to: paths.integrations,
    label: 'Integrações',
    text: 'Envio automático ao seu CRM',
    icon: Plug,
    managerOnly: true,
  },
  {
    to: paths.feeds,
    label: 'Portais e anúncios',
    text: 'Seus imóveis no ZAP, VivaReal, OLX e Meta',
    icon: Radio,
    managerOnly: true,
  },
  {
    to: paths.conversions,
    label: 'Conversões',
    text: 'Leads de volta ao Meta e ao Google Ads',
    icon: Megaphone,
    managerOnly: true,
  },
  { to: paths.analytics, label: 'Analytics', text: 'Visitas, cliques e conversões', icon: ChartColumn },
  {
    to: paths.users,
    label: 'Usuários',
    text: 'Corretores e administradores',
    icon: Users,
    managerOnly: true,
  },
  {
    to: paths.account,
    label: 'Conta da imobiliária',
    text: 'Perfil, contato e logo',
    icon: Store,
    managerOnly: true,
  },
];

/**
 * The agency's week at a glance: its figures with sparklines, who is waiting for an answer, what
 * did not reach the CRM, and the listings that bring leads; then the lead count and the shortcuts.
 */
function AgencyWeek({ realEstateId }: { realEstateId: number }) {
  const week = useWeekReport(realEstateId);
  return (
    <>
      <WeekKpis query={week} />
      <div className="grid gap-4 md:grid-cols-2">
        <WaitingLeadsCard realEstateId={realEstateId} />
        <DeliveriesAttentionCard realEstateId={realEstateId} />
      </div>
      <TopListings query={week} />
      <WeekLeadSources query={week} />
      <LeadsSummaryCard realEstateId={realEstateId} />
    </>
  );
}

/** /dashboard */
export function DashboardRoute() {
  const { user, selectedRealEstate } = useAuth();
  const name = firstName(user?.name);
  const manager = isManagerRole(selectedRealEstate?.role);
  const links = QUICK_LINKS.filter((link) => manager || !link.managerOnly);
  const switches = (user?.real_estates.length ?? 0) > 1;
  return (
    <PageLayout
      title={name ? `Olá, ${name}!` : 'Olá!'}
      description={
        selectedRealEstate ? `Você está no painel da ${selectedRealEstate.name}.` : 'Bem-vindo ao seu painel.'
      }
      breadcrumbs={[{ title: 'Dashboard' }]}
    >
      {selectedRealEstate ? (
        <>
          <Card>
            <CardContent className="flex flex-wrap items-center gap-x-4 gap-y-3 pt-5 sm:flex-nowrap sm:pt-6">
              <AccountLogo
                name={selectedRealEstate.name}
                logoUrl={selectedRealEstate.logo_url}
                className="size-12 rounded-xl text-base sm:size-14"
              />
              <div className="min-w-0 flex-1">
                <p className="text-xs font-medium tracking-wide text-muted-foreground uppercase">
                  Imobiliária selecionada
                </p>
                <p className="truncate text-lg font-semibold" data-testid="dashboard-agency-name">
                  {selectedRealEstate.name}
                </p>
                <p className="text-sm text-muted-foreground">
                  Seu papel: {ROLE_LABELS[selectedRealEstate.role]}
                </p>
              </div>
              {(manager || switches) && (
                <div className="flex w-full flex-wrap gap-2 sm:w-auto">
                  {manager && (
                    <Button variant="outline" asChild>
                      <Link to={paths.account}>Editar perfil</Link>
                    </Button>
                  )}
                  {switches && (
                    <Button variant="ghost" asChild>
                      <Link to={paths.accounts}>Trocar de imobiliária</Link>
                    </Button>
                  )}
                </div>
              )}
            </CardContent>
          </Card>

          <AgencyWeek realEstateId={selectedRealEstate.id} />

          <section aria-labelledby="atalhos">
            <h2 id="atalhos" className="mb-3 text-sm font-semibold text-muted-foreground">
              Atalhos
            </h2>
            <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
              {links.map(({ to, label, text, icon: Icon }) => (
                <li key={to}>
                  <Link
                    to={to}
                    className="group flex h-full items-center gap-4 rounded-xl border bg-card p-4 shadow-sm transition-colors hover:border-primary/40 hover:bg-accent/40 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                  >
                    <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary">
                      <Icon className="size-5" aria-hidden="true" />
                    </span>
                    <span className="grid min-w-0 flex-1">
                      <span className="font-medium">{label}</span>
                      <span className="text-sm text-muted-foreground">{text}</span>
                    </span>
                    <ArrowRight
                      className="size-4 text-muted-foreground transition-transform group-hover:translate-x-0.5"
                      aria-hidden="true"
                    />
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        </>
      ) : (
        <EmptyState
          icon={Building2}
          title="Nenhuma imobiliária por aqui ainda"
          description="Crie a sua imobiliária para começar a publicar páginas, ou aguarde o convite de um administrador."
          action={
            <Button asChild>
              <Link to={paths.createAccount}>
                <Plus aria-hidden="true" /> Criar imobiliária
              </Link>
            </Button>
          }
        />
      )}
    </PageLayout>
  );
}
