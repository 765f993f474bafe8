import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import type { BeaconChain } from '../contract/draw-beacon.js';
import { DEMO_DRAND_CHAIN, DRAND_EMULATOR_PREFIX, QUICKNET, QUICKNET_URL } from './integrations/drand/networks.js';
import type { RobokassaSettings } from './integrations/robokassa/client.js';
import { ROBOKASSA_HASHES } from './integrations/robokassa/signature.js';
import { SECRETS_KEY_BYTES } from './sealing/sealed.js';

/**
 * Connections per instance when DATABASE_POOL_SIZE is not set: twice the cores plus one (5 on
 * 2 cores). More backends than that only take turns on the same cores: on 2 cores, 10 connections
 * gave a fifth to a quarter fewer receipt checks per second than 5 (docs/decisions.md, "Connection pool").
 */
export const defaultPoolSize = () => 2 * os.availableParallelism() + 1;

/** Where uploaded images can live: the local folder, the database, an S3-compatible bucket (modules/uploads). */
export const IMAGE_STORES = ['local', 'db', 's3'] as const;
export type ImageStoreKind = (typeof IMAGE_STORES)[number];

export interface S3Settings {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
}

const booleanFlag = z
  .enum(['true', 'false', '1', '0'], { error: 'ожидается true или false' })
  .transform((value) => value === 'true' || value === '1');

const secretsKeySchema = z
  .string()
  .transform((value) => Buffer.from(value, 'base64'))
  .refine((bytes) => bytes.length === SECRETS_KEY_BYTES, `ожидается ${SECRETS_KEY_BYTES} байта в base64 (openssl rand -base64 32)`);

