import {
  GOOGLE_ADS_ACTION_KEYS,
  LEAD_STATUS_LABELS,
  SECRET_MASK,
  type ConversionSettings,
  type GoogleAdsActionKey,
} from '@vitrine/contracts';
import { PlugZap } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { PasswordInput } from '@/components/ui/password-input';
import { Switch } from '@/components/ui/switch';
import { getApiErrorMessage } from '@/lib/api-errors';
import { formatDateTime } from '@/lib/datetime';
import { toast } from '@/lib/toast';
import { useTestGoogleAds } from '../api/conversions';

type Saved = ConversionSettings['google_ads'];
export type GoogleAdsDraft = Omit<
  Saved,
  'paused_reason' | 'last_test_ok' | 'last_test_message' | 'last_tested_at'
>;

export const googleAdsDraftOf = (s: ConversionSettings): GoogleAdsDraft => {
  const {
    paused_reason: _paused,
    last_test_ok: _ok,
    last_test_message: _message,
    last_tested_at: _at,
    ...draft
  } = s.google_ads;
  return draft;
};

/** The account and credential fields, in the form's order; secrets are answered masked. */
const FIELDS: {
  field:
    'customer_id' | 'login_customer_id' | 'developer_token' | 'client_id' | 'client_secret' | 'refresh_token';
  label: string;
  hint: string;
  kind: 'numeric' | 'text' | 'secret';
}[] = [
  {
    field: 'customer_id',
    label: 'ID da conta do Google Ads',
    hint: 'No topo do Google Ads, ex.: 123-456-7890.',
    kind: 'numeric',
  },
  {
    field: 'login_customer_id',
    label: 'ID da conta de administrador (opcional)',
    hint: 'A conta MCC pela qual o acesso é feito, se houver.',
    kind: 'numeric',
  },
  {
    field: 'developer_token',
    label: 'Token de desenvolvedor',
    hint: 'Central de API da conta de administrador. Guardado criptografado.',
    kind: 'secret',
  },
  {
    field: 'client_id',
    label: 'ID do cliente OAuth',
    hint: 'Google Cloud → APIs e serviços → Credenciais.',
    kind: 'text',
  },
  {
    field: 'client_secret',
    label: 'Chave secreta do cliente OAuth',
    hint: 'Da mesma credencial. Guardada criptografada.',
    kind: 'secret',
  },
  {
    field: 'refresh_token',
    label: 'Token de atualização (refresh token)',
    hint: 'Da conta Google com acesso ao Google Ads, escopo adwords. Guardado criptografado.',
    kind: 'secret',
  },
];

const actionLabel = (key: GoogleAdsActionKey) => (key === 'lead' ? 'Lead recebido' : LEAD_STATUS_LABELS[key]);

/**
 * The Google Ads API upload (docs/decisions/023-ad-conversions.md): the account, the API credentials
 * (secrets answered masked; the mask sent back keeps them), the conversion action per event, and the
 * connection test of what is saved (its last result stays on the card).
 */
export function GoogleAdsApiCard({
  realEstateId,
  saved,
  draft,
  onChange,
  err,
}: {
  realEstateId: number;
  saved: Saved;
  draft: GoogleAdsDraft;
  onChange: (draft: GoogleAdsDraft) => void;
  err: (field: string) => string | undefined;
}) {
  const test = useTestGoogleAds(realEstateId);
  const set = (patch: Partial<GoogleAdsDraft>) => onChange({ ...draft, ...patch });
  const runTest = async () => {
    try {
      const result = await test.mutateAsync();
      toast({
        variant: result.ok ? 'success' : 'danger',
        title: result.ok ? 'Google Ads conectado' : 'Falha no teste',
        description: result.message,
      });
    } catch (error) {
      toast({ variant: 'danger', title: 'Falha no teste', description: getApiErrorMessage(error) });
    }
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex flex-wrap items-center gap-2">
          Google Ads (envio pela API)
          {saved.paused_reason ? (
            <Badge tone="red" dot>
              Pausado
            </Badge>
          ) : (
            <Badge tone={saved.enabled ? 'green' : 'gray'} dot>
              {saved.enabled ? 'Ligado' : 'Desligado'}
            </Badge>
          )}
        </CardTitle>
        <CardDescription>
          Cada lead vai na hora ao Google Ads: pelo clique (gclid) ou, sem ele, pelo e-mail e telefone
          criptografados (conversões otimizadas para leads). Use o arquivo acima ou a API, não os dois.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {saved.paused_reason && <Alert variant="danger">{saved.paused_reason}</Alert>}
        <label className="flex items-center gap-3 text-sm font-medium">
          <Switch
            checked={draft.enabled}
            onCheckedChange={(v) => set({ enabled: v })}
            aria-label="Enviar conversões pela API do Google Ads"
          />
          Enviar conversões pela API do Google Ads
        </label>
        <div className="grid gap-4 sm:grid-cols-2">
          {FIELDS.map(({ field, label, hint, kind }) => (
            <FormField key={field} label={label} error={err(`google_ads.${field}`)} hint={hint}>
              {kind === 'secret' ? (
                <PasswordInput
                  autoComplete="off"
                  value={draft[field]}
                  onFocus={() => draft[field] === SECRET_MASK && set({ [field]: '' })}
                  onBlur={() =>
                    draft[field] === '' && saved[field] === SECRET_MASK && set({ [field]: SECRET_MASK })
                  }
                  onChange={(e) => set({ [field]: e.target.value })}
                />
              ) : (
                <Input
                  inputMode={kind === 'numeric' ? 'numeric' : undefined}
                  autoComplete="off"
                  value={draft[field]}
                  onChange={(e) => set({ [field]: e.target.value })}
                />
              )}
            </FormField>
          ))}
        </div>
        <fieldset className="grid min-w-0 gap-3">
          <legend className="mb-1 text-sm font-medium">
            Ação de conversão (ID numérico, tipo importação de cliques)
          </legend>
          {err('google_ads.conversion_actions') && (
            <p className="text-sm text-destructive">{err('google_ads.conversion_actions')}</p>
          )}
          <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
            {GOOGLE_ADS_ACTION_KEYS.map((key) => (
              <FormField
                key={key}
                label={actionLabel(key)}
                error={err(`google_ads.conversion_actions.${key}`)}
              >
                <Input
                  inputMode="numeric"
                  autoComplete="off"
                  placeholder="—"
                  value={draft.conversion_actions[key] ?? ''}
                  onChange={(e) =>
                    set({ conversion_actions: { ...draft.conversion_actions, [key]: e.target.value } })
                  }
                />
              </FormField>
            ))}
          </div>
        </fieldset>
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
          <Button type="button" variant="outline" disabled={test.isPending} onClick={() => void runTest()}>
            <PlugZap aria-hidden="true" />
            {test.isPending ? 'Testando...' : 'Testar conexão'}{' '}
            <span className="sr-only">com o Google Ads</span>
          </Button>
          <p className="text-xs text-muted-foreground" role="status">
            {saved.last_tested_at
              ? `${saved.last_test_ok ? 'Último teste: OK' : 'Último teste falhou'} em ${formatDateTime(saved.last_tested_at)}.${saved.last_test_message ? ` ${saved.last_test_message}` : ''}`
              : 'Salve a conta, as credenciais e as ações (botão Salvar conversões, no fim da página) e teste a conexão: o teste usa o que está salvo e não envia conversões.'}
          </p>
        </div>
      </CardContent>
    </Card>
  );
}
