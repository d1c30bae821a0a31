import { paths } from '@vitrine/contracts/paths';
import { PageLayout } from '@/components/layouts/page-layout';
import { UnderConstruction } from '@/components/under-construction';

/** /integracoes (spec §2: breadcrumbs, title and description as below). */
export function IntegrationsRoute() {
  return (
    <PageLayout
      title="Integrações"
      description="Configure integrações com sistemas externos"
      breadcrumbs={[{ title: 'Dashboard', href: paths.dashboard }, { title: 'Integrações' }]}
    >
      <UnderConstruction>
        Aqui você vai conectar Webhook, GoHarry, Arbo e Jetimob para que cada novo lead seja enviado
        automaticamente ao seu CRM.
      </UnderConstruction>
    </PageLayout>
  );
}
