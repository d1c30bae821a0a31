import { paths } from '@vitrine/contracts/paths';
import { PageLayout } from '@/components/layouts/page-layout';
import { UnderConstruction } from '@/components/under-construction';

/** /assinatura */
export function SubscriptionRoute() {
  return (
    <PageLayout
      title="Assinatura"
      description="Plano e cobrança da imobiliária"
      breadcrumbs={[{ title: 'Dashboard', href: paths.dashboard }, { title: 'Assinatura' }]}
    >
      <UnderConstruction>
        Aqui você vai acompanhar o plano da imobiliária, os limites de uso e as faturas.
      </UnderConstruction>
    </PageLayout>
  );
}
