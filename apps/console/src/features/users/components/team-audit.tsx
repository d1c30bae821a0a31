import type { AuditEntry } from '@vitrine/contracts';
import { ROLE_LABELS, type Role } from '@vitrine/contracts/constants';
import { History } from 'lucide-react';
import { useState } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Pagination } from '@/components/ui/pagination';
import { EmptyState, ErrorState, ListSkeleton } from '@/components/ui/states';
import { getApiErrorMessage } from '@/lib/api-errors';
import { formatDateTime } from '@/lib/datetime';
import { useActiveMembers } from '../api/get-members';
import { useTeamAudit } from '../api/get-team-audit';

const role = (value: unknown) => ROLE_LABELS[value as Role] ?? String(value);

/** One line in Portuguese for an audit entry. */
export function describeAudit(entry: AuditEntry, nameOf: (id: unknown) => string): string {
  const d = entry.details ?? {};
  const email = typeof d.email === 'string' ? d.email : 'um membro';
  switch (entry.action) {
    case 'member.invited':
      return `convidou ${email} como ${role(d.role)}`;
    case 'member.invite_resent':
      return 'reenviou um convite';
    case 'member.invite_cancelled':
      return `cancelou o convite de ${email}`;
    case 'member.joined':
      return `entrou na equipe como ${role(d.role)}`;
    case 'member.role_changed':
      return `mudou o papel de ${email} de ${role(d.from)} para ${role(d.to)}`;
    case 'member.removed':
      return `removeu ${email} da equipe`;
    case 'lead.assigned':
      return d.to === null
        ? 'tirou o responsável de um lead'
        : `atribuiu um lead a ${nameOf(d.to)}${d.by === 'rotation' ? ' (roleta)' : ''}`;
    case 'team.settings_changed':
      return 'alterou a distribuição de leads';
    default:
      return entry.action;
  }
}

/** "Registro de alterações": the owner's view of membership, role and assignment changes. */
export function TeamAudit({ realEstateId }: { realEstateId: number }) {
  const [page, setPage] = useState(1);
  const audit = useTeamAudit(realEstateId, page, true);
  const members = useActiveMembers(realEstateId);
  const nameOf = (id: unknown) => {
    const m = members.data?.data.find((x) => x.id === id);
    return m ? (m.name ?? m.email) : 'um ex-membro';
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <History className="size-4" aria-hidden="true" /> Registro de alterações
        </CardTitle>
        <CardDescription>
          Convites, papéis, remoções e atribuições de leads, do mais recente ao mais antigo.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {audit.isPending ? (
          <ListSkeleton rows={3} label="Carregando o registro..." />
        ) : audit.isError ? (
          <ErrorState message={getApiErrorMessage(audit.error)} onRetry={() => void audit.refetch()} />
        ) : !audit.data.data.length ? (
          <EmptyState icon={History} title="Nenhuma alteração ainda" />
        ) : (
          <div className="grid gap-3">
            <ol className="grid divide-y text-sm">
              {audit.data.data.map((entry) => (
                <li
                  key={entry.id}
                  className="flex flex-col gap-0.5 py-2 sm:flex-row sm:justify-between sm:gap-4"
                >
                  <span>
                    <span className="font-medium">{entry.actor?.name || 'Sistema'}</span>{' '}
                    {describeAudit(entry, nameOf)}
                  </span>
                  <time className="shrink-0 text-xs text-muted-foreground" dateTime={entry.created_at}>
                    {formatDateTime(entry.created_at)}
                  </time>
                </li>
              ))}
            </ol>
            {audit.data.meta.last_page > 1 && (
              <Pagination meta={audit.data.meta} onPageChange={setPage} noun="alterações" />
            )}
          </div>
        )}
      </CardContent>
    </Card>
  );
}
