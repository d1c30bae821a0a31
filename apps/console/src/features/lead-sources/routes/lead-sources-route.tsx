import { paths } from '@vitrine/contracts/paths';
import { Lock } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PageLayout } from '@/components/layouts/page-layout';
import { NoAgencySelected } from '@/components/no-agency-selected';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/states';
import { useAuth } from '@/features/auth';
import { GrupoZapCard } from '../components/grupo-zap-card';
import { MetaLeadAdsCard } from '../components/meta-lead-ads-card';
import { InboundLedger } from '../components/inbound-ledger';
import { LeadApiCard } from '../components/lead-api-card';

const TITLE = 'Origens de leads';
const DESCRIPTION =
  'Receba aqui os leads dos portais, dos formulários do Facebook e do Instagram e do seu site: todos passam pela mesma caixa de entrada, roleta, alertas e integrações.';
const breadcrumbs = [{ title: 'Dashboard', href: paths.dashboard }, { title: TITLE }];

function Screen({ children }: { children: ReactNode }) {
  return (
    <PageLayout title={TITLE} description={DESCRIPTION} breadcrumbs={breadcrumbs}>
      {children}
    </PageLayout>
  );
}

function OwnersOnly() {
  return (
    <EmptyState
      icon={Lock}
      title="Somente proprietários e administradores"
      description="As origens de leads guardam as chaves que os portais usam para enviar leads, por isso só o proprietário e os administradores podem vê-las e alterá-las."
      action={
        <Button variant="outline" asChild>
          <Link to={paths.dashboard}>Voltar para o Dashboard</Link>
        </Button>
      }
    />
  );
}

/**
 * The cards of the screen, one per inbound channel, in order. Each card is its own component file in
 * ../components (grupo-zap-card.tsx, lead-api-card.tsx, meta-lead-ads-card.tsx) and loads its own data.
 */
function SourceCards({ realEstateId }: { realEstateId: number }) {
  return (
    <section aria-label="Canais" className="grid gap-6">
      <GrupoZapCard realEstateId={realEstateId} />
      <MetaLeadAdsCard realEstateId={realEstateId} />
      <LeadApiCard realEstateId={realEstateId} />
    </section>
  );
}

/** /origens (docs/product.md#lead-sources). */
export function LeadSourcesRoute() {
  const { selectedRealEstate } = useAuth();
  if (!selectedRealEstate) {
    return (
      <Screen>
        <NoAgencySelected purpose="configurar as origens de leads" />
      </Screen>
    );
  }
  if (selectedRealEstate.role === 'agent') {
    return (
      <Screen>
        <OwnersOnly />
      </Screen>
    );
  }
  return (
    <Screen key={selectedRealEstate.id}>
      <SourceCards realEstateId={selectedRealEstate.id} />
      <InboundLedger realEstateId={selectedRealEstate.id} />
    </Screen>
  );
}
