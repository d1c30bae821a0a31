import { zodResolver } from '@hookform/resolvers/zod';
import { paths } from '@vitrine/contracts/paths';
import { forgotPasswordBody } from '@vitrine/contracts';
import { Mail } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import { AuthLayout } from '@/components/layouts/auth-layout';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { applyServerErrors } from '@/lib/api-errors';
import { submitHandler } from '@/lib/forms';
import { useForgotPassword } from '../api/forgot-password';

type Input_ = z.input<typeof forgotPasswordBody>;
type Output = z.output<typeof forgotPasswordBody>;

/** /esqueci-senha: POST /v1/forgot-password → {message}, shown as it is. */
export function ForgotPasswordRoute() {
  const mutation = useForgotPassword();
  const [formError, setFormError] = useState<string | null>(null);
  const { register, handleSubmit, setError, formState } = useForm<Input_, unknown, Output>({
    resolver: zodResolver(forgotPasswordBody),
    defaultValues: { email: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      await mutation.mutateAsync(values);
    } catch (error) {
      setFormError(applyServerErrors(error, setError, ['email']));
    }
  });

  return (
    <AuthLayout
      title="Esqueci minha senha"
      description="Informe o e-mail da sua conta e enviaremos um link para criar uma nova senha."
      footer={
        <Link to={paths.login} className="font-medium text-primary hover:underline">
          Voltar para o login
        </Link>
      }
    >
      {mutation.isSuccess ? (
        <Alert variant="success">
          <p>{mutation.data.message}</p>
          <p className="mt-1 text-xs opacity-80">
            Não recebeu? Confira a caixa de spam ou tente de novo em alguns minutos.
          </p>
        </Alert>
      ) : (
        <form onSubmit={submitHandler(onSubmit)} noValidate className="grid gap-4">
          {formError && <Alert variant="danger">{formError}</Alert>}
          <FormField label="E-mail" error={formState.errors.email?.message}>
            <Input type="email" autoComplete="email" inputMode="email" {...register('email')} />
          </FormField>
          <Button type="submit" size="lg" disabled={formState.isSubmitting} className="w-full">
            <Mail aria-hidden="true" />
            {formState.isSubmitting ? 'Enviando...' : 'Enviar link'}
          </Button>
        </form>
      )}
    </AuthLayout>
  );
}
