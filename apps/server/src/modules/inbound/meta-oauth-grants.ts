/**
 * "Conectar com Facebook" (docs/decisions/020-meta-lead-ads.md#amended-2026-11-28-conectar-com-facebook):
 * the `meta_oauth_grants` rows. Starting one sends the owner or admin to Facebook Login with a `state`
 * signed with APP_KEY for their session (`<nonce>.<HMAC>`, single use, 10 minutes); the callback checks
 * it, exchanges the code for a long-lived user token, lists the user's pages and keeps them, with the
 * tokens sealed, for the choice (15 minutes). Tokens never reach the browser: the console sees the page
 * names and ids only.
 */
import { createHmac } from 'node:crypto';
import { and, eq, gt, isNotNull, isNull, lt, or } from 'drizzle-orm';
import type { MetaLeadAds, MetaOAuthPage } from '@vitrine/contracts';
import { paths } from '@vitrine/contracts';
import { metaOauthGrants } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { decryptSecret, encryptSecret, randomToken, safeEqual, sha256 } from '../../lib/crypto.ts';
import { HttpError } from '../../lib/http-errors.ts';
import {
  exchangeLoginCode,
  grantedPermissions,
  listUserPages,
  MetaGraphError,
} from './meta-lead-ads-graph.ts';

/** What the dialog asks (docs/decisions/020-meta-lead-ads.md): the pages, their leads and the webhook. */
export const META_OAUTH_SCOPES = [
  'pages_show_list',
  'pages_manage_metadata',
  'pages_read_engagement',
  'leads_retrieval',
  'business_management',
] as const;
/** Without these the page cannot be read nor subscribed: the callback says which are missing. */
const REQUIRED_PERMISSIONS = ['leads_retrieval', 'pages_manage_metadata', 'pages_show_list'];
/** The page task Meta asks of the user whose token reads the leads (advertise on the page). */
const LEADS_TASK = 'ADVERTISE';

const STATE_TTL_MS = 10 * 60 * 1000;
const CHOICE_TTL_MS = 15 * 60 * 1000;

type OAuthDeps = Pick<Deps, 'db' | 'config'>;

/** The app is set up for Facebook Login as well as for the webhook. */
export const metaOAuthAvailable = (config: Deps['config']) =>
  !!config.META_APP_ID && !!config.META_APP_SECRET && !!config.META_WEBHOOK_VERIFY_TOKEN;

/** Our callback on the API host: what the operator writes in the app's "Valid OAuth Redirect URIs". */
export const metaOAuthRedirectUri = (config: Deps['config']) => `${config.APP_URL}/v1/oauth/meta/callback`;

const signState = (config: Deps['config'], nonce: string, sessionHash: string) =>
  createHmac('sha256', config.appKey).update(`meta-oauth|${nonce}|${sessionHash}`).digest('base64url');

/** The dialog's URL for this agency, user and session; older unfinished grants of the user are dropped. */
export async function startMetaOAuth(
  deps: OAuthDeps,
  input: { realEstateId: number; userId: number; sessionHash: string },
): Promise<string> {
  const { config } = deps;
  if (!metaOAuthAvailable(config))
    throw new HttpError(
      409,
      'O “Conectar com Facebook” ainda não está ativo neste servidor: o operador do Vitrine precisa definir META_APP_ID, META_APP_SECRET e META_WEBHOOK_VERIFY_TOKEN. Enquanto isso, use o token da página (avançado).',
    );
  const now = new Date();
  await deps.db
    .delete(metaOauthGrants)
    .where(
      or(
        lt(metaOauthGrants.expiresAt, now),
        and(eq(metaOauthGrants.realEstateId, input.realEstateId), eq(metaOauthGrants.userId, input.userId)),
      ),
    );
  const nonce = randomToken(24);
  await deps.db.insert(metaOauthGrants).values({
    realEstateId: input.realEstateId,
    userId: input.userId,
    sessionHash: input.sessionHash,
    stateHash: sha256(nonce),
    expiresAt: new Date(now.getTime() + STATE_TTL_MS),
  });
  const url = new URL(config.META_OAUTH_DIALOG_URL);
  url.search = new URLSearchParams({
    client_id: config.META_APP_ID!,
    redirect_uri: metaOAuthRedirectUri(config),
    state: `${nonce}.${signState(config, nonce, input.sessionHash)}`,
    scope: META_OAUTH_SCOPES.join(','),
    response_type: 'code',
  }).toString();
  return url.toString();
}

