import { zodResolver } from '@hookform/resolvers/zod';
import { inviteMemberBody, ROLE_RANK, type InviteMemberBody, type Role } from '@vitrine/contracts';
import { ROLE_LABELS, ROLES } from '@vitrine/contracts/constants';
import { Send, UserPlus } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogFooter, DialogTrigger } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { applyServerErrors } from '@/lib/api-errors';
import { submitHandler } from '@/lib/forms';
import { toast } from '@/lib/toast';
import { useInviteMember } from '../api/invite-member';

type Output = z.output<typeof inviteMemberBody>;

/** "Convidar usuário": e-mail and role; the roles offered are those at or below the inviter's. */
export function InviteDialog({ realEstateId, myRole }: { realEstateId: number; myRole: Role }) {
  const [open, setOpen] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const invite = useInviteMember(realEstateId);
  const roles = ROLES.filter((r) => ROLE_RANK[r] <= ROLE_RANK[myRole]);
  const { register, handleSubmit, setError, reset, formState } = useForm<InviteMemberBody, unknown, Output>({
    resolver: zodResolver(inviteMemberBody),
    defaultValues: { email: '', role: 'agent' },
  });
  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const result = await invite.mutateAsync(values);
      toast({ variant: 'success', title: 'Convite enviado', description: result.message });
      reset();
      setOpen(false);
    } catch (error) {
      setFormError(applyServerErrors(error, setError, ['email', 'role'] as const));
    }
  });
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setFormError(null);
      }}
    >
      <DialogTrigger asChild>
        <Button>
          <UserPlus aria-hidden="true" /> Convidar usuário
        </Button>
      </DialogTrigger>
      <DialogContent
        title="Convidar usuário"
        description="Enviaremos um e-mail com um link de uso único, válido por 7 dias."
      >
        <form onSubmit={submitHandler(onSubmit)} noValidate className="grid gap-4">
          {formError && <Alert variant="danger">{formError}</Alert>}
          <FormField label="E-mail" error={formState.errors.email?.message}>
            <Input type="email" inputMode="email" autoComplete="off" {...register('email')} />
          </FormField>
          <FormField label="Papel" error={formState.errors.role?.message}>
            <NativeSelect {...register('role')}>
              {roles.map((r) => (
                <option key={r} value={r}>
                  {ROLE_LABELS[r]}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          <DialogFooter>
            <Button type="submit" disabled={formState.isSubmitting}>
              <Send aria-hidden="true" />
              {formState.isSubmitting ? 'Enviando...' : 'Enviar convite'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
