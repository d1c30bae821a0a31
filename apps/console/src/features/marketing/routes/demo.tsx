import { paths } from '@vitrine/contracts/paths';
import {
  ArrowRight,
  Building2,
  Inbox,
  KeyRound,
  LoaderCircle,
  LogIn,
  PanelsTopLeft,
  Plug,
  ShieldAlert,
  Smartphone,
  Sparkles,
} from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useAuth } from '@/features/auth';
import { getApiErrorMessage } from '@/lib/api-errors';
import { useDocumentTitle } from '@/lib/use-document-title';
import { postDemoLogin } from '../api/demo-login';
import { useDemoInfo } from '../api/get-demo-info';

const INSIDE = [
  {
    icon: PanelsTopLeft,
    title: '15 páginas de imóveis',
    text: '12 publicadas com fotos, 2 rascunhos e 1 vendida: apartamentos, casas, studio e coberturas em São Paulo, Rio, Florianópolis, Curitiba e Belo Horizonte.',
  },
  {
    icon: Inbox,
    title: 'Leads dos últimos 30 dias',
    text: 'Em todas as etapas — novo, em atendimento, visita agendada, proposta, ganho e perdido — com a origem de cada campanha do Google, Facebook e Instagram.',
  },
  {
    icon: Plug,
    title: 'Webhook para o CRM, ativo e testado',
    text: 'Com o histórico de entregas: leads entregues na hora, reenviados até dar certo, recusados pelo CRM e os que esgotaram as tentativas.',
  },
  {
    icon: ShieldAlert,
    title: 'Quarentena anti-spam',
    text: 'Contatos suspeitos ficam retidos com o motivo e não vão para o CRM até você liberar.',
  },
  {
    icon: Smartphone,
    title: 'Landing pages de verdade',
    text: 'Abra qualquer página pública no celular, veja as fotos e envie um lead pelo formulário.',
  },
  {
    icon: Building2,
    title: 'Duas imobiliárias',
    text: 'Troque de conta para ver como uma mesma pessoa administra mais de uma imobiliária.',
  },
];

const HIGHLIGHTS = [
  { value: '12', label: 'páginas publicadas' },
  { value: '30 dias', label: 'de leads' },
  { value: '6', label: 'etapas do funil' },
  { value: '1', label: 'CRM conectado' },
];

