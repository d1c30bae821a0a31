import { paths } from '@vitrine/contracts/paths';
import { PageLayout } from '@/components/layouts/page-layout';
import { UnderConstruction } from '@/components/under-construction';

/** /usuarios */
export function UsersRoute() {
  return (
    <PageLayout
      title="Usuários"
      description="A equipe com acesso a esta imobiliária"
      breadcrumbs={[{ title: 'Dashboard', href: paths.dashboard }, { title: 'Usuários' }]}
    >
      <UnderConstruction>
        Aqui você vai convidar corretores e administradores, mudar o papel de cada um e reenviar convites
        pendentes.
      </UnderConstruction>
    </PageLayout>
  );
}
