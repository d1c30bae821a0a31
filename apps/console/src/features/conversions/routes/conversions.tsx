import { paths } from '@vitrine/contracts/paths';
import { ManagerAgencyScreen } from '@/components/manager-only';
import { ErrorState, ListSkeleton } from '@/components/ui/states';
import { getApiErrorMessage } from '@/lib/api-errors';
import { useConversionSettings } from '../api/conversions';
import { ConversionSends } from '../components/conversion-sends';
import { ConversionsForm } from '../components/conversions-form';

/** /conversoes: ad conversions to Meta and Google (docs/product.md#ad-conversions), owners and admins. */
export function ConversionsRoute() {
  return (
    <ManagerAgencyScreen
      title="Conversões de anúncios"
      description="Conte ao Meta e ao Google quais cliques viraram leads, visitas e vendas"
      breadcrumbs={[{ title: 'Dashboard', href: paths.dashboard }, { title: 'Conversões' }]}
      purpose="configurar as conversões"
      reason="As conversões enviam dados dos leads ao Meta e ao Google e guardam tokens de acesso, por isso só o proprietário e os administradores podem configurá-las."
    >
      {(agency) => <Settings realEstateId={agency.id} />}
    </ManagerAgencyScreen>
  );
}

function Settings({ realEstateId }: { realEstateId: number }) {
  const query = useConversionSettings(realEstateId);
  if (query.isPending) return <ListSkeleton rows={4} label="Carregando as conversões..." />;
  if (query.isError)
    return <ErrorState message={getApiErrorMessage(query.error)} onRetry={() => void query.refetch()} />;
  return (
    <div className="grid gap-6">
      <ConversionsForm key={realEstateId} realEstateId={realEstateId} settings={query.data} />
      <ConversionSends realEstateId={realEstateId} />
    </div>
  );
}
