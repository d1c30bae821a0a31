import { paths } from '@vitrine/contracts/paths';
import {
  ArrowRight,
  ChartColumn,
  Gauge,
  Inbox,
  MessageCircle,
  PanelsTopLeft,
  Plug,
  ShieldCheck,
  Smartphone,
  Users,
  Webhook,
} from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { useDocumentTitle } from '@/lib/use-document-title';

const FEATURES = [
  {
    icon: PanelsTopLeft,
    title: 'Uma landing page por imóvel',
    text: 'Fotos, vídeos, características e localização numa página leve, que abre rápido no celular e vai direto ao ponto.',
  },
  {
    icon: Inbox,
    title: 'Leads que não se perdem',
    text: 'Cada contato é gravado antes da confirmação ao visitante e fica no painel com a origem da campanha (UTM).',
  },
  {
    icon: Plug,
    title: 'Direto no seu CRM',
    text: 'Encaminhe os leads automaticamente para GoHarry, Arbo, Jetimob ou qualquer sistema via webhook.',
  },
  {
    icon: ChartColumn,
    title: 'Métricas que importam',
    text: 'Veja visitas, cliques no WhatsApp e conversões de cada página para saber onde investir.',
  },
  {
    icon: Users,
    title: 'Equipe organizada',
    text: 'Convide corretores e administradores, cada um com o acesso certo. Várias imobiliárias na mesma conta.',
  },
  {
    icon: MessageCircle,
    title: 'WhatsApp em um toque',
    text: 'Botão de WhatsApp com mensagem pronta sobre o imóvel: o visitante chama sem digitar nada.',
  },
];

const STEPS = [
  {
    title: 'Cadastre a imobiliária',
    text: 'Nome, logo e contatos uma vez só; eles aparecem em todas as páginas.',
  },
  {
    title: 'Publique seus imóveis',
    text: 'Crie as páginas uma a uma ou importe o catálogo que você já usa no Facebook.',
  },
  {
    title: 'Receba e encaminhe leads',
    text: 'Divulgue o link nos anúncios; cada contato chega ao painel e ao seu CRM.',
  },
];

