import { Link2Off, Megaphone, RefreshCw } from 'lucide-react';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { META_LEAD_ADS_STATUS_LABELS, type MetaLeadAds, type MetaLeadAdsStatus } from '@vitrine/contracts';
import { Alert } from '@/components/ui/alert';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { PasswordInput } from '@/components/ui/password-input';
import { ErrorState, ListSkeleton } from '@/components/ui/states';
import { getApiErrorMessage, getValidationErrors } from '@/lib/api-errors';
import { formatDateTime } from '@/lib/datetime';
import { submitHandler } from '@/lib/forms';
import { toast } from '@/lib/toast';
import { useConnectMetaLeadAds } from '../api/connect-meta-lead-ads';
import { useDisconnectMetaLeadAds } from '../api/disconnect-meta-lead-ads';
import { useListingPages, type ListingPage } from '../api/get-listing-pages';
import { useMetaLeadAds } from '../api/get-meta-lead-ads';
import { useRefreshMetaLeadForms, useSaveMetaLeadForms } from '../api/meta-lead-forms';
import { useConnectMetaOAuthPage, useDiscardMetaOAuth, useStartMetaOAuth } from '../api/meta-oauth';
import { CopyField } from './copy-field';

const STATUS_TONES: Record<MetaLeadAdsStatus, BadgeTone> = {
  not_connected: 'gray',
  connected: 'green',
  token_error: 'red',
};

/**
 * Facebook and Instagram lead forms (docs/product.md#meta-lead-forms): connect the agency's page with
 * "Conectar com Facebook" (or, avançado, a pasted page access token), see whether Meta still accepts it,
 * choose each form's listing, and the webhook the product's Meta app uses.
 */
export function MetaLeadAdsCard({ realEstateId }: { realEstateId: number }) {
  const query = useMetaLeadAds(realEstateId);
  const headingId = useId();
  return (
    <Card aria-labelledby={headingId} role="region">
      <CardHeader>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CardTitle id={headingId} className="flex items-center gap-2">
            <Megaphone className="size-5 text-[#1877F2]" aria-hidden="true" />
            Formulários do Facebook e Instagram
          </CardTitle>
          {query.data && (
            <Badge tone={STATUS_TONES[query.data.status]} dot>
              {META_LEAD_ADS_STATUS_LABELS[query.data.status]}
            </Badge>
          )}
        </div>
        <CardDescription>
          Os leads dos formulários de cadastro (Lead Ads) entram aqui como os das páginas: roleta, alerta e
          envio ao CRM, com as respostas do formulário e a campanha.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        {query.isPending ? (
          <ListSkeleton rows={2} label="Carregando os formulários..." />
        ) : query.isError ? (
          <ErrorState
            title="Não foi possível carregar os formulários"
            message={getApiErrorMessage(query.error)}
            onRetry={() => void query.refetch()}
          />
        ) : !query.data.configured ? (
          <Alert variant="warning">
            <p>
              <strong>Ainda não disponível neste servidor.</strong> O app da Meta que recebe os formulários
              ainda não foi configurado pela equipe do Vitrine. Fale com o suporte para ativar.
            </p>
          </Alert>
        ) : (
          <MetaLeadAdsBody realEstateId={realEstateId} view={query.data} />
        )}
      </CardContent>
    </Card>
  );
}

