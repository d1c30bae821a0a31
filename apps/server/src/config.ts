/** Configuration from the environment, validated once at start. */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import ipaddr from 'ipaddr.js';
import { normalizeBrazilianPhone } from '@vitrine/contracts';
import { z } from 'zod';
import { missingMediaToolsWarning, resolveMediaTools } from './lib/media-tools.ts';

const bool = (fallback: boolean) =>
  z
    .enum(['1', '0', 'true', 'false', 'yes', 'no', ''])
    .optional()
    .transform((v) => (v === undefined || v === '' ? fallback : ['1', 'true', 'yes'].includes(v)));
/** A yes/no whose default depends on NODE_ENV (decided in loadConfig): undefined when unset. */
const optionalBool = () =>
  z
    .enum(['1', '0', 'true', 'false', 'yes', 'no', ''])
    .optional()
    .transform((v) => (v === undefined || v === '' ? undefined : ['1', 'true', 'yes'].includes(v)));

/**
 * Which proxies to believe about the client address (X-Forwarded-For), as Fastify's `trustProxy`:
 * a hop count ("1": one load balancer in front) or a list of addresses/CIDRs ("10.0.0.0/8,127.0.0.1").
 * "true" would believe any X-Forwarded-For a client writes (rotating it defeats every per-IP limit), so
 * it is read as 1 hop, with a warning at start.
 */
const trustProxy = z
  .string()
  .optional()
  .transform((v, ctx): { value: false | number | string[]; warning?: string } => {
    const raw = (v ?? '').trim();
    if (['', '0', 'false', 'no'].includes(raw.toLowerCase())) return { value: false };
    if (['true', 'yes'].includes(raw.toLowerCase())) {
      return {
        value: 1,
        warning:
          'TRUST_PROXY=true confiaria em qualquer X-Forwarded-For; usando 1 salto (TRUST_PROXY=1). Indique o número de proxies ou seus endereços/CIDRs.',
      };
    }
    if (/^\d+$/.test(raw)) {
      const hops = Number(raw);
      if (hops > 10) {
        ctx.addIssue({
          code: 'custom',
          message: 'use de 0 a 10 saltos, ou a lista de endereços/CIDRs dos proxies',
        });
        return z.NEVER;
      }
      return { value: hops || false };
    }
    const list = raw
      .split(',')
      .map((x) => x.trim())
      .filter(Boolean);
    const bad = list.filter((x) => !(x.includes('/') ? isCidr(x) : ipaddr.isValid(x)));
    if (bad.length) {
      ctx.addIssue({
        code: 'custom',
        message: `endereço ou CIDR inválido: ${bad.join(', ')} (use o número de saltos, ex.: 1, ou "10.0.0.0/8,127.0.0.1")`,
      });
      return z.NEVER;
    }
    return { value: list };
  });

