import { isManagerRole } from '@vitrine/contracts';
import { paths } from '@vitrine/contracts/paths';
import { ManagerOnly } from '@/components/manager-only';
import { NoAgencySelected } from '@/components/no-agency-selected';
import { PageLayout } from '@/components/layouts/page-layout';
import { ErrorState, ListSkeleton } from '@/components/ui/states';
import { useAuth } from '@/features/auth';
import { getApiErrorMessage } from '@/lib/api-errors';
import { useConversionSettings } from '../api/conversions';
import { ConversionSends } from '../components/conversion-sends';
import { ConversionsForm } from '../components/conversions-form';

/** /conversoes: ad conversions to Meta and Google (docs/product.md#ad-conversions), owners and admins. */
export function ConversionsRoute() {
  const { selectedRealEstate } = useAuth();
  const manager = selectedRealEstate && isManagerRole(selectedRealEstate.role);
  return (
    <PageLayout
      title="Conversões de anúncios"
      description="Conte ao Meta e ao Google quais cliques viraram leads, visitas e vendas"
      breadcrumbs={[{ title: 'Dashboard', href: paths.dashboard }, { title: 'Conversões' }]}
    >
      {!selectedRealEstate ? (
        <NoAgencySelected purpose="configurar as conversões" />
      ) : !manager ? (
        <ManagerOnly what="A área de conversões" />
      ) : (
        <Settings realEstateId={selectedRealEstate.id} />
      )}
    </PageLayout>
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