function MetaLeadAdsBody({ realEstateId, view }: { realEstateId: number; view: MetaLeadAds }) {
  const disconnect = useDisconnectMetaLeadAds(realEstateId);
  const connected = view.status !== 'not_connected';
  return (
    <>
      {connected && (
        <div className="grid gap-1 text-sm">
          <p>
            Página conectada: <strong>{view.page_name ?? 'sem nome'}</strong>{' '}
            <span className="text-muted-foreground">(ID {view.page_id})</span>
          </p>
          <p className="text-muted-foreground">
            {view.last_received_at
              ? `Último lead recebido em ${formatDateTime(view.last_received_at)}.`
              : 'Nenhum lead recebido ainda.'}
          </p>
        </div>
      )}
      {view.status === 'token_error' && (
        <Alert variant="danger">
          <p>
            <strong>A Meta recusou o token da página.</strong> {view.token_error}
          </p>
          {view.waiting_leads > 0 && (
            <p className="mt-1">
              {view.waiting_leads === 1
                ? '1 lead está esperando o novo token.'
                : `${view.waiting_leads} leads estão esperando o novo token.`}{' '}
              Eles são buscados assim que você conectar de novo.
            </p>
          )}
        </Alert>
      )}
      <FacebookReturn />
      {view.oauth ? (
        <OAuthChoice realEstateId={realEstateId} oauth={view.oauth} />
      ) : (
        (!connected || view.status === 'token_error') &&
        (view.oauth_available ? (
          <div className="grid gap-4">
            <FacebookButton realEstateId={realEstateId} reconnect={connected} />
            <details className="rounded-md border px-3 py-2 text-sm">
              <summary className="cursor-pointer font-medium">Avançado: colar o token da página</summary>
              <div className="mt-3">
                <ConnectForm realEstateId={realEstateId} pageId={view.page_id} reconnect={connected} />
              </div>
            </details>
          </div>
        ) : (
          <>
            <Alert variant="info">
              <p>
                O botão “Conectar com Facebook” aparece quando o operador do Vitrine configurar o app da Meta
                (META_APP_ID e META_APP_SECRET). Até lá, conecte com o token da página.
              </p>
            </Alert>
            <ConnectForm realEstateId={realEstateId} pageId={view.page_id} reconnect={connected} />
          </>
        ))
      )}
      {view.status === 'connected' && <FormsList realEstateId={realEstateId} forms={view.forms} />}
      <WebhookDetails view={view} />
      {connected && (
        <div>
          <ConfirmDialog
            trigger={
              <Button variant="outline" size="sm" disabled={disconnect.isPending}>
                <Link2Off aria-hidden="true" /> Desconectar página
              </Button>
            }
            title="Desconectar a página do Facebook?"
            description="O token é apagado e os novos leads dos formulários deixam de chegar ao Vitrine. Os leads já recebidos continuam aqui."
            confirmLabel="Desconectar"
            destructive
            onConfirm={() =>
              disconnect.mutate(undefined, {
                onSuccess: () => toast({ variant: 'success', title: 'Página desconectada' }),
                onError: (error) =>
                  toast({
                    variant: 'danger',
                    title: 'Erro ao desconectar',
                    description: getApiErrorMessage(error),
                  }),
              })
            }
          />
        </div>
      )}
    </>
  );
}

/** What Facebook's return said when it cannot be shown from the server's view (an invalid state). */
function FacebookReturn() {
  const [params] = useSearchParams();
  if (params.get('facebook') !== 'invalido') return null;
  return (
    <Alert variant="warning">
      <p>
        <strong>Não foi possível concluir a conexão com o Facebook.</strong> O pedido expirou, já foi usado ou
        foi aberto em outra sessão. Clique em “Conectar com Facebook” de novo.
      </p>
    </Alert>
  );
}

function FacebookButton({ realEstateId, reconnect }: { realEstateId: number; reconnect: boolean }) {
  const start = useStartMetaOAuth(realEstateId);
  return (
    <div className="grid gap-2">
      <p className="text-sm text-muted-foreground">
        Entre com o usuário do Facebook que administra a página da imobiliária e autorize o app do Vitrine
        Imóveis. Depois, escolha a página aqui.
      </p>
      <div>
        <Button
          className="bg-[#1877F2] text-white hover:bg-[#166FE5]"
          disabled={start.isPending || start.isSuccess}
          onClick={() =>
            start.mutate(undefined, {
              onError: (error) =>
                toast({
                  variant: 'danger',
                  title: 'Não foi possível ir ao Facebook',
                  description: getApiErrorMessage(error),
                }),
            })
          }
        >
          {start.isPending || start.isSuccess
            ? 'Abrindo o Facebook…'
            : reconnect
              ? 'Conectar de novo com Facebook'
              : 'Conectar com Facebook'}
        </Button>
      </div>
    </div>
  );
}

