import QRCode from 'qrcode';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { messages } from '../../src/contract/messages.js';
import pg from 'pg';
import { backends } from '../support/backends.js';
import { freshReceipt, registerReceipt } from '../support/receipts.js';
import { createDatabase } from '../support/postgres-cluster.js';
import { startServer } from '../support/server-process.js';
import { actionWithBot, shopperActs, shopperSays, WB_SELLER } from '../support/bot.js';
import { eventually, newChatId, telegramMessages } from '../support/telegram.js';

const b = messages.bot;
const masked = (token: string) => `${token.slice(0, 5)}…${token.slice(-4)}`;

/** What the emulated Telegram answers the bot's getMyCommands (the default scope, all languages). */
async function botCommands(baseUrl: string, token: string): Promise<Array<{ command: string; description: string }>> {
  const response = await fetch(`${baseUrl}/__emulators/telegram/bot${token}/getMyCommands`, { method: 'POST' });
  return ((await response.json()) as { result: Array<{ command: string; description: string }> }).result;
}

/** A phone-like photo of a receipt's QR code: the code in a larger grey frame, as JPEG. */
async function qrPhoto(qr: string): Promise<Buffer> {
  const code = await QRCode.toBuffer(qr, { width: 420, margin: 2 });
  return sharp({ create: { width: 900, height: 1200, channels: 3, background: { r: 214, g: 210, b: 200 } } })
    .composite([{ input: code, top: 380, left: 240 }])
    .jpeg({ quality: 80 })
    .toBuffer();
}

