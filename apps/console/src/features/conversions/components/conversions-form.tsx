import {
  LEAD_STATUS_LABELS,
  META_STANDARD_EVENTS,
  SECRET_MASK,
  updateConversionSettingsBody,
  type ConversionSettings,
  type UpdateConversionSettings,
} from '@vitrine/contracts';
import { Copy, PlugZap, RefreshCw, Save } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { PasswordInput } from '@/components/ui/password-input';
import { Switch } from '@/components/ui/switch';
import { getApiErrorMessage, getValidationErrors } from '@/lib/api-errors';
import { formatDateTime } from '@/lib/datetime';
import { toast } from '@/lib/toast';
import { useRotateGoogleFile, useTestMeta, useUpdateConversionSettings } from '../api/conversions';
import { GoogleAdsApiCard, googleAdsDraftOf, type GoogleAdsDraft } from './google-ads-api-card';

type Draft = {
  notice_confirmed: boolean;
  meta: { enabled: boolean; dataset_id: string; access_token: string; test_event_code: string };
  google: { enabled: boolean; lead_conversion_name: string };
  google_ads: GoogleAdsDraft;
  stage_events: ConversionSettings['stage_events'];
};

const draftOf = (s: ConversionSettings): Draft => ({
  notice_confirmed: s.notice_confirmed,
  meta: {
    enabled: s.meta.enabled,
    dataset_id: s.meta.dataset_id,
    access_token: s.meta.access_token,
    test_event_code: s.meta.test_event_code,
  },
  google: { enabled: s.google.enabled, lead_conversion_name: s.google.lead_conversion_name },
  google_ads: googleAdsDraftOf(s),
  stage_events: s.stage_events,
});

/** zod's issues as the API's 422 `errors` map: "stage_events.2.meta" → its messages. */
function fieldErrorsOf(issues: readonly { path: readonly PropertyKey[]; message: string }[]) {
  const errors: Record<string, string[]> = {};
  for (const issue of issues) (errors[issue.path.map(String).join('.')] ??= []).push(issue.message);
  return errors;
}

