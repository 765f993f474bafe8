import path from 'node:path';
import { z } from 'zod';

const booleanFlag = z
  .enum(['true', 'false', '1', '0'], { error: 'ожидается true или false' })
  .transform((value) => value === 'true' || value === '1');

const envSchema = z.object({
  PORT: z.coerce.number({ error: 'ожидается номер порта' }).int().min(0).max(65_535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'ожидается адрес вида postgres://user:pass@host:5432/db')
    .optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(2, 'не меньше 2').max(200).default(10),
  SCANAPP_MODE: z.enum(['demo', 'production'], { error: 'ожидается demo или production' }).default('demo'),
  PUBLIC_URL: z.url({ error: 'ожидается адрес вида https://scanapp.example' }).optional(),
  ADMIN_TOKEN: z.string().min(24, 'не короче 24 символов').optional(),
  /** Behind a load balancer the client address comes from X-Forwarded-For. */
  TRUST_PROXY: booleanFlag.default(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SESSION_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
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
  publicUrl: string;
  adminToken: string | undefined;
  trustProxy: boolean;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  sessionTtlMs: number;
  webDistDir: string;
};

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
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`),
    );
  }
  const e = parsed.data;
  const problems: string[] = [];
  if (e.SCANAPP_MODE === 'production') {
    if (!e.DATABASE_URL) problems.push('DATABASE_URL: required when SCANAPP_MODE=production');
    if (!e.PUBLIC_URL) problems.push('PUBLIC_URL: required when SCANAPP_MODE=production');
  }
  if (problems.length > 0) throw new ConfigError(problems);

  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(cwd, e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    mode: e.SCANAPP_MODE,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    adminToken: e.ADMIN_TOKEN,
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    sessionTtlMs: e.SESSION_TTL_DAYS * 24 * 60 * 60 * 1000,
    webDistDir: path.resolve(cwd, e.WEB_DIST_DIR ?? 'dist/web'),
  };
}
