import { paths } from '@vitrine/contracts/paths';
import { PageLayout } from '@/components/layouts/page-layout';
import { UnderConstruction } from '@/components/under-construction';

/** /leads */
export function LeadsRoute() {
  return (
    <PageLayout
      title="Leads"
      description="Contatos capturados pelas suas páginas"
      breadcrumbs={[{ title: 'Dashboard', href: paths.dashboard }, { title: 'Leads' }]}
    >
      <UnderConstruction>
        Aqui vão aparecer os contatos deixados nas suas páginas, com a origem da campanha e a situação do
        envio ao seu CRM.
      </UnderConstruction>
    </PageLayout>
  );
}
