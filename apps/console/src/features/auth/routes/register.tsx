import { zodResolver } from '@hookform/resolvers/zod';
import { paths } from '@vitrine/contracts/paths';
import { registerBody } from '@vitrine/contracts';
import { UserPlus } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { AuthLayout } from '@/components/layouts/auth-layout';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { PasswordInput } from '@/components/ui/password-input';
import { applyServerErrors } from '@/lib/api-errors';
import { submitHandler } from '@/lib/forms';
import { getApiErrorMessage } from '@/lib/api-errors';
import { lookupInvitation } from '../api/lookup-invitation';
import { useAuth } from '../auth-context';

type RegisterInput = z.input<typeof registerBody>;
type RegisterOutput = z.output<typeof registerBody>;
const FIELDS = [
  'name',
  'email',
  'password',
  'password_confirmation',
  'real_estate_name',
  'invitation_token',
] as const;

/** /registrar: POST /v1/register → 201 {user}; the user is signed in, then /sucesso. */
export function RegisterRoute() {
  const { register: signUp, selectRealEstate } = useAuth();
  const navigate = useNavigate();
  const [formError, setFormError] = useState<string | null>(null);
  // /registrar?convite=TOKEN (the team invitation, docs/product.md#team): the invited e-mail comes filled in.
  const inviteToken = useSearchParams()[0].get('convite');
  const invitation = useQuery({
    queryKey: ['invitation', inviteToken],
    queryFn: () => lookupInvitation(inviteToken!),
    enabled: !!inviteToken,
    retry: false,
  });
  const { register, handleSubmit, setError, setValue, formState } = useForm<
    RegisterInput,
    unknown,
    RegisterOutput
  >({
    resolver: zodResolver(registerBody),
    defaultValues: {
      name: '',
      email: '',
      password: '',
      password_confirmation: '',
      real_estate_name: '',
      invitation_token: inviteToken,
    },
  });
  const invited = invitation.data;
  useEffect(() => {
    if (invited) setValue('email', invited.email);
  }, [invited, setValue]);

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      await signUp(values);
      if (invited) {
        // Straight into the agency that invited them.
        selectRealEstate(invited.real_estate.id);
        void navigate(paths.dashboard, { replace: true });
        return;
      }
      void navigate(paths.success, { replace: true });
    } catch (error) {
      setFormError(applyServerErrors(error, setError, FIELDS));
    }
  });

  const errors = formState.errors;
  return (
    <AuthLayout
      title="Criar conta"
      description="Comece a publicar landing pages dos seus imóveis em poucos minutos."
      footer={
        <>
          Já tem conta?{' '}
          <Link to={paths.login} className="font-medium text-primary hover:underline">
            Entrar
          </Link>
        </>
      }
    >
      <form onSubmit={submitHandler(onSubmit)} noValidate className="grid gap-4">
        {formError && <Alert variant="danger">{formError}</Alert>}
        {invited && (
          <Alert variant="info">
            Convite de {invited.real_estate.name}: crie sua conta com {invited.email} para entrar na equipe.
          </Alert>
        )}
        {invitation.isError && <Alert variant="danger">{getApiErrorMessage(invitation.error)}</Alert>}
        <FormField label="Seu nome" error={errors.name?.message}>
          <Input autoComplete="name" {...register('name')} />
        </FormField>
        <FormField label="E-mail" error={errors.email?.message}>
          <Input
            type="email"
            autoComplete="email"
            inputMode="email"
            readOnly={!!invited}
            {...register('email')}
          />
        </FormField>
        <FormField label="Senha" error={errors.password?.message} hint="Pelo menos 8 caracteres.">
          <PasswordInput autoComplete="new-password" {...register('password')} />
        </FormField>
        <FormField label="Confirme a senha" error={errors.password_confirmation?.message}>
          <PasswordInput autoComplete="new-password" {...register('password_confirmation')} />
        </FormField>
        {!inviteToken && (
          <FormField
            label="Nome da imobiliária"
            error={errors.real_estate_name?.message}
            hint="Opcional: deixe em branco se você foi convidado por uma imobiliária."
          >
            <Input autoComplete="organization" {...register('real_estate_name')} />
          </FormField>
        )}
        <Button type="submit" size="lg" disabled={formState.isSubmitting} className="mt-2 w-full">
          <UserPlus aria-hidden="true" />
          {formState.isSubmitting ? 'Criando conta...' : 'Criar conta'}
        </Button>
      </form>
    </AuthLayout>
  );
}
