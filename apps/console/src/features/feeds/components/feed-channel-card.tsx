import {
  FEED_CHANNEL_SHORT_LABELS,
  updateFeedChannelBody,
  type FeedChannelOverview,
  type HighlightType,
} from '@vitrine/contracts';
import { paths } from '@vitrine/contracts/paths';
import { AlertTriangle, Check, Copy, KeyRound, Radio } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Input } from '@/components/ui/input';
import { getApiErrorMessage, getValidationErrors } from '@/lib/api-errors';
import { formatDateTime } from '@/lib/datetime';
import { toast } from '@/lib/toast';
import { useGenerateListingCodes, useRotateFeedToken, useUpdateFeedChannel } from '../api/feeds';

const imoveis = (n: number) => (n === 1 ? '1 imóvel' : `${n} imóveis`);

/** How to register the feed with the channel, step by step. */
const HOW_TO: Record<FeedChannelOverview['channel'], { title: string; steps: string[] }> = {
  grupo_zap: {
    title: 'Como cadastrar no Canal Pro (ZAP, VivaReal e OLX)',
    steps: [
      'Entre no Canal Pro do Grupo OLX com a conta da imobiliária.',
      'Abra "Integração" (ou "Carga de imóveis") e escolha integração por XML / feed.',
      'Cole o endereço acima como URL do feed, no formato VRSync, e salve.',
      'O portal lê o feed algumas vezes por dia: a última leitura aparece aqui.',
    ],
  },
  meta_catalog: {
    title: 'Como cadastrar no Gerenciador de Comércio da Meta',
    steps: [
      'No Commerce Manager, abra o catálogo de imóveis (tipo "Imóveis / Home listings").',
      'Em Catálogo → Fontes de dados, adicione itens por "Feed de dados" e escolha "Feed agendado".',
      'Cole o endereço XML (ou CSV) acima e escolha uma atualização diária ou de hora em hora.',
      'Os anúncios de catálogo levam às páginas da Vitrine, com UTM para o Analytics.',
    ],
  },
};