/** Where the callback sends the browser back: the lead sources screen, with the outcome. */
export type MetaOAuthOutcome = 'paginas' | 'cancelado' | 'erro' | 'invalido';
export const metaOAuthReturnUrl = (config: Deps['config'], outcome: MetaOAuthOutcome) =>
  `${config.APP_URL}${paths.leadSources}?facebook=${outcome}`;

/** The Portuguese sentence for a Graph failure while exchanging the code or listing the pages. */
function exchangeProblem(err: unknown): string {
  if (!(err instanceof MetaGraphError)) throw err;
  if (err.code === 100)
    return 'O Facebook não aceitou o código de autorização (ele expira em minutos e vale uma vez): clique em “Conectar com Facebook” de novo.';
  if (err.code === 190)
    return 'O Facebook recusou o acesso do seu usuário (sessão expirada ou permissão removida): clique em “Conectar com Facebook” de novo.';
  if (err.failure === 'retry')
    return 'O Facebook está limitando as chamadas ou indisponível agora: tente “Conectar com Facebook” de novo em alguns minutos.';
  return `O Facebook recusou a conexão: ${err.message}`;
}

interface SealedGrant {
  userToken: string;
  pageTokens: Record<string, string>;
}

/**
 * Facebook Login's answer (the callback): the outcome the console shows. A state that is not this
 * session's, unknown, used or expired stops here without touching any row.
 */
export async function finishMetaOAuth(
  deps: OAuthDeps & Pick<Deps, 'log'>,
  session: { idHash: string; userId: number | null } | null,
  query: { code?: string; state?: string; error?: string; error_reason?: string },
): Promise<MetaOAuthOutcome> {
  const { config } = deps;
  const [nonce, signature] = (query.state ?? '').split('.');
  if (!session?.userId || !nonce || !signature || !metaOAuthAvailable(config)) return 'invalido';
  if (!safeEqual(signature, signState(config, nonce, session.idHash))) return 'invalido';
  const now = new Date();
  // Single use: only the first callback with this state takes the row.
  const [grant] = await deps.db
    .update(metaOauthGrants)
    .set({ usedAt: now, expiresAt: new Date(now.getTime() + CHOICE_TTL_MS) })
    .where(
      and(
        eq(metaOauthGrants.stateHash, sha256(nonce)),
        eq(metaOauthGrants.sessionHash, session.idHash),
        eq(metaOauthGrants.userId, session.userId),
        isNull(metaOauthGrants.usedAt),
        gt(metaOauthGrants.expiresAt, now),
      ),
    )
    .returning({ id: metaOauthGrants.id });
  if (!grant) return 'invalido';
  const stop = async (error: string, outcome: MetaOAuthOutcome = 'erro') => {
    await deps.db.update(metaOauthGrants).set({ error }).where(eq(metaOauthGrants.id, grant.id));
    return outcome;
  };
  if (query.error || !query.code)
    return stop(
      query.error === 'access_denied'
        ? 'Você cancelou a conexão no Facebook. Nada foi alterado: clique em “Conectar com Facebook” quando quiser tentar de novo.'
        : 'O Facebook não autorizou a conexão. Clique em “Conectar com Facebook” para tentar de novo.',
      query.error === 'access_denied' ? 'cancelado' : 'erro',
    );
  let userToken: string;
  let pages;
  let granted: Set<string>;
  try {
    userToken = await exchangeLoginCode(config, query.code, metaOAuthRedirectUri(config));
    granted = await grantedPermissions(config, userToken);
    pages = await listUserPages(config, userToken);
  } catch (err) {
    deps.log.warn({ err }, 'meta oauth: code exchange or page list failed');
    return stop(exchangeProblem(err));
  }
  const missing = REQUIRED_PERMISSIONS.filter((p) => !granted.has(p));
  if (missing.length)
    return stop(
      `Faltou autorizar ${missing.join(', ')} no Facebook: sem isso o Vitrine não lê os leads da página. Clique em “Conectar com Facebook” de novo e mantenha todas as permissões marcadas.`,
    );
  const usable = pages.filter((p) => p.access_token);
  if (!usable.length)
    return stop(
      'Nenhuma página do Facebook foi autorizada para o Vitrine: clique em “Conectar com Facebook” de novo e, na etapa de escolher as páginas, marque a página da imobiliária (você precisa administrá-la).',
    );
  const listed: (MetaOAuthPage & { tasks: string[] })[] = usable.map((p) => {
    const tasks = Array.isArray(p.tasks) ? p.tasks.filter((t) => typeof t === 'string') : [];
    return {
      id: p.id,
      name: p.name ?? `Página ${p.id}`,
      tasks,
      problem:
        tasks.length && !tasks.includes(LEADS_TASK)
          ? 'Seu usuário não pode anunciar nesta página, e a Meta só entrega os leads a quem pode: peça acesso de anúncios (ou total) a um administrador dela.'
          : null,
    };
  });
  const sealed: SealedGrant = {
    userToken,
    pageTokens: Object.fromEntries(usable.map((p) => [p.id, p.access_token!])),
  };
  await deps.db
    .update(metaOauthGrants)
    .set({ pages: listed, secretEncrypted: encryptSecret(config.appKey, JSON.stringify(sealed)) })
    .where(eq(metaOauthGrants.id, grant.id));
  return 'paginas';
}

