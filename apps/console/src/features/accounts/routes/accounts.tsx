import { ROLE_LABELS } from '@vitrine/contracts/constants';
import { paths } from '@vitrine/contracts/paths';
import { Building2, Check, ChevronRight, LogIn, Plus } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { AccountLogo } from '@/components/ui/account-logo';
import { Button } from '@/components/ui/button';
import { EmptyState, ListSkeleton } from '@/components/ui/states';
import { useAuth } from '@/features/auth';
import { useDocumentTitle } from '@/lib/use-document-title';
import { cn } from '@/lib/utils';

/** /contas: the user's agencies; choosing one selects it and opens the dashboard. */
export function AccountsRoute() {
  useDocumentTitle('Minhas contas');
  const { user, isLoading, selectedRealEstate, selectRealEstate } = useAuth();
  const navigate = useNavigate();

  return (
    <section className="mx-auto w-full max-w-2xl px-4 py-10 sm:py-16">
      <div className="mb-6 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">Minhas contas</h1>
          <p className="mt-1 text-sm text-muted-foreground">
            Escolha a imobiliária com que você quer trabalhar agora.
          </p>
        </div>
        {user && (
          <Button variant="outline" asChild>
            <Link to={paths.createAccount}>
              <Plus aria-hidden="true" /> Criar imobiliária
            </Link>
          </Button>
        )}
      </div>

      {isLoading ? (
        <ListSkeleton rows={2} label="Carregando suas contas..." />
      ) : !user ? (
        <EmptyState
          icon={LogIn}
          title="Entre para ver suas imobiliárias"
          description="Suas contas aparecem aqui depois que você entra com seu e-mail e senha."
          action={
            <>
              <Button asChild>
                <Link to={paths.login} state={{ from: { pathname: paths.accounts } }}>
                  Entrar
                </Link>
              </Button>
              <Button variant="outline" asChild>
                <Link to={paths.register}>Criar conta</Link>
              </Button>
            </>
          }
        />
      ) : user.real_estates.length === 0 ? (
        <EmptyState
          icon={Building2}
          title="Você ainda não participa de nenhuma imobiliária"
          description="Crie a sua agora ou peça a um administrador que envie um convite para o seu e-mail."
          action={
            <Button asChild>
              <Link to={paths.createAccount}>
                <Plus aria-hidden="true" /> Criar imobiliária
              </Link>
            </Button>
          }
        />
      ) : (
        <ul className="grid gap-3">
          {user.real_estates.map((realEstate) => {
            const selected = realEstate.id === selectedRealEstate?.id;
            return (
              <li key={realEstate.id}>
                <button
                  type="button"
                  onClick={() => {
                    selectRealEstate(realEstate.id);
                    void navigate(paths.dashboard);
                  }}
                  aria-current={selected ? 'true' : undefined}
                  className={cn(
                    'flex w-full items-center gap-4 rounded-xl border bg-card p-4 text-left shadow-sm transition-colors hover:border-primary/40 hover:bg-accent/50 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
                    selected && 'border-primary/50 bg-accent/60',
                  )}
                >
                  <AccountLogo
                    name={realEstate.name}
                    logoUrl={realEstate.logo_url}
                    className="size-12 text-sm"
                  />
                  <span className="grid min-w-0 flex-1">
                    <span className="truncate font-semibold">{realEstate.name}</span>
                    <span className="text-sm text-muted-foreground">{ROLE_LABELS[realEstate.role]}</span>
                  </span>
                  {selected && (
                    <span className="inline-flex items-center gap-1 rounded-full bg-primary/10 px-2 py-0.5 text-xs font-medium text-primary">
                      <Check className="size-3" aria-hidden="true" /> Selecionada
                    </span>
                  )}
                  <ChevronRight className="size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