/** / : the product's landing page for agencies. */
export function WelcomeRoute() {
  useDocumentTitle('Landing pages e leads para imobiliárias');
  return (
    <>
      <section className="relative overflow-hidden border-b bg-gradient-to-b from-accent/70 to-background">
        <div className="mx-auto grid max-w-6xl gap-12 px-4 py-16 sm:px-6 sm:py-24 lg:grid-cols-[1.1fr_0.9fr] lg:items-center">
          <div>
            <p className="mb-4 inline-flex items-center gap-2 rounded-full border bg-background px-3 py-1 text-xs font-medium text-muted-foreground">
              <Gauge className="size-3.5 text-primary" aria-hidden="true" /> Para imobiliárias e corretores
            </p>
            <h1 className="text-4xl leading-tight font-bold tracking-tight text-balance sm:text-5xl">
              Cada imóvel com a sua página. Cada lead no seu CRM.
            </h1>
            <p className="mt-5 max-w-xl text-lg text-muted-foreground text-pretty">
              Publique landing pages rápidas para os seus imóveis, capture os contatos dos anúncios e entregue
              cada lead ao sistema que a sua equipe já usa — sem planilhas e sem leads esquecidos.
            </p>
            <div className="mt-8 flex flex-col gap-3 sm:flex-row">
              <Button size="lg" asChild>
                <Link to={paths.register}>
                  Criar conta <ArrowRight aria-hidden="true" />
                </Link>
              </Button>
              <Button size="lg" variant="outline" asChild>
                <Link to={paths.login}>Já tenho conta</Link>
              </Button>
            </div>
            <p className="mt-4 text-sm text-muted-foreground">
              Quer ver antes?{' '}
              <Link to={paths.demo} className="font-medium text-primary hover:underline">
                Conheça a demonstração
              </Link>
              .
            </p>
          </div>
          <HeroIllustration />
        </div>
      </section>

      <section aria-labelledby="recursos" className="mx-auto max-w-6xl px-4 py-16 sm:px-6 sm:py-20">
        <h2 id="recursos" className="text-center text-3xl font-semibold tracking-tight">
          Tudo o que o anúncio precisa depois do clique
        </h2>
        <p className="mx-auto mt-3 max-w-2xl text-center text-muted-foreground">
          O anúncio traz o visitante. A página convence, o formulário captura e a integração entrega.
        </p>
        <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {FEATURES.map(({ icon: Icon, title, text }) => (
            <li key={title} className="rounded-xl border bg-card p-6 shadow-sm">
              <span className="inline-flex size-10 items-center justify-center rounded-lg bg-primary/10 text-primary">
                <Icon className="size-5" aria-hidden="true" />
              </span>
              <h3 className="mt-4 font-semibold">{title}</h3>
              <p className="mt-2 text-sm text-muted-foreground">{text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="como-funciona" className="border-y bg-muted/40">
        <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6 sm:py-20">
          <h2 id="como-funciona" className="text-3xl font-semibold tracking-tight">
            Como funciona
          </h2>
          <ol className="mt-10 grid gap-8 md:grid-cols-3">
            {STEPS.map((step, index) => (
              <li key={step.title} className="flex gap-4">
                <span className="inline-flex size-9 shrink-0 items-center justify-center rounded-full bg-primary text-sm font-semibold text-primary-foreground">
                  {index + 1}
                </span>
                <div>
                  <h3 className="font-semibold">{step.title}</h3>
                  <p className="mt-1 text-sm text-muted-foreground">{step.text}</p>
                </div>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section aria-labelledby="integracoes" className="mx-auto max-w-6xl px-4 py-16 sm:px-6 sm:py-20">
        <div className="grid gap-10 lg:grid-cols-2 lg:items-center">
          <div>
            <h2 id="integracoes" className="text-3xl font-semibold tracking-tight">
              Integrado ao que você já usa
            </h2>
            <p className="mt-3 text-muted-foreground">
              Configure uma vez e cada novo lead segue sozinho para o seu CRM. Se o sistema do outro lado
              estiver fora do ar, o envio é repetido até dar certo — e você acompanha cada tentativa no
              painel.
            </p>
            <ul className="mt-6 grid gap-3 text-sm">
              <li className="flex items-center gap-2">
                <ShieldCheck className="size-4 text-primary" aria-hidden="true" /> Credenciais guardadas com
                criptografia
              </li>
              <li className="flex items-center gap-2">
                <Smartphone className="size-4 text-primary" aria-hidden="true" /> Páginas pensadas primeiro
                para o celular
              </li>
            </ul>
          </div>
          <ul className="grid grid-cols-2 gap-4">
            {[
              { name: 'Webhook', note: 'Liberdade para levar seus leads para onde quiser', icon: Webhook },
              { name: 'GoHarry', note: 'Leads direto no CRM', icon: Plug },
              { name: 'Arbo', note: 'Leads direto no CRM', icon: Plug },
              { name: 'Jetimob', note: 'Leads direto no CRM', icon: Plug },
            ].map(({ name, note, icon: Icon }) => (
              <li key={name} className="rounded-xl border bg-card p-5 shadow-sm">
                <Icon className="size-5 text-primary" aria-hidden="true" />
                <p className="mt-3 font-semibold">{name}</p>
                <p className="mt-1 text-xs text-muted-foreground">{note}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="px-4 pb-20 sm:px-6">
        <div className="mx-auto flex max-w-6xl flex-col items-start gap-6 rounded-2xl bg-primary px-6 py-10 text-primary-foreground sm:px-10 md:flex-row md:items-center md:justify-between">
          <div>
            <h2 className="text-2xl font-semibold tracking-tight">Pronto para publicar o primeiro imóvel?</h2>
            <p className="mt-2 text-primary-foreground/80">
              Crie a conta da sua imobiliária em menos de um minuto.
            </p>
          </div>
          <div className="flex flex-col gap-3 sm:flex-row">
            <Button size="lg" variant="secondary" asChild>
              <Link to={paths.register}>Criar conta</Link>
            </Button>
            <Button
              size="lg"
              variant="ghost"
              asChild
              className="text-primary-foreground hover:bg-white/10 hover:text-primary-foreground"
            >
              <Link to={paths.login}>Entrar</Link>
            </Button>
          </div>
        </div>
      </section>
    </>
  );
}

/** A stylised property page with an incoming lead, drawn with plain elements (no image to load). */
function HeroIllustration() {
  return (
    <div aria-hidden="true" className="relative mx-auto w-full max-w-sm lg:max-w-none">
      <div className="rounded-2xl border bg-card p-4 shadow-xl">
        <div className="aspect-[16/10] rounded-xl bg-gradient-to-br from-primary/30 via-primary/10 to-accent" />
        <div className="mt-4 space-y-2">
          <div className="h-4 w-3/4 rounded bg-foreground/80" />
          <div className="h-3 w-1/2 rounded bg-muted-foreground/40" />
        </div>
        <div className="mt-4 grid grid-cols-3 gap-2 text-center text-xs text-muted-foreground">
          <div className="rounded-lg bg-muted py-2">3 quartos</div>
          <div className="rounded-lg bg-muted py-2">2 vagas</div>
          <div className="rounded-lg bg-muted py-2">98 m²</div>
        </div>
        <div className="mt-4 flex gap-2">
          <div className="h-9 flex-1 rounded-md bg-primary" />
          <div className="h-9 w-24 rounded-md bg-emerald-500" />
        </div>
      </div>
      <div className="absolute -bottom-6 -left-4 flex items-center gap-3 rounded-xl border bg-background p-3 shadow-lg sm:-left-8">
        <span className="inline-flex size-9 items-center justify-center rounded-full bg-emerald-100 text-emerald-700">
          <Inbox className="size-4" />
        </span>
        <div className="text-xs">
          <p className="font-semibold">Novo lead</p>
          <p className="text-muted-foreground">Enviado ao CRM agora</p>
        </div>
      </div>
    </div>
  );
}
