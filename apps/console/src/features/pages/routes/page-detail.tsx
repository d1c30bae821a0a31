import { paths } from '@vitrine/contracts/paths';
import { FileQuestion } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { PageLayout } from '@/components/layouts/page-layout';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { EmptyState, ErrorState } from '@/components/ui/states';
import { useAuth } from '@/features/auth';
import { getApiErrorMessage, getApiStatus } from '@/lib/api-errors';
import { usePage } from '../api/get-page';
import { PageEditor } from '../components/page-editor';
import { NoAgencySelected } from '@/components/no-agency-selected';

const crumbs = (last: string) => [
  { title: 'Dashboard', href: paths.dashboard },
  { title: 'Páginas', href: paths.pages },
  { title: last },
];

/** /paginas/:id */
export function PageDetailRoute() {
  const { id = '' } = useParams();
  const { selectedRealEstate } = useAuth();
  const pageId = /^\d{1,10}$/.test(id) ? Number(id) : null;

  if (!selectedRealEstate) {
    return (
      <PageLayout title="Página" breadcrumbs={crumbs('Página')} backUrl={paths.pages}>
        <NoAgencySelected purpose="editar as páginas dela" />
      </PageLayout>
    );
  }
  if (pageId === null) return <PageNotFound />;
  return (
    <PageDetail
      key={`${selectedRealEstate.id}:${pageId}`}
      realEstateId={selectedRealEstate.id}
      pageId={pageId}
    />
  );
}

function PageDetail({ realEstateId, pageId }: { realEstateId: number; pageId: number }) {
  const query = usePage(realEstateId, pageId);
  if (query.isPending) return <EditorSkeleton />;
  if (query.isError) {
    if (getApiStatus(query.error) === 404) return <PageNotFound />;
    return (
      <PageLayout title="Página" breadcrumbs={crumbs('Página')} backUrl={paths.pages}>
        <ErrorState
          title="Não foi possível carregar a página"
          message={getApiErrorMessage(query.error)}
          onRetry={() => void query.refetch()}
        />
      </PageLayout>
    );
  }
  return <PageEditor page={query.data} realEstateId={realEstateId} />;
}

function PageNotFound() {
  return (
    <PageLayout title="Página não encontrada" breadcrumbs={crumbs('Não encontrada')} backUrl={paths.pages}>
      <EmptyState
        icon={FileQuestion}
        title="Esta página não existe ou foi excluída."
        description="Ela também pode pertencer a outra imobiliária."
        action={
          <Button asChild>
            <Link to={paths.pages}>Ver todas as páginas</Link>
          </Button>
        }
      />
    </PageLayout>
  );
}

function EditorSkeleton() {
  return (
    <PageLayout title="Carregando..." breadcrumbs={crumbs('Carregando...')} backUrl={paths.pages}>
      <div
        role="status"
        aria-label="Carregando a página..."
        className="grid grid-cols-1 gap-6 xl:grid-cols-[minmax(0,1fr)_22rem]"
      >
        <div className="grid gap-6">
          {[0, 1, 2].map((i) => (
            <Card key={i}>
              <CardHeader>
                <Skeleton className="h-5 w-32" />
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
        <Card className="order-first h-fit xl:order-none">
          <CardHeader>
            <Skeleton className="h-5 w-40" />
            <Skeleton className="h-2 w-full" />
          </CardHeader>
          <CardContent className="grid gap-3">
            {[0, 1, 2, 3, 4].map((i) => (
              <Skeleton key={i} className="h-4 w-3/4" />
            ))}
          </CardContent>
        </Card>
      </div>
    </PageLayout>
  );
}
