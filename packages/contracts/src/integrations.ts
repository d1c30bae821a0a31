/** Integration names of spec §3/§9. */
export const INTEGRATION_NAMES = ['webhook', 'arbo', 'jetimob', 'go_harry'] as const;
export type IntegrationName = (typeof INTEGRATION_NAMES)[number];

export const WEBHOOK_AUTH_TYPES = ['none', 'header'] as const;
export type WebhookAuthType = (typeof WEBHOOK_AUTH_TYPES)[number];
export const DEFAULT_WEBHOOK_AUTH_TYPE: WebhookAuthType = 'none';

export interface WebhookPayload {
  url: string;
  authentication: { type: WebhookAuthType; key: string; value: string };
}
export interface ArboPayload {
  api_key: string;
}
export interface JetimobPayload {
  public_key: string;
  private_key: string;
}
export interface GoHarryPayload {
  username: string;
  password: string;
}
export interface IntegrationPayloads {
  webhook: WebhookPayload;
  arbo: ArboPayload;
  jetimob: JetimobPayload;
  go_harry: GoHarryPayload;
}

export type Integration<N extends IntegrationName = IntegrationName> = {
  [K in N]: { name: K; is_active: boolean; payload: IntegrationPayloads[K] };
}[N];

export function defaultPayload<N extends IntegrationName>(name: N): IntegrationPayloads[N] {
  const defaults: IntegrationPayloads = {
    webhook: { url: '', authentication: { type: DEFAULT_WEBHOOK_AUTH_TYPE, key: '', value: '' } },
    arbo: { api_key: '' },
    jetimob: { public_key: '', private_key: '' },
    go_harry: { username: '', password: '' },
  };
  return defaults[name];
}

const filled = (v: string | undefined | null) => typeof v === 'string' && v.trim() !== '';

/** is_active derived from content (spec §4). */
export function isIntegrationActive<N extends IntegrationName>(name: N, payload: IntegrationPayloads[N]): boolean {
  switch (name) {
    case 'arbo':
      return filled((payload as ArboPayload).api_key);
    case 'webhook':
      return filled((payload as WebhookPayload).url);
    case 'jetimob': {
      const p = payload as JetimobPayload;
      return filled(p.public_key) || filled(p.private_key);
    }
    case 'go_harry': {
      const p = payload as GoHarryPayload;
      return filled(p.username) && filled(p.password);
    }
    default:
      return false;
  }
}
