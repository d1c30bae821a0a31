import { isManagerRole, type Lead } from '@vitrine/contracts';
import { useId } from 'react';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { useAuth } from '@/features/auth';
import { useActiveMembers } from '@/features/users';
import { getApiErrorMessage } from '@/lib/api-errors';
import { toast } from '@/lib/toast';
import { useAssignLead } from '../api/assign-lead';

/** "Responsável": owners and admins pick a member (or nobody); an agent sees whether the lead is theirs. */
export function LeadAssignee({ realEstateId, lead }: { realEstateId: number; lead: Lead }) {
  const { user, selectedRealEstate } = useAuth();
  const manager = isManagerRole(selectedRealEstate?.role);
  const members = useActiveMembers(realEstateId, manager);
  const assign = useAssignLead(realEstateId);
  const id = useId();
  const assigned = lead.assigned_user_id ?? null;
  if (!manager) {
    return (
      <div className="grid gap-1.5 text-sm">
        <span className="font-medium">Responsável</span>
        <span className="text-muted-foreground">
          {assigned === null ? 'Ninguém' : assigned === user?.id ? 'Você' : 'Outro membro da equipe'}
        </span>
      </div>
    );
  }
  const options = members.data?.data ?? [];
  return (
    <div className="grid gap-1.5 sm:max-w-60">
      <Label htmlFor={id}>Responsável</Label>
      <NativeSelect
        id={id}
        value={assigned === null ? '' : String(assigned)}
        disabled={members.isPending || assign.isPending}
        onChange={(e) => {
          const userId = e.target.value ? Number(e.target.value) : null;
          assign.mutate(
            { leadId: lead.id, userId },
            {
              onSuccess: () => toast({ variant: 'success', title: 'Responsável atualizado' }),
              onError: (error) =>
                toast({
                  variant: 'danger',
                  title: 'Não foi possível atribuir o lead',
                  description: getApiErrorMessage(error),
                }),
            },
          );
        }}
      >
        <option value="">Ninguém</option>
        {assigned !== null && !options.some((m) => m.id === assigned) && (
          <option value={String(assigned)}>Membro atual</option>
        )}
        {options.map((m) => (
          <option key={m.id} value={String(m.id)}>
            {m.name ?? m.email}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}
