import { ROLE_LABELS } from '@vitrine/contracts/constants';
import { paths } from '@vitrine/contracts/paths';
import { PageLayout } from '@/components/layouts/page-layout';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { ErrorState } from '@/components/ui/states';
import { useAuth } from '@/features/auth';
import { getApiErrorMessage } from '@/lib/api-errors';
import { formatDate } from '@/lib/utils';
import { useRealEstate } from '../api/get-real-estate';
import { RealEstateProfileForm } from '../components/real-estate-profile-form';
import { NoAgencySelected } from '@/components/no-agency-selected';

const breadcrumbs = [{ title: 'Dashboard', href: paths.dashboard }, { title: 'Conta da imobiliária' }];

/** /conta: profile of the selected real estate. */
export function AccountRoute() {
  const { selectedRealEstate } = useAuth();
  if (!selectedRealEstate) {
    return (
      <PageLayout title="Conta da imobiliária" breadcrumbs={breadcrumbs}>
        <NoAgencySelected purpose="editar o perfil" />
      </PageLayout>
    );
  }
  // Keyed by id: switching accounts mounts a fresh form.
  return <AccountProfile key={selectedRealEstate.id} id={selectedRealEstate.id} />;
}

function AccountProfile({ id }: { id: number }) {
  const { selectedRealEstate, refreshUser } = useAuth();
  const query = useRealEstate(id);
  const role = query.data?.role ?? selectedRealEstate?.role ?? 'agent';

  return (
    <PageLayout
      title="Conta da imobiliária"
      description={
        query.data
          ? `${query.data.name} · seu papel: ${ROLE_LABELS[role]}${query.data.created_at ? ` · desde ${formatDate(query.data.created_at)}` : ''}`
          : 'Dados cadastrais, contato e logo da imobiliária.'
      }
      breadcrumbs={breadcrumbs}
    >
      {query.isPending ? (
        <ProfileSkeleton />
      ) : query.isError ? (
        <ErrorState message={getApiErrorMessage(query.error)} onRetry={() => void query.refetch()} />
      ) : (
        <RealEstateProfileForm
          realEstate={query.data}
          readOnly={role === 'agent'}
          onSaved={() => {
            // The sidebar's logo and name come from the user object.
            refreshUser().catch(() => undefined);
          }}
        />
      )}
    </PageLayout>
  );
}

function ProfileSkeleton() {
  return (
    <div role="status" aria-label="Carregando o perfil..." className="grid gap-6">
      {[0, 1].map((i) => (
        <Card key={i}>
          <CardHeader>
            <Skeleton className="h-5 w-40" />
            <Skeleton className="h-4 w-72 max-w-full" />
          </CardHeader>
          <CardContent className="grid gap-4 sm:grid-cols-2">
            {[0, 1, 2, 3].map((j) => (
              <div key={j} className="grid gap-2">
                <Skeleton className="h-4 w-24" />
                <Skeleton className="h-9 w-full" />
              </div>
            ))}
          </CardContent>
        </Card>
      ))}
    </div>
  );
}