/** The card's view of this user's grant back from Facebook (pages or why it stopped), if any. */
export async function metaOAuthView(
  deps: Pick<Deps, 'db'>,
  realEstateId: number,
  userId: number,
): Promise<MetaLeadAds['oauth']> {
  const [grant] = await deps.db
    .select({ pages: metaOauthGrants.pages, error: metaOauthGrants.error })
    .from(metaOauthGrants)
    .where(ownGrant(realEstateId, userId));
  if (!grant || (!grant.pages && !grant.error)) return null;
  return {
    pages: (grant.pages ?? []).map((p) => ({ id: p.id, name: p.name, problem: p.problem })),
    error: grant.error,
  };
}

const ownGrant = (realEstateId: number, userId: number) =>
  and(
    eq(metaOauthGrants.realEstateId, realEstateId),
    eq(metaOauthGrants.userId, userId),
    isNotNull(metaOauthGrants.usedAt),
    gt(metaOauthGrants.expiresAt, new Date()),
  );

/** The chosen page's token from this user's grant, or a 4xx that says what to do. */
export async function grantPageToken(
  deps: OAuthDeps,
  realEstateId: number,
  userId: number,
  pageId: string,
): Promise<string> {
  const [grant] = await deps.db
    .select({ pages: metaOauthGrants.pages, secretEncrypted: metaOauthGrants.secretEncrypted })
    .from(metaOauthGrants)
    .where(ownGrant(realEstateId, userId));
  if (!grant?.secretEncrypted || !grant.pages)
    throw new HttpError(
      409,
      'A conexão com o Facebook expirou ou já foi usada: clique em “Conectar com Facebook” de novo.',
    );
  const page = grant.pages.find((p) => p.id === pageId);
  if (!page)
    throw new HttpError(422, 'Essa página não está entre as que você autorizou no Facebook.', {
      page_id: ['Escolha uma das páginas da lista.'],
    });
  if (page.problem) throw new HttpError(422, page.problem, { page_id: [page.problem] });
  const sealed = JSON.parse(decryptSecret(deps.config.appKey, grant.secretEncrypted)) as SealedGrant;
  const token = sealed.pageTokens[pageId];
  if (!token)
    throw new HttpError(422, 'O Facebook não deu acesso a essa página.', {
      page_id: ['Escolha uma das páginas da lista.'],
    });
  return token;
}

/** Forgets this user's grants (chosen, cancelled or discarded): the sealed tokens go with them. */
export async function discardMetaOAuth(deps: Pick<Deps, 'db'>, realEstateId: number, userId: number) {
  await deps.db
    .delete(metaOauthGrants)
    .where(and(eq(metaOauthGrants.realEstateId, realEstateId), eq(metaOauthGrants.userId, userId)));
}

/** Deletes the grants past their expiry (their sealed tokens with them). Returns how many. */
export async function sweepMetaOAuthGrants(deps: Pick<Deps, 'db'>, now = new Date()): Promise<number> {
  const deleted = await deps.db
    .delete(metaOauthGrants)
    .where(lt(metaOauthGrants.expiresAt, now))
    .returning({ id: metaOauthGrants.id });
  return deleted.length;
}
