import {
  GOOGLE_ADS_ACTION_KEYS,
  LEAD_STATUS_LABELS,
  SECRET_MASK,
  type ConversionSettings,
  type GoogleAdsActionKey,
} from '@vitrine/contracts';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { PasswordInput } from '@/components/ui/password-input';
import { Switch } from '@/components/ui/switch';

export type GoogleAdsDraft = Omit<ConversionSettings['google_ads'], 'paused_reason'>;
type Secret = 'developer_token' | 'client_secret' | 'refresh_token';

export const googleAdsDraftOf = (s: ConversionSettings): GoogleAdsDraft => {
  const { paused_reason: _paused, ...draft } = s.google_ads;
  return draft;
};

const actionLabel = (key: GoogleAdsActionKey) => (key === 'lead' ? 'Lead recebido' : LEAD_STATUS_LABELS[key]);

/**
 * The Google Ads API upload (docs/decisions/023-ad-conversions.md): the account, the API credentials
 * (secrets answered masked; the mask sent back keeps them) and the conversion action per event.
 */
export function GoogleAdsApiCard({
  saved,
  draft,
  onChange,
  err,
}: {
  saved: ConversionSettings['google_ads'];
  draft: GoogleAdsDraft;
  onChange: (draft: GoogleAdsDraft) => void;
  err: (field: string) => string | undefined;
}) {
  const set = (patch: Partial<GoogleAdsDraft>) => onChange({ ...draft, ...patch });
  const secret = (field: Secret, label: string, hint: string) => (
    <FormField label={label} error={err(`google_ads.${field}`)} hint={hint}>
      <PasswordInput
        autoComplete="off"
        value={draft[field]}
        onFocus={() => draft[field] === SECRET_MASK && set({ [field]: '' })}
        onBlur={() => draft[field] === '' && saved[field] === SECRET_MASK && set({ [field]: SECRET_MASK })}
        onChange={(e) => set({ [field]: e.target.value })}
      />
    </FormField>
  );
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
          <FormField
            label="ID da conta do Google Ads"
            error={err('google_ads.customer_id')}
            hint="No topo do Google Ads, ex.: 123-456-7890."
          >
            <Input
              inputMode="numeric"
              autoComplete="off"
              value={draft.customer_id}
              onChange={(e) => set({ customer_id: e.target.value })}
            />
          </FormField>
          <FormField
            label="ID da conta de administrador (opcional)"
            error={err('google_ads.login_customer_id')}
            hint="A conta MCC pela qual o acesso é feito, se houver."
          >
            <Input
              inputMode="numeric"
              autoComplete="off"
              value={draft.login_customer_id}
              onChange={(e) => set({ login_customer_id: e.target.value })}
            />
          </FormField>
          {secret(
            'developer_token',
            'Token de desenvolvedor',
            'Central de API da conta de administrador. Guardado criptografado.',
          )}
          <FormField
            label="ID do cliente OAuth"
            error={err('google_ads.client_id')}
            hint="Google Cloud → APIs e serviços → Credenciais."
          >
            <Input
              autoComplete="off"
              value={draft.client_id}
              onChange={(e) => set({ client_id: e.target.value })}
            />
          </FormField>
          {secret(
            'client_secret',
            'Chave secreta do cliente OAuth',
            'Da mesma credencial. Guardada criptografada.',
          )}
          {secret(
            'refresh_token',
            'Token de atualização (refresh token)',
            'Da conta Google com acesso ao Google Ads, escopo adwords. Guardado criptografado.',
          )}
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
      </CardContent>
    </Card>
  );
}