function CopyUrl({ url, label, caption }: { url: string; label: string; caption: string }) {
  const [copied, setCopied] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const copy = () =>
    void navigator.clipboard
      ?.writeText(url)
      .then(() => {
        setCopied(true);
        setTimeout(() => setCopied(false), 1500);
      })
      .catch(() => {
        // Selected, ready for Ctrl+C.
        input.current?.select();
        toast({
          variant: 'warning',
          title: 'Não foi possível copiar',
          description: 'O endereço está selecionado: copie manualmente.',
        });
      });
  return (
    <div className="grid min-w-0 gap-1">
      {/* The format shows on phones too, where the field cuts the address before .xml or .csv. */}
      <span aria-hidden="true" className="text-xs font-medium text-muted-foreground">
        {caption}
      </span>
      <div className="flex min-w-0 flex-col gap-2 sm:flex-row sm:items-center">
        <Input
          ref={input}
          readOnly
          value={url}
          aria-label={label}
          className="min-w-0 font-mono text-xs"
          onFocus={(e) => e.target.select()}
        />
        <Button
          type="button"
          variant="outline"
          size="sm"
          aria-label={`Copiar ${label.toLowerCase()}`}
          onClick={copy}
        >
          {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
          {copied ? 'Copiado' : 'Copiar'}
        </Button>
      </div>
    </div>
  );
}

function Stat({ label, value, tone }: { label: string; value: number; tone?: 'red' | 'green' }) {
  return (
    <div className="rounded-lg border p-3">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd
        className={
          tone === 'red' && value > 0
            ? 'text-2xl font-semibold text-red-700'
            : tone === 'green'
              ? 'text-2xl font-semibold text-emerald-700'
              : 'text-2xl font-semibold'
        }
      >
        {value}
      </dd>
    </div>
  );
}

function Highlights({ realEstateId, channel }: { realEstateId: number; channel: FeedChannelOverview }) {
  const update = useUpdateFeedChannel(realEstateId);
  const [draft, setDraft] = useState<Record<string, string>>(() =>
    Object.fromEntries(channel.highlights.map((h) => [h.type, h.quota === null ? '' : String(h.quota)])),
  );
  const [error, setError] = useState<string | null>(null);
  // Each field's own error (the form's check, or the server's 422 keyed `highlight_quotas.<type>`).
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<string, string>>>({});
  const idPrefix = useId();
  const byType = (entries: [string, string | undefined][]) => {
    const out: Partial<Record<string, string>> = {};
    for (const [path, message] of entries) {
      const type = path.split('.').pop()!;
      if (message && !out[type] && channel.highlights.some((h) => h.type === type)) out[type] = message;
    }
    return out;
  };
  const save = async () => {
    setError(null);
    setFieldErrors({});
    const quotas: Partial<Record<HighlightType, number | null>> = {};
    for (const h of channel.highlights) {
      const raw = draft[h.type]?.trim() ?? '';
      quotas[h.type as HighlightType] = raw === '' ? null : Number(raw);
    }
    const checked = updateFeedChannelBody.safeParse({ highlight_quotas: quotas });
    if (!checked.success) {
      setFieldErrors(byType(checked.error.issues.map((i) => [i.path.join('.'), i.message])));
      return;
    }
    try {
      await update.mutateAsync({ channel: channel.channel, body: { highlight_quotas: quotas } });
      toast({ variant: 'success', title: 'Destaques salvos' });
    } catch (err) {
      const fields = byType(
        Object.entries(getValidationErrors(err) ?? {}).map(([path, messages]) => [path, messages[0]]),
      );
      if (Object.keys(fields).length) setFieldErrors(fields);
      else setError(getApiErrorMessage(err));
    }
  };
  return (
    <section aria-labelledby={`${channel.channel}-highlights`} className="grid gap-3">
      <h3 id={`${channel.channel}-highlights`} className="text-sm font-semibold">
        Destaques contratados
      </h3>
      {error && <Alert variant="danger">{error}</Alert>}
      <div className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
        {channel.highlights.map((h) => {
          const over = h.quota !== null && h.used > h.quota;
          const fieldError = fieldErrors[h.type];
          const errorId = `${idPrefix}-${h.type}-error`;
          return (
            <label key={h.type} className="grid gap-1 rounded-lg border p-3 text-sm">
              <span className="flex items-center justify-between gap-2">
                <span className="font-medium">{h.label}</span>
                <Badge tone={over ? 'red' : h.used > 0 ? 'info' : 'gray'}>
                  {h.quota === null ? `${h.used} em uso` : `${h.used} de ${h.quota}`}
                </Badge>
              </span>
              <Input
                type="number"
                inputMode="numeric"
                min={0}
                placeholder="Sem limite informado"
                value={draft[h.type] ?? ''}
                onChange={(e) => setDraft((d) => ({ ...d, [h.type]: e.target.value }))}
                aria-label={`Quantidade de "${h.label}" contratada`}
                aria-invalid={fieldError ? true : undefined}
                aria-describedby={fieldError ? errorId : undefined}
              />
              <span
                id={errorId}
                aria-live="polite"
                className={fieldError ? 'text-xs font-medium text-destructive' : 'sr-only'}
              >
                {fieldError}
              </span>
            </label>
          );
        })}
      </div>
      <div>
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={update.isPending}
          onClick={() => void save()}
        >
          Salvar destaques
        </Button>
      </div>
    </section>
  );
}

export function FeedChannelCard({
  realEstateId,
  channel,
}: {
  realEstateId: number;
  channel: FeedChannelOverview;
}) {
  const rotate = useRotateFeedToken(realEstateId);
  const codes = useGenerateListingCodes(realEstateId);
  const [confirmRotate, setConfirmRotate] = useState(false);
  const howTo = HOW_TO[channel.channel];
  const short = FEED_CHANNEL_SHORT_LABELS[channel.channel];

  const onRotate = async () => {
    try {
      const answer = await rotate.mutateAsync(channel.channel);
      setConfirmRotate(false);
      toast({ variant: 'success', title: 'Endereço trocado', description: answer.message });
    } catch (err) {
      toast({ variant: 'danger', title: 'Não foi possível trocar', description: getApiErrorMessage(err) });
    }
  };
  const onCodes = async () => {
    try {
      const answer = await codes.mutateAsync();
      toast({ variant: 'success', title: 'Códigos gerados', description: answer.message });
    } catch (err) {
      toast({ variant: 'danger', title: 'Não foi possível gerar', description: getApiErrorMessage(err) });
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex flex-wrap items-center gap-2">
          <Radio className="size-4" aria-hidden="true" /> {channel.label}
        </CardTitle>
        <CardDescription>
          {channel.last_read ? (
            <>
              Última leitura em {formatDateTime(channel.last_read.at)}
              {channel.last_read.user_agent ? ` por ${channel.last_read.user_agent}` : ''}.
            </>
          ) : (
            'O canal ainda não leu este feed.'
          )}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <div className="grid gap-2">
          {channel.urls.map((u) => (
            <CopyUrl
              key={u.format}
              url={u.url}
              label={`Endereço do feed ${u.format.toUpperCase()} (${short})`}
              caption={`Feed ${u.format.toUpperCase()}`}
            />
          ))}
          <div className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
            <KeyRound className="size-3" aria-hidden="true" />
            <span>
              O endereço é secreto: quem o tiver lê o feed.
              {channel.token_rotated_at ? ` Trocado em ${formatDateTime(channel.token_rotated_at)}.` : ''}
            </span>
            <ConfirmDialog
              open={confirmRotate}
              onOpenChange={setConfirmRotate}
              title="Trocar o endereço do feed?"
              description={`O endereço atual deixa de funcionar na hora. Cadastre o novo no ${short}, ou o canal deixa de receber os imóveis.`}
              confirmLabel="Trocar endereço"
              destructive
              busy={rotate.isPending}
              onConfirm={() => void onRotate()}
            />
            <Button
              type="button"
              variant="link"
              size="sm"
              className="h-auto px-0"
              onClick={() => setConfirmRotate(true)}
            >
              Trocar endereço
            </Button>
          </div>
        </div>

        <dl className="grid grid-cols-3 gap-2">
          <Stat label="Marcados e publicados" value={channel.counts.flagged} />
          <Stat label="No feed" value={channel.counts.in_feed} tone="green" />
          <Stat label="Fora do feed" value={channel.counts.left_out} tone="red" />
        </dl>

        {channel.pages_without_code > 0 && (
          <Alert variant="warning">
            <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
              <span>
                {channel.pages_without_code === 1
                  ? '1 página publicada não tem código do imóvel: '
                  : `${channel.pages_without_code} páginas publicadas não têm código do imóvel: `}
                os portais exigem um (e os contatos dos portais chegam por ele).
              </span>
              <Button
                type="button"
                size="sm"
                variant="outline"
                disabled={codes.isPending}
                onClick={() => void onCodes()}
              >
                Gerar códigos
              </Button>
            </div>
          </Alert>
        )}

        {channel.highlights.length > 0 && <Highlights realEstateId={realEstateId} channel={channel} />}

        <section aria-labelledby={`${channel.channel}-problems`} className="grid gap-2">
          <h3 id={`${channel.channel}-problems`} className="flex items-center gap-2 text-sm font-semibold">
            {channel.counts.left_out > 0 && (
              <AlertTriangle className="size-4 text-amber-600" aria-hidden="true" />
            )}
            {channel.counts.flagged === 0
              ? `Nenhum imóvel no feed do ${short} ainda`
              : channel.counts.left_out === 0
                ? `Todos os imóveis marcados entram no feed do ${short}.`
                : `${imoveis(channel.counts.left_out)} não ${channel.counts.left_out === 1 ? 'entra' : 'entram'} no feed do ${short}`}
          </h3>
          {channel.problems.length > 0 && (
            <ul className="grid gap-2">
              {channel.problems.map((p) => (
                <li key={p.page_id} className="rounded-lg border p-3 text-sm">
                  <div className="flex flex-wrap items-baseline justify-between gap-2">
                    <Link
                      to={paths.page(p.page_id)}
                      className="font-medium text-primary underline-offset-4 hover:underline"
                    >
                      {p.title}
                    </Link>
                    <span className="text-xs text-muted-foreground">
                      {p.listing_code ? `Código ${p.listing_code}` : 'Sem código'} · página {p.page_id}
                    </span>
                  </div>
                  <ul className="mt-1 list-disc pl-5 text-muted-foreground">
                    {p.problems.map((x) => (
                      <li key={x.code}>{x.message}</li>
                    ))}
                  </ul>
                </li>
              ))}
            </ul>
          )}
          {channel.counts.flagged === 0 && (
            <p className="text-sm text-muted-foreground">
              Nenhum imóvel marcado para este canal ainda: marque no editor da página (painel Portais e
              anúncios) ou selecione várias em Páginas.
            </p>
          )}
        </section>

        <details className="rounded-lg border p-3 text-sm">
          <summary className="cursor-pointer font-medium">{howTo.title}</summary>
          <ol className="mt-2 list-decimal space-y-1 pl-5 text-muted-foreground">
            {howTo.steps.map((s) => (
              <li key={s}>{s}</li>
            ))}
          </ol>
        </details>
      </CardContent>
    </Card>
  );
}