/** Back from Facebook: the pages to choose from, or why the connection stopped. */
function OAuthChoice({
  realEstateId,
  oauth,
}: {
  realEstateId: number;
  oauth: NonNullable<MetaLeadAds['oauth']>;
}) {
  const connect = useConnectMetaOAuthPage(realEstateId);
  const discard = useDiscardMetaOAuth(realEstateId);
  const [chosen, setChosen] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const groupId = useId();

  const onConnect = (pageId: string) => {
    setChosen(pageId);
    setMessage(null);
    connect.mutate(pageId, {
      onSuccess: (answer) =>
        toast({ variant: 'success', title: 'Página conectada', description: answer.message }),
      onError: (error) => setMessage(getApiErrorMessage(error)),
    });
  };

  if (oauth.error)
    return (
      <div className="grid gap-3">
        <Alert variant="danger">
          <p>{oauth.error}</p>
        </Alert>
        <div className="flex flex-wrap gap-2">
          <FacebookButton realEstateId={realEstateId} reconnect={false} />
        </div>
      </div>
    );

  return (
    <section className="grid gap-3" aria-labelledby={groupId}>
      <div>
        <h3 id={groupId} className="text-sm font-medium">
          Escolha a página da imobiliária
        </h3>
        <p className="text-xs text-muted-foreground">
          Estas são as páginas que você autorizou no Facebook. Os leads dos formulários da página escolhida
          chegam aqui.
        </p>
      </div>
      <ul className="grid gap-2">
        {oauth.pages.map((page) => (
          <li
            key={page.id}
            className="flex flex-wrap items-center justify-between gap-2 rounded-md border p-3"
          >
            <div className="min-w-0">
              <p className="truncate text-sm font-medium">{page.name}</p>
              <p className="text-xs text-muted-foreground">ID {page.id}</p>
              {page.problem && <p className="mt-1 text-xs text-destructive">{page.problem}</p>}
            </div>
            <Button
              size="sm"
              disabled={!!page.problem || connect.isPending}
              aria-label={`Conectar a página ${page.name}`}
              onClick={() => onConnect(page.id)}
            >
              {connect.isPending && chosen === page.id ? 'Conectando…' : 'Conectar esta página'}
            </Button>
          </li>
        ))}
      </ul>
      {message && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {message}
        </p>
      )}
      <div>
        <Button
          variant="outline"
          size="sm"
          disabled={discard.isPending || connect.isPending}
          onClick={() => discard.mutate()}
        >
          Cancelar
        </Button>
      </div>
    </section>
  );
}

function ConnectForm({
  realEstateId,
  pageId,
  reconnect,
}: {
  realEstateId: number;
  pageId: string | null;
  reconnect: boolean;
}) {
  const connect = useConnectMetaLeadAds(realEstateId);
  const [page, setPage] = useState(pageId ?? '');
  const [token, setToken] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setErrors({});
    setMessage(null);
    try {
      const answer = await connect.mutateAsync({ page_id: page, page_access_token: token });
      setToken('');
      toast({ variant: 'success', title: 'Página conectada', description: answer.message });
    } catch (error) {
      const fields = getValidationErrors(error);
      if (fields) setErrors(Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v[0] ?? ''])));
      setMessage(getApiErrorMessage(error));
    }
  };

  return (
    <form className="grid gap-4" onSubmit={submitHandler(onSubmit)} noValidate>
      <div className="grid gap-4 sm:grid-cols-2 sm:items-start">
        <FormField
          label="ID da página do Facebook"
          error={errors.page_id}
          hint="Em Configurações da página → Transparência da página, ou na URL do Meta Business Suite."
        >
          <Input
            inputMode="numeric"
            autoComplete="off"
            value={page}
            onChange={(e) => setPage(e.target.value)}
            placeholder="ex.: 104738291234567"
          />
        </FormField>
        <FormField
          label="Token de acesso da página"
          error={errors.page_access_token}
          hint="Gerado para o app do Vitrine Imóveis (veja o passo a passo abaixo)."
        >
          <PasswordInput autoComplete="off" value={token} onChange={(e) => setToken(e.target.value)} />
        </FormField>
      </div>
      {message && !Object.keys(errors).length && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {message}
        </p>
      )}
      <details className="rounded-md border px-3 py-2 text-sm">
        <summary className="cursor-pointer font-medium">Como gerar o token da página</summary>
        <ol className="mt-2 list-decimal space-y-1 pl-5 text-muted-foreground">
          <li>
            Abra o Explorador da Graph API da Meta (developers.facebook.com/tools/explorer) com o usuário que
            administra a página.
          </li>
          <li>Em “App da Meta”, escolha o app do Vitrine Imóveis.</li>
          <li>
            Adicione as permissões leads_retrieval, pages_manage_metadata, pages_show_list,
            pages_read_engagement e pages_manage_ads, e clique em “Gerar token de acesso”.
          </li>
          <li>Em “Usuário ou página”, escolha a sua página: o token mostrado é o token da página.</li>
          <li>Cole o token aqui. Ao conectar, o Vitrine inscreve a página para receber os leads.</li>
        </ol>
      </details>
      <div>
        <Button type="submit" disabled={connect.isPending}>
          {connect.isPending
            ? 'Verificando com a Meta…'
            : reconnect
              ? 'Conectar com o novo token'
              : 'Conectar página'}
        </Button>
      </div>
    </form>
  );
}

