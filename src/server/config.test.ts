import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, TELEGRAM_API_ROOT } from './config.js';
import { DEMO_DRAND_CHAIN, QUICKNET } from './integrations/drand/networks.js';

describe('configuration', () => {
  it('applies the documented defaults', () => {
    const config = loadConfig({}, '/srv/app');
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      dataDir: '/srv/app/data',
      databaseUrl: undefined,
      mode: 'demo',
      publicUrl: 'http://localhost:3000',
      adminToken: undefined,
      metricsToken: undefined,
      shutdownGraceMs: 10_000,
      trustProxy: false,
    });
  });

  it('takes a metrics token of 24 characters or more and a shutdown grace in milliseconds', () => {
    const config = loadConfig({ METRICS_TOKEN: 'metrics-token-0123456789abc', SHUTDOWN_GRACE_MS: '2500' });
    expect(config).toMatchObject({ metricsToken: 'metrics-token-0123456789abc', shutdownGraceMs: 2500 });
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN: не короче 24 символов/);
    expect(() => loadConfig({ SHUTDOWN_GRACE_MS: 'soon' })).toThrow(/SHUTDOWN_GRACE_MS: ожидается число миллисекунд/);
  });

  it('sizes the database pool by the cores unless DATABASE_POOL_SIZE is set', () => {
    expect(loadConfig({}).databasePoolSize).toBe(2 * os.availableParallelism() + 1);
    expect(loadConfig({ DATABASE_POOL_SIZE: '12' }).databasePoolSize).toBe(12);
    expect(() => loadConfig({ DATABASE_POOL_SIZE: '1' })).toThrow(ConfigError);
  });

  it('derives PUBLIC_URL from PORT and trims a trailing slash', () => {
    expect(loadConfig({ PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
    expect(loadConfig({ PUBLIC_URL: 'https://scan.example/' }).publicUrl).toBe('https://scan.example');
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' }).port).toBe(3000);
  });

  it('lists every problem at once', () => {
    try {
      loadConfig({ PORT: 'abc', SCANAPP_MODE: 'staging', DATABASE_URL: 'mysql://x', ADMIN_TOKEN: 'short' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const problems = (error as ConfigError).problems.join('\n');
      expect(problems).toMatch(/PORT/);
      expect(problems).toMatch(/SCANAPP_MODE/);
      expect(problems).toMatch(/DATABASE_URL/);
      expect(problems).toMatch(/ADMIN_TOKEN/);
    }
  });

  it('runs the periodic jobs on the real clock unless PERIODIC_JOBS=clock, which production refuses', () => {
    const production = {
      SCANAPP_MODE: 'production',
      DATABASE_URL: 'postgres://scanapp@db/scanapp',
      PUBLIC_URL: 'https://scan.example',
      ROBOKASSA_MERCHANT_LOGIN: 'shop',
      ROBOKASSA_PASSWORD1: 'password-one',
      ROBOKASSA_PASSWORD2: 'password-two',
      TAX_API_TOKEN: 'token',
      SMTP_URL: 'smtp://127.0.0.1:25',
      MAIL_FROM: 'ScanApp <no-reply@scan.example>',
      SECRETS_KEY: Buffer.alloc(32, 1).toString('base64'),
    };
    expect(loadConfig({}).cronJobs).toBe(true);
    expect(loadConfig({ PERIODIC_JOBS: 'cron' }).cronJobs).toBe(true);
    expect(loadConfig({ PERIODIC_JOBS: 'clock' }).cronJobs).toBe(false);
    expect(loadConfig(production).cronJobs).toBe(true);
    expect(loadConfig({ ...production, PERIODIC_JOBS: 'cron' }).cronJobs).toBe(true);
    expect(() => loadConfig({ ...production, PERIODIC_JOBS: 'clock' })).toThrow(
      /PERIODIC_JOBS=clock: demo mode only \(production has no demo clock to run the periodic jobs\)/,
    );
    expect(() => loadConfig({ PERIODIC_JOBS: 'never' })).toThrow(/PERIODIC_JOBS: ожидается cron или clock/);
  });

  it('requires a database server and a public address in production', () => {
    expect(() => loadConfig({ SCANAPP_MODE: 'production' })).toThrow(/DATABASE_URL[\s\S]*PUBLIC_URL/);
  });

  it('points the Telegram client at the emulator in demo mode unless TELEGRAM_API_URL is set', () => {
    expect(loadConfig({ PORT: '4000' }).telegram).toEqual({
      emulated: true,
      apiRoot: 'http://127.0.0.1:4000/__emulators/telegram',
      timeoutMs: 10_000,
      updates: 'polling',
    });
    expect(loadConfig({ TELEGRAM_API_URL: 'http://127.0.0.1:8081/', TELEGRAM_TIMEOUT_MS: '2500' }).telegram).toEqual({
      emulated: false,
      apiRoot: 'http://127.0.0.1:8081',
      timeoutMs: 2500,
      updates: 'polling',
    });
    const production = {
      SCANAPP_MODE: 'production',
      DATABASE_URL: 'postgres://u:p@db:5432/scan',
      PUBLIC_URL: 'https://scan.example',
      TAX_API_TOKEN: 't',
      ROBOKASSA_MERCHANT_LOGIN: 'shop',
      ROBOKASSA_PASSWORD1: 'password1',
      ROBOKASSA_PASSWORD2: 'password2',
      SMTP_URL: 'smtp://u:p@mail:587',
      MAIL_FROM: 'ScanApp <no-reply@scan.example>',
      SECRETS_KEY: Buffer.alloc(32, 7).toString('base64'),
    };
    // An HTTPS address gets Telegram's webhooks; TELEGRAM_UPDATES overrides the choice.
    expect(loadConfig(production).telegram).toEqual({ emulated: false, apiRoot: TELEGRAM_API_ROOT, timeoutMs: 10_000, updates: 'webhook' });
    expect(loadConfig({ ...production, TELEGRAM_UPDATES: 'polling' }).telegram.updates).toBe('polling');
    expect(() => loadConfig({ TELEGRAM_API_URL: 'not a url', TELEGRAM_TIMEOUT_MS: '5' })).toThrow(
      /TELEGRAM_API_URL[\s\S]*TELEGRAM_TIMEOUT_MS/,
    );
  });

  it('draws from the drand emulator in demo mode, from quicknet when DRAND_URL is set or in production', () => {
    expect(loadConfig({ PORT: '4000' }).drand).toMatchObject({
      emulated: true,
      url: `http://127.0.0.1:4000/__emulators/drand/${DEMO_DRAND_CHAIN.hash}`,
      chain: DEMO_DRAND_CHAIN,
    });
    const relay = `https://drand.cloudflare.com/${QUICKNET.hash}`;
    expect(loadConfig({ DRAND_URL: `${relay}/` }).drand).toMatchObject({ emulated: false, url: relay, chain: QUICKNET });
    expect(() => loadConfig({ DRAND_URL: 'api.drand.sh' })).toThrow(/DRAND_URL/);
  });

  it('sends mail through the built-in catcher in demo mode, and needs SMTP_URL and MAIL_FROM in production', () => {
    expect(loadConfig({}).mail).toEqual({ emulated: true, smtpUrl: undefined, from: 'ScanApp <no-reply@localhost>', timeoutMs: 15_000 });
    expect(loadConfig({ SMTP_URL: 'smtps://u:p@mail.example:465', MAIL_FROM: 'Shop <a@b.example>' }).mail).toMatchObject({
      emulated: false,
      smtpUrl: 'smtps://u:p@mail.example:465',
      from: 'Shop <a@b.example>',
    });
    expect(() => loadConfig({ SCANAPP_MODE: 'production' })).toThrow(/SMTP_URL[\s\S]*MAIL_FROM/);
    expect(() => loadConfig({ SMTP_URL: 'http://mail.example' })).toThrow(/SMTP_URL/);
  });

  describe('image storage', () => {
    const S3 = {
      S3_ENDPOINT: 'https://storage.example',
      S3_BUCKET: 'images',
      S3_ACCESS_KEY_ID: 'key-id',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_REGION: 'ru-central1',
    };
    const DATABASE_URL = 'postgres://u:p@127.0.0.1:5432/scanapp';

    it('keeps images in the bucket when S3_BUCKET is set, else in the database when DATABASE_URL is, else in the folder', () => {
      expect(loadConfig({}).images).toEqual({ store: 'local', s3: undefined });
      expect(loadConfig({ DATABASE_URL }).images).toEqual({ store: 'db', s3: undefined });
      expect(loadConfig({ DATABASE_URL, ...S3 }).images).toEqual({
        store: 's3',
        s3: {
          endpoint: 'https://storage.example',
          bucket: 'images',
          accessKeyId: 'key-id',
          secretAccessKey: 'secret',
          region: 'ru-central1',
        },
      });
    });

    it('lets IMAGE_STORAGE choose the store, keeping the bucket reachable for uploads:migrate', () => {
      expect(loadConfig({ DATABASE_URL, ...S3, IMAGE_STORAGE: 'db' }).images).toMatchObject({ store: 'db', s3: { bucket: 'images' } });
      expect(loadConfig({ IMAGE_STORAGE: 'db' }).images.store).toBe('db');
      expect(() => loadConfig({ IMAGE_STORAGE: 'disk' })).toThrow(/IMAGE_STORAGE: ожидается local, db или s3/);
      expect(() => loadConfig({ IMAGE_STORAGE: 's3' })).toThrow(/IMAGE_STORAGE=s3: needs S3_ENDPOINT/);
    });

    it('needs all five S3 settings or none', () => {
      const { S3_REGION: _region, ...four } = S3;
      expect(() => loadConfig(four)).toThrow(
        /S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, S3_REGION: set all five or none/,
      );
      expect(() => loadConfig({ ...S3, S3_ENDPOINT: 'storage.example' })).toThrow(/S3_ENDPOINT/);
    });
  });

  it('needs SECRETS_KEY in production, 32 bytes in base64, and keeps the previous key beside it', () => {
    const key = Buffer.alloc(32, 1);
    const previous = Buffer.alloc(32, 2);
    expect(loadConfig({}).secrets).toEqual({ key: undefined, previousKey: undefined });
    expect(loadConfig({ SECRETS_KEY: key.toString('base64'), SECRETS_KEY_PREVIOUS: previous.toString('base64') }).secrets).toEqual({
      key,
      previousKey: previous,
    });
    expect(() => loadConfig({ SCANAPP_MODE: 'production' })).toThrow(/SECRETS_KEY: required when SCANAPP_MODE=production/);
    expect(() => loadConfig({ SECRETS_KEY: Buffer.alloc(16).toString('base64') })).toThrow(/SECRETS_KEY: ожидается 32 байта/);
  });
});