const envSchema = z.object({
  PORT: z.coerce.number({ error: 'ожидается номер порта' }).int().min(0).max(65_535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'ожидается адрес вида postgres://user:pass@host:5432/db')
    .optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(2, 'не меньше 2').max(200).optional(),
  SCANAPP_MODE: z.enum(['demo', 'production'], { error: 'ожидается demo или production' }).default('demo'),
  /**
   * `cron`: pg-boss runs the periodic jobs on the real clock (and the demo clock's moves run them too);
   * `clock`: only the demo clock's moves run them (the test servers: nothing happens between a test's steps).
   */
  PERIODIC_JOBS: z.enum(['cron', 'clock'], { error: 'ожидается cron или clock' }).default('cron'),
  PUBLIC_URL: z.url({ error: 'ожидается адрес вида https://scanapp.example' }).optional(),
  ADMIN_TOKEN: z.string().min(24, 'не короче 24 символов').optional(),
  /** Set → GET /metrics answers Prometheus with this bearer token; unset → the route does not exist. */
  METRICS_TOKEN: z.string().min(24, 'не короче 24 символов').optional(),
  /** How long SIGTERM waits for requests and jobs in progress before the process gives up on them. */
  SHUTDOWN_GRACE_MS: z.coerce.number({ error: 'ожидается число миллисекунд' }).int().min(0).max(600_000).default(10_000),
  /** Behind a load balancer the client address comes from X-Forwarded-For. */
  TRUST_PROXY: booleanFlag.default(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SESSION_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  ROBOKASSA_MERCHANT_LOGIN: z.string().min(1).optional(),
  ROBOKASSA_PASSWORD1: z.string().min(8, 'не короче 8 символов').optional(),
  ROBOKASSA_PASSWORD2: z.string().min(8, 'не короче 8 символов').optional(),
  ROBOKASSA_HASH_ALGORITHM: z.enum(ROBOKASSA_HASHES, { error: `ожидается одно из: ${ROBOKASSA_HASHES.join(', ')}` }).default('sha256'),
  ROBOKASSA_TEST_MODE: booleanFlag.default(false),
  ROBOKASSA_PAYMENT_URL: z.url().default('https://auth.robokassa.ru/Merchant/Index.aspx'),
  ROBOKASSA_RECEIPT_TAX: z
    .enum(['none', 'vat0', 'vat5', 'vat7', 'vat10', 'vat20', 'vat22', 'vat105', 'vat107', 'vat110', 'vat120', 'vat122'])
    .default('none'),
  ROBOKASSA_TAX_SYSTEM: z.enum(['osn', 'usn_income', 'usn_income_outcome', 'esn', 'patent']).optional(),
  TAX_API_TOKEN: z.string().min(1).optional(),
  TAX_API_URL: z.url().default('https://proverkacheka.com'),
  TAX_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
  /** Waits before retrying "not ready yet" answers (codes 2 and 4), comma-separated. */
  TAX_RETRY_DELAYS_MS: z
    .string()
    .regex(/^\d+(,\d+)*$/, 'ожидается список миллисекунд через запятую, например 1000,3000')
    .default('1000,3000')
    .transform((value) => value.split(',').map(Number)),
  PUZZLEBOT_API_URL: z.url().default('https://api.puzzlebot.top'),
  /** A drand HTTP endpoint of quicknet (e.g. https://drand.cloudflare.com/<quicknet's hash>). Unset: api.drand.sh, or the emulator in demo mode. */
  DRAND_URL: z.url({ error: 'ожидается адрес вида https://api.drand.sh/52db9ba7…' }).optional(),
  /** Set → used even in demo mode (a local Bot API server, or the real one with a test bot). */
  TELEGRAM_API_URL: z.url().optional(),
  /** Wildberries' statistics host (sales); demo mode without it talks to the emulator. */
  WB_STATISTICS_API_URL: z.url().optional(),
  /** Ozon's Seller API (postings); demo mode without it talks to the emulator. */
  OZON_API_URL: z.url().optional(),
  TELEGRAM_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  /** How actions' bots get their updates: `auto` is a webhook when PUBLIC_URL is HTTPS (Telegram's rule), else long polling. */
  TELEGRAM_UPDATES: z.enum(['auto', 'webhook', 'polling'], { error: 'ожидается auto, webhook или polling' }).default('auto'),
  /** First retry delay of a failed PuzzleBot push; it doubles up to an hour. */
  OUTBOX_RETRY_BASE_MS: z.coerce.number().int().min(10).max(3_600_000).default(5_000),
  /** Recipients a mailing to a segment writes per statement (the tests pass a small one to cross batches). */
  MAILING_SEGMENT_BATCH: z.coerce.number().int().min(1).max(100_000).default(5_000),
  /** Account mails (password reset, e-mail change). Unset in demo mode → the built-in catcher at /__emulators/mail. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/[^/\s]+/, 'ожидается адрес вида smtp://user:pass@host:587 или smtps://user:pass@host:465')
    .optional(),
  MAIL_FROM: z.string().min(3).max(200).optional(),
  /** Where images are kept: `local` (DATA_DIR/uploads, one instance), `db`, `s3`. Unset: s3 when S3_BUCKET is set, else db when DATABASE_URL is, else local. */
  IMAGE_STORAGE: z.enum(IMAGE_STORES, { error: 'ожидается local, db или s3' }).optional(),
  S3_ENDPOINT: z.url({ error: 'ожидается адрес вида https://storage.example' }).optional(),
  S3_BUCKET: z.string().min(1).optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).optional(),
  /** Seals sellers' bot tokens at rest (src/server/secrets/): 32 random bytes in base64 (`openssl rand -base64 32`). */
  SECRETS_KEY: secretsKeySchema.optional(),
  /** The key before a rotation: still opens what it sealed until `npm run admin -- secrets:rotate` has run. */
  SECRETS_KEY_PREVIOUS: secretsKeySchema.optional(),
  /** Built web app; the default is where `vite build` puts it. */
  WEB_DIST_DIR: z.string().min(1).optional(),
});

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  mode: 'demo' | 'production';
  /** Whether pg-boss runs the periodic jobs on the real clock; false only in demo mode (PERIODIC_JOBS=clock). */
  cronJobs: boolean;
  publicUrl: string;
  /** Demo mode without PUBLIC_URL: links follow the address each request came to (http/public-url.ts). */
  publicUrlFollowsRequest: boolean;
  adminToken: string | undefined;
  metricsToken: string | undefined;
  shutdownGraceMs: number;
  trustProxy: boolean;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  sessionTtlMs: number;
  webDistDir: string;
  /** Where this process can reach itself (emulators call the app over loopback). */
  internalUrl: string;
  robokassa: { emulated: boolean; settings: RobokassaSettings };
  tax: { emulated: boolean; baseUrl: string; token: string; timeoutMs: number; retryDelaysMs: number[] };
  puzzleBot: { emulated: boolean; baseUrl: string; timeoutMs: number };
  /** The prize draws' beacon: the chain is pinned (quicknet, or the demo emulator's own). */
  drand: { emulated: boolean; url: string; chain: BeaconChain; timeoutMs: number };
  telegram: { emulated: boolean; apiRoot: string; timeoutMs: number; updates: 'webhook' | 'polling' };
  /** The sellers' marketplace accounts: each seller brings their own key, so demo mode talks to the emulators unless a URL is given. */
  marketplaces: { wildberries: MarketplaceApi; ozon: MarketplaceApi };
  outbox: { retryBaseMs: number };
  mailing: { segmentBatch: number };
  /** `key` undefined: demo mode keeps a generated one in DATA_DIR/secrets.key (secrets/keyring.ts). */
  secrets: { key: Buffer | undefined; previousKey: Buffer | undefined };
  /** `smtpUrl` is undefined when emulated: the catcher's own address is known once it listens. */
  mail: { emulated: boolean; smtpUrl: string | undefined; from: string; timeoutMs: number };
  /** `store` takes new images; the bucket's settings are kept whenever given, so `uploads:migrate --to s3` can fill it before the switch. */
  images: { store: ImageStoreKind; s3: S3Settings | undefined };
};

