import { MEMBER_STATUS_LABELS, ROLE_RANK, canGrantRole, type Member, type Role } from '@vitrine/contracts';
import { ROLE_LABELS, ROLES } from '@vitrine/contracts/constants';
import { Mail, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { NativeSelect } from '@/components/ui/native-select';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { getApiErrorMessage } from '@/lib/api-errors';
import { formatDay } from '@/lib/datetime';
import { toast } from '@/lib/toast';
import { useChangeRole } from '../api/change-role';
import { useRemoveMember } from '../api/remove-member';
import { useResendInvite } from '../api/resend-invite';

interface Props {
  realEstateId: number;
  members: Member[];
  myRole: Role;
  myId: number;
}

/** The members: a table from the xl breakpoint (1280 px: room for names and e-mails), cards below. */
export function MembersList(props: Props) {
  return (
    <>
      <div className="hidden xl:block">
        <Table scrollLabel="Tabela de usuários">
          <TableHeader>
            <TableRow>
              <TableHead>Nome</TableHead>
              <TableHead>Papel</TableHead>
              <TableHead>Status</TableHead>
              <TableHead>Desde</TableHead>
              <TableHead className="text-right">Ações</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {props.members.map((m) => (
              <TableRow key={m.id} data-testid="member-row">
                <TableCell className="min-w-56">
                  <MemberName member={m} isMe={m.id === props.myId} />
                </TableCell>
                <TableCell>
                  <RoleControl {...props} member={m} />
                </TableCell>
                <TableCell>
                  <StatusBadge member={m} />
                </TableCell>
                <TableCell className="text-sm text-muted-foreground">{since(m)}</TableCell>
                <TableCell className="text-right">
                  <MemberActions {...props} member={m} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
      <ul className="grid gap-3 xl:hidden">
        {props.members.map((m) => (
          <li key={m.id} className="grid gap-3 rounded-xl border bg-card p-4" data-testid="member-card">
            <div className="flex items-start justify-between gap-2">
              <MemberName member={m} isMe={m.id === props.myId} />
              <StatusBadge member={m} />
            </div>
            <RoleControl {...props} member={m} />
            <div className="flex flex-wrap items-center justify-between gap-2">
              <span className="text-xs text-muted-foreground">{since(m)}</span>
              <MemberActions {...props} member={m} />
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}

const since = (m: Member) =>
  m.status === 'invited'
    ? `Convidado em ${formatDay(m.invited_at)} · vale até ${formatDay(m.invite_expires_at)}`
    : m.joined_at
      ? `Desde ${formatDay(m.joined_at)}`
      : '';

function MemberName({ member, isMe }: { member: Member; isMe: boolean }) {
  return (
    <div className="grid min-w-0 gap-0.5 leading-tight">
      <span className="font-medium [overflow-wrap:anywhere]">
        {member.name ?? member.email}
        {isMe && <span className="ml-1 text-xs font-normal text-muted-foreground">(você)</span>}
      </span>
      {member.name && (
        <span className="text-sm text-muted-foreground [overflow-wrap:anywhere]">{member.email}</span>
      )}
    </div>
  );
}

function StatusBadge({ member }: { member: Member }) {
  return (
    <Badge tone={member.status === 'active' ? 'green' : 'yellow'}>
      {MEMBER_STATUS_LABELS[member.status]}
    </Badge>
  );
}

/** A manager can act on members at or below their own role. */
const canManage = (myRole: Role, member: Member) => ROLE_RANK[member.role] <= ROLE_RANK[myRole];

function RoleControl({ realEstateId, member, myRole }: Props & { member: Member }) {
  const change = useChangeRole(realEstateId);
  if (!canManage(myRole, member)) return <Badge tone="outline">{ROLE_LABELS[member.role]}</Badge>;
  const label = `Papel de ${member.name ?? member.email}`;
  return (
    <NativeSelect
      aria-label={label}
      className="h-9 w-full md:w-44"
      value={member.role}
      disabled={change.isPending}
      onChange={(event) => {
        const role = event.target.value as Role;
        change.mutate(
          { userId: member.id, role },
          {
            onSuccess: () =>
              toast({
                variant: 'success',
                title: 'Papel alterado',
                description: `${member.name ?? member.email} agora é ${ROLE_LABELS[role]}.`,
              }),
            onError: (error) =>
              toast({
                variant: 'danger',
                title: 'Não foi possível alterar o papel',
                description: getApiErrorMessage(error),
              }),
          },
        );
      }}
    >
      {ROLES.filter((r) => canGrantRole(myRole, r) || r === member.role).map((r) => (
        <option key={r} value={r}>
          {ROLE_LABELS[r]}
        </option>
      ))}
    </NativeSelect>
  );
}

function MemberActions({ realEstateId, member, myRole, myId }: Props & { member: Member }) {
  const [confirming, setConfirming] = useState(false);
  const remove = useRemoveMember(realEstateId);
  const resend = useResendInvite(realEstateId);
  // Nobody removes themselves from here (the server still refuses the last owner: 422).
  if (!canManage(myRole, member) || member.id === myId) return null;
  const who = member.name ?? member.email;
  const invited = member.status === 'invited';
  return (
    <div className="flex flex-wrap justify-end gap-1">
      {invited && (
        <Button
          variant="ghost"
          size="sm"
          disabled={resend.isPending}
          onClick={() =>
            resend.mutate(member.id, {
              onSuccess: (result) =>
                toast({ variant: 'success', title: 'Convite reenviado', description: result.message }),
              onError: (error) =>
                toast({
                  variant: 'danger',
                  title: 'Não foi possível reenviar o convite',
                  description: getApiErrorMessage(error),
                }),
            })
          }
        >
          <Mail aria-hidden="true" /> Reenviar convite
        </Button>
      )}
      <Button
        variant="ghost"
        size="sm"
        className="text-red-700 hover:bg-red-50 hover:text-red-800"
        onClick={() => setConfirming(true)}
        aria-label={invited ? `Cancelar convite de ${who}` : `Remover ${who}`}
      >
        <Trash2 aria-hidden="true" /> {invited ? 'Cancelar' : 'Remover'}
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={invited ? 'Cancelar convite?' : 'Remover da equipe?'}
        description={
          invited
            ? `O link enviado para ${member.email} deixa de funcionar.`
            : `${who} perde o acesso a esta imobiliária imediatamente. Os leads atribuídos a essa pessoa ficam sem responsável.`
        }
        confirmLabel={invited ? 'Cancelar convite' : 'Remover'}
        destructive
        busy={remove.isPending}
        onConfirm={() =>
          remove.mutate(member.id, {
            onSuccess: () => {
              setConfirming(false);
              toast({
                variant: 'success',
                title: invited ? 'Convite cancelado' : 'Membro removido',
                description: who,
              });
            },
            onError: (error) => {
              setConfirming(false);
              toast({
                variant: 'danger',
                title: 'Não foi possível remover',
                description: getApiErrorMessage(error),
              });
            },
          })
        }
      />
    </div>
  );
}
