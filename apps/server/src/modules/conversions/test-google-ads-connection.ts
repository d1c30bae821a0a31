/**
 * The Google Ads API card's connection test (docs/decisions/023-ad-conversions.md): exchanges the
 * refresh token for an access token (a new one, not the cached one), then reads the chosen conversion
 * actions with the Google Ads API's search (`POST {api}/customers/{customerId}/googleAds:search`, a GAQL
 * query, the headers the upload sends). It uploads nothing. The answer says, in Portuguese, what Google
 * refused (the OAuth credentials, the developer token or the access to the account, an unknown
 * account) or, action by action, whether Google has it, with its name, and whether it is enabled.
 */
import { GOOGLE_ADS_ACTION_KEYS, LEAD_STATUS_LABELS, type GoogleAdsActionKey } from '@vitrine/contracts';
import type { SafeResponse } from '../../lib/outbound/safe-http.ts';
import { OutboundHttpError } from '../../lib/outbound/safe-http.ts';
import {
  accessToken,
  googleAdsHeaders,
  rpcErrorOf,
  type GoogleAdsConnection,
  type GoogleAdsContext,
} from './send-google-conversion.ts';

export interface GoogleAdsTestResult {
  ok: boolean;
  message: string;
}

/** A conversion action as the search answers it (a GoogleAdsRow's `conversionAction`). */
interface FoundAction {
  id?: string;
  name?: string;
  status?: string;
}

const STATUS_LABELS: Record<string, string> = { REMOVED: 'removida', HIDDEN: 'oculta' };
const actionLabel = (key: GoogleAdsActionKey) => (key === 'lead' ? 'Lead recebido' : LEAD_STATUS_LABELS[key]);
/** 1234567890 → 123-456-7890, as Google Ads shows it. */
const accountOf = (id: string) => id.replace(/^(\d{3})(\d{3})(\d{4})$/, '$1-$2-$3');

/** The GAQL query of the chosen actions (their ids are digits: the settings accept nothing else). */
export const conversionActionsQuery = (ids: string[]) =>
  `SELECT conversion_action.id, conversion_action.name, conversion_action.status FROM conversion_action WHERE conversion_action.id IN (${ids.join(', ')})`;

/** What a refused search means, by Google's error codes first (their HTTP status varies). */
function refusal(res: SafeResponse, c: GoogleAdsConnection): string {
  const { codes, status, message } = rpcErrorOf(res.bodyText);
  const named = codes.length ? codes.join(', ') : (status ?? `HTTP ${res.status}`);
  const account = accountOf(c.customer_id);
  const has = (...names: string[]) => codes.some((x) => names.includes(x));
  if (has('CUSTOMER_NOT_FOUND', 'CLIENT_CUSTOMER_ID_INVALID'))
    return `O Google Ads não encontrou a conta ${account} (${named}): confira o ID da conta.`;
  if (has('CUSTOMER_NOT_ENABLED')) return `A conta ${account} não está ativa no Google Ads (${named}).`;
  if (has('DEVELOPER_TOKEN_INVALID', 'DEVELOPER_TOKEN_PROHIBITED'))
    return `O Google Ads recusou o token de desenvolvedor (${named}): confira-o na Central de API da conta de administrador.`;
  if (has('DEVELOPER_TOKEN_NOT_APPROVED'))
    return `O token de desenvolvedor ainda não foi aprovado para contas reais (${named}): peça o acesso básico na Central de API.`;
  if (has('USER_PERMISSION_DENIED'))
    return `A conta Google do token de atualização não tem acesso à conta ${account} (${named}): confira o ID da conta de administrador.`;
  if (res.status === 401 || res.status === 403)
    return `O Google Ads recusou o acesso (HTTP ${res.status}, ${named}): confira o token de desenvolvedor, o ID da conta e o da conta de administrador.`;
  if (res.status === 429)
    return `O Google Ads limitou as chamadas (${named}): tente de novo em alguns minutos.`;
  if (res.status >= 500)
    return `O Google Ads respondeu com HTTP ${res.status}: tente de novo em alguns minutos.`;
  return `O Google Ads recusou a consulta (HTTP ${res.status}, ${named}${message ? `: ${message}` : ''}).`;
}