function isCidr(value: string): boolean {
  try {
    ipaddr.parseCIDR(value);
    return true;
  } catch {
    return false;
  }
}

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  APP_URL: z.url().optional(),
  /**
   * Where landing pages, their tracker and the lead form are served from: another site than APP_URL
   * (decision 017), so no script on an agency's page shares the console's origin or cookies. Default:
   * APP_URL with localhost and 127.0.0.1 swapped (same port: the server routes by Host).
   */
  LANDING_URL: z
    .string()
    .optional()
    .transform((v) => v || undefined)
    .pipe(z.url('use uma URL, ex.: https://imoveis.vitrinepaginas.com.br').optional()),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  /**
   * Connections each process opens to PostgreSQL at most (DATABASE_URL). The two public hot paths keep
   * up to 4 (admission) + 8 (capture) shared transactions in flight; the rest serve the console and jobs.
   */
  DATABASE_POOL_MAX: z.coerce.number().int().min(2).max(200).default(20),
  APP_KEY: z.string().optional(),
  /** The demo agencies and login on an empty database: on by default in development, never in production unless `true`. */
  SEED_DEMO: optionalBool(),
  /** Swagger UI and the OpenAPI document at /docs: on by default in development and tests, off in production. */
  API_DOCS: optionalBool(),
  /** Bearer token for GET /metrics (Prometheus). Unset: /metrics answers 404. */
  METRICS_TOKEN: z
    .string()
    .optional()
    .transform((v) => v || undefined)
    .pipe(z.string().min(16, 'use pelo menos 16 caracteres').optional()),
  /** Load shedding: above this mean event-loop delay (ms) requests get 503 + Retry-After. 0 turns it off. */
  PRESSURE_MAX_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).default(1000),
  /** Load shedding on heap used (MB). 0 (default) turns it off. */
  PRESSURE_MAX_HEAP_USED_MB: z.coerce.number().int().min(0).default(0),
  PRESSURE_SAMPLE_INTERVAL_MS: z.coerce.number().int().min(10).default(1000),
  PRESSURE_RETRY_AFTER_SECONDS: z.coerce.number().int().min(1).default(10),
  /** Landing pages per sitemap file; past it /sitemap.xml becomes a sitemap index (the protocol allows 50,000). */
  /**
   * Landing pages per sitemap file. At most 49,000: a single /sitemap.xml also lists the site's own
   * pages and the blog, and the protocol allows 50,000 URLs per file.
   */
  SITEMAP_CHUNK_SIZE: z.coerce.number().int().min(1).max(49_000).default(45_000),
  /**
   * DNS servers for checking agencies' domains ("1.1.1.1,8.8.8.8", a port after a colon: "127.0.0.1:5353").
   * Empty: the system's resolver. Tests point it at a local fake DNS server.
   */
  DNS_SERVERS: z
    .string()
    .default('')
    .transform((v, ctx) => {
      const list = v
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean);
      const bad = list.filter((x) => !ipaddr.isValid(x.replace(/:\d+$/, '')));
      if (bad.length) {
        ctx.addIssue({ code: 'custom', message: `endereço de DNS inválido: ${bad.join(', ')}` });
        return z.NEVER;
      }
      return list;
    }),
  /**
   * A verified domain whose TXT record the hourly re-check no longer finds stays verified this long
   * (consecutive failures; a DNS hiccup or a provider move must not drop it), then goes back to pending.
   */
  DOMAIN_RECHECK_GRACE_HOURS: z.coerce
    .number()
    .min(0)
    .max(24 * 90)
    .default(72),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Vitrine Imóveis <nao-responda@vitrine.local>'),
  /** The help widget's e-mail; default `suporte@` + APP_URL's domain (supportDefaults below). */
  SUPPORT_EMAIL: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || undefined)
    .pipe(z.email({ error: 'informe um e-mail válido (ex.: suporte@suaempresa.com.br).' }).optional()),
  /**
   * The help widget's WhatsApp, digits with the country code (wa.me). No default: without it the
   * widget offers only the e-mail; a number invented here would send customers to a stranger.
   */
  SUPPORT_WHATSAPP: z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (!v?.trim()) return undefined;
      const problem = supportWhatsappProblem(v);
      if (problem) {
        ctx.addIssue({ code: 'custom', message: problem });
        return z.NEVER;
      }
      return v.replace(/\D+/g, '');
    }),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_PRETTY: bool(false),
  TRUST_PROXY: trustProxy,
  ALLOW_PRIVATE_NETWORK_TARGETS: bool(false),
  SESSION_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(14),
  CONSOLE_DIST: z.string().optional(),
  LOGIN_MAX_ATTEMPTS: z.coerce.number().int().min(1).default(5),
  LOGIN_DECAY_SECONDS: z.coerce.number().int().min(1).default(60),
  /** Failed sign-ins on one account, from any address, before it locks: 1 min, doubling up to 15 min. */
  LOGIN_ACCOUNT_MAX_FAILURES: z.coerce.number().int().min(1).default(10),
  /** Failed sign-ins from one address, on any accounts, in 15 minutes before it waits (429). */
  LOGIN_IP_MAX_FAILURES: z.coerce.number().int().min(1).default(20),
  /** Run the delivery worker in this process (default). API replicas behind a separate worker set false. */
  RUN_WORKER: bool(true),
  /**
   * Seconds between a worker's polls for new jobs. New lead deliveries do not wait for it: the process
   * that committed them wakes the workers at once, in its own process or, with RUN_WORKER=false, in
   * the worker processes through PostgreSQL's NOTIFY. Tests lengthen it to prove that wake-up.
   */
  QUEUE_POLL_SECONDS: z.coerce.number().min(0.5).max(600).default(0.5),
  /**
   * Embedded database only: seconds between passes of the process's own autovacuum
   * (db/embedded-autovacuum.ts; PGlite starts no autovacuum worker). PostgreSQL runs its own.
   */
  EMBEDDED_AUTOVACUUM_SECONDS: z.coerce.number().min(1).max(3600).default(60),
  /** Seconds between delivery attempts after the first (Svix schedule): 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h. */
  DELIVERY_RETRY_SCHEDULE: z
    .string()
    .default('5,300,1800,7200,18000,36000,36000')
    .transform((v, ctx) => {
      const list = v.split(',').map((x) => Number(x.trim()));
      if (!list.length || list.some((n) => !Number.isFinite(n) || n < 0)) {
        ctx.addIssue({ code: 'custom', message: 'use segundos separados por vírgula' });
        return z.NEVER;
      }
      return list;
    }),
  /** Public lead form, per IP and agency in 10 minutes: above the soft limit leads are quarantined (kept); above the hard one (a flood), 429. */
  LEAD_IP_SOFT_LIMIT: z.coerce.number().int().min(1).default(5),
  LEAD_IP_HARD_LIMIT: z.coerce.number().int().min(1).default(100),
  /** Above this many leads a minute on one page, new ones are quarantined (kept, not forwarded). */
  LEAD_PAGE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  /** A form sent sooner than this after the page rendered counts as "fast": a weak spam signal, never enough alone (docs/spam-rules.md). */
  LEAD_MIN_FILL_MS: z.coerce.number().int().min(0).max(60_000).default(2_500),
  /**
   * The lead API (docs/lead-api.md#limits): leads a minute per API key, and per agency (all its keys
   * together; a key over its own limit does not spend the agency's). Beyond either, 429 with Retry-After.
   */
  LEAD_API_KEY_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(120),
  LEAD_API_AGENCY_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(300),
  /**
   * Grupo OLX pushes (docs/lead-sources.md#limits): a minute per source, and per agency over all its
   * sources (one noisy source cannot starve the others). Beyond either, 429 with Retry-After.
   */
  INBOUND_SOURCE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(300),
  INBOUND_AGENCY_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  /** Analytics beacons accepted per IP and minute (a page view sends a few); beyond it, 429. */
  ANALYTICS_IP_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(300),
  /** Months of raw analytics (events and sessions) kept; daily rollups, which hold no visitor data, stay. */
  ANALYTICS_RETENTION_MONTHS: z.coerce.number().int().min(1).max(120).default(13),
  DELIVERY_CONCURRENCY: z.coerce.number().int().min(1).max(100).default(10),
  /** Where files live: `local` (DATA_DIR/uploads, default) or `s3` (any S3-compatible bucket). */
  STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().default('us-east-1'),
  /** Other than AWS (MinIO, R2, …): the service's URL. */
  S3_ENDPOINT: z.url().optional(),
  S3_FORCE_PATH_STYLE: bool(false),
  /** Without them the AWS SDK's default chain (AWS_* variables, profile, instance role). */
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  /** Base URL files are read from (a CDN in front of the bucket); default: the bucket's URL. */
  S3_PUBLIC_URL: z.url().optional(),
  /** Largest video upload, in bytes (500 MB). */
  VIDEO_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(500 * 1024 * 1024),
  /** How long an upload URL stays valid. */
  VIDEO_UPLOAD_URL_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .max(7 * 24 * 3600)
    .default(3600),
  /**
   * On S3, a file larger than this is sent in parts of this size (S3's multipart upload: presigned
   * UploadPart URLs, then complete); S3 takes parts of 5 MiB at least, 10 000 parts at most.
   */
  VIDEO_UPLOAD_PART_BYTES: z.coerce
    .number()
    .int()
    .min(5 * 1024 * 1024)
    .default(16 * 1024 * 1024),
  /** Uploads never finished are removed after this many hours. */
  VIDEO_PENDING_TTL_HOURS: z.coerce.number().min(1).default(24),
  /**
   * YouTube/Vimeo posters are copied into our storage by a job (the landing never points a visitor's
   * browser at Google or Vimeo before play): YouTube's thumbnails live at {base}/{id}/hqdefault.jpg,
   * Vimeo's URL comes from its oEmbed endpoint (no API key). Tests point both at a local server.
   */
  YOUTUBE_THUMBNAIL_BASE: z.url().default('https://i.ytimg.com/vi'),
  VIMEO_OEMBED_URL: z.url().default('https://vimeo.com/api/oembed.json'),
  /** Each thumbnail request's budget; the job retries a failure (3 times, backing off). */
  VIDEO_THUMBNAIL_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  /**
   * ffmpeg/ffprobe make posters and read durations. Unset: the ones on PATH, else the npm packages'
   * (lib/media-tools.ts); none, videos are ready without a poster.
   */
  FFMPEG_PATH: z.string().optional(),
  FFPROBE_PATH: z.string().optional(),
  /** Who charges the subscriptions: `fake` (embedded default; nothing is charged) or `asaas`. */
  PAYMENT_PROVIDER: z.enum(['fake', 'asaas']).default('fake'),
  /** The Asaas account's API key (`$aact_...`). Without it, PAYMENT_PROVIDER=asaas leaves payments off. */
  ASAAS_API_KEY: z
    .string()
    .optional()
    .transform((v) => v || undefined),
  /** `sandbox` (api-sandbox.asaas.com) or `production` (api.asaas.com). */
  ASAAS_ENVIRONMENT: z.enum(['sandbox', 'production']).default('sandbox'),
  /** Overrides the environment's base URL (a local fake Asaas in tests). */
  ASAAS_BASE_URL: z.url().optional(),
  /** The authentication token set on the Asaas webhook: sent back in the `asaas-access-token` header. */
  ASAAS_WEBHOOK_TOKEN: z
    .string()
    .optional()
    .transform((v) => v || undefined)
    .pipe(z.string().min(32, 'use pelo menos 32 caracteres').max(255).optional()),
  /**
   * The product's Meta app (docs/operations.md#meta-lead-forms): its App Secret signs every webhook
   * notification (X-Hub-Signature-256); the verify token answers the webhook's verification request.
   * Without both, Meta lead forms are off: the webhook answers 401 and the console says so.
   */
  META_APP_SECRET: z
    .string()
    .optional()
    .transform((v) => v || undefined)
    .pipe(z.string().min(16, 'use o App Secret do app da Meta (32 caracteres)').max(255).optional()),
  /** The app's id: lets the console check that a page token was issued for this app (debug_token). */
  META_APP_ID: z
    .string()
    .optional()
    .transform((v) => v || undefined)
    .pipe(
      z
        .string()
        .regex(/^\d{5,25}$/, 'o ID do app da Meta tem só números')
        .optional(),
    ),
  META_WEBHOOK_VERIFY_TOKEN: z
    .string()
    .optional()
    .transform((v) => v || undefined)
    .pipe(z.string().min(16, 'use pelo menos 16 caracteres').max(255).optional()),
  /** The Graph API with its version (a local fake Graph server in tests). */
  META_GRAPH_URL: z
    .url()
    .default('https://graph.facebook.com/v21.0')
    .transform((v) => v.replace(/\/+$/, '')),
  /**
   * Facebook Login's dialog ("Conectar com Facebook", docs/decisions/020-meta-lead-ads.md): the agency's
   * browser is sent here with META_APP_ID; a local fake dialog in tests.
   */
  META_OAUTH_DIALOG_URL: z
    .url()
    .default('https://www.facebook.com/v21.0/dialog/oauth')
    .transform((v) => v.replace(/\/+$/, '')),
  /** The Google Ads API with its version (a local fake in tests), and Google's OAuth token endpoint. */
  GOOGLE_ADS_API_URL: z
    .url()
    .default('https://googleads.googleapis.com/v21')
    .transform((v) => v.replace(/\/+$/, '')),
  GOOGLE_OAUTH_TOKEN_URL: z.url().default('https://oauth2.googleapis.com/token'),
  JETIMOB_BASE_URL: z.url().default('https://api.jetimob.com'),
  ARBO_BASE_URL: z.url().default('https://app-integracao.arboimoveis.com/api'),
  ARBO_LEAD_PATH: z.string().default('/leads'),
  GO_HARRY_BASE_URL: z.string().default(''),
  GO_HARRY_TOKEN_PATH: z.string().default('/auth/login'),
  GO_HARRY_LEAD_PATH: z.string().default('/leads'),
});

