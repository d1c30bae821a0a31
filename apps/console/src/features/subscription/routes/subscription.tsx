import {
  BILLING_TYPES,
  BILLING_TYPE_LABELS,
  LIMIT_KEYS,
  LIMIT_LABELS,
  PLANS,
  SUBSCRIPTION_STATUS_LABELS,
  type BillingType,
  type Plan,
  type Subscription,
} from '@vitrine/contracts';
import { paths } from '@vitrine/contracts/paths';
import { Check, ExternalLink, Info, Lock } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { PageLayout } from '@/components/layouts/page-layout';
import { NoAgencySelected } from '@/components/no-agency-selected';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Progress } from '@/components/ui/progress';
import { EmptyState, ErrorState, ListSkeleton } from '@/components/ui/states';
import { useAuth } from '@/features/auth';
import { getApiErrorMessage, getApiStatus } from '@/lib/api-errors';
import { toast } from '@/lib/toast';
import { useCancelSubscription } from '../api/cancel-subscription';
import { useChangePlan } from '../api/change-plan';
import { useSubscription } from '../api/get-subscription';

const TITLE = 'Assinatura';
const breadcrumbs = [{ title: 'Dashboard', href: paths.dashboard }, { title: TITLE }];

function Screen({ children }: { children: ReactNode }) {
  return (
    <PageLayout title={TITLE} description="Plano e cobrança da imobiliária" breadcrumbs={breadcrumbs}>
      {children}
    </PageLayout>
  );
}

const money = (cents: number) =>
  new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }).format(cents / 100);
const day = (iso: string) =>
  new Intl.DateTimeFormat('pt-BR', { dateStyle: 'long', timeZone: 'America/Sao_Paulo' }).format(
    new Date(iso),
  );
const number = (n: number) => new Intl.NumberFormat('pt-BR').format(n);

function OwnerOnly() {
  return (
    <EmptyState
      icon={Lock}
      title="Só o proprietário"
      description="O plano e a cobrança da imobiliária ficam com o proprietário da conta."
    />
  );
}

/** /assinatura */
export function SubscriptionRoute() {
  const { selectedRealEstate } = useAuth();
  if (!selectedRealEstate)
    return (
      <Screen>
        <NoAgencySelected purpose="ver a assinatura" />
      </Screen>
    );
  // Admins and agents get 403 from the API (the subscription is the owner's; docs/product.md#roles).
  if (selectedRealEstate.role !== 'owner')
    return (
      <Screen>
        <OwnerOnly />
      </Screen>
    );
  return (
    <Screen>
      <SubscriptionLoader key={selectedRealEstate.id} realEstateId={selectedRealEstate.id} />
    </Screen>
  );
}

function SubscriptionLoader({ realEstateId }: { realEstateId: number }) {
  const query = useSubscription(realEstateId);
  if (query.isPending) return <ListSkeleton rows={3} label="Carregando assinatura..." />;
  if (query.isError) {
    if (getApiStatus(query.error) === 403) return <OwnerOnly />;
    return <ErrorState message={getApiErrorMessage(query.error)} onRetry={() => void query.refetch()} />;
  }
  return <SubscriptionView realEstateId={realEstateId} data={query.data} />;
}

function statusLine(s: Subscription): string {
  if (s.status === 'trialing' && s.trial_ends_at)
    return `Teste grátis do plano ${s.plan.name} até ${day(s.trial_ends_at)}.`;
  if (s.status === 'active' && s.cancel_at_period_end && s.current_period_end)
    return `Cancelada: o plano ${s.plan.name} vale até ${day(s.current_period_end)}.`;
  if (s.status === 'active' && s.current_period_end)
    return `Plano ${s.plan.name}, renova em ${day(s.current_period_end)}.`;
  if (s.status === 'past_due')
    return `O último pagamento não foi confirmado: o plano ${s.plan.name} continua valendo até ele ser pago.`;
  return 'Sem plano ativo: as páginas publicadas continuam no ar e os leads continuam chegando, mas nada novo é publicado. Escolha um plano.';
}

