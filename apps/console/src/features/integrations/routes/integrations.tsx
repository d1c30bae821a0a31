import {
  INTEGRATION_LABELS,
  type ArboPayload,
  type GoHarryPayload,
  type IntegrationName,
  type IntegrationView,
  type JetimobPayload,
  type WebhookPayload,
} from '@vitrine/contracts';
import { paths } from '@vitrine/contracts/paths';
import { Info, LoaderCircle, Plug, PlugZap, Send, Webhook } from 'lucide-react';
import { useEffect, useMemo, type ReactNode } from 'react';
import { PageLayout } from '@/components/layouts/page-layout';
import { ManagerOnly, useManagerAgency } from '@/components/manager-only';
import { Button } from '@/components/ui/button';
import { PageSpinner } from '@/components/ui/spinner';
import { ErrorState } from '@/components/ui/states';
import { getApiStatus } from '@/lib/api-errors';
import { toast } from '@/lib/toast';
import { useIntegrations } from '../api/get-integrations';
import { saveIntegration } from '../api/save-integration';
import { useSendTestLead } from '../api/send-test-lead';
import { testIntegrations } from '../api/test-integrations';
import { IntegrationCard } from '../components/integration-card';
import { ArboFields, GoHarryFields, JetimobFields, WebhookFields } from '../components/integration-fields';
import { WebhookSecret } from '../components/webhook-secret';
import { CARD_ORDER, payloadOf } from '../integrations-state';
import { MESSAGES } from '../messages';
import { serverMessage } from '../server-message';
import { useHaltedSync } from '../use-halted-sync';
import { useIntegrationsForm, type IntegrationsGateway } from '../use-integrations-form';

const TITLE = 'Integrações';
const DESCRIPTION = 'Configure integrações com sistemas externos';
const breadcrumbs = [{ title: 'Dashboard', href: paths.dashboard }, { title: TITLE }];

function Screen({ actions, children }: { actions?: ReactNode; children: ReactNode }) {
  return (
    <PageLayout title={TITLE} description={DESCRIPTION} breadcrumbs={breadcrumbs} actions={actions}>
      {children}
    </PageLayout>
  );
}

function TestButton({
  onClick,
  busy = false,
  disabled = false,
}: {
  onClick?: () => void;
  busy?: boolean;
  disabled?: boolean;
}) {
  return (
    <Button onClick={onClick} disabled={busy || disabled} aria-busy={busy || undefined}>
      {busy ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : <PlugZap aria-hidden="true" />}
      Testar Integrações
    </Button>
  );
}

/** Why agents do not see the screen (also when the API answers 403). */
const GATE = {
  purpose: 'configurar as integrações',
  reason:
    'As integrações levam os leads da imobiliária para outros sistemas e guardam credenciais, por isso só o proprietário e os administradores podem vê-las e alterá-las.',
};

/** /integracoes (docs/product.md#integrations). */
export function IntegrationsRoute() {
  const { agency, gate } = useManagerAgency(GATE);
  if (!agency) return <Screen>{gate}</Screen>;
  // Keyed by id: switching accounts starts from that account's settings.
  return <IntegrationsLoader key={agency.id} realEstateId={agency.id} />;
}

function IntegrationsLoader({ realEstateId }: { realEstateId: number }) {
  const query = useIntegrations(realEstateId);
  const loadError = query.isError ? query.error : null;
  const forbidden = getApiStatus(loadError) === 403;

  useEffect(() => {
    if (loadError && getApiStatus(loadError) !== 403) toast(MESSAGES.loadFailed);
  }, [loadError]);

  if (query.isPending || (query.isError && query.isFetching)) {
    return (
      <Screen actions={<TestButton disabled />}>
        <PageSpinner label="Carregando integrações..." />
      </Screen>
    );
  }
  if (query.isError) {
    return (
      <Screen>
        {forbidden ? (
          <ManagerOnly reason={GATE.reason} />
        ) : (
          <ErrorState
            title={MESSAGES.loadFailed.title}
            message={MESSAGES.loadFailed.description}
            onRetry={() => void query.refetch()}
          />
        )}
      </Screen>
    );
  }
  return <IntegrationsForm realEstateId={realEstateId} initial={query.data} />;
}

