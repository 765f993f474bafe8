import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { ApiClient, createSeller, type ApiAnswer } from '../support/api-client.js';
import { backends } from '../support/backends.js';
import { actionWithBot, shopperSays } from '../support/bot.js';
import { createDatabase } from '../support/postgres-cluster.js';
import { freshReceipt, registerReceipt } from '../support/receipts.js';
import { startServer, type RunningServer } from '../support/server-process.js';
import { eventually, newBotToken, newChatId, startChats, telegramMessages } from '../support/telegram.js';

async function exitOf(server: RunningServer): Promise<number | null> {
  if (server.process.exitCode !== null) return server.process.exitCode;
  const [code] = (await once(server.process, 'exit')) as [number | null];
  return code;
}

async function taxRequests(url: string): Promise<number> {
  const counts = (await (await fetch(`${url}/__emulators/tax/requests`)).json()) as Record<string, number>;
  return Object.values(counts).reduce((sum, count) => sum + count, 0);
}

/** A receipt check that waits `delayMs` for the tax service, in flight when this resolves (its answer still to come). */
async function slowCheckInFlight(url: string, delayMs: number): Promise<{ answer: Promise<ApiAnswer<{ data: { status: string } }>> }> {
  const { seller, projectId } = await actionWithBot(url);
  const qrurl = await registerReceipt(url, freshReceipt('wb-aurora-cosmetics'), { delayMs });
  const answer = seller.api.post<{ data: { status: string } }>('/check', {
    qrurl,
    user_id: seller.id,
    project_id: projectId,
    user_id_tg: '100500',
  });
  await eventually(async () => ((await taxRequests(url)) > 0 ? true : undefined), 15_000, 'the check to reach the tax service');
  return { answer };
}

describe('SIGTERM', () => {
  it('finishes the request in flight, answers 503 to /ready meanwhile, and exits 0', { timeout: 120_000 }, async () => {
    const server = await startServer({ LOG_LEVEL: 'info' });
    try {
      const checking = (await slowCheckInFlight(server.url, 5_000)).answer;
      server.process.kill('SIGTERM');
      const ready = await eventually(async () => {
        const response = await fetch(`${server.url}/lk/api/ready`);
        return response.status === 503 ? response : undefined;
      });
      expect(await ready.json()).toEqual({ status: 'draining' });
      const answer = await checking;
      expect(answer.status).toBe(200);
      expect(answer.body.data.status).toBe('success');
      expect(await exitOf(server)).toBe(0);
      expect(server.output()).toContain('shut down cleanly');
    } finally {
      await server.stop();
    }
  });

  it('past SHUTDOWN_GRACE_MS logs what was unfinished and exits 1', { timeout: 120_000 }, async () => {
    const server = await startServer({ SHUTDOWN_GRACE_MS: '800' });
    try {
      (await slowCheckInFlight(server.url, 20_000)).answer.catch(() => undefined);
      server.process.kill('SIGTERM');
      expect(await exitOf(server)).toBe(1);
      expect(server.output()).toMatch(/shutdown grace of 800 ms passed with work unfinished/);
      expect(server.output()).toContain('POST /lk/api/check');
    } finally {
      await server.stop();
    }
  });

  it('stops a mailing between sends and exits 0; after the restart every recipient has it exactly once', { timeout: 240_000 }, async () => {
    // Telegram is the shared in-process backend's emulator, so it outlives the server under test.
    const telegramHost = backends()[0]!.url;
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'scanapp-sigterm-'));
    const env = { TELEGRAM_API_URL: `${telegramHost}/__emulators/telegram` };
    let server = await startServer(env, { keepDataDir: dataDir });
    try {
      const seller = await createSeller(server.url);
      const { token, botId } = newBotToken();
      const chats = Array.from({ length: 300 }, newChatId);
      await startChats(telegramHost, botId, chats);
      const started = await seller.api.post('/mailing/send', {
        user_id: seller.id,
        bot_token: token,
        recipient_ids: chats,
        message: 'Распродажа',
      });
      expect(started.body).toMatchObject({ status: 'sending', total: 300 });
      await eventually(
        async () => ((await telegramMessages(telegramHost, { bot_id: botId })).length >= 30 ? true : undefined),
        60_000,
        'first messages',
      );
      server.process.kill('SIGTERM');
      expect(await exitOf(server)).toBe(0);
      expect((await telegramMessages(telegramHost, { bot_id: botId })).length).toBeLessThan(300);

      server = await startServer(env, { keepDataDir: dataDir });
      const api = new ApiClient(server.url, undefined, seller.api.token);
      const done = await eventually(
        async () => {
          const { body } = await api.get(`/mailing/${started.body.id}`);
          return body.mailing?.status === 'done' ? body.mailing : undefined;
        },
        120_000,
        'the mailing to finish after the restart',
      );
      expect(done).toMatchObject({ sent: 300, failed: 0, pending: 0 });
      const received = (await telegramMessages(telegramHost, { bot_id: botId })).map((message) => String(message.chat_id));
      expect(received.sort()).toEqual([...chats].sort());
    } finally {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  const postgres = inject('postgres');
  it.runIf(postgres)(
    'releases the bot polling lease: another instance on the same database polls the bot within seconds',
    { timeout: 180_000 },
    async () => {
      const databaseUrl = createDatabase(postgres!.clusterUrl, `scanapp_shutdown_${Date.now()}`, postgres!.template);
      const owners = async () => {
        const client = new pg.Client({ connectionString: databaseUrl });
        await client.connect();
        try {
          return (await client.query<{ poll_owner: string | null }>('SELECT poll_owner FROM bot_connections')).rows.map(
            (row) => row.poll_owner,
          );
        } finally {
          await client.end();
        }
      };
      const first = await startServer({ DATABASE_URL: databaseUrl });
      let second: RunningServer | undefined;
      try {
        const bot = await actionWithBot(first.url);
        const firstOwner = await eventually(async () => (await owners())[0] ?? undefined, 30_000, 'the first instance to poll the bot');
        second = await startServer({ DATABASE_URL: databaseUrl });
        // The second instance leaves the bot alone while the first holds its lease.
        expect(await owners()).toEqual([firstOwner]);

        first.process.kill('SIGTERM');
        expect(await exitOf(first)).toBe(0);
        const stoppedAt = Date.now();
        const secondOwner = await eventually(
          async () => {
            const [owner] = await owners();
            return owner && owner !== firstOwner ? owner : undefined;
          },
          15_000,
          'the second instance to take the bot',
        );
        // The lease is a minute and the supervising job runs each minute: this is the handover.
        expect(Date.now() - stoppedAt).toBeLessThan(15_000);
        expect(secondOwner).not.toBe(firstOwner);
        // And it answers the bot's shoppers (through its own Telegram emulator).
        const replies = await shopperSays(second.url, bot, '424242', { text: '/start' });
        expect(replies.length).toBeGreaterThan(0);
      } finally {
        await first.stop();
        await second?.stop();
      }
    },
  );
});