/** Each chosen action's line, and whether all of them can take conversions. */
function actionsReport(
  chosen: [GoogleAdsActionKey, string][],
  found: Map<string, FoundAction>,
): { ok: boolean; lines: string[] } {
  let ok = true;
  const lines = chosen.map(([key, id]) => {
    const action = found.get(id);
    if (!action) {
      ok = false;
      return `${actionLabel(key)}: a ação ${id} não existe nesta conta`;
    }
    const name = action.name ? ` "${action.name}"` : '';
    if (action.status !== 'ENABLED') {
      ok = false;
      const state = STATUS_LABELS[action.status ?? ''] ?? `com status ${action.status ?? 'desconhecido'}`;
      return `${actionLabel(key)}: a ação ${id}${name} está ${state} e recusa conversões`;
    }
    return `${actionLabel(key)}: ação ${id}${name}, ativa`;
  });
  return { ok, lines };
}

export async function testGoogleAdsConnection(
  c: GoogleAdsConnection,
  ctx: GoogleAdsContext,
): Promise<GoogleAdsTestResult> {
  if (!c.customer_id || !c.developer_token || !c.client_id || !c.client_secret || !c.refresh_token)
    return {
      ok: false,
      message:
        'Informe e salve o ID da conta, o token de desenvolvedor, o cliente OAuth (ID e chave secreta) e o token de atualização antes de testar.',
    };
  const chosen = GOOGLE_ADS_ACTION_KEYS.flatMap((key): [GoogleAdsActionKey, string][] => {
    const id = c.conversion_actions[key]?.trim();
    return id ? [[key, id]] : [];
  });
  if (!chosen.length)
    return {
      ok: false,
      message: 'Informe e salve o ID de pelo menos uma ação de conversão antes de testar.',
    };

  const token = await accessToken(c, ctx, true);
  if (!token.ok) {
    if (token.oauthError)
      return {
        ok: false,
        message: `O Google recusou as credenciais OAuth (${token.oauthError}${token.description ? `: ${token.description}` : ''}): ${
          token.oauthError === 'invalid_grant'
            ? 'gere um novo token de atualização (num projeto do Google Cloud em modo de teste ele vale 7 dias).'
            : 'confira o ID e a chave secreta do cliente OAuth.'
        }`,
      };
    return {
      ok: false,
      message: `O servidor de autenticação do Google não respondeu como esperado${token.result.status ? ` (HTTP ${token.result.status})` : ''}: tente de novo em alguns minutos.`,
    };
  }

  let res: SafeResponse;
  try {
    res = await ctx.http.request({
      url: `${ctx.apiUrl.replace(/\/+$/, '')}/customers/${encodeURIComponent(c.customer_id)}/googleAds:search`,
      method: 'POST',
      headers: googleAdsHeaders(c, token.token),
      body: JSON.stringify({ query: conversionActionsQuery([...new Set(chosen.map(([, id]) => id))]) }),
      maxBodyBytes: 256 * 1024,
    });
  } catch (err) {
    return {
      ok: false,
      message: `Não foi possível falar com o Google Ads.${err instanceof OutboundHttpError ? ` ${err.message}` : ''}`,
    };
  }
  if (res.status !== 200) return { ok: false, message: refusal(res, c) };

  let rows: { conversionAction?: FoundAction }[] = [];
  try {
    rows = (JSON.parse(res.bodyText) as { results?: typeof rows }).results ?? [];
  } catch {
    return {
      ok: false,
      message: 'O Google Ads respondeu algo que não é JSON: tente de novo em alguns minutos.',
    };
  }
  const found = new Map<string, FoundAction>();
  for (const { conversionAction: a } of rows) if (a?.id) found.set(String(a.id), a);
  const { ok, lines } = actionsReport(chosen, found);
  const account = accountOf(c.customer_id);
  return {
    ok,
    message: ok
      ? `Conexão verificada com a conta ${account}. ${lines.join('; ')}.`
      : `As credenciais dão acesso à conta ${account}, mas confira as ações de conversão. ${lines.join('; ')}.`,
  };
}
