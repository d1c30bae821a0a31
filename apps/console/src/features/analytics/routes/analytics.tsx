import { paths } from '@vitrine/contracts/paths';
import { useParams } from 'react-router';
import { PageLayout } from '@/components/layouts/page-layout';
import { UnderConstruction } from '@/components/under-construction';

/** /analytics */
export function AnalyticsRoute() {
  return (
    <PageLayout
      title="Analytics"
      description="O que os visitantes fazem nas suas páginas"
      breadcrumbs={[{ title: 'Dashboard', href: paths.dashboard }, { title: 'Analytics' }]}
    >
      <UnderConstruction>
        Aqui você vai acompanhar visitas, cliques no WhatsApp e conversões de cada página, por período e por
        campanha.
      </UnderConstruction>
    </PageLayout>
  );
}

/** /analytics/session/:sessionId */
export function AnalyticsSessionRoute() {
  const { sessionId = '' } = useParams();
  return (
    <PageLayout
      title="Sessão do visitante"
      description={`Sessão ${sessionId}`}
      backUrl={paths.analytics}
      breadcrumbs={[
        { title: 'Dashboard', href: paths.dashboard },
        { title: 'Analytics', href: paths.analytics },
        { title: 'Sessão' },
      ]}
    >
      <UnderConstruction>
        Aqui você vai ver, em ordem, cada evento desta visita: páginas vistas, cliques e o envio do
        formulário.
      </UnderConstruction>
    </PageLayout>
  );
}
