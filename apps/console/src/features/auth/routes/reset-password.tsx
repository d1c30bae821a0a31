import { zodResolver } from '@hookform/resolvers/zod';
import { MESSAGES } from '@vitrine/contracts/errors';
import { paths } from '@vitrine/contracts/paths';
import { resetPasswordBody } from '@vitrine/contracts';
import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { AuthLayout } from '@/components/layouts/auth-layout';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { PasswordInput } from '@/components/ui/password-input';
import { applyServerErrors } from '@/lib/api-errors';
import { submitHandler } from '@/lib/forms';
import { toast } from '@/lib/toast';
import { useResetPassword } from '../api/reset-password';
import type { LoginLocationState } from './login';

type Input_ = z.input<typeof resetPasswordBody>;
type Output = z.output<typeof resetPasswordBody>;

/** /redefinir-senha?token=&email= */
export function ResetPasswordRoute() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const email = params.get('email') ?? '';
  const navigate = useNavigate();
  const mutation = useResetPassword();
  const [formError, setFormError] = useState<string | null>(null);
  const { register, handleSubmit, setError, formState } = useForm<Input_, unknown, Output>({
    resolver: zodResolver(resetPasswordBody),
    defaultValues: { token, email, password: '', password_confirmation: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const { message } = await mutation.mutateAsync(values);
      toast({
        variant: 'success',
        title: 'Senha redefinida!',
        description: message || MESSAGES.passwordReset,
      });
      const state: LoginLocationState = { prefill: { email: values.email, password: '' } };
      void navigate(paths.login, { replace: true, state });
    } catch (error) {
      // token and email are not visible fields: their errors (invalid or expired link) go on top.
      setFormError(applyServerErrors(error, setError, ['password', 'password_confirmation']));
    }
  });

  const linkIsIncomplete = !token || !email;
  const hiddenErrors = [formState.errors.token?.message, formState.errors.email?.message].filter(Boolean);

  return (
    <AuthLayout
      title="Redefinir senha"
      description={email ? <>Crie uma nova senha para {email}.</> : 'Crie uma nova senha para sua conta.'}
      footer={
        <Link to={paths.login} className="font-medium text-primary hover:underline">
          Voltar para o login
        </Link>
      }
    >
      {linkIsIncomplete ? (
        <div className="grid gap-4">
          <Alert variant="danger">{MESSAGES.invalidResetToken}</Alert>
          <Button asChild variant="outline">
            <Link to={paths.forgotPassword}>Pedir um novo link</Link>
          </Button>
        </div>
      ) : (
        <form onSubmit={submitHandler(onSubmit)} noValidate className="grid gap-4">
          {(formError || hiddenErrors.length > 0) && (
            <Alert variant="danger">
              <p>{formError ?? hiddenErrors.join(' ')}</p>
              <Link to={paths.forgotPassword} className="mt-1 inline-block font-medium underline">
                Pedir um novo link
              </Link>
            </Alert>
          )}
          <FormField
            label="Nova senha"
            error={formState.errors.password?.message}
            hint="Pelo menos 8 caracteres."
          >
            <PasswordInput autoComplete="new-password" {...register('password')} />
          </FormField>
          <FormField label="Confirme a nova senha" error={formState.errors.password_confirmation?.message}>
            <PasswordInput autoComplete="new-password" {...register('password_confirmation')} />
          </FormField>
          <Button type="submit" size="lg" disabled={formState.isSubmitting} className="w-full">
            <KeyRound aria-hidden="true" />
            {formState.isSubmitting ? 'Salvando...' : 'Redefinir senha'}
          </Button>
        </form>
      )}
    </AuthLayout>
  );
}