export type Env = z.infer<typeof envSchema>;

/**
 * Why a SUPPORT_WHATSAPP value cannot be a real number (null when it can): digits with the country
 * code, 10 to 15 of them (E.164); a Brazilian one (55…) with a real DDD; never a placeholder such as
 * 5511999999999 (the subscriber number one digit repeated).
 */
export function supportWhatsappProblem(raw: string): string | null {
  const digits = raw.replace(/\D+/g, '');
  const example = 'ex.: 5511987654321';
  if (!/^[\d\s()+.-]+$/.test(raw.trim()) || digits.length < 10 || digits.length > 15)
    return `use o número com o código do país, só dígitos (${example}).`;
  const national = digits.startsWith('55') ? digits.slice(2) : null;
  if (national !== null && normalizeBrazilianPhone(national) === null)
    return `"${raw.trim()}" não é um celular ou telefone brasileiro válido com DDD (${example}).`;
  const subscriber = national ? national.slice(2) : digits.slice(-8);
  if (/^(\d)\1+$/.test(subscriber.slice(-8)))
    return `"${raw.trim()}" parece um número de exemplo: informe o WhatsApp real do suporte.`;
  return null;
}

/** `suporte@` + APP_URL's domain (less a leading www.); an address without a domain gets vitrine.local. */
export function defaultSupportEmail(appUrl: string): string {
  const host = new URL(appUrl).hostname.replace(/^www\./, '');
  const isDomain = host.includes('.') && !/^[\d.]+$/.test(host) && !host.includes(':');
  return `suporte@${isDomain ? host : 'vitrine.local'}`;
}

