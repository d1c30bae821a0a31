import { paths } from '@vitrine/contracts/paths';
import { Info, KeyRound, LogIn } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { DEMO_LOGIN } from '@/config/app';
import { useDocumentTitle } from '@/lib/use-document-title';

/** /demonstracao and /demo: how to try the product with the seeded demo login. */
export function DemoRoute() {
  useDocumentTitle('Demonstração');
  return (
    <section className="mx-auto max-w-3xl px-4 py-14 sm:py-20">
      <h1 className="text-3xl font-semibold tracking-tight sm:text-4xl">
        Experimente o painel com a conta de demonstração
      </h1>
      <p className="mt-4 text-lg text-muted-foreground">
        A demonstração é o próprio produto, com dados de exemplo: duas imobiliárias fictícias, para você ver
        como é trocar de conta, editar o perfil da imobiliária e navegar pelo painel.
      </p>

      <div className="mt-8 rounded-xl border bg-card p-6 shadow-sm">
        <h2 className="flex items-center gap-2 font-semibold">
          <KeyRound className="size-4 text-primary" aria-hidden="true" /> Acesso de demonstração
        </h2>
        <dl className="mt-4 grid gap-3 text-sm sm:grid-cols-[8rem_1fr]">
          <dt className="text-muted-foreground">E-mail</dt>
          <dd>
            <code className="rounded bg-muted px-2 py-1 font-mono">{DEMO_LOGIN.email}</code>
          </dd>
          <dt className="text-muted-foreground">Senha</dt>
          <dd>
            <code className="rounded bg-muted px-2 py-1 font-mono">{DEMO_LOGIN.password}</code>
          </dd>
        </dl>
        <Button size="lg" asChild className="mt-6 w-full sm:w-auto">
          <Link to={paths.login} state={{ prefill: DEMO_LOGIN }}>
            <LogIn aria-hidden="true" /> Entrar na demonstração
          </Link>
        </Button>
      </div>

      <div className="mt-6 flex gap-3 rounded-xl border border-sky-200 bg-sky-50 p-4 text-sm text-sky-900">
        <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <p>
          A conta de demonstração só existe em instalações iniciadas com dados de exemplo. Os dados podem ser
          apagados a qualquer momento; não use informações reais. Para trabalhar de verdade,{' '}
          <Link to={paths.register} className="font-medium underline">
            crie a sua conta
          </Link>
          .
        </p>
      </div>
    </section>
  );
}