const CARDS: Record<IntegrationName, { description: string; icon: typeof Webhook }> = {
  webhook: {
    description:
      'Liberdade para levar seus leads aonde quiser: cada novo lead é enviado para a sua URL, assinado para você conferir a origem.',
    icon: Webhook,
  },
  go_harry: { description: 'Envie cada novo lead direto para o CRM GoHarry.', icon: Plug },
  arbo: { description: 'Envie cada novo lead direto para o CRM Arbo.', icon: Plug },
  jetimob: { description: 'Envie cada novo lead direto para o CRM Jetimob.', icon: Plug },
};

function IntegrationsForm({ realEstateId, initial }: { realEstateId: number; initial: IntegrationView[] }) {
  const gateway = useMemo<IntegrationsGateway>(
    () => ({
      save: (body) => saveIntegration(realEstateId, body),
      test: () => testIntegrations(realEstateId),
    }),
    [realEstateId],
  );
  const { state, edit, flush, runTest, isTesting, refreshHalted } = useIntegrationsForm(initial, gateway);
  useHaltedSync(realEstateId, refreshHalted);
  const testLead = useSendTestLead(realEstateId);

  const sendTestLead = async () => {
    // The lead goes to what the server has stored: send pending edits first.
    if (!(await flush())) return;
    try {
      const result = await testLead.mutateAsync();
      const targets = result.data.deliveries.map((d) => INTEGRATION_LABELS[d.integration]);
      toast(
        targets.length > 0
          ? {
              variant: 'success',
              title: 'Lead de teste enviado',
              description: `A caminho de: ${targets.join(', ')}. Acompanhe em “Últimas entregas”.`,
            }
          : { variant: 'warning', title: 'Nenhuma integração ativa', description: result.message },
      );
    } catch (error) {
      toast({
        variant: 'danger',
        title: 'Erro ao enviar lead de teste',
        description: serverMessage(error) ?? 'Não foi possível enviar o lead de teste.',
      });
    }
  };

  const fields = (name: IntegrationName) => {
    const errors = state[name].fieldErrors;
    switch (name) {
      case 'webhook':
        return (
          <WebhookFields
            payload={payloadOf(state, 'webhook')}
            onChange={(p: WebhookPayload) => edit('webhook', p)}
            errors={errors}
          />
        );
      case 'go_harry':
        return (
          <GoHarryFields
            payload={payloadOf(state, 'go_harry')}
            onChange={(p: GoHarryPayload) => edit('go_harry', p)}
            errors={errors}
          />
        );
      case 'arbo':
        return (
          <ArboFields
            payload={payloadOf(state, 'arbo')}
            onChange={(p: ArboPayload) => edit('arbo', p)}
            errors={errors}
          />
        );
      case 'jetimob':
        return (
          <JetimobFields
            payload={payloadOf(state, 'jetimob')}
            onChange={(p: JetimobPayload) => edit('jetimob', p)}
            errors={errors}
          />
        );
    }
  };

  return (
    <Screen
      actions={
        <>
          <Button
            variant="outline"
            onClick={() => void sendTestLead()}
            disabled={testLead.isPending || isTesting}
            aria-busy={testLead.isPending || undefined}
          >
            {testLead.isPending ? (
              <LoaderCircle className="animate-spin" aria-hidden="true" />
            ) : (
              <Send aria-hidden="true" />
            )}
            Enviar lead de teste
          </Button>
          <TestButton onClick={() => void runTest()} busy={isTesting} />
        </>
      }
    >
      <p className="-mt-2 flex items-start gap-2 text-sm text-muted-foreground">
        <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        As alterações são salvas automaticamente logo depois que você para de digitar.
      </p>
      <div className="grid items-start gap-6 lg:grid-cols-2">
        {CARD_ORDER.map((name) => (
          <IntegrationCard
            key={name}
            entry={state[name]}
            realEstateId={realEstateId}
            title={INTEGRATION_LABELS[name]}
            description={CARDS[name].description}
            icon={CARDS[name].icon}
            extra={name === 'webhook' ? <WebhookSecret realEstateId={realEstateId} /> : undefined}
          >
            {fields(name)}
          </IntegrationCard>
        ))}
      </div>
    </Screen>
  );
}