export interface AppConfig extends Omit<
  Env,
  | 'APP_KEY'
  | 'APP_URL'
  | 'LANDING_URL'
  | 'SEED_DEMO'
  | 'API_DOCS'
  | 'TRUST_PROXY'
  | 'FFMPEG_PATH'
  | 'FFPROBE_PATH'
  | 'SUPPORT_EMAIL'
  | 'SUPPORT_WHATSAPP'
> {
  /** The ffmpeg/ffprobe the video jobs run (lib/media-tools.ts chose them); null: none found. */
  FFMPEG_PATH: string | null;
  FFPROBE_PATH: string | null;
  APP_URL: string;
  /** The landing pages' origin (no trailing slash): another host, and another site, than APP_URL. */
  LANDING_URL: string;
  /** LANDING_URL's host name, lower case (the Host the server routes to the landing side). */
  landingHost: string;
  /** APP_URL's host name, lower case. */
  appHost: string;
  SEED_DEMO: boolean;
  API_DOCS: boolean;
  SUPPORT_EMAIL: string;
  /** Digits with the country code, or undefined: the help widget then offers only the e-mail. */
  SUPPORT_WHATSAPP: string | undefined;
  /** Fastify's trustProxy: false, a hop count or the proxies' addresses/CIDRs. */
  TRUST_PROXY: false | number | string[];
  /** Things to say at start (a setting read differently from what it says). */
  warnings: string[];
  /** 32-byte key for AES-256-GCM of secrets at rest and for signing. */
  appKey: Buffer;
  dataDir: string;
  /** Use an in-memory PGlite (tests). */
  inMemoryDatabase?: boolean;
  secureCookies: boolean;
  /** Webhook and CRM targets must be https:// (production, unless private targets are allowed). */
  httpsOnlyTargets: boolean;
}