export interface MarketplaceApi {
  emulated: boolean;
  baseUrl: string;
  timeoutMs: number;
}

export const WB_STATISTICS_API_ROOT = 'https://statistics-api.wildberries.ru';
export const OZON_API_ROOT = 'https://api-seller.ozon.ru';
/** Where demo mode mounts the marketplaces' emulators. */
export const WILDBERRIES_EMULATOR_PREFIX = '/__emulators/wildberries';
export const OZON_EMULATOR_PREFIX = '/__emulators/ozon';

/** Demo-mode sender of account mails. */
export const DEMO_MAIL_FROM = 'ScanApp <no-reply@localhost>';

export const TELEGRAM_API_ROOT = 'https://api.telegram.org';
/** Telegram's Mini App script, loaded by the buyers' shop (CSP: script-src https://telegram.org on /shop/). */
export const TELEGRAM_WEB_APP_SCRIPT = 'https://telegram.org/js/telegram-web-app.js';

/** Demo-mode token of the tax-service emulator. */
export const DEMO_TAX_TOKEN = 'demo-tax-token';

/** Demo-mode Robokassa credentials: the emulator and the app share them; never real money. */
export const DEMO_ROBOKASSA = { merchantLogin: 'scanapp-demo', password1: 'demo-password-1', password2: 'demo-password-2' } as const;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Parses the environment once; every problem is reported together. Nothing else reads process.env. */
export function loadConfig(env: NodeJS.ProcessEnv, cwd = process.cwd()): Config {
  // An empty variable means "not set", the way shells and .env files usually intend it.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  const e = parsed.data;
  const problems: string[] = [];
  if (e.SCANAPP_MODE === 'production') {
    if (!e.DATABASE_URL) problems.push('DATABASE_URL: required when SCANAPP_MODE=production');
    if (!e.PUBLIC_URL) problems.push('PUBLIC_URL: required when SCANAPP_MODE=production');
    // Refused, not ignored: production has no demo clock, so draws would never close nor digests go
    // (docs/decisions.md, "Test servers run no cron").
    if (e.PERIODIC_JOBS === 'clock')
      problems.push('PERIODIC_JOBS=clock: demo mode only (production has no demo clock to run the periodic jobs)');
  }
  const robokassaKeys = [e.ROBOKASSA_MERCHANT_LOGIN, e.ROBOKASSA_PASSWORD1, e.ROBOKASSA_PASSWORD2];
  const robokassaConfigured = robokassaKeys.every(Boolean);
  if (robokassaKeys.some(Boolean) && !robokassaConfigured) {
    problems.push('ROBOKASSA_MERCHANT_LOGIN, ROBOKASSA_PASSWORD1, ROBOKASSA_PASSWORD2: set all three or none');
  } else if (!robokassaConfigured && e.SCANAPP_MODE === 'production') {
    problems.push('ROBOKASSA_MERCHANT_LOGIN, ROBOKASSA_PASSWORD1, ROBOKASSA_PASSWORD2: required when SCANAPP_MODE=production');
  }
  if (!e.TAX_API_TOKEN && e.SCANAPP_MODE === 'production') problems.push('TAX_API_TOKEN: required when SCANAPP_MODE=production');
  if (!e.SMTP_URL && e.SCANAPP_MODE === 'production') problems.push('SMTP_URL: required when SCANAPP_MODE=production');
  if (!e.MAIL_FROM && e.SCANAPP_MODE === 'production') problems.push('MAIL_FROM: required when SCANAPP_MODE=production');
  const s3Keys = [e.S3_ENDPOINT, e.S3_BUCKET, e.S3_ACCESS_KEY_ID, e.S3_SECRET_ACCESS_KEY, e.S3_REGION];
  const s3Configured = s3Keys.every(Boolean);
  if (s3Keys.some(Boolean) && !s3Configured) {
    problems.push('S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, S3_REGION: set all five or none');
  } else if (e.IMAGE_STORAGE === 's3' && !s3Configured) {
    problems.push('IMAGE_STORAGE=s3: needs S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, S3_REGION');
  }
  if (!e.SECRETS_KEY && e.SCANAPP_MODE === 'production') problems.push('SECRETS_KEY: required when SCANAPP_MODE=production');
  if (problems.length > 0) throw new ConfigError(problems);

  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  const loopbackHost = e.HOST === '0.0.0.0' || e.HOST === '::' ? '127.0.0.1' : e.HOST.includes(':') ? `[${e.HOST}]` : e.HOST;
  const internalUrl = `http://${loopbackHost}:${e.PORT}`;

  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(cwd, e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE ?? defaultPoolSize(),
    mode: e.SCANAPP_MODE,
    cronJobs: e.PERIODIC_JOBS === 'cron',
    publicUrl,
    publicUrlFollowsRequest: e.SCANAPP_MODE === 'demo' && !e.PUBLIC_URL,
    adminToken: e.ADMIN_TOKEN,
    metricsToken: e.METRICS_TOKEN,
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    sessionTtlMs: e.SESSION_TTL_DAYS * 24 * 60 * 60 * 1000,
    webDistDir: path.resolve(cwd, e.WEB_DIST_DIR ?? 'dist/web'),
    internalUrl,
    robokassa: {
      emulated: !robokassaConfigured,
      settings: {
        merchantLogin: e.ROBOKASSA_MERCHANT_LOGIN ?? DEMO_ROBOKASSA.merchantLogin,
        password1: e.ROBOKASSA_PASSWORD1 ?? DEMO_ROBOKASSA.password1,
        password2: e.ROBOKASSA_PASSWORD2 ?? DEMO_ROBOKASSA.password2,
        algorithm: e.ROBOKASSA_HASH_ALGORITHM,
        paymentUrl: robokassaConfigured ? e.ROBOKASSA_PAYMENT_URL : `${publicUrl}/__emulators/payments/Merchant/Index.aspx`,
        isTest: robokassaConfigured ? e.ROBOKASSA_TEST_MODE : true,
        receiptTax: e.ROBOKASSA_RECEIPT_TAX,
        receiptTaxSystem: e.ROBOKASSA_TAX_SYSTEM,
      },
    },
    tax: {
      emulated: !e.TAX_API_TOKEN,
      baseUrl: e.TAX_API_TOKEN ? e.TAX_API_URL : `${internalUrl}/__emulators/tax`,
      token: e.TAX_API_TOKEN ?? DEMO_TAX_TOKEN,
      timeoutMs: e.TAX_TIMEOUT_MS,
      retryDelaysMs: e.TAX_RETRY_DELAYS_MS,
    },
    // PuzzleBot has no product-wide credential (each action brings its bot's token):
    // demo mode always talks to the emulator, production to PuzzleBot.
    puzzleBot: {
      emulated: e.SCANAPP_MODE === 'demo',
      baseUrl: e.SCANAPP_MODE === 'demo' ? `${internalUrl}/__emulators/puzzlebot` : e.PUZZLEBOT_API_URL,
      timeoutMs: 10_000,
    },
    // Demo mode's emulator signs with its own key; a DRAND_URL is quicknet's, in either mode.
    drand: {
      emulated: e.SCANAPP_MODE === 'demo' && !e.DRAND_URL,
      url: (
        e.DRAND_URL ?? (e.SCANAPP_MODE === 'demo' ? `${internalUrl}${DRAND_EMULATOR_PREFIX}/${DEMO_DRAND_CHAIN.hash}` : QUICKNET_URL)
      ).replace(/\/+$/, ''),
      chain: e.SCANAPP_MODE === 'demo' && !e.DRAND_URL ? DEMO_DRAND_CHAIN : QUICKNET,
      timeoutMs: 10_000,
    },
    // Like PuzzleBot, sellers bring their own bot tokens: demo mode talks to the emulator
    // unless TELEGRAM_API_URL is given explicitly.
    telegram: {
      emulated: e.SCANAPP_MODE === 'demo' && !e.TELEGRAM_API_URL,
      apiRoot: (e.TELEGRAM_API_URL ?? (e.SCANAPP_MODE === 'demo' ? `${internalUrl}/__emulators/telegram` : TELEGRAM_API_ROOT)).replace(
        /\/+$/,
        '',
      ),
      timeoutMs: e.TELEGRAM_TIMEOUT_MS,
      updates: e.TELEGRAM_UPDATES === 'auto' ? (publicUrl.startsWith('https://') ? 'webhook' : 'polling') : e.TELEGRAM_UPDATES,
    },
    marketplaces: {
      wildberries: marketplaceApi(
        e.SCANAPP_MODE,
        e.WB_STATISTICS_API_URL,
        WB_STATISTICS_API_ROOT,
        `${internalUrl}${WILDBERRIES_EMULATOR_PREFIX}`,
      ),
      ozon: marketplaceApi(e.SCANAPP_MODE, e.OZON_API_URL, OZON_API_ROOT, `${internalUrl}${OZON_EMULATOR_PREFIX}`),
    },
    outbox: { retryBaseMs: e.OUTBOX_RETRY_BASE_MS },
    mailing: { segmentBatch: e.MAILING_SEGMENT_BATCH },
    secrets: { key: e.SECRETS_KEY, previousKey: e.SECRETS_KEY_PREVIOUS },
    mail: { emulated: !e.SMTP_URL, smtpUrl: e.SMTP_URL, from: e.MAIL_FROM ?? DEMO_MAIL_FROM, timeoutMs: 15_000 },
    images: {
      store: e.IMAGE_STORAGE ?? (s3Configured ? 's3' : e.DATABASE_URL ? 'db' : 'local'),
      s3: s3Configured
        ? {
            endpoint: e.S3_ENDPOINT!,
            bucket: e.S3_BUCKET!,
            accessKeyId: e.S3_ACCESS_KEY_ID!,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY!,
            region: e.S3_REGION!,
          }
        : undefined,
    },
  };
}

function marketplaceApi(mode: 'demo' | 'production', given: string | undefined, real: string, emulator: string): MarketplaceApi {
  const emulated = mode === 'demo' && !given;
  return { emulated, baseUrl: (given ?? (emulated ? emulator : real)).replace(/\/+$/, ''), timeoutMs: 30_000 };
}
