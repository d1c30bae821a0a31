import { paths } from '@vitrine/contracts/paths';
import { ArrowRight, PartyPopper } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useAuth } from '../auth-context';

/** /sucesso: shown after registration. */
export function RegisterSuccessRoute() {
  useDocumentTitle('Conta criada');
  const { user, selectedRealEstate, isAuthenticated } = useAuth();
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center">
      <span className="mb-6 inline-flex size-16 items-center justify-center rounded-full bg-emerald-100 text-emerald-700">
        <PartyPopper className="size-8" aria-hidden="true" />
      </span>
      <h1 className="text-3xl font-semibold tracking-tight">
        Tudo pronto{user ? `, ${user.name.split(' ')[0]}` : ''}!
      </h1>
      <p className="mt-3 text-muted-foreground">
        {selectedRealEstate
          ? `Sua conta foi criada e a imobiliária ${selectedRealEstate.name} já está pronta para receber as primeiras páginas.`
          : 'Sua conta foi criada. Se você foi convidado por uma imobiliária, ela aparecerá em Minhas contas assim que o convite for aceito.'}
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        {isAuthenticated ? (
          <>
            <Button size="lg" asChild>
              <Link to={selectedRealEstate ? paths.dashboard : paths.createAccount}>
                {selectedRealEstate ? 'Ir para o painel' : 'Criar uma imobiliária'}{' '}
                <ArrowRight aria-hidden="true" />
              </Link>
            </Button>
            {selectedRealEstate && (
              <Button size="lg" variant="outline" asChild>
                <Link to={paths.account}>Completar o perfil da imobiliária</Link>
              </Button>
            )}
          </>
        ) : (
          <Button size="lg" asChild>
            <Link to={paths.login}>Entrar</Link>
          </Button>
        )}
      </div>
    </section>
  );
}
