import {
  WEBHOOK_AUTH_TYPES,
  type ArboPayload,
  type GoHarryPayload,
  type JetimobPayload,
  type WebhookAuthType,
  type WebhookPayload,
} from '@vitrine/contracts';
import { ClearableInput } from '@/components/ui/clearable-input';
import { FormField } from '@/components/ui/form-field';
import { NativeSelect } from '@/components/ui/native-select';
import { STORED_SECRET_HINT, StoredSecretInput, isStoredSecret } from './stored-secret-input';

interface FieldsProps<P> {
  payload: P;
  onChange: (payload: P) => void;
  /** 422 messages by field ('url', 'authentication.key', 'api_key'…). */
  errors: Record<string, string>;
}

// Credentials of the agency's systems: the browser must not fill in the console login here.
const noAutofill = {
  autoComplete: 'off',
  autoCapitalize: 'none',
  autoCorrect: 'off',
  spellCheck: false,
} as const;

const AUTH_LABELS: Record<WebhookAuthType, string> = { none: 'Nenhuma', header: 'Cabeçalho' };

export function WebhookFields({ payload, onChange, errors }: FieldsProps<WebhookPayload>) {
  const auth = payload.authentication;
  const setAuth = (patch: Partial<WebhookPayload['authentication']>) =>
    onChange({ ...payload, authentication: { ...auth, ...patch } });
  return (
    <>
      <FormField label="URL do Webhook" error={errors.url}>
        <ClearableInput
          type="url"
          inputMode="url"
          placeholder="https://seu-sistema.com.br/webhooks/leads"
          value={payload.url}
          onValueChange={(url) => onChange({ ...payload, url })}
          clearLabel="Limpar URL do Webhook"
          {...noAutofill}
        />
      </FormField>
      <FormField label="Autenticação" error={errors['authentication.type'] ?? errors.authentication}>
        <NativeSelect
          value={auth.type}
          onChange={(event) => setAuth({ type: event.target.value as WebhookAuthType })}
        >
          {WEBHOOK_AUTH_TYPES.map((type) => (
            <option key={type} value={type}>
              {AUTH_LABELS[type]}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      {auth.type === 'header' && (
        <>
          <FormField
            label="Nome do cabeçalho"
            error={errors['authentication.key']}
            hint="Enviado em cada requisição, por exemplo X-Api-Key ou Authorization."
          >
            <ClearableInput
              placeholder="X-Api-Key"
              value={auth.key}
              onValueChange={(key) => setAuth({ key })}
              clearLabel="Limpar nome do cabeçalho"
              {...noAutofill}
            />
          </FormField>
          <FormField
            label="Valor do cabeçalho"
            error={errors['authentication.value']}
            hint={isStoredSecret(auth.value) ? STORED_SECRET_HINT : undefined}
          >
            <StoredSecretInput
              value={auth.value}
              onValueChange={(value) => setAuth({ value })}
              clearLabel="Limpar valor do cabeçalho"
              {...noAutofill}
            />
          </FormField>
        </>
      )}
    </>
  );
}

export function GoHarryFields({ payload, onChange, errors }: FieldsProps<GoHarryPayload>) {
  return (
    <>
      <FormField label="Usuário" error={errors.username}>
        <ClearableInput
          value={payload.username}
          onValueChange={(username) => onChange({ ...payload, username })}
          clearLabel="Limpar usuário"
          {...noAutofill}
        />
      </FormField>
      <FormField
        label="Senha"
        error={errors.password}
        hint={isStoredSecret(payload.password) ? STORED_SECRET_HINT : undefined}
      >
        <StoredSecretInput
          secret
          value={payload.password}
          onValueChange={(password) => onChange({ ...payload, password })}
          clearLabel="Limpar senha"
          {...noAutofill}
          autoComplete="new-password"
        />
      </FormField>
    </>
  );
}

export function ArboFields({ payload, onChange, errors }: FieldsProps<ArboPayload>) {
  return (
    <FormField
      label="Chave de API"
      error={errors.api_key}
      hint={
        <>
          {isStoredSecret(payload.api_key) && `${STORED_SECRET_HINT} `}O teste confere a chave na API da Arbo.
          O envio de leads usa o formato do Grupo ZAP, ainda não confirmado pela Arbo.
        </>
      }
    >
      <StoredSecretInput
        value={payload.api_key}
        onValueChange={(api_key) => onChange({ ...payload, api_key })}
        clearLabel="Limpar chave de API"
        {...noAutofill}
      />
    </FormField>
  );
}

export function JetimobFields({ payload, onChange, errors }: FieldsProps<JetimobPayload>) {
  return (
    <>
      <FormField label="Chave pública" error={errors.public_key}>
        <ClearableInput
          value={payload.public_key}
          onValueChange={(public_key) => onChange({ ...payload, public_key })}
          clearLabel="Limpar chave pública"
          {...noAutofill}
        />
      </FormField>
      <FormField
        label="Chave privada"
        error={errors.private_key}
        hint={isStoredSecret(payload.private_key) ? STORED_SECRET_HINT : undefined}
      >
        <StoredSecretInput
          value={payload.private_key}
          onValueChange={(private_key) => onChange({ ...payload, private_key })}
          clearLabel="Limpar chave privada"
          {...noAutofill}
        />
      </FormField>
    </>
  );
}
