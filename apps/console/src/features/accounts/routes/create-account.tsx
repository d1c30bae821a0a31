import { zodResolver } from '@hookform/resolvers/zod';
import { paths } from '@vitrine/contracts/paths';
import { createRealEstateBody } from '@vitrine/contracts';
import { Building2, LogIn } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import type { z } from 'zod';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { PageSpinner } from '@/components/ui/spinner';
import { EmptyState } from '@/components/ui/states';
import { useAuth } from '@/features/auth';
import { applyServerErrors } from '@/lib/api-errors';
import { submitHandler } from '@/lib/forms';
import { toast } from '@/lib/toast';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useCreateRealEstate } from '../api/create-real-estate';

type Input_ = z.input<typeof createRealEstateBody>;
type Output = z.output<typeof createRealEstateBody>;

/** /contas/criar: POST /v1/real-estates, then refresh the user, select the new agency, go to /conta. */
export function CreateAccountRoute() {
  useDocumentTitle('Criar imobiliária');
  const { isAuthenticated, isLoading, refreshUser, selectRealEstate } = useAuth();
  const navigate = useNavigate();
  const mutation = useCreateRealEstate();
  const [formError, setFormError] = useState<string | null>(null);
  const { register, handleSubmit, setError, formState } = useForm<Input_, unknown, Output>({
    resolver: zodResolver(createRealEstateBody),
    defaultValues: { name: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const realEstate = await mutation.mutateAsync(values);
      await refreshUser();
      selectRealEstate(realEstate.id);
      toast({
        variant: 'success',
        title: 'Imobiliária criada!',
        description: 'Ela já está selecionada. Complete o perfil com contato, endereço e logo.',
      });
      void navigate(paths.account);
    } catch (error) {
      setFormError(applyServerErrors(error, setError, ['name']));
    }
  });

  return (
    <section className="mx-auto w-full max-w-lg px-4 py-10 sm:py-16">
      {isLoading ? (
        <PageSpinner />
      ) : !isAuthenticated ? (
        <EmptyState
          icon={LogIn}
          title="Entre para criar uma imobiliária"
          description="A nova imobiliária fica ligada à sua conta, e você será o proprietário."
          action={
            <Button asChild>
              <Link to={paths.login} state={{ from: { pathname: paths.createAccount } }}>
                Entrar
              </Link>
            </Button>
          }
        />
      ) : (
        <Card>
          <CardHeader>
            <span className="mb-2 inline-flex size-10 items-center justify-center rounded-lg bg-accent text-accent-foreground">
              <Building2 className="size-5" aria-hidden="true" />
            </span>
            <h1 className="text-xl leading-tight font-semibold">Criar imobiliária</h1>
            <CardDescription>Você será o proprietário e poderá convidar corretores depois.</CardDescription>
          </CardHeader>
          <CardContent>
            <form onSubmit={submitHandler(onSubmit)} noValidate className="grid gap-4">
              {formError && <Alert variant="danger">{formError}</Alert>}
              <FormField label="Nome da imobiliária" error={formState.errors.name?.message}>
                <Input autoComplete="organization" autoFocus {...register('name')} />
              </FormField>
              <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
                <Button variant="ghost" asChild>
                  <Link to={paths.accounts}>Cancelar</Link>
                </Button>
                <Button type="submit" disabled={formState.isSubmitting}>
                  {formState.isSubmitting ? 'Criando...' : 'Criar imobiliária'}
                </Button>
              </div>
            </form>
          </CardContent>
        </Card>
      )}
    </section>
  );
}
