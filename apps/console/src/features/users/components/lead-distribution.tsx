import type { Member } from '@vitrine/contracts';
import { ROLE_LABELS } from '@vitrine/contracts/constants';
import { Shuffle } from 'lucide-react';
import { useId } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { ListSkeleton, ErrorState } from '@/components/ui/states';
import { getApiErrorMessage } from '@/lib/api-errors';
import { toast } from '@/lib/toast';
import { useActiveMembers } from '../api/get-members';
import { useSaveTeamSettings } from '../api/save-team-settings';
import { useTeamSettings } from '../api/get-team-settings';

/** "Distribuição de leads": the rotation (roleta), who takes part, and whether agents see every lead. */
export function LeadDistribution({ realEstateId }: { realEstateId: number }) {
  const settings = useTeamSettings(realEstateId);
  const members = useActiveMembers(realEstateId);
  const save = useSaveTeamSettings(realEstateId);
  const rotationId = useId();
  const seeAllId = useId();

  const apply = (body: Parameters<typeof save.mutate>[0]) =>
    save.mutate(body, {
      onSuccess: () => toast({ variant: 'success', title: 'Distribuição de leads salva' }),
      onError: (error) =>
        toast({
          variant: 'danger',
          title: 'Não foi possível salvar',
          description: getApiErrorMessage(error),
        }),
    });

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Shuffle className="size-4" aria-hidden="true" /> Distribuição de leads
        </CardTitle>
        <CardDescription>
          Com a roleta ligada, cada novo lead vai, na vez, para um dos membros escolhidos, que recebe o aviso
          por e-mail.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        {settings.isPending || members.isPending ? (
          <ListSkeleton rows={2} label="Carregando a distribuição..." />
        ) : settings.isError || members.isError ? (
          <ErrorState
            message={getApiErrorMessage(settings.error ?? members.error)}
            onRetry={() => {
              void settings.refetch();
              void members.refetch();
            }}
          />
        ) : (
          <>
            <div className="flex items-center justify-between gap-4">
              <Label htmlFor={rotationId}>Roleta de leads</Label>
              <Switch
                id={rotationId}
                checked={settings.data.rotation_enabled}
                disabled={save.isPending}
                onCheckedChange={(checked) => apply({ rotation_enabled: checked })}
              />
            </div>
            <fieldset className="grid gap-2" disabled={save.isPending}>
              <legend className="mb-1 text-sm font-medium">Quem participa da roleta</legend>
              <RotationMembers
                members={members.data.data}
                chosen={settings.data.rotation_user_ids}
                onChange={(ids) => apply({ rotation_user_ids: ids })}
              />
            </fieldset>
            <div className="flex items-center justify-between gap-4">
              <div className="grid gap-1">
                <Label htmlFor={seeAllId}>Corretores veem todos os leads</Label>
                <p className="text-xs text-muted-foreground">
                  Desligado: cada corretor vê apenas os leads atribuídos a ele.
                </p>
              </div>
              <Switch
                id={seeAllId}
                checked={settings.data.agents_see_all_leads}
                disabled={save.isPending}
                onCheckedChange={(checked) => apply({ agents_see_all_leads: checked })}
              />
            </div>
          </>
        )}
      </CardContent>
    </Card>
  );
}

function RotationMembers({
  members,
  chosen,
  onChange,
}: {
  members: Member[];
  chosen: number[];
  onChange: (ids: number[]) => void;
}) {
  if (!members.length) return <p className="text-sm text-muted-foreground">Nenhum membro ativo ainda.</p>;
  return (
    <ul className="grid gap-2 sm:grid-cols-2">
      {members.map((m) => {
        const checked = chosen.includes(m.id);
        return (
          <li key={m.id}>
            <label className="flex cursor-pointer items-center gap-2 rounded-md border px-3 py-2 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary/5">
              <input
                type="checkbox"
                className="size-4 accent-[var(--color-primary)]"
                checked={checked}
                onChange={() => onChange(checked ? chosen.filter((id) => id !== m.id) : [...chosen, m.id])}
              />
              <span className="min-w-0 flex-1 truncate">{m.name ?? m.email}</span>
              <span className="text-xs text-muted-foreground">{ROLE_LABELS[m.role]}</span>
            </label>
          </li>
        );
      })}
    </ul>
  );
}