/**
 * Production without SMTP (docs/operations.md#e-mail-in-production): e-mails stay in the outbox, their links
 * never in the log.
 */
export const SMTP_MISSING_WARNING =
  'SMTP_URL não definido em produção: os e-mails (alertas de lead, convites, redefinição de senha) não são enviados; ficam em DATA_DIR/outbox, e seus links não vão para o log. Defina SMTP_URL (docs/operations.md).';

export const APP_KEY_MISSING_MESSAGE = [
  'APP_KEY é obrigatória em produção (NODE_ENV=production): ela criptografa as credenciais dos CRMs e assina',
  'os formulários, e precisa ser a mesma em todas as réplicas e em todos os deploys. Gere uma com',
  "  node -e \"console.log('base64:' + require('node:crypto').randomBytes(32).toString('base64'))\"",
  '(ou: echo "base64:$(openssl rand -base64 32)") e defina APP_KEY no ambiente. Guarde-a junto com os backups.',
].join('\n');

function loadAppKey(raw: string | undefined, dataDir: string, production: boolean): Buffer {
  const decode = (value: string) => {
    const key = Buffer.from(value.replace(/^base64:/, ''), 'base64');
    if (key.length !== 32) throw new Error('APP_KEY deve ter 32 bytes em base64 (formato base64:...).');
    return key;
  };
  if (raw) return decode(raw);
  // Production never invents a key: a key generated into a container's disk is lost with it, and two
  // replicas would each make their own.
  if (production) throw new Error(APP_KEY_MISSING_MESSAGE);
  const file = path.join(dataDir, 'app-key');
  if (existsSync(file)) return decode(readFileSync(file, 'utf8').trim());
  mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(32);
  writeFileSync(file, `base64:${key.toString('base64')}\n`, { mode: 0o600 });
  return key;
}

