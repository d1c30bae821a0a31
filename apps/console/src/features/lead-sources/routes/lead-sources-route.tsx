import { paths } from '@vitrine/contracts/paths';
import { ManagerAgencyScreen } from '@/components/manager-only';
import { GrupoZapCard } from '../components/grupo-zap-card';
import { MetaLeadAdsCard } from '../components/meta-lead-ads-card';
import { InboundLedger } from '../components/inbound-ledger';
import { LeadApiCard } from '../components/lead-api-card';

const TITLE = 'Origens de leads';
const DESCRIPTION =
  'Receba aqui os leads dos portais, dos formulários do Facebook e do Instagram e do seu site: todos passam pela mesma caixa de entrada, roleta, alertas e integrações.';
const breadcrumbs = [{ title: 'Dashboard', href: paths.dashboard }, { title: TITLE }];

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
  return (
    <ManagerAgencyScreen
      title={TITLE}
      description={DESCRIPTION}
      breadcrumbs={breadcrumbs}
      purpose="configurar as origens de leads"
      reason="As origens de leads guardam as chaves que os portais e os seus sistemas usam para enviar leads, por isso só o proprietário e os administradores podem vê-las e alterá-las."
    >
      {(agency) => (
        <>
          <SourceCards realEstateId={agency.id} />
          <InboundLedger realEstateId={agency.id} />
        </>
      )}
    </ManagerAgencyScreen>
  );
}
