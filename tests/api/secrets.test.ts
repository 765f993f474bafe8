import { execFile, spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { BILLING_DEFAULTS } from '../../src/contract/billing.js';
import { hashApiKey } from '../../src/server/sealing/api-key.js';
import { openDatabase, type Database } from '../../src/server/db/connection.js';
import { migrate } from '../../src/server/db/migrate.js';
import { rotateSecrets, SEALED_COLUMNS } from '../../src/server/secrets/at-rest.js';
import { open, seal, secretsKey } from '../../src/server/sealing/sealed.js';
import { ApiClient, createSeller, type Seller } from '../support/api-client.js';
import { backends, withPostgres } from '../support/backends.js';
import { actionWithBot, shopperSays } from '../support/bot.js';
import { portBelowEphemeralRange } from '../support/free-port.js';
import { createFundedSeller, runAdminCli } from '../support/operator.js';
import { copyDataDir } from '../support/database-templates.js';
import { createDatabase } from '../support/postgres-cluster.js';
import { freshReceipt, registerReceipt } from '../support/receipts.js';
import { sourceEntryArgs, startServer, testServerEnv, TEST_SECRETS_KEY } from '../support/server-process.js';
import { eventually, newBotToken, newChatId, startChats, telegramMessages } from '../support/telegram.js';

const MIGRATIONS = path.join(import.meta.dirname, '../../src/server/db/migrations');
const masked = (token: string) => `${token.slice(0, 5)}…${token.slice(-4)}`;
const keyIdOf = (base64: string) => secretsKey(Buffer.from(base64, 'base64')).id;
const newKey = () => randomBytes(32).toString('base64');

/** Every stored token column (the list the start-up sealing and the rotation use), read straight from the tables. */
const STORED_TOKENS = `${SEALED_COLUMNS.map(
  ({ table, column }) => `SELECT '${table}.${column}' AS col, ${column} AS value FROM ${table} WHERE ${column} IS NOT NULL`,
).join(' UNION ALL ')} ORDER BY 1, 2`;

async function onDatabase<T>(databaseUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const storedTokens = (databaseUrl: string) =>
  onDatabase(databaseUrl, async (client) => (await client.query<{ col: string; value: string }>(STORED_TOKENS)).rows);

describe.each(backends())('secrets at rest on $name', (backend) => {
  const url = backend.url;

  it('bot tokens are stored sealed, and the bots still answer receipts and send mailings', { timeout: 120_000 }, async () => {
    const puzzleToken = `pb-sealed-${randomBytes(8).toString('hex')}`;
    const bot = await actionWithBot(url, { puzzle_bot_token: puzzleToken, puzzle_bot_points_variable: 'points' });
    const { seller } = bot;

    // A receipt through the action's bot: the poller and the answer read the sealed token.
    const chat = newChatId();
    const [answer] = await shopperSays(url, bot, chat, { text: await registerReceipt(url, freshReceipt('wb-aurora-cosmetics')) });
    expect(answer!.text).toContain('178');

    // A mailing through the seller's mailing bot: the delivery reads the token by raw SQL.
    const mailingBot = newBotToken();
    expect((await seller.api.post('/mailing/settings', { user_id: seller.id, bot_token: mailingBot.token })).status).toBe(200);
    const chats = [newChatId(), newChatId()];
    await startChats(url, mailingBot.botId, chats);
    const sent = await seller.api.post('/mailing/send', {
      user_id: seller.id,
      bot_token: masked(mailingBot.token),
      recipient_ids: chats,
      message: 'Запечатанный токен',
      image_url: null,
      parse_mode: null,
    });
    expect(sent.body).toMatchObject({ sent: 2, failed: 0 });
    // A scheduled one keeps the token for its runs: sealed too.
    const scheduled = await seller.api.post('/mailing/send', {
      user_id: seller.id,
      bot_token: masked(mailingBot.token),
      recipient_ids: chats,
      message: 'Запечатанный токен позже',
      send_at: new Date(Date.now() + 24 * 3600_000).toISOString(),
    });
    expect(scheduled.status, scheduled.text).toBe(200);
    await eventually(async () => {
      const delivered = (await telegramMessages(url, { bot_id: mailingBot.botId })).filter((m) => m.text === 'Запечатанный токен');
      return delivered.length === 2 ? true : undefined;
    });
    expect((await seller.api.get(`/projects/${bot.projectId}`)).body.project.puzzle_bot_token).toBe(masked(puzzleToken));

    if (!backend.databaseUrl) return; // PGlite allows one process: its tables are read on PostgreSQL.
    const rows = await withPostgres(backend, async (db) => (await db.query<{ col: string; value: string }>(STORED_TOKENS)).rows);
    const values = rows.map((row) => row.value);
    for (const plain of [bot.token, puzzleToken, mailingBot.token]) expect(values.join('\n')).not.toContain(plain);
    expect(rows.map((row) => row.col)).toEqual(
      expect.arrayContaining([
        'projects.telegram_bot_token',
        'projects.puzzle_bot_token',
        'users.mailing_bot_token',
        'mailings.bot_token',
        'mailing_schedules.bot_token',
      ]),
    );
    for (const value of values) expect(value.startsWith(`v1:${keyIdOf(TEST_SECRETS_KEY)}:`)).toBe(true);
  });

  it('an action’s API key is shown once, stored as its hash, and works by that hash', async () => {
    const seller = await createFundedSeller(url, BILLING_DEFAULTS.project_subscription_price + 100);
    const created = await seller.api.post('/projects', { name: 'Ключ', project_inns: '072196655529' });
    expect(created.status).toBe(201);
    const apiKey = created.body.api_key as string;
    const projectId = created.body.project_id as number;
    const { project } = (await seller.api.get(`/projects/${projectId}`)).body;
    expect(project.api_key_last4).toBe(apiKey.slice(-4));
    expect(JSON.stringify(project)).not.toContain(apiKey);
    expect(JSON.stringify((await seller.api.get('/projects')).body)).not.toContain(apiKey);

    const qrurl = await registerReceipt(url, freshReceipt('wb-aurora-cosmetics'));
    const check = await new ApiClient(url).post(
      '/check',
      { qrurl, project_id: projectId, user_id_tg: '77' },
      { headers: { 'x-api-key': apiKey } },
    );
    expect(check.status).toBe(200);
    expect(check.body.data.status).toBe('success');

    if (!backend.databaseUrl) return;
    const [row] = await withPostgres(
      backend,
      async (db) =>
        (await db.query('SELECT api_key_hash, api_key_last4, to_jsonb(p)::text AS whole FROM projects p WHERE id = $1', [projectId])).rows,
    );
    expect(row).toMatchObject({ api_key_hash: hashApiKey(apiKey), api_key_last4: apiKey.slice(-4) });
    expect(row.whole).not.toContain(apiKey);
  });
});

const run = promisify(execFile);

/**
 * A server start that must be refused (on `dataDir`, with the test servers' environment and `env`
 * over it; an empty value unsets one): its exit code and error output.
 */
async function refusedStart(dataDir: string, env: Record<string, string>): Promise<{ code: unknown; stderr: string }> {
  const environment = Object.entries({ PATH: process.env.PATH ?? '', ...testServerEnv(await portBelowEphemeralRange(), dataDir), ...env });
  return run(process.execPath, await sourceEntryArgs('server'), {
    env: Object.fromEntries(environment.filter(([, value]) => value !== '')),
    timeout: 90_000,
  }).then(
    () => ({ code: 0, stderr: '' }),
    (error: { code: unknown; stderr: string }) => ({ code: error.code, stderr: error.stderr }),
  );
}

describe.each(backends())('a SECRETS_KEY that cannot open the stored tokens, on $name', (backend) => {
  const testKeyId = keyIdOf(TEST_SECRETS_KEY);
  /** A database no instance runs on yet, begun from the migrated template (whose key check is under the test servers' key). */
  const freshDatabase = (dataDir: string): Record<string, string> => {
    if (backend.name === 'pglite') {
      copyDataDir(inject('pgliteTemplate'), dataDir);
      return {};
    }
    return {
      DATABASE_URL: createDatabase(
        backend.clusterUrl!,
        `scanapp_wrong_key_${randomBytes(6).toString('hex')}`,
        inject('postgres')!.template,
      ),
    };
  };
  const dataDirs: string[] = [];
  const newDataDir = () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'scanapp-key-check-'));
    dataDirs.push(dir);
    return dir;
  };
  afterAll(() => dataDirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  it(
    'refuses to start, naming SECRETS_KEY and how many tokens it cannot open; the restart with the right key starts and reads them',
    { timeout: 300_000 },
    async () => {
      const dataDir = newDataDir();
      const env = freshDatabase(dataDir);
      const mailingBot = newBotToken();
      const first = await startServer(env, { keepDataDir: dataDir });
      let seller: Seller;
      try {
        seller = await createSeller(first.url);
        expect((await seller.api.post('/mailing/settings', { user_id: seller.id, bot_token: mailingBot.token })).status).toBe(200);
      } finally {
        await first.stop();
      }

      const otherKey = newKey();
      const refused = await refusedStart(backend.name === 'pglite' ? dataDir : newDataDir(), { ...env, SECRETS_KEY: otherKey });
      expect(refused.code).toBe(78);
      expect(refused.stderr).toContain(
        `ScanApp cannot start. SECRETS_KEY не подходит к этой базе: её секреты запечатаны ключом ${testKeyId}, а SECRETS_KEY/SECRETS_KEY_PREVIOUS — ключи ${keyIdOf(otherKey)}. ` +
          'Запечатанных токенов, которые этими ключами не открыть: 1 из 1.',
      );
      expect(refused.stderr).toContain('Sealed tokens these keys cannot open: 1 of 1.');
      expect(refused.stderr).not.toContain(otherKey);

      const restarted = await startServer(env, { keepDataDir: dataDir });
      try {
        const settings = await new ApiClient(restarted.url, undefined, seller.api.token).get('/mailing/settings');
        expect(settings.body.bot_token).toBe(masked(mailingBot.token));
      } finally {
        await restarted.stop();
      }
    },
  );

  it.runIf(backend.name === 'postgres')(
    'beside a running instance, one with another key, or a demo one with a fresh DATA_DIR (a key of its own), is refused even before any token is saved',
    { timeout: 300_000 },
    async () => {
      const env = freshDatabase(newDataDir());
      const running = await startServer(env);
      try {
        const beside = await refusedStart(newDataDir(), { ...env, SECRETS_KEY: newKey() });
        expect(beside.code).toBe(78);
        expect(beside.stderr).toContain(`её секреты запечатаны ключом ${testKeyId}`);
        expect(beside.stderr).toContain('Sealed tokens these keys cannot open: 0 of 0.');

        const seller = await createSeller(running.url);
        expect((await seller.api.post('/mailing/settings', { user_id: seller.id, bot_token: newBotToken().token })).status).toBe(200);
        const demo = await refusedStart(newDataDir(), { ...env, SECRETS_KEY: '' });
        expect(demo.code).toBe(78);
        expect(demo.stderr).toContain('Sealed tokens these keys cannot open: 1 of 1.');
      } finally {
        await running.stop();
      }
    },
  );
});

