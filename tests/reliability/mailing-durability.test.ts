import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { ApiClient, createSeller } from '../support/api-client.js';
import { backends } from '../support/backends.js';
import { createDatabase } from '../support/postgres-cluster.js';
import { startServer, type RunningServer } from '../support/server-process.js';
import { eventually, newBotToken, newChatId, startChats, telegramMessages } from '../support/telegram.js';

const RECIPIENTS = 300;

/**
 * The server is killed (SIGKILL, no goodbye) in the middle of a mailing and started again on the
 * same database. Telegram is another process here (a second server's emulator), so what it
 * received survives the crash and can be counted.
 */
describe.each(backends())('a mailing survives a crash on $name', (backend) => {
  // Above the sum of its steps' own bounds (two starts, the first messages, the finish), so a slow
  // step fails under its own name, with what the server printed.
  it('every recipient gets the message, at most the ones in flight twice, none lost', { timeout: 330_000 }, async () => {
    const telegramHost = backend.url;
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'scanapp-crash-'));
    const env: Record<string, string> = { TELEGRAM_API_URL: `${telegramHost}/__emulators/telegram` };
    if (backend.clusterUrl)
      env.DATABASE_URL = createDatabase(backend.clusterUrl, `scanapp_crash_${Date.now()}`, inject('postgres')?.template);
    let server: RunningServer | undefined = await startServer(env, { keepDataDir: dataDir, readyTimeoutMs: 60_000 });
    try {
      const seller = await createSeller(server.url);
      const { token, botId } = newBotToken();
      const chats = Array.from({ length: RECIPIENTS }, newChatId);
      await startChats(telegramHost, botId, chats);
      const started = await seller.api.post('/mailing/send', {
        user_id: seller.id,
        bot_token: token,
        recipient_ids: chats,
        message: 'Акция!',
      });
      expect(started.body).toMatchObject({ status: 'sending', total: RECIPIENTS });

      await eventually(
        async () => ((await telegramMessages(telegramHost, { bot_id: botId })).length >= 60 ? true : undefined),
        60_000,
        'first messages',
      );
      server.process.kill('SIGKILL');
      await new Promise((resolve) => server!.process.once('exit', resolve));
      const deliveredBeforeCrash = (await telegramMessages(telegramHost, { bot_id: botId })).length;
      expect(deliveredBeforeCrash).toBeLessThan(RECIPIENTS);

      server = await startServer(env, { keepDataDir: dataDir, readyTimeoutMs: 60_000 });
      const api = new ApiClient(server.url, undefined, seller.api.token);
      let lastSeen: unknown;
      const done = await eventually(
        async () => {
          const { body } = await api.get(`/mailing/${started.body.id}`);
          lastSeen = body.mailing;
          return body.mailing?.status === 'done' ? body.mailing : undefined;
        },
        120_000,
        'the mailing to finish after the restart',
      ).catch((error: unknown) => {
        throw new Error(`${String(error)}; last seen ${JSON.stringify(lastSeen)}; the server printed:\n${server?.output()}`);
      });
      expect(done).toMatchObject({ sent: RECIPIENTS, failed: 0, pending: 0 });

      const received = new Map<string, number>();
      for (const message of await telegramMessages(telegramHost, { bot_id: botId })) {
        received.set(String(message.chat_id), (received.get(String(message.chat_id)) ?? 0) + 1);
      }
      expect([...received.keys()].sort()).toEqual([...chats].sort());
      const repeated = [...received.values()].filter((count) => count > 1);
      expect(Math.max(...received.values())).toBeLessThanOrEqual(2);
      // Only messages in flight at the moment of the kill may repeat: at most one claimed batch.
      expect(repeated.length).toBeLessThanOrEqual(60);
    } finally {
      await server?.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
