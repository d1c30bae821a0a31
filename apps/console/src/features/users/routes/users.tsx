import { MEMBER_STATUS_LABELS, MEMBER_STATUSES, type MemberStatus, type Role } from '@vitrine/contracts';
import { ROLE_LABELS, ROLES } from '@vitrine/contracts/constants';
import { paths } from '@vitrine/contracts/paths';
import { Users } from 'lucide-react';
import { useState } from 'react';
import { ManagerAgencyScreen } from '@/components/manager-only';
import { NativeSelect } from '@/components/ui/native-select';
import { Pagination } from '@/components/ui/pagination';
import { SearchInput } from '@/components/ui/search-input';
import { EmptyState, ErrorState, ListSkeleton } from '@/components/ui/states';
import { useAuth } from '@/features/auth';
import { getApiErrorMessage } from '@/lib/api-errors';
import { useMembers } from '../api/get-members';
import type { MembersFilters } from '../api/keys';
import { InviteDialog } from '../components/invite-dialog';
import { LeadDistribution } from '../components/lead-distribution';
import { MembersList } from '../components/members-list';
import { TeamAudit } from '../components/team-audit';

/** /usuarios: the team of the selected agency (owners and admins). */
export function UsersRoute() {
  const { user } = useAuth();
  return (
    <ManagerAgencyScreen
      title="Usuários"
      description="A equipe com acesso a esta imobiliária"
      breadcrumbs={[{ title: 'Dashboard', href: paths.dashboard }, { title: 'Usuários' }]}
      actions={(agency) => <InviteDialog realEstateId={agency.id} myRole={agency.role} />}
      purpose="gerenciar a equipe"
      reason="A equipe (convites, papéis e a distribuição dos leads) é gerida pelo proprietário e pelos administradores da imobiliária."
    >
      {(agency) =>
        user && (
          <div className="grid gap-6">
            <Members realEstateId={agency.id} myRole={agency.role} myId={user.id} />
            <LeadDistribution realEstateId={agency.id} />
            {agency.role === 'owner' && <TeamAudit realEstateId={agency.id} />}
          </div>
        )
      }
    </ManagerAgencyScreen>
  );
}

function Members({ realEstateId, myRole, myId }: { realEstateId: number; myRole: Role; myId: number }) {
  const [filters, setFilters] = useState<MembersFilters>({ page: 1, search: '', role: '', status: '' });
  const query = useMembers(realEstateId, filters);
  const set = (patch: Partial<MembersFilters>) => setFilters((f) => ({ ...f, page: 1, ...patch }));
  const filtered = !!(filters.search || filters.role || filters.status);
  return (
    <section aria-label="Membros da equipe" className="grid gap-4">
      <div className="grid gap-2 sm:grid-cols-[1fr_auto_auto]">
        <SearchInput
          value={filters.search}
          onSearch={(search) => set({ search })}
          placeholder="Buscar por nome ou e-mail"
          aria-label="Buscar por nome ou e-mail"
        />
        <NativeSelect
          aria-label="Filtrar por papel"
          value={filters.role}
          onChange={(e) => set({ role: e.target.value as Role | '' })}
        >
          <option value="">Todos os papéis</option>
          {ROLES.map((r) => (
            <option key={r} value={r}>
              {ROLE_LABELS[r]}
            </option>
          ))}
        </NativeSelect>
        <NativeSelect
          aria-label="Filtrar por status"
          value={filters.status}
          onChange={(e) => set({ status: e.target.value as MemberStatus | '' })}
        >
          <option value="">Todos os status</option>
          {MEMBER_STATUSES.map((s) => (
            <option key={s} value={s}>
              {MEMBER_STATUS_LABELS[s]}
            </option>
          ))}
        </NativeSelect>
      </div>
      {query.isPending ? (
        <ListSkeleton label="Carregando usuários..." />
      ) : query.isError ? (
        <ErrorState message={getApiErrorMessage(query.error)} onRetry={() => void query.refetch()} />
      ) : !query.data.data.length ? (
        <EmptyState
          icon={Users}
          title={filtered ? 'Nenhum usuário encontrado' : 'Nenhum usuário ainda'}
          description={
            filtered
              ? 'Tente outra busca ou limpe os filtros.'
              : 'Convide corretores e administradores por e-mail.'
          }
        />
      ) : (
        <>
          <MembersList realEstateId={realEstateId} members={query.data.data} myRole={myRole} myId={myId} />
          <Pagination
            meta={query.data.meta}
            onPageChange={(page) => setFilters((f) => ({ ...f, page }))}
            noun="usuários"
          />
        </>
      )}
    </section>
  );
}