function FormsList({ realEstateId, forms }: { realEstateId: number; forms: MetaLeadAds['forms'] }) {
  const refresh = useRefreshMetaLeadForms(realEstateId);
  const save = useSaveMetaLeadForms(realEstateId);
  const listings = useListingPages(realEstateId, true);
  const [choices, setChoices] = useState<Record<string, number | null>>({});
  useEffect(() => {
    setChoices(Object.fromEntries(forms.map((f) => [f.id, f.page_id])));
  }, [forms]);
  const changed = forms.some((f) => (choices[f.id] ?? null) !== f.page_id);

  const onSave = () =>
    save.mutate(
      { forms: forms.map((f) => ({ form_id: f.id, page_id: choices[f.id] ?? null })) },
      {
        onSuccess: () => toast({ variant: 'success', title: 'Formulários salvos' }),
        onError: (error) =>
          toast({ variant: 'danger', title: 'Erro ao salvar', description: getApiErrorMessage(error) }),
      },
    );

  return (
    <section className="grid gap-3" aria-label="Formulários da página">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <h3 className="text-sm font-medium">Formulários da página</h3>
          <p className="text-xs text-muted-foreground">
            Escolha o imóvel de cada formulário. Sem escolha, o lead é ligado pela pergunta “Código do
            imóvel”, se o formulário tiver uma.
          </p>
        </div>
        <Button
          variant="outline"
          size="sm"
          disabled={refresh.isPending}
          onClick={() =>
            refresh.mutate(undefined, {
              onError: (error) =>
                toast({
                  variant: 'danger',
                  title: 'Não foi possível ler os formulários',
                  description: getApiErrorMessage(error),
                }),
            })
          }
        >
          <RefreshCw aria-hidden="true" className={refresh.isPending ? 'animate-spin' : undefined} />
          Atualizar lista
        </Button>
      </div>
      {forms.length === 0 ? (
        <p className="rounded-md border border-dashed px-3 py-4 text-center text-sm text-muted-foreground">
          Nenhum formulário de cadastro nesta página ainda. Crie um no Gerenciador de Anúncios e clique em
          “Atualizar lista”.
        </p>
      ) : (
        <ul className="grid gap-2">
          {forms.map((form) => (
            <li
              key={form.id}
              className="grid gap-2 rounded-md border p-3 sm:grid-cols-[1fr_minmax(0,18rem)] sm:items-center"
            >
              <div className="min-w-0">
                <p className="truncate text-sm font-medium">{form.name}</p>
                <p className="text-xs text-muted-foreground">
                  ID {form.id}
                  {form.status && form.status !== 'ACTIVE'
                    ? ` · ${form.status === 'ARCHIVED' ? 'arquivado' : form.status.toLowerCase()}`
                    : ''}
                </p>
              </div>
              <ListingSelect
                formName={form.name}
                value={choices[form.id] ?? null}
                listings={listings.data}
                loading={listings.isPending}
                onChange={(pageId) => setChoices((c) => ({ ...c, [form.id]: pageId }))}
              />
            </li>
          ))}
        </ul>
      )}
      {forms.length > 0 && (
        <div>
          <Button size="sm" disabled={!changed || save.isPending} onClick={onSave}>
            {save.isPending ? 'Salvando…' : 'Salvar escolhas'}
          </Button>
        </div>
      )}
    </section>
  );
}

function ListingSelect({
  formName,
  value,
  listings,
  loading,
  onChange,
}: {
  formName: string;
  value: number | null;
  listings: ListingPage[] | undefined;
  loading: boolean;
  onChange: (pageId: number | null) => void;
}) {
  return (
    <NativeSelect
      aria-label={`Imóvel do formulário ${formName}`}
      value={value === null ? '' : String(value)}
      disabled={loading}
      onChange={(e) => onChange(e.target.value ? Number(e.target.value) : null)}
    >
      <option value="">{loading ? 'Carregando imóveis…' : 'Pelo código do imóvel'}</option>
      {(listings ?? []).map((p) => (
        <option key={p.id} value={p.id}>
          {p.listing_code ? `${p.listing_code} · ${p.title}` : p.title}
        </option>
      ))}
    </NativeSelect>
  );
}

function WebhookDetails({ view }: { view: MetaLeadAds }) {
  const copied = (title: string) => ({
    title,
    description: 'Cole no painel do app da Meta, em Webhooks → Página.',
  });
  return (
    <details className="rounded-md border px-3 py-2 text-sm">
      <summary className="cursor-pointer font-medium">Webhook do app da Meta (detalhes técnicos)</summary>
      <div className="mt-3 grid gap-3">
        <p className="text-muted-foreground">
          O Vitrine inscreve a página no campo <code className="font-mono">leadgen</code> ao conectar. Se
          precisar conferir no painel do app (Webhooks → Página), use:
        </p>
        <CopyField label="URL de retorno" value={view.webhook_url} copied={copied('URL copiada')} />
        {view.verify_token && (
          <CopyField
            label="Token de verificação"
            value={view.verify_token}
            copied={copied('Token copiado')}
          />
        )}
      </div>
    </details>
  );
}
