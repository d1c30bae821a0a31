import { paths } from '@vitrine/contracts/paths';
import { Link } from 'react-router';
import { PageLayout } from '@/components/layouts/page-layout';
import { Button } from '@/components/ui/button';
import { UnderConstruction } from '@/components/under-construction';

/** /configuracoes */
export function PreferencesRoute() {
  return (
    <PageLayout
      title="Configurações"
      description="Preferências da imobiliária"
      breadcrumbs={[{ title: 'Dashboard', href: paths.dashboard }, { title: 'Configurações' }]}
    >
      <UnderConstruction
        action={
          <Button variant="outline" asChild>
            <Link to={paths.account}>Editar a conta da imobiliária</Link>
          </Button>
        }
      >
        Aqui você vai definir as preferências da imobiliária, como avisos de novos leads e o padrão das
        páginas. Os dados cadastrais e o logo já podem ser editados na conta da imobiliária.
      </UnderConstruction>
    </PageLayout>
  );
}
