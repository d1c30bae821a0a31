import { isManagerRole } from '@vitrine/contracts';
import { paths } from '@vitrine/contracts/paths';
import { ManagerOnly } from '@/components/manager-only';
import { NoAgencySelected } from '@/components/no-agency-selected';
import { PageLayout } from '@/components/layouts/page-layout';
import { useAuth } from '@/features/auth';
import { PersonSearch } from '../components/person-search';
import { PrivacyRequests } from '../components/privacy-requests';
import { RetentionCard } from '../components/retention-form';

/** /privacidade: the data subject's rights (find, export, erase one person) and retention (owners and admins). */
export function PrivacyRoute() {
  const { selectedRealEstate } = useAuth();
  const manager = selectedRealEstate && isManagerRole(selectedRealEstate.role);
  return (
    <PageLayout
      title="Privacidade (LGPD)"
      description="Os direitos de quem deixou seus dados, e por quanto tempo eles ficam guardados"
      breadcrumbs={[{ title: 'Dashboard', href: paths.dashboard }, { title: 'Privacidade' }]}
    >
      {!selectedRealEstate ? (
        <NoAgencySelected purpose="atender pedidos de titulares" />
      ) : !manager ? (
        <ManagerOnly what="A área de privacidade" />
      ) : (
        <div className="grid gap-6">
          <PersonSearch realEstateId={selectedRealEstate.id} />
          <PrivacyRequests realEstateId={selectedRealEstate.id} />
          <RetentionCard realEstateId={selectedRealEstate.id} />
        </div>
      )}
    </PageLayout>
  );
}
