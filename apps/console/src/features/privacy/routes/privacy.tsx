import { paths } from '@vitrine/contracts/paths';
import { ManagerAgencyScreen } from '@/components/manager-only';
import { PersonSearch } from '../components/person-search';
import { PrivacyRequests } from '../components/privacy-requests';
import { RetentionCard } from '../components/retention-form';

/** /privacidade: the data subject's rights (find, export, erase one person) and retention (owners and admins). */
export function PrivacyRoute() {
  return (
    <ManagerAgencyScreen
      title="Privacidade (LGPD)"
      description="Os direitos de quem deixou seus dados, e por quanto tempo eles ficam guardados"
      breadcrumbs={[{ title: 'Dashboard', href: paths.dashboard }, { title: 'Privacidade' }]}
      purpose="atender pedidos de titulares"
      reason="Os pedidos de titulares e o prazo de guarda dos dados ficam com o proprietário e os administradores da imobiliária."
    >
      {(agency) => (
        <div className="grid gap-6">
          <PersonSearch realEstateId={agency.id} />
          <PrivacyRequests realEstateId={agency.id} />
          <RetentionCard realEstateId={agency.id} />
        </div>
      )}
    </ManagerAgencyScreen>
  );
}