/** /demonstracao and /demo: the product with sample data, one click away. */
export function DemoRoute() {
  useDocumentTitle('Demonstração');
  const info = useDemoInfo();
  const { refreshUser } = useAuth();
  const navigate = useNavigate();
  const [entering, setEntering] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const enter = async () => {
    setEntering(true);
    setError(null);
    try {
      await postDemoLogin();
      await refreshUser();
      void navigate(paths.leads);
    } catch (e) {
      setError(getApiErrorMessage(e, 'Não foi possível entrar na demonstração. Tente novamente.'));
      setEntering(false);
    }
  };

  const enabled = info.data?.enabled === true;
  // A failed look-up still offers the button: the sign-in itself says whether the demo exists.
  const available = enabled || info.isError;

  return (
    <>
      <section className="border-b bg-gradient-to-b from-accent/70 to-background">
        <div className="mx-auto grid max-w-6xl gap-10 px-4 py-14 sm:px-6 sm:py-20 lg:grid-cols-[1.15fr_0.85fr] lg:items-center">
          <div>
            <p className="mb-4 inline-flex items-center gap-2 rounded-full border bg-background px-3 py-1 text-xs font-medium text-muted-foreground">
              <Sparkles className="size-3.5 text-primary" aria-hidden="true" /> Demonstração ao vivo, sem
              cadastro
            </p>
            <h1 className="text-4xl leading-tight font-bold tracking-tight text-balance sm:text-5xl">
              Veja o painel funcionando com uma imobiliária cheia de dados
            </h1>
            <p className="mt-5 max-w-xl text-lg text-pretty text-muted-foreground">
              Um clique e você está dentro da Imobiliária Demonstração: imóveis publicados com fotos, leads
              chegando das campanhas e sendo entregues ao CRM. Mexa à vontade — é tudo de exemplo.
            </p>

            <div className="mt-8">
              {info.isPending ? (
                <Skeleton className="h-11 w-64" aria-label="Verificando a demonstração" />
              ) : available ? (
                <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
                  <Button size="lg" onClick={() => void enter()} disabled={entering}>
                    {entering ? (
                      <LoaderCircle className="animate-spin" aria-hidden="true" />
                    ) : (
                      <LogIn aria-hidden="true" />
                    )}
                    {entering ? 'Entrando…' : 'Entrar na demonstração'}
                  </Button>
                  <Button size="lg" variant="outline" asChild>
                    <Link to={paths.register}>Criar minha conta</Link>
                  </Button>
                </div>
              ) : (
                <Alert variant="warning" className="max-w-xl">
                  <p className="font-medium">A demonstração não está disponível nesta instalação.</p>
                  <p className="mt-1">
                    Crie a sua conta para experimentar o painel com os seus próprios imóveis — leva um minuto.
                  </p>
                  <Button className="mt-3" asChild>
                    <Link to={paths.register}>
                      Criar minha conta <ArrowRight aria-hidden="true" />
                    </Link>
                  </Button>
                </Alert>
              )}
              {error && (
                <Alert variant="danger" className="mt-4 max-w-xl">
                  <p>{error}</p>
                </Alert>
              )}
            </div>
          </div>

          <div className="rounded-2xl border bg-card p-6 shadow-sm" aria-labelledby="demo-resumo">
            <h2 id="demo-resumo" className="text-sm font-semibold text-muted-foreground">
              Dentro da demonstração
            </h2>
            <dl className="mt-4 grid grid-cols-2 gap-4">
              {HIGHLIGHTS.map((h) => (
                <div key={h.label} className="rounded-xl bg-muted/60 p-4">
                  <dt className="text-xs text-muted-foreground">{h.label}</dt>
                  <dd className="mt-1 text-2xl font-semibold tracking-tight">{h.value}</dd>
                </div>
              ))}
            </dl>
            {enabled && info.data?.email && (
              <div className="mt-5 border-t pt-4 text-sm">
                <p className="flex items-center gap-2 font-medium">
                  <KeyRound className="size-4 text-primary" aria-hidden="true" /> Prefere o formulário de
                  login?
                </p>
                <dl className="mt-2 grid grid-cols-[4.5rem_1fr] gap-y-1.5 text-muted-foreground">
                  <dt>E-mail</dt>
                  <dd>
                    <code className="rounded bg-muted px-1.5 py-0.5 font-mono text-foreground">
                      {info.data.email}
                    </code>
                  </dd>
                  <dt>Senha</dt>
                  <dd>
                    <code className="rounded bg-muted px-1.5 py-0.5 font-mono text-foreground">
                      {info.data.password}
                    </code>
                  </dd>
                </dl>
              </div>
            )}
          </div>
        </div>
      </section>

      <section aria-labelledby="o-que-tem" className="mx-auto max-w-6xl px-4 py-14 sm:px-6 sm:py-16">
        <h2 id="o-que-tem" className="text-2xl font-semibold tracking-tight sm:text-3xl">
          O que você encontra lá dentro
        </h2>
        <p className="mt-2 max-w-2xl text-muted-foreground">
          Os mesmos dados que uma imobiliária teria depois de um mês usando o Vitrine Imóveis.
        </p>
        <ul className="mt-8 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          {INSIDE.map(({ icon: Icon, title, text }) => (
            <li key={title} className="rounded-xl border bg-card p-5 shadow-sm">
              <span className="inline-flex size-10 items-center justify-center rounded-lg bg-primary/10 text-primary">
                <Icon className="size-5" aria-hidden="true" />
              </span>
              <h3 className="mt-4 font-semibold">{title}</h3>
              <p className="mt-1.5 text-sm text-muted-foreground">{text}</p>
            </li>
          ))}
        </ul>
        <p className="mt-8 text-sm text-muted-foreground">
          Os dados de exemplo podem ser apagados a qualquer momento; não use informações reais. O webhook da
          demonstração aponta para um endereço fictício: nenhum lead sai daqui.
        </p>
      </section>
    </>
  );
}
