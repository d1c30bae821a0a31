import { paths } from '@vitrine/contracts/paths';
import { useParams } from 'react-router';
import { PageLayout } from '@/components/layouts/page-layout';
import { UnderConstruction } from '@/components/under-construction';

/** /paginas */
export function PagesRoute() {
  return (
    <PageLayout
      title="Páginas"
      description="Landing pages dos imóveis da imobiliária"
      breadcrumbs={[{ title: 'Dashboard', href: paths.dashboard }, { title: 'Páginas' }]}
    >
      <UnderConstruction>
        Aqui você vai criar e publicar uma landing page para cada imóvel, importar páginas do catálogo do
        Facebook e anexar vídeos.
      </UnderConstruction>
    </PageLayout>
  );
}

/** /paginas/:id */
export function PageDetailRoute() {
  const { id = '' } = useParams();
  return (
    <PageLayout
      title={`Página #${id}`}
      description="Conteúdo, fotos e vídeos da landing page"
      backUrl={paths.pages}
      breadcrumbs={[
        { title: 'Dashboard', href: paths.dashboard },
        { title: 'Páginas', href: paths.pages },
        { title: `Página #${id}` },
      ]}
    >
      <UnderConstruction>
        Aqui você vai editar o título, as características e as fotos desta página, ordenar os vídeos e ver o
        link público.
      </UnderConstruction>
    </PageLayout>
  );
}