function SubscriptionView({ realEstateId, data }: { realEstateId: number; data: Subscription }) {
  const change = useChangePlan(realEstateId);
  const cancel = useCancelSubscription(realEstateId);
  const [billing, setBilling] = useState<BillingType>(data.billing_type ?? 'PIX');
  const [error, setError] = useState<string | null>(null);
  // An overdue plan is still the current one: paying its invoice is the way back, not subscribing again.
  const current =
    (data.status === 'active' || data.status === 'past_due') && !data.cancel_at_period_end
      ? data.plan.id
      : null;
  const canCancel =
    ((data.status === 'trialing' || data.status === 'active' || data.status === 'past_due') &&
      !data.cancel_at_period_end) ||
    !!data.pending_plan;

  const enabled = data.payments.enabled;
  const pendingPlan = data.pending_plan ? PLANS[data.pending_plan] : null;

  const choose = (plan: Plan) => {
    setError(null);
    change.mutate(
      { plan: plan.id, billing_type: billing },
      {
        onSuccess: (res) => {
          toast({ title: res.message ?? `Plano ${plan.name} ativado.` });
          // Asaas: the plan waits for its first payment, made on Asaas's page (boleto, Pix or card).
          // A blocked pop-up is fine: the screen keeps the link.
          if (res.data.pending_plan && res.data.invoice_url)
            window.open(res.data.invoice_url, '_blank', 'noopener,noreferrer');
        },
        onError: (e) => setError(getApiErrorMessage(e)),
      },
    );
  };

  return (
    <div className="grid gap-6">
      <Card>
        <CardHeader>
          <div className="flex flex-wrap items-center gap-2">
            <CardTitle>Plano atual: {data.plan.name}</CardTitle>
            <Badge tone={data.status === 'active' || data.status === 'trialing' ? 'green' : 'red'}>
              {SUBSCRIPTION_STATUS_LABELS[data.status]}
            </Badge>
          </div>
          <CardDescription>{statusLine(data)}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4 sm:grid-cols-3">
          {LIMIT_KEYS.map((key) => {
            const { used, limit } = data.usage[key];
            const pct = limit > 0 ? (used / limit) * 100 : used > 0 ? 100 : 0;
            return (
              <div key={key} className="grid gap-2" data-testid={`meter-${key}`}>
                <div className="flex items-baseline justify-between gap-2 text-sm">
                  <span className="font-medium">{LIMIT_LABELS[key]}</span>
                  <span className="text-muted-foreground tabular-nums">
                    {number(used)} de {number(limit)}
                  </span>
                </div>
                <Progress
                  value={pct}
                  label={`${LIMIT_LABELS[key]}: ${number(used)} de ${number(limit)}`}
                  tone={pct >= 100 ? 'red' : 'brand'}
                />
                {key === 'leads_per_month' && used > limit && (
                  <p className="text-xs text-muted-foreground">
                    Leads além do plano continuam chegando e ficam marcados em Leads.
                  </p>
                )}
              </div>
            );
          })}
        </CardContent>
      </Card>

      {data.payments.message && (
        <div
          role="note"
          className="flex gap-3 rounded-lg border border-sky-200 bg-sky-50 p-4 text-sm text-sky-950"
        >
          <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <div className="grid gap-1">
            {!enabled && <p className="font-medium">Como ativar os pagamentos</p>}
            <p>{data.payments.message}</p>
          </div>
        </div>
      )}

      {data.invoice_url && (pendingPlan || data.status === 'past_due') && (
        <Alert variant={data.status === 'past_due' ? 'danger' : 'warning'}>
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p>
              {pendingPlan
                ? `O plano ${pendingPlan.name} começa assim que o pagamento for confirmado. Pague por boleto, Pix ou cartão na página da fatura.`
                : 'Pagamento em atraso: pague a fatura para manter o plano.'}
            </p>
            <Button asChild size="sm">
              <a href={data.invoice_url} target="_blank" rel="noopener noreferrer">
                Pagar a fatura
                <ExternalLink aria-hidden="true" />
              </a>
            </Button>
          </div>
        </Alert>
      )}

      <section aria-labelledby="plans-title" className="grid gap-4">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <h2 id="plans-title" className="text-lg font-semibold">
            Planos
          </h2>
          {enabled && (
            <div className="grid gap-1">
              <Label htmlFor="billing-type">Forma de pagamento</Label>
              <NativeSelect
                id="billing-type"
                value={billing}
                onChange={(e) => setBilling(e.target.value as BillingType)}
                className="w-48"
              >
                {BILLING_TYPES.map((t) => (
                  <option key={t} value={t}>
                    {BILLING_TYPE_LABELS[t]}
                  </option>
                ))}
              </NativeSelect>
            </div>
          )}
        </div>
        {error && (
          <p
            role="alert"
            className="rounded-md border border-destructive/30 bg-destructive/5 p-3 text-sm text-destructive"
          >
            {error}
          </p>
        )}
        <div className="grid gap-4 md:grid-cols-3">
          {data.plans.map((plan) => {
            const isCurrent = current === plan.id;
            const isPending = data.pending_plan === plan.id;
            return (
              <Card key={plan.id} className={isCurrent ? 'border-primary ring-1 ring-primary' : undefined}>
                <CardHeader>
                  <CardTitle>{plan.name}</CardTitle>
                  <p className="text-2xl font-bold tabular-nums">
                    {money(plan.price_cents)}
                    <span className="text-sm font-normal text-muted-foreground">/mês</span>
                  </p>
                </CardHeader>
                <CardContent className="grid gap-4">
                  <ul className="grid gap-1.5 text-sm">
                    <li className="flex gap-2">
                      <Check className="size-4 text-primary" aria-hidden="true" />
                      {number(plan.limits.published_pages)} páginas publicadas
                    </li>
                    <li className="flex gap-2">
                      <Check className="size-4 text-primary" aria-hidden="true" />
                      {number(plan.limits.users)} usuários
                    </li>
                    <li className="flex gap-2">
                      <Check className="size-4 text-primary" aria-hidden="true" />
                      {number(plan.limits.leads_per_month)} leads por mês
                    </li>
                  </ul>
                  <Button
                    variant={isCurrent || isPending ? 'outline' : 'default'}
                    disabled={isCurrent || isPending || !enabled || change.isPending}
                    onClick={() => choose(plan)}
                    aria-label={
                      isCurrent
                        ? `${plan.name}: plano atual`
                        : isPending
                          ? `${plan.name}: aguardando pagamento`
                          : `Assinar o plano ${plan.name}`
                    }
                  >
                    {isCurrent ? 'Plano atual' : isPending ? 'Aguardando pagamento' : `Assinar ${plan.name}`}
                  </Button>
                </CardContent>
              </Card>
            );
          })}
        </div>
      </section>

      {canCancel && (
        <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg border p-4">
          <p className="text-sm text-muted-foreground">
            {data.status === 'trialing'
              ? 'Cancelar encerra o teste agora.'
              : 'Cancelar mantém o plano até o fim do período já pago.'}
          </p>
          <ConfirmDialog
            title="Cancelar a assinatura?"
            description={
              data.status === 'trialing'
                ? 'O teste termina agora. As páginas publicadas continuam no ar, mas nada novo será publicado.'
                : 'O plano continua valendo até o fim do período pago; depois disso nada novo será publicado.'
            }
            confirmLabel="Cancelar assinatura"
            cancelLabel="Manter"
            destructive
            busy={cancel.isPending}
            onConfirm={() =>
              cancel.mutate(undefined, {
                onSuccess: (res) => toast({ title: res.message ?? 'Assinatura cancelada.' }),
                onError: (e) => setError(getApiErrorMessage(e)),
              })
            }
            trigger={<Button variant="outline">Cancelar assinatura</Button>}
          />
        </div>
      )}
    </div>
  );
}
