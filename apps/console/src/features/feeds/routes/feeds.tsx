import { isManagerRole } from '@vitrine/contracts';
import { paths } from '@vitrine/contracts/paths';
import { ManagerOnly } from '@/components/manager-only';
import { NoAgencySelected } from '@/components/no-agency-selected';
import { PageLayout } from '@/components/layouts/page-layout';
import { ErrorState, ListSkeleton } from '@/components/ui/states';
import { useAuth } from '@/features/auth';
import { getApiErrorMessage } from '@/lib/api-errors';
import { useFeedsOverview } from '../api/feeds';
import { FeedChannelCard } from '../components/feed-channel-card';

/** /portais: the listing feeds the portals and Meta read (docs/product.md#feeds). */
export function FeedsRoute() {
  const { selectedRealEstate } = useAuth();
  const manager = selectedRealEstate && isManagerRole(selectedRealEstate.role);
  return (
    <PageLayout
      title="Portais e anúncios"
      description="Os mesmos imóveis das suas páginas no ZAP Imóveis, VivaReal, OLX e nos anúncios de catálogo da Meta"
      breadcrumbs={[{ title: 'Dashboard', href: paths.dashboard }, { title: 'Portais e anúncios' }]}
    >
      {!selectedRealEstate ? (
        <NoAgencySelected purpose="publicar nos portais" />
      ) : !manager ? (
        <ManagerOnly what="A tela de portais e anúncios" />
      ) : (
        <Feeds realEstateId={selectedRealEstate.id} />
      )}
    </PageLayout>
  );
}

function Feeds({ realEstateId }: { realEstateId: number }) {
  const query = useFeedsOverview(realEstateId);
  if (query.isPending) return <ListSkeleton rows={4} label="Carregando os feeds..." />;
  if (query.isError)
    return <ErrorState message={getApiErrorMessage(query.error)} onRetry={() => void query.refetch()} />;
  return (
    <div className="grid gap-6">
      {query.data.map((channel) => (
        <FeedChannelCard key={channel.channel} realEstateId={realEstateId} channel={channel} />
      ))}
    </div>
  );
}