export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  overrides: Partial<AppConfig> = {},
): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Configuração inválida:\n${lines}`);
  }
  const e = parsed.data;
  if (e.STORAGE_DRIVER === 's3' && !e.S3_BUCKET)
    throw new Error('Configuração inválida:\n  S3_BUCKET: obrigatório com STORAGE_DRIVER=s3');
  const dataDir = path.resolve(overrides.dataDir ?? e.DATA_DIR);
  const appUrl = (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  const production = e.NODE_ENV === 'production';
  const media = resolveMediaTools(env);
  const FFMPEG_PATH = overrides.FFMPEG_PATH !== undefined ? overrides.FFMPEG_PATH : media.ffmpeg.path;
  const FFPROBE_PATH = overrides.FFPROBE_PATH !== undefined ? overrides.FFPROBE_PATH : media.ffprobe.path;
  // Said once, at the start of a process that runs the video jobs (never once per video).
  const mediaWarning = e.RUN_WORKER ? missingMediaToolsWarning({ FFMPEG_PATH, FFPROBE_PATH }) : null;
  const landing = landingUrlFor(appUrl, e.LANDING_URL);
  const smtpWarning = production && !e.SMTP_URL ? SMTP_MISSING_WARNING : null;
  const supportWarning =
    production && !e.SUPPORT_WHATSAPP
      ? 'SUPPORT_WHATSAPP não definido: o botão de ajuda oferece só o e-mail do suporte.'
      : null;
  const warnings = [e.TRUST_PROXY.warning, landing.warning, mediaWarning, smtpWarning, supportWarning].filter(
    (w): w is string => !!w,
  );
  return {
    ...e,
    FFMPEG_PATH,
    FFPROBE_PATH,
    TRUST_PROXY: e.TRUST_PROXY.value,
    warnings,
    APP_URL: appUrl,
    LANDING_URL: landing.url,
    landingHost: new URL(landing.url).hostname.toLowerCase(),
    appHost: new URL(appUrl).hostname.toLowerCase(),
    SUPPORT_EMAIL: e.SUPPORT_EMAIL ?? defaultSupportEmail(appUrl),
    SUPPORT_WHATSAPP: e.SUPPORT_WHATSAPP,
    SEED_DEMO: e.SEED_DEMO ?? !production,
    API_DOCS: e.API_DOCS ?? !production,
    appKey: overrides.appKey ?? loadAppKey(e.APP_KEY, dataDir, production),
    dataDir,
    secureCookies: appUrl.startsWith('https://'),
    httpsOnlyTargets: production && !e.ALLOW_PRIVATE_NETWORK_TARGETS,
    ...overrides,
  };
}

const LOOPBACK_SWAP: Record<string, string> = { localhost: '127.0.0.1', '127.0.0.1': 'localhost' };

/**
 * LANDING_URL, or the default for one machine: APP_URL with localhost and 127.0.0.1 swapped (two host
 * names, two sites, one port). Any other APP_URL needs LANDING_URL set. The two must differ in host
 * name (the server tells them apart by Host; browsers keep cookies per host name, whatever the port).
 */
export function landingUrlFor(appUrl: string, raw: string | undefined): { url: string; warning?: string } {
  const app = new URL(appUrl);
  let url: string;
  if (raw) url = raw.replace(/\/+$/, '');
  else {
    const swapped = LOOPBACK_SWAP[app.hostname.toLowerCase()];
    if (!swapped)
      throw new Error(
        `Configuração inválida:\n  LANDING_URL: obrigatória quando APP_URL não é local (${app.host}): indique a origem das páginas dos imóveis, em outro domínio (ex.: APP_URL=https://app.vitrine.com.br e LANDING_URL=https://imoveis.vitrinepaginas.com.br).`,
      );
    const u = new URL(appUrl);
    u.hostname = swapped;
    url = u.origin;
  }
  const landing = new URL(url);
  if (landing.pathname !== '/' || landing.search || landing.hash)
    throw new Error(
      `Configuração inválida:\n  LANDING_URL: use só a origem, sem caminho (ex.: https://imoveis.vitrinepaginas.com.br).`,
    );
  url = landing.origin;
  if (landing.hostname.toLowerCase() === app.hostname.toLowerCase())
    throw new Error(
      `Configuração inválida:\n  LANDING_URL: precisa de um host diferente de APP_URL (${app.hostname}); as páginas dos imóveis não podem dividir a origem nem os cookies do console.`,
    );
  const site = (host: string) => registrableDomainGuess(host.toLowerCase());
  const warning =
    site(landing.hostname) === site(app.hostname)
      ? `LANDING_URL (${landing.hostname}) parece estar no mesmo site que APP_URL (${app.hostname}): use outro domínio registrável (ex.: imoveis.vitrinepaginas.com.br), para que um script das páginas não faça requisições "same-site" ao console.`
      : undefined;
  return { url, warning };
}

/** Second-level labels under which Brazil (and others) register names: com.br, net.br, co.uk… */
const SECOND_LEVEL = new Set([
  'com',
  'net',
  'org',
  'gov',
  'edu',
  'co',
  'ac',
  'blog',
  'app',
  'art',
  'eco',
  'ind',
  'inf',
  'imb',
  'srv',
  'tv',
]);

/**
 * The registrable domain of a host name, approximately (no public suffix list): the last two labels, or
 * three under a two-letter country code with a known second level (vitrine.com.br). IP addresses and
 * single labels are their own site. Used only for a warning at start.
 */
export function registrableDomainGuess(host: string): string {
  if (ipaddr.isValid(host.replace(/^\[|\]$/g, ''))) return host;
  const labels = host.split('.').filter(Boolean);
  if (labels.length <= 2) return labels.join('.');
  const tld = labels.at(-1)!;
  const second = labels.at(-2)!;
  const n = tld.length === 2 && SECOND_LEVEL.has(second) ? 3 : 2;
  return labels.slice(-n).join('.');
}