describe.each(backends())('the shoppers’ bot on $name', (backend) => {
  const url = backend.url;

  it('connects with the action: the token is checked, shown masked with the bot name, and serves one action only', async () => {
    const bot = await actionWithBot(url);
    const { project } = (await bot.seller.api.get(`/projects/${bot.projectId}`)).body;
    expect(project.telegram_bot_token).toBe(masked(bot.token));
    expect(project.telegram_bot_username).toContain(bot.botId);
    // Saving the form with the mask keeps the bot.
    await bot.seller.api.request('PUT', `/projects/${bot.projectId}`, {
      body: { name: 'Aurora 2', telegram_bot_token: masked(bot.token) },
    });
    expect((await bot.seller.api.get(`/projects/${bot.projectId}`)).body.project.telegram_bot_token).toBe(masked(bot.token));
    const second = await bot.seller.api.post('/projects', { name: 'Другая', project_inns: WB_SELLER, telegram_bot_token: bot.token });
    expect(second.status).toBe(409);
    expect(second.body).toEqual({ message: b.tokenTaken });
    const malformed = await bot.seller.api.request('PUT', `/projects/${bot.projectId}`, { body: { telegram_bot_token: 'not-a-token' } });
    expect(malformed.body).toEqual({ message: messages.mailing.tokenMalformed });
  });

  it('lists its commands in the chat’s «Menu» with Russian descriptions once connected', async () => {
    const bot = await actionWithBot(url);
    expect(await botCommands(url, bot.token)).toEqual([
      { command: 'start', description: b.commandStart },
      { command: 'menu', description: b.commandMenu },
      { command: 'balance', description: b.commandBalance },
      { command: 'warranty', description: b.commandWarranty },
      { command: 'stop', description: messages.mailingConsent.commandStop },
    ]);
  });

  it('greets on /start with the action’s name and an inline «Мои баллы» button that answers the points', async () => {
    const bot = await actionWithBot(url);
    const chat = newChatId();
    const [greeting] = await shopperSays(url, bot, chat, { text: '/start promo' });
    expect(greeting!.text).toContain('«Aurora»');
    expect(greeting!.reply_markup).toEqual({ inline_keyboard: [[{ text: b.balanceButton, callback_data: 'balance' }]] });
    const [balance] = await shopperSays(url, bot, chat, { press: b.balanceButton });
    expect(balance!.text).toContain('Ваши баллы в акции «Aurora»: 0.');
    // An action without a shop keeps the reply keyboard of text buttons under its answers.
    expect(balance!.reply_markup).toEqual({ keyboard: [[{ text: b.balanceButton }]], resize_keyboard: true, is_persistent: true });
  });

  it('a receipt photo earns points with the seller’s text; the same photo again is a repeat when duplicates are checked', async () => {
    const bot = await actionWithBot(url, {
      check_duplicates: 1,
      command_success: 'Спасибо! +{points} баллов',
      command_already_scanned: 'Этот чек уже был',
    });
    const chat = newChatId();
    const photo = await qrPhoto(await registerReceipt(url, freshReceipt('wb-aurora-cosmetics')));
    const [first] = await shopperSays(url, bot, chat, { photo });
    expect(first!.text).toBe(`Спасибо! +178 баллов\n${b.newBalance.replace('{points}', '178 баллов')}`);
    const [again] = await shopperSays(url, bot, chat, { photo });
    expect(again!.text).toBe('Этот чек уже был');

    const history = (await bot.seller.api.get(`/receipts?project_id=${bot.projectId}`)).body.receipts;
    expect(history.map((r: { status: string; user_id_tg: string }) => [r.status, r.user_id_tg])).toEqual([
      ['already_scanned', chat],
      ['success', chat],
    ]);
    const [balance] = await shopperSays(url, bot, chat, { text: b.balanceButton });
    expect(balance!.text).toContain('Ваши баллы в акции «Aurora»: 178.');
    expect(balance!.text).toContain('Повторный чек');
  });

  it('answers with the refusal texts: too old, no items, not recognised; a typed QR string works like a photo', async () => {
    const bot = await actionWithBot(url, { receipt_validity_days: 5 });
    const chat = newChatId();
    const tooOld = await registerReceipt(url, freshReceipt('wb-aurora-cosmetics', 30));
    expect((await shopperSays(url, bot, chat, { text: tooOld }))[0]!.text).toBe(messages.receipts.defaultTooOld.replace('{days}', '5'));
    const otherSeller = await registerReceipt(url, freshReceipt('ozon-snowdream-tubing'));
    expect((await shopperSays(url, bot, chat, { text: otherSeller }))[0]!.text).toBe(messages.receipts.defaultNoItems);
    const unknown = 't=20240101T1200&s=100.00&fn=9999078900000001&i=1&fp=1&n=1';
    expect((await shopperSays(url, bot, chat, { text: unknown }))[0]!.text).toBe(messages.receipts.defaultNotRecognized);
    const fresh = await registerReceipt(url, freshReceipt('wb-aurora-cosmetics'));
    expect((await shopperSays(url, bot, chat, { text: `https://example.org/check?${fresh}` }))[0]!.text).toContain('178');
  });

  it('a photo without a QR code gets advice, and other text gets help', async () => {
    const bot = await actionWithBot(url);
    const chat = newChatId();
    const blank = await sharp({ create: { width: 600, height: 800, channels: 3, background: '#ddd' } })
      .jpeg()
      .toBuffer();
    expect((await shopperSays(url, bot, chat, { photo: blank }))[0]!.text).toBe(b.noQrFound);
    expect((await shopperSays(url, bot, chat, { text: 'привет' }))[0]!.text).toBe(b.help);
  });

  it('keeps the shopper’s Telegram name for the Buyers screen', async () => {
    const bot = await actionWithBot(url);
    const chat = newChatId();
    await shopperSays(url, bot, chat, { text: await registerReceipt(url, freshReceipt('wb-aurora-cosmetics')) });
    const { buyers } = (await bot.seller.api.get(`/buyers?project_id=${bot.projectId}`)).body;
    expect(buyers).toEqual([expect.objectContaining({ buyer_id: chat, first_name: 'Ира', username: 'ira_buyer' })]);
  });

  it('shows a shopper who renamed themselves in Telegram by the new name', async () => {
    const bot = await actionWithBot(url);
    const chat = newChatId();
    await shopperSays(url, bot, chat, { text: await registerReceipt(url, freshReceipt('wb-aurora-cosmetics')) });
    const before = (await telegramMessages(url, { bot_id: bot.botId, chat_id: chat })).length;
    expect(
      (await shopperActs(url, bot.botId, chat, { from: { id: Number(chat), first_name: 'Ирина', username: 'irina' }, text: '/start' }))
        .status,
    ).toBe(200);
    await eventually(
      async () => ((await telegramMessages(url, { bot_id: bot.botId, chat_id: chat })).length > before ? true : undefined),
      45_000,
      'the bot to answer',
    );
    const { buyers } = (await bot.seller.api.get(`/buyers?project_id=${bot.projectId}`)).body;
    expect(buyers).toEqual([expect.objectContaining({ buyer_id: chat, first_name: 'Ирина', username: 'irina' })]);
  });

  it('disconnects when the token is cleared: the bot no longer answers', async () => {
    const bot = await actionWithBot(url);
    const chat = newChatId();
    await shopperSays(url, bot, chat, { text: '/start' });
    await bot.seller.api.request('PUT', `/projects/${bot.projectId}`, { body: { telegram_bot_token: null } });
    expect((await bot.seller.api.get(`/projects/${bot.projectId}`)).body.project.telegram_bot_token).toBeNull();
    // Absence can only be seen by waiting: a connected bot answers within a second or two here.
    await expect(shopperSays(url, bot, chat, { text: '/start' }, 8_000)).rejects.toThrow(/timed out/);
  });

  it('refuses a webhook call without the bot’s secret', async () => {
    const bot = await actionWithBot(url);
    const answer = await fetch(`${url}/lk/api/telegram/webhook/${bot.botId}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-telegram-bot-api-secret-token': 'guess' },
      body: JSON.stringify({ update_id: 1 }),
    });
    expect(answer.status).toBe(401);
  });

  it.runIf(backend.clusterUrl)(
    'an answer Telegram failed to take is sent again later as it was: the receipt is checked once',
    { timeout: 120_000 },
    async () => {
      // A server of its own: Telegram's outage would hold up the other tests' bots. With a webhook,
      // updates still come in while the Bot API answers 502.
      const server = await startServer({
        DATABASE_URL: createDatabase(backend.clusterUrl!, `scanapp_resend_${Date.now()}`),
        TELEGRAM_UPDATES: 'webhook',
      });
      try {
        const bot = await actionWithBot(server.url, {
          check_duplicates: 1,
          command_success: 'Спасибо! +{points} баллов',
          command_already_scanned: 'Этот чек уже был',
        });
        const chat = newChatId();
        const qr = await registerReceipt(server.url, freshReceipt('wb-aurora-cosmetics'));
        const outage = (seconds: number) =>
          fetch(`${server.url}/__emulators/telegram/outage`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ seconds }),
          });
        expect((await outage(600)).status).toBe(200);
        expect((await shopperActs(server.url, bot.botId, chat, { text: qr })).status).toBe(200);
        await eventually(
          async () => (server.output().includes('bot update failed') ? true : undefined),
          60_000,
          'the answer’s send to fail',
        );
        expect((await outage(0)).status).toBe(200);
        const [answer] = await eventually(
          async () => {
            const replies = await telegramMessages(server.url, { bot_id: bot.botId, chat_id: chat });
            return replies.length > 0 ? replies : undefined;
          },
          60_000,
          'the answer',
        );
        // A second check would have answered «Этот чек уже был».
        expect(answer!.text).toBe(`Спасибо! +178 баллов\n${b.newBalance.replace('{points}', '178 баллов')}`);
        const history = (await bot.seller.api.get(`/receipts?project_id=${bot.projectId}`)).body.receipts;
        expect(history.map((r: { status: string }) => r.status)).toEqual(['success']);
      } finally {
        await server.stop();
      }
    },
  );

  it.runIf(backend.clusterUrl)(
    'a bot connected before the command list gets it once, at the next start',
    { timeout: 120_000 },
    async () => {
      const database = `scanapp_commands_${Date.now()}`;
      const databaseUrl = createDatabase(backend.clusterUrl!, database);
      const first = await startServer({ DATABASE_URL: databaseUrl });
      let bot: Awaited<ReturnType<typeof actionWithBot>>;
      try {
        bot = await actionWithBot(first.url);
      } finally {
        await first.stop();
      }
      // As an older version left it: set up without the commands (each start has a fresh emulator with no lists).
      const client = new pg.Client({ connectionString: backend.clusterUrl!.replace(/\/[^/]+$/, `/${database}`) });
      await client.connect();
      await client.query('UPDATE bot_connections SET setup_version = 1 WHERE project_id = $1', [bot.projectId]);
      await client.end();
      const second = await startServer({ DATABASE_URL: databaseUrl });
      try {
        const commands = await eventually(async () => {
          const listed = await botCommands(second.url, bot.token);
          return listed.length > 0 ? listed : undefined;
        });
        expect(commands.map((entry) => entry.command)).toEqual(['start', 'menu', 'balance', 'warranty', 'stop']);
      } finally {
        await second.stop();
      }
    },
  );

  it.runIf(backend.clusterUrl)('with a webhook, an update Telegram delivers twice is answered once', { timeout: 120_000 }, async () => {
    const database = `scanapp_webhook_${Date.now()}`;
    const server = await startServer({ DATABASE_URL: createDatabase(backend.clusterUrl!, database), TELEGRAM_UPDATES: 'webhook' });
    try {
      const bot = await actionWithBot(server.url);
      const chat = newChatId();
      const [greeting] = await shopperSays(server.url, bot, chat, { text: '/start' });
      expect(greeting!.text).toContain('Aurora');
      const client = new pg.Client({ connectionString: backend.clusterUrl!.replace(/\/[^/]+$/, `/${database}`) });
      await client.connect();
      const secret = (await client.query('SELECT webhook_secret FROM bot_connections WHERE project_id = $1', [bot.projectId])).rows[0]
        .webhook_secret as string;
      await client.end();
      const update = {
        update_id: 777_000,
        message: {
          message_id: 1,
          from: { id: Number(chat), is_bot: false, first_name: 'Ира' },
          chat: { id: Number(chat), type: 'private' },
          date: 0,
          text: '/balance',
        },
      };
      const post = () =>
        fetch(`${server.url}/lk/api/telegram/webhook/${bot.botId}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-telegram-bot-api-secret-token': secret },
          body: JSON.stringify(update),
        });
      expect((await post()).status).toBe(200);
      expect((await post()).status).toBe(200);
      const balanceReplies = async () =>
        (await telegramMessages(server.url, { bot_id: bot.botId, chat_id: chat })).filter((m) => m.text?.includes('Ваши баллы'));
      await eventually(async () => ((await balanceReplies()).length > 0 ? true : undefined));
      // Once a message sent after both copies is answered, a second answer to the copy would be there too.
      await shopperSays(server.url, bot, chat, { text: 'привет' });
      expect(
        (await telegramMessages(server.url, { bot_id: bot.botId, chat_id: chat })).filter((m) => m.text?.includes('Ваши баллы')),
      ).toHaveLength(1);
    } finally {
      await server.stop();
    }
  });
});
