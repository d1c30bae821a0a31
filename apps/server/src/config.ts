/** Configuration from the environment, validated once at start. */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const bool = (fallback: boolean) =>
  z
    .enum(['1', '0', 'true', 'false', 'yes', 'no', ''])
    .optional()
    .transform((v) => (v === undefined || v === '' ? fallback : ['1', 'true', 'yes'].includes(v)));

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  APP_URL: z.url().optional(),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  APP_KEY: z.string().optional(),
  SEED_DEMO: bool(true),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Vitrine Imóveis <nao-responda@vitrine.local>'),
  SUPPORT_EMAIL: z.string().default('suporte@vitrine.app'),
  SUPPORT_WHATSAPP: z.string().default('5511999999999'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_PRETTY: bool(false),
  TRUST_PROXY: bool(false),
  ALLOW_PRIVATE_NETWORK_TARGETS: bool(false),
  SESSION_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(14),
  CONSOLE_DIST: z.string().optional(),
  LOGIN_MAX_ATTEMPTS: z.coerce.number().int().min(1).default(5),
  LOGIN_DECAY_SECONDS: z.coerce.number().int().min(1).default(60),
  /** Run the delivery worker in this process (default). API replicas behind a separate worker set false. */
  RUN_WORKER: bool(true),
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
  /** Public lead form: above the soft limit per IP in 10 minutes leads are quarantined; above the hard one, 429. */
  LEAD_IP_SOFT_LIMIT: z.coerce.number().int().min(1).default(5),
  LEAD_IP_HARD_LIMIT: z.coerce.number().int().min(1).default(30),
  /** Above this many leads a minute on one page, new ones are quarantined (kept, not forwarded). */
  LEAD_PAGE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  DELIVERY_CONCURRENCY: z.coerce.number().int().min(1).max(100).default(10),
  JETIMOB_BASE_URL: z.url().default('https://api.jetimob.com'),
  ARBO_BASE_URL: z.url().default('https://app-integracao.arboimoveis.com/api'),
  ARBO_LEAD_PATH: z.string().default('/leads'),
  GO_HARRY_BASE_URL: z.string().default(''),
  GO_HARRY_TOKEN_PATH: z.string().default('/auth/login'),
  GO_HARRY_LEAD_PATH: z.string().default('/leads'),
});

export type Env = z.infer<typeof envSchema>;

export interface AppConfig extends Omit<Env, 'APP_KEY' | 'APP_URL'> {
  APP_URL: string;
  /** 32-byte key for AES-256-GCM of secrets at rest and for signing. */
  appKey: Buffer;
  dataDir: string;
  /** Use an in-memory PGlite (tests). */
  inMemoryDatabase?: boolean;
  secureCookies: boolean;
}

function loadAppKey(raw: string | undefined, dataDir: string): Buffer {
  const decode = (value: string) => {
    const key = Buffer.from(value.replace(/^base64:/, ''), 'base64');
    if (key.length !== 32) throw new Error('APP_KEY deve ter 32 bytes em base64 (formato base64:...).');
    return key;
  };
  if (raw) return decode(raw);
  const file = path.join(dataDir, 'app-key');
  if (existsSync(file)) return decode(readFileSync(file, 'utf8').trim());
  mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(32);
  writeFileSync(file, `base64:${key.toString('base64')}\n`, { mode: 0o600 });
  return key;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<AppConfig> = {}): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Configuração inválida:\n${lines}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(overrides.dataDir ?? e.DATA_DIR);
  const appUrl = (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  return {
    ...e,
    APP_URL: appUrl,
    appKey: overrides.appKey ?? loadAppKey(e.APP_KEY, dataDir),
    dataDir,
    secureCookies: appUrl.startsWith('https://'),
    ...overrides,
  };
}