const postgres = backends().find((backend) => backend.name === 'postgres');

describe.runIf(postgres)('the key of the sealed secrets', () => {
  it('the upgrade keeps existing API keys working: migration 0039 stores their hashes and last 4 characters, and drops the keys', async () => {
    const databaseUrl = createDatabase(postgres!.clusterUrl!, `scanapp_keys_${randomBytes(6).toString('hex')}`);
    const before = mkdtempSync(path.join(os.tmpdir(), 'scanapp-before-0039-'));
    const noFunctions = mkdtempSync(path.join(os.tmpdir(), 'scanapp-no-functions-'));
    const database = await openDatabase({ databaseUrl, dataDir: os.tmpdir(), poolSize: 2 });
    try {
      for (const file of readdirSync(MIGRATIONS)) if (file < '0039') copyFileSync(path.join(MIGRATIONS, file), path.join(before, file));
      await migrate(database, { migrationsDir: before, functionsDir: noFunctions });
      const [seller] = await database.query<{ id: number }>(
        "INSERT INTO users (name, email, password_hash) VALUES ('Старый', 'old@example.ru', 'x') RETURNING id",
      );
      const oldKey = randomBytes(32).toString('base64url');
      await database.query(
        `INSERT INTO projects (user_id, name, project_inns, points_percentage, receipt_validity_days, check_duplicates, api_key)
         VALUES ($1, 'До 0039', '{7707083893}', 10, 60, 0, $2)`,
        [seller!.id, oldKey],
      );
      await migrate(database);
      const rows = await database.query<Record<string, unknown>>('SELECT * FROM projects');
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ api_key_hash: hashApiKey(oldKey), api_key_last4: oldKey.slice(-4) });
      expect(rows[0]).not.toHaveProperty('api_key');
    } finally {
      await database.close();
      rmSync(before, { recursive: true, force: true });
      rmSync(noFunctions, { recursive: true, force: true });
    }
  });

  it(
    'plain tokens from before sealing are sealed at start-up, rotation re-seals them under the new key, a wrong key refuses to start and changes nothing',
    { timeout: 300_000 },
    async () => {
      const databaseUrl = createDatabase(postgres!.clusterUrl!, `scanapp_secrets_${randomBytes(6).toString('hex')}`);
      const keyA = newKey();
      const keyB = newKey();

      // Before sealing existed: an action's tokens stored plain.
      const first = await startServer({ DATABASE_URL: databaseUrl, SECRETS_KEY: keyA });
      const puzzleToken = `pb-upgrade-${randomBytes(8).toString('hex')}`;
      let bot: Awaited<ReturnType<typeof actionWithBot>>;
      try {
        bot = await actionWithBot(first.url, { puzzle_bot_token: puzzleToken, puzzle_bot_points_variable: 'points' });
      } finally {
        await first.stop();
      }
      await onDatabase(databaseUrl, (client) =>
        client.query('UPDATE projects SET puzzle_bot_token = $1, telegram_bot_token = $2 WHERE id = $3', [
          puzzleToken,
          bot.token,
          bot.projectId,
        ]),
      );

      const second = await startServer({ DATABASE_URL: databaseUrl, SECRETS_KEY: keyA });
      try {
        const stored = await storedTokens(databaseUrl);
        expect(stored).toHaveLength(2);
        for (const { value } of stored) expect(value.startsWith(`v1:${keyIdOf(keyA)}:`)).toBe(true);
        const { project } = (await new ApiClient(second.url, undefined, bot.seller.api.token).get(`/projects/${bot.projectId}`)).body;
        expect(project.puzzle_bot_token).toBe(masked(puzzleToken));
        expect(project.telegram_bot_token).toBe(masked(bot.token));
      } finally {
        await second.stop();
      }

      // A new key, the old one beside it: everything still opens; the rotation moves it all to the new key, once.
      const third = await startServer({ DATABASE_URL: databaseUrl, SECRETS_KEY: keyB, SECRETS_KEY_PREVIOUS: keyA });
      try {
        expect(
          (await new ApiClient(third.url, undefined, bot.seller.api.token).get(`/projects/${bot.projectId}`)).body.project.puzzle_bot_token,
        ).toBe(masked(puzzleToken));
        const rotated = await runAdminCli(third.url, ['secrets:rotate']);
        expect(rotated).toMatchObject({ code: 0 });
        expect(rotated.stdout).toContain('Перешифровано под текущим ключом: 2,');
        for (const { value } of await storedTokens(databaseUrl)) expect(value.startsWith(`v1:${keyIdOf(keyB)}:`)).toBe(true);
        expect((await runAdminCli(third.url, ['secrets:rotate'])).stdout).toContain('Перешифровано под текущим ключом: 0,');
      } finally {
        await third.stop();
      }

      // The old key alone opens nothing any more: the start is refused, naming the keys, and no value changes.
      const before = await storedTokens(databaseUrl);
      const dataDir = mkdtempSync(path.join(os.tmpdir(), 'scanapp-wrong-key-'));
      try {
        const refused = spawnSync(process.execPath, await sourceEntryArgs('server'), {
          env: {
            PATH: process.env.PATH,
            ...testServerEnv(await portBelowEphemeralRange(), dataDir),
            DATABASE_URL: databaseUrl,
            SECRETS_KEY: keyA,
          },
          encoding: 'utf8',
          timeout: 60_000,
        });
        expect(refused.status).toBe(78);
        expect(refused.stderr).toContain(`её секреты запечатаны ключом ${keyIdOf(keyB)}`);
        expect(refused.stderr).toContain(
          `neither SECRETS_KEY nor SECRETS_KEY_PREVIOUS (${keyIdOf(keyA)}) is. Sealed tokens these keys cannot open: 2 of 2.`,
        );
        expect(refused.stderr).not.toContain(keyA);
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
      expect(await storedTokens(databaseUrl)).toEqual(before);

      // The new key alone serves.
      const fourth = await startServer({ DATABASE_URL: databaseUrl, SECRETS_KEY: keyB });
      try {
        expect(
          (await new ApiClient(fourth.url, undefined, bot.seller.api.token).get(`/projects/${bot.projectId}`)).body.project
            .telegram_bot_token,
        ).toBe(masked(bot.token));
      } finally {
        await fourth.stop();
      }

      // A seller saving a new token while a rotation runs: the rotation's write is conditional on
      // the value it read, so the seller's token stays (already under the current key) and is counted as skipped.
      const keyC = secretsKey(Buffer.from(newKey(), 'base64'));
      const keyring = { current: keyC, previous: secretsKey(Buffer.from(keyB, 'base64')) };
      const sellersToken = seal({ current: keyC }, 'pb-saved-during-rotation');
      const database = await openDatabase({ databaseUrl, dataDir: os.tmpdir(), poolSize: 2 });
      try {
        const racing: Database = {
          ...database,
          query: async (text, params) => {
            const rows = await database.query(text, params);
            if (text.includes('SELECT id, puzzle_bot_token AS value FROM projects') && rows.length > 0) {
              await database.query('UPDATE projects SET puzzle_bot_token = $1 WHERE id = $2', [sellersToken, bot.projectId]);
            }
            return rows as never;
          },
        };
        expect(await rotateSecrets(racing, keyring)).toEqual({ resealed: 1, skipped: 1 });
        const [row] = await database.query<{ puzzle_bot_token: string; telegram_bot_token: string }>(
          'SELECT puzzle_bot_token, telegram_bot_token FROM projects WHERE id = $1',
          [bot.projectId],
        );
        expect(row!.puzzle_bot_token).toBe(sellersToken);
        expect(open(keyring, row!.telegram_bot_token)).toBe(bot.token);
        expect(row!.telegram_bot_token.startsWith(`v1:${keyC.id}:`)).toBe(true);
      } finally {
        await database.close();
      }
    },
  );
});
