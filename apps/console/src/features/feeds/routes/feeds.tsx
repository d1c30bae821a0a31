import { paths } from '@vitrine/contracts/paths';
import { ManagerAgencyScreen } from '@/components/manager-only';
import { ErrorState, ListSkeleton } from '@/components/ui/states';
import { getApiErrorMessage } from '@/lib/api-errors';
import { useFeedsOverview } from '../api/feeds';
import { FeedChannelCard } from '../components/feed-channel-card';

/** /portais: the listing feeds the portals and Meta read (docs/product.md#feeds). */
export function FeedsRoute() {
  return (
    <ManagerAgencyScreen
      title="Portais e anúncios"
      description="Os mesmos imóveis das suas páginas no ZAP Imóveis, VivaReal, OLX e nos anúncios de catálogo da Meta"
      breadcrumbs={[{ title: 'Dashboard', href: paths.dashboard }, { title: 'Portais e anúncios' }]}
      purpose="publicar nos portais"
      reason="Os portais e anúncios publicam os imóveis da imobiliária, por isso só o proprietário e os administradores podem configurá-los."
    >
      {(agency) => <Feeds realEstateId={agency.id} />}
    </ManagerAgencyScreen>
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