/** The Conversões settings: privacy notice, Meta, Google, and the stage map, saved together. */
export function ConversionsForm({
  realEstateId,
  settings,
}: {
  realEstateId: number;
  settings: ConversionSettings;
}) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(settings));
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const update = useUpdateConversionSettings(realEstateId);
  const test = useTestMeta(realEstateId);
  const rotate = useRotateGoogleFile(realEstateId);
  const eventsListId = useId();
  const noticeErrorId = useId();
  const err = (field: string) => errors[field]?.[0];
  // The funnel's Google names are the file's: shown while the file is on, or while one of them must be fixed.
  const googleFile =
    draft.google.enabled || draft.stage_events.some((_, i) => err(`stage_events.${i}.google`));

  const formRef = useRef<HTMLFormElement>(null);
  // After a refused save, the keyboard lands on the first field to fix.
  useEffect(() => {
    if (Object.keys(errors).length === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [errors]);

  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    setFormError(null);
    setErrors({});
    // The API's own rules, checked before sending: the same Portuguese messages, without a round trip.
    const parsed = updateConversionSettingsBody.safeParse(draft);
    if (!parsed.success) {
      setErrors(fieldErrorsOf(parsed.error.issues));
      setFormError('Corrija os campos indicados para salvar.');
      return;
    }
    const body: UpdateConversionSettings = draft;
    try {
      const answer = await update.mutateAsync(body);
      setDraft(draftOf(answer.data));
      toast({ variant: 'success', title: answer.message || 'Conversões salvas.' });
    } catch (error) {
      setErrors(getValidationErrors(error) ?? {});
      setFormError(getApiErrorMessage(error));
    }
  };
  const runTest = async () => {
    try {
      const result = await test.mutateAsync();
      toast({
        variant: result.ok ? 'success' : 'danger',
        title: result.ok ? 'Meta conectado' : 'Falha no teste',
        description: result.message,
      });
    } catch (error) {
      toast({ variant: 'danger', title: 'Falha no teste', description: getApiErrorMessage(error) });
    }
  };
  const copy = (text: string) =>
    void navigator.clipboard
      .writeText(text)
      .then(() => toast({ variant: 'success', title: 'Endereço copiado' }))
      .catch(() =>
        toast({
          variant: 'danger',
          title: 'Não foi possível copiar',
          description: 'Selecione o endereço e copie.',
        }),
      );

  const meta = settings.meta;
  return (
    <form ref={formRef} onSubmit={(e) => void save(e)} noValidate className="grid gap-6 [&>*]:min-w-0">
      {formError && <Alert variant="danger">{formError}</Alert>}

      <Card>
        <CardHeader>
          <CardTitle>Privacidade</CardTitle>
          <CardDescription>
            Só vão leads que marcaram o consentimento no formulário, nunca leads de teste nem em quarentena.
            E-mail e telefone saem criptografados (hash SHA-256); nome, mensagem e IP nunca saem.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <label className="flex items-start gap-3 text-sm">
            <input
              type="checkbox"
              className="mt-0.5 size-4"
              checked={draft.notice_confirmed}
              aria-invalid={err('notice_confirmed') ? true : undefined}
              aria-describedby={err('notice_confirmed') ? noticeErrorId : undefined}
              onChange={(e) => setDraft({ ...draft, notice_confirmed: e.target.checked })}
            />
            <span>
              O aviso de privacidade da imobiliária informa que dados de contato, criptografados, são enviados
              ao Meta e ao Google para medir os anúncios.
            </span>
          </label>
          {err('notice_confirmed') && (
            <p id={noticeErrorId} className="mt-2 text-sm font-medium text-destructive">
              {err('notice_confirmed')}
            </p>
          )}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle className="flex flex-wrap items-center gap-2">
            Meta (API de Conversões)
            {meta.paused_reason ? (
              <Badge tone="red" dot>
                Pausado
              </Badge>
            ) : meta.enabled ? (
              <Badge tone="green" dot>
                Ligado
              </Badge>
            ) : (
              <Badge tone="gray" dot>
                Desligado
              </Badge>
            )}
          </CardTitle>
          <CardDescription>
            Cada lead das suas páginas vira um evento Lead no seu conjunto de dados (o mesmo ID do Pixel, que
            evita contar duas vezes), e cada etapa mapeada abaixo, um evento do funil.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          {meta.paused_reason && <Alert variant="danger">{meta.paused_reason}</Alert>}
          <label className="flex items-center gap-3 text-sm font-medium">
            <Switch
              checked={draft.meta.enabled}
              onCheckedChange={(v) => setDraft({ ...draft, meta: { ...draft.meta, enabled: v } })}
              aria-label="Enviar conversões ao Meta"
            />
            Enviar conversões ao Meta
          </label>
          <div className="grid gap-4 sm:grid-cols-2 sm:items-start">
            <FormField
              label="ID do conjunto de dados (pixel)"
              error={err('meta.dataset_id')}
              hint="Gerenciador de Eventos → Fontes de dados → o número do pixel."
            >
              <Input
                inputMode="numeric"
                autoComplete="off"
                value={draft.meta.dataset_id}
                onChange={(e) => setDraft({ ...draft, meta: { ...draft.meta, dataset_id: e.target.value } })}
              />
            </FormField>
            <FormField
              label="Token de acesso"
              error={err('meta.access_token')}
              hint="Configurações → API de Conversões → Gerar token de acesso. Guardado criptografado."
            >
              <PasswordInput
                autoComplete="off"
                value={draft.meta.access_token}
                onFocus={() =>
                  draft.meta.access_token === SECRET_MASK &&
                  setDraft({ ...draft, meta: { ...draft.meta, access_token: '' } })
                }
                onBlur={() =>
                  draft.meta.access_token === '' &&
                  meta.access_token === SECRET_MASK &&
                  setDraft({ ...draft, meta: { ...draft.meta, access_token: SECRET_MASK } })
                }
                onChange={(e) =>
                  setDraft({ ...draft, meta: { ...draft.meta, access_token: e.target.value } })
                }
              />
            </FormField>
            <FormField
              label="Código de teste (opcional)"
              error={err('meta.test_event_code')}
              hint="Do painel Testar eventos. Apague depois de conferir: com ele os eventos não contam."
            >
              <Input
                autoComplete="off"
                value={draft.meta.test_event_code}
                onChange={(e) =>
                  setDraft({ ...draft, meta: { ...draft.meta, test_event_code: e.target.value } })
                }
              />
            </FormField>
          </div>
          <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
            <Button type="button" variant="outline" disabled={test.isPending} onClick={() => void runTest()}>
              <PlugZap aria-hidden="true" />
              {test.isPending ? 'Testando...' : 'Testar conexão'} <span className="sr-only">com o Meta</span>
            </Button>
            <p className="text-xs text-muted-foreground" role="status">
              {meta.last_tested_at
                ? `${meta.last_test_ok ? 'Último teste: OK' : 'Último teste falhou'} em ${formatDateTime(meta.last_tested_at)}.${meta.last_test_message ? ` ${meta.last_test_message}` : ''}`
                : 'Salve o ID e o token (botão Salvar conversões, no fim da página) e teste a conexão: o teste usa o que está salvo.'}
            </p>
          </div>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle className="flex flex-wrap items-center gap-2">
            Google Ads (importação de conversões)
            <Badge tone={settings.google.enabled ? 'green' : 'gray'} dot>
              {settings.google.enabled ? 'Ligado' : 'Desligado'}
            </Badge>
          </CardTitle>
          <CardDescription>
            Um arquivo que o Google Ads lê sozinho, todo dia: os leads com clique do Google (gclid) e as
            etapas mapeadas abaixo. Não precisa de login do Google nem de dados pessoais.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <label className="flex items-center gap-3 text-sm font-medium">
            <Switch
              checked={draft.google.enabled}
              onCheckedChange={(v) => setDraft({ ...draft, google: { ...draft.google, enabled: v } })}
              aria-label="Gerar o arquivo para o Google Ads"
            />
            Gerar o arquivo para o Google Ads
          </label>
          <FormField
            label="Nome da conversão de lead no Google Ads"
            error={err('google.lead_conversion_name')}
            hint="Igual ao nome da ação de conversão (origem: importação de cliques) criada no Google Ads."
          >
            <Input
              value={draft.google.lead_conversion_name}
              onChange={(e) =>
                setDraft({ ...draft, google: { ...draft.google, lead_conversion_name: e.target.value } })
              }
            />
          </FormField>
          {settings.google.file_url ? (
            <div className="grid gap-2">
              <p className="text-sm font-medium">Endereço do arquivo</p>
              <div className="flex flex-col gap-2 sm:flex-row">
                <Input
                  readOnly
                  value={settings.google.file_url}
                  aria-label="Endereço do arquivo do Google Ads"
                  className="font-mono text-xs"
                />
                <div className="flex gap-2">
                  <Button type="button" variant="outline" onClick={() => copy(settings.google.file_url!)}>
                    <Copy aria-hidden="true" /> Copiar
                  </Button>
                  <Button
                    type="button"
                    variant="ghost"
                    disabled={rotate.isPending}
                    onClick={() =>
                      void rotate.mutateAsync().then(
                        (a) => toast({ variant: 'success', title: 'Novo endereço', description: a.message }),
                        (e: unknown) =>
                          toast({ variant: 'danger', title: 'Falha', description: getApiErrorMessage(e) }),
                      )
                    }
                  >
                    <RefreshCw aria-hidden="true" /> Gerar outro
                  </Button>
                </div>
              </div>
              <p className="text-xs text-muted-foreground">
                {settings.google.last_fetched_at
                  ? `Lido pela última vez em ${formatDateTime(settings.google.last_fetched_at)}.`
                  : 'Ainda não foi lido.'}
              </p>
              <ol className="list-decimal space-y-1 pl-5 text-sm text-muted-foreground">
                <li>No Google Ads: Metas → Conversões → Uploads → Programações → novo upload programado.</li>
                <li>Origem: HTTPS; cole o endereço acima; sem usuário e senha.</li>
                <li>
                  Frequência: diária. O fuso do arquivo é o de São Paulo; linhas repetidas contam uma vez só.
                </li>
              </ol>
            </div>
          ) : (
            <p className="text-sm text-muted-foreground">Ligue e salve para gerar o endereço do arquivo.</p>
          )}
        </CardContent>
      </Card>

      <GoogleAdsApiCard
        realEstateId={realEstateId}
        saved={settings.google_ads}
        draft={draft.google_ads}
        onChange={(google_ads) => setDraft({ ...draft, google_ads })}
        err={err}
      />

      <Card>
        <CardHeader>
          <CardTitle>Etapas do funil</CardTitle>
          <CardDescription>
            Quando um lead muda para uma etapa, o evento ao lado é enviado (uma vez por lead). Deixe em branco
            para não enviar.{' '}
            {googleFile
              ? 'O nome da conversão do Google vale para o arquivo; no envio pela API, cada etapa usa a ação indicada no cartão acima.'
              : 'No Google, cada etapa usa a ação indicada no envio pela API; com o arquivo ligado, o nome da conversão de cada etapa fica aqui.'}
          </CardDescription>
        </CardHeader>
        <CardContent>
          <datalist id={eventsListId}>
            {META_STANDARD_EVENTS.map((e) => (
              <option key={e} value={e} />
            ))}
          </datalist>
          <div
            aria-hidden="true"
            className="hidden gap-3 border-b pb-2 text-xs font-medium text-muted-foreground sm:grid sm:grid-cols-[10rem_1fr_1fr]"
          >
            <span>Etapa</span>
            <span>Evento no Meta</span>
            {googleFile && <span>Conversão no Google Ads (arquivo)</span>}
          </div>
          <ul aria-label="Etapas e eventos" className="divide-y">
            {draft.stage_events.map((row, i) => {
              const set = (patch: Partial<typeof row>) =>
                setDraft({
                  ...draft,
                  stage_events: draft.stage_events.map((r, j) => (j === i ? { ...r, ...patch } : r)),
                });
              const label = LEAD_STATUS_LABELS[row.status];
              return (
                <li
                  key={row.status}
                  className="grid gap-3 py-3 sm:grid-cols-[10rem_1fr_1fr] sm:items-start"
                  data-testid={`stage-${row.status}`}
                >
                  <span className="text-sm font-medium sm:pt-2">{label}</span>
                  <StageInput
                    field="Evento no Meta"
                    stage={label}
                    list={eventsListId}
                    value={row.meta}
                    error={err(`stage_events.${i}.meta`)}
                    onChange={(meta) => set({ meta })}
                  />
                  {/* The names are the file's: with it off they stay saved, out of the way. */}
                  {googleFile && (
                    <StageInput
                      field="Conversão no Google Ads"
                      stage={label}
                      value={row.google}
                      error={err(`stage_events.${i}.google`)}
                      onChange={(google) => set({ google })}
                    />
                  )}
                </li>
              );
            })}
          </ul>
        </CardContent>
      </Card>

      <div className="flex justify-end">
        <Button type="submit" disabled={update.isPending}>
          <Save aria-hidden="true" />
          {update.isPending ? 'Salvando...' : 'Salvar conversões'}
        </Button>
      </div>
    </form>
  );
}

/** One event of a stage: the field's name shows on phones (a header names it on wider screens). */
function StageInput({
  field,
  stage,
  list,
  value,
  error,
  onChange,
}: {
  field: string;
  stage: string;
  list?: string;
  value: string;
  error?: string;
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <div className="grid min-w-0 gap-1">
      <Label htmlFor={id} className="text-xs text-muted-foreground sm:sr-only">
        {field}
        <span className="sr-only"> para {stage}</span>
      </Label>
      <Input
        id={id}
        list={list}
        autoComplete="off"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        value={value}
        placeholder="Não enviar"
        onChange={(e) => onChange(e.target.value)}
      />
      {error && (
        <p id={`${id}-error`} className="text-xs font-medium text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
