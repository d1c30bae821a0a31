import { zodResolver } from '@hookform/resolvers/zod';
import { paths } from '@vitrine/contracts/paths';
import { loginBody } from '@vitrine/contracts';
import { LogIn } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, Navigate, useLocation, useNavigate, type Location } from 'react-router';
import type { z } from 'zod';
import { AuthLayout } from '@/components/layouts/auth-layout';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { PasswordInput } from '@/components/ui/password-input';
import { PageSpinner } from '@/components/ui/spinner';
import { applyServerErrors } from '@/lib/api-errors';
import { submitHandler } from '@/lib/forms';
import { useAuth } from '../auth-context';

const loginForm = loginBody.pick({ email: true, password: true });
type LoginInput = z.input<typeof loginForm>;
type LoginOutput = z.output<typeof loginForm>;

export interface LoginLocationState {
  from?: Pick<Location, 'pathname' | 'search' | 'hash'>;
  /** Pre-filled credentials (the demo page's button). */
  prefill?: { email: string; password: string };
  /** A notice to show above the form (e.g. after a password reset). */
  notice?: string;
  /** Arrived here because the server ended the session (401). */
  expired?: boolean;
}

export const SESSION_EXPIRED_NOTICE = 'Sua sessão expirou. Entre novamente.';

/** Where to go after signing in: the protected page the visitor came from, or the dashboard. */
function destination(state: LoginLocationState | null): string {
  const from = state?.from;
  if (!from?.pathname || from.pathname === paths.login || from.pathname === paths.loginAlias)
    return paths.dashboard;
  return `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
}

/** /entrar and /login. */
export function LoginRoute() {
  const { login, isAuthenticated, isLoading } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const state = (location.state ?? null) as LoginLocationState | null;
  const [formError, setFormError] = useState<string | null>(null);
  const [justSignedIn, setJustSignedIn] = useState(false);

  const form = useForm<LoginInput, unknown, LoginOutput>({
    resolver: zodResolver(loginForm),
    defaultValues: { email: state?.prefill?.email ?? '', password: state?.prefill?.password ?? '' },
  });
  const { register, handleSubmit, setError, formState } = form;

  const onSubmit = handleSubmit(async ({ email, password }) => {
    setFormError(null);
    try {
      await login(email, password);
      setJustSignedIn(true);
      void navigate(destination(state), { replace: true });
    } catch (error) {
      setFormError(applyServerErrors(error, setError, ['email', 'password']));
    }
  });

  if (isLoading) return <PageSpinner />;
  // Already signed in (another tab, or a bookmarked /entrar): straight to the console.
  if (isAuthenticated && !justSignedIn) return <Navigate to={destination(state)} replace />;

  return (
    <AuthLayout
      title="Entrar"
      description="Acesse o painel da sua imobiliária."
      footer={
        <>
          Ainda não tem conta?{' '}
          <Link to={paths.register} className="font-medium text-primary hover:underline">
            Criar conta
          </Link>
        </>
      }
    >
      <form onSubmit={submitHandler(onSubmit)} noValidate className="grid gap-4">
        {state?.notice && <Alert variant="success">{state.notice}</Alert>}
        {state?.expired && !formError && <Alert variant="warning">{SESSION_EXPIRED_NOTICE}</Alert>}
        {formError && <Alert variant="danger">{formError}</Alert>}
        <FormField label="E-mail" error={formState.errors.email?.message}>
          <Input
            type="email"
            autoComplete="username"
            inputMode="email"
            placeholder="voce@imobiliaria.com.br"
            {...register('email')}
          />
        </FormField>
        <div className="grid gap-2">
          <FormField label="Senha" error={formState.errors.password?.message}>
            <PasswordInput autoComplete="current-password" {...register('password')} />
          </FormField>
          <Link
            to={paths.forgotPassword}
            className="justify-self-end text-sm font-medium text-primary hover:underline"
          >
            Esqueci minha senha
          </Link>
        </div>
        <Button type="submit" size="lg" disabled={formState.isSubmitting} className="mt-2 w-full">
          <LogIn aria-hidden="true" />
          {formState.isSubmitting ? 'Entrando...' : 'Entrar'}
        </Button>
      </form>
    </AuthLayout>
  );
}
