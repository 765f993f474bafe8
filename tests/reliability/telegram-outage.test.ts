import { describe, expect, it } from 'vitest';
import { createSeller } from '../support/api-client.js';
import { verifyData } from '../support/operator.js';
import { startServer } from '../support/server-process.js';
import { eventually, newBotToken, newChatId, startChats, telegramMessages } from '../support/telegram.js';

/** Telegram down for a while: a mailing waits and retries, then every recipient gets the message once. */
describe('Telegram outage', () => {
  it('a mailing sent while Telegram answers 502 is delivered once it is back; nothing lost, invariants hold', async () => {
    // Its own server: the outage switch is global to an emulator and would disturb other tests.
    const server = await startServer();
    try {
      const seller = await createSeller(server.url);
      const { token, botId } = newBotToken();
      const chats = Array.from({ length: 40 }, newChatId);
      await startChats(server.url, botId, chats);
      // The token is saved (checked with Telegram) before the outage; the mailing then goes out with it.
      expect((await seller.api.post('/mailing/settings', { bot_token: token })).status).toBe(200);
      const down = await fetch(`${server.url}/__emulators/telegram/outage`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ seconds: 4 }),
      });
      expect(down.ok).toBe(true);
      const answer = await seller.api.post('/mailing/send', { bot_token: token, recipient_ids: chats, message: 'После сбоя' });
      expect(answer.status).toBe(200);
      const done = await eventually(
        async () => {
          const { mailing } = (await seller.api.get(`/mailing/${answer.body.id}`)).body;
          return mailing.status === 'done' ? mailing : undefined;
        },
        120_000,
        'the mailing to finish after the outage',
      );
      expect(done).toMatchObject({ sent: 40, failed: 0 });
      const delivered = await telegramMessages(server.url, { bot_id: botId });
      expect(delivered.map((m) => String(m.chat_id)).sort()).toEqual([...chats].sort());
      expect((await verifyData(server.url)).violations).toEqual([]);
    } finally {
      await server.stop();
    }
  });
});
