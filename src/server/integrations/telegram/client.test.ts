import Fastify from 'fastify';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { botToken, startTelegramEmulator } from '../../../../tests/support/telegram-emulator.js';
import { createTelegramClient, type TelegramClient } from './client.js';
import type { SentMessage } from './emulator-store.js';
import { describeTelegramError, isRetryable, TelegramError } from './errors.js';

/** Runs a call that must fail and answers its TelegramError. */
async function failure(call: Promise<unknown>): Promise<TelegramError> {
  const error = await call.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(TelegramError);
  return error as TelegramError;
}

function redSquarePng(width = 200, height = 100): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#d33' } })
    .png()
    .toBuffer();
}

describe('Telegram client against the emulator', () => {
  let emulator: Awaited<ReturnType<typeof startTelegramEmulator>>;
  let telegram: TelegramClient;
  let nextBotId = 7_000_000_000;
  /** Each test its own bot, so rate limits of one test do not touch another. */
  let token = '';

  beforeAll(async () => {
    emulator = await startTelegramEmulator({ webhookRetryDelaysMs: [20, 20, 20], everyChatStarted: true });
    telegram = createTelegramClient({ apiRoot: emulator.apiRoot, timeoutMs: 5_000 });
  });
  afterAll(() => emulator.close());
  beforeEach(() => {
    token = botToken(++nextBotId);
    emulator.clock.frozenAt = undefined;
  });

  const sentBy = async (botId: number) => (await emulator.control('GET', `/messages?bot_id=${botId}`)).body as SentMessage[];

  it('names the bot after its token', async () => {
    expect(await telegram.getMe(token)).toEqual({ id: nextBotId, username: `demo_${nextBotId}_bot`, first_name: `Демо-бот ${nextBotId}` });
  });

  it('sends a message and the emulator logs it with its formatting and keyboard', async () => {
    const replyMarkup = { inline_keyboard: [[{ text: 'Магазин', url: 'https://example.com/shop' }]] };
    const sent = await telegram.sendMessage(token, {
      chat_id: 501,
      text: '<b>Скидка</b> 10%',
      parse_mode: 'HTML',
      reply_markup: replyMarkup,
    });
    expect(sent.message_id).toBeGreaterThan(0);
    expect(await sentBy(nextBotId)).toEqual([
      expect.objectContaining({
        bot_id: nextBotId,
        chat_id: 501,
        method: 'sendMessage',
        text: '<b>Скидка</b> 10%',
        parse_mode: 'HTML',
        reply_markup: replyMarkup,
        photo: null,
      }),
    ]);
  });

  it('refuses the 31st message within a second with 429 and retry_after', async () => {
    emulator.clock.frozenAt = Date.now();
    const results = await Promise.allSettled(
      Array.from({ length: 31 }, (_, i) => telegram.sendMessage(token, { chat_id: 1000 + i, text: 'Привет' })),
    );
    const refused = results.flatMap((result) => (result.status === 'rejected' ? [result.reason as TelegramError] : []));
    expect(refused).toHaveLength(1);
    expect(refused[0]).toMatchObject({
      kind: 'rate_limited',
      errorCode: 429,
      description: 'Too Many Requests: retry after 1',
      retryAfterSeconds: 1,
    });
    expect(isRetryable(refused[0])).toBe(true);
    expect(describeTelegramError(refused[0]!)).toBe('Telegram ограничил частоту отправки');
    expect(await sentBy(nextBotId)).toHaveLength(30);
  });

  it('tells its observer each call’s method and outcome, 429s as rate_limited', async () => {
    const seen: string[] = [];
    const observed = createTelegramClient({
      apiRoot: emulator.apiRoot,
      timeoutMs: 5_000,
      observe: (method, outcome) => seen.push(`${method} ${outcome}`),
    });
    await observed.sendMessage(token, { chat_id: 77, text: 'Первое' });
    await failure(observed.sendMessage(token, { chat_id: 77, text: 'Второе' }));
    await observed.getMe(token);
    expect(seen).toEqual(['sendMessage ok', 'sendMessage rate_limited', 'getMe ok']);
  });

  it('allows one message a second per chat and accepts the retry after retry_after', async () => {
    await telegram.sendMessage(token, { chat_id: 42, text: 'Первое' });
    const limited = await failure(telegram.sendMessage(token, { chat_id: 42, text: 'Второе' }));
    expect(limited.kind).toBe('rate_limited');
    expect(limited.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    // Another chat is not affected.
    await telegram.sendMessage(token, { chat_id: 43, text: 'Другому' });
    await vi.waitFor(() => telegram.sendMessage(token, { chat_id: 42, text: 'Второе' }), { timeout: 10_000, interval: 250 });
    expect((await sentBy(nextBotId)).map((message) => message.text)).toEqual(['Первое', 'Другому', 'Второе']);
  });

  it('reports a chat that blocked the bot as blocked, and sends again once unblocked', async () => {
    await emulator.control('POST', '/blocked', { chat_id: 777 });
    const blocked = await failure(telegram.sendMessage(token, { chat_id: 777, text: 'Привет' }));
    expect(blocked).toMatchObject({ kind: 'blocked', errorCode: 403, description: 'Forbidden: bot was blocked by the user' });
    expect(isRetryable(blocked)).toBe(false);
    expect(describeTelegramError(blocked)).toBe('Пользователь заблокировал бота');
    await emulator.control('DELETE', '/blocked', { chat_id: 777 });
    await vi.waitFor(() => telegram.sendMessage(token, { chat_id: 777, text: 'Привет' }), { timeout: 10_000, interval: 250 });
  });

  it('reports a chat id that names no chat as chat_not_found', async () => {
    const error = await failure(telegram.sendMessage(token, { chat_id: '@nobody', text: 'Привет' }));
    expect(error).toMatchObject({ kind: 'chat_not_found', errorCode: 400, description: 'Bad Request: chat not found' });
    expect(describeTelegramError(error)).toBe('Чат не найден: пользователь ещё не писал боту');
  });

  it('reports a malformed token as unauthorized', async () => {
    const error = await failure(telegram.getMe('123:too-short'));
    expect(error).toMatchObject({ kind: 'unauthorized', errorCode: 401, description: 'Unauthorized' });
    expect(describeTelegramError(error)).toBe('Неверный токен бота');
  });

  it('refuses a text over 4096 characters and a caption over 1024', async () => {
    await telegram.sendMessage(token, { chat_id: 1, text: 'я'.repeat(4096) });
    expect(await failure(telegram.sendMessage(token, { chat_id: 2, text: 'я'.repeat(4097) }))).toMatchObject({
      kind: 'bad_request',
      description: 'Bad Request: message is too long',
    });
    const photo = 'https://example.com/banner.jpg';
    await telegram.sendPhoto(token, { chat_id: 3, photo, caption: 'я'.repeat(1024) });
    const error = await failure(telegram.sendPhoto(token, { chat_id: 4, photo, caption: 'я'.repeat(1025) }));
    expect(error).toMatchObject({ kind: 'bad_request', description: 'Bad Request: message caption is too long' });
    expect(describeTelegramError(error)).toBe('Telegram отклонил запрос: Bad Request: message caption is too long');
  });

  it('counts the visible text against the limit, not the HTML tags', async () => {
    await telegram.sendMessage(token, { chat_id: 1, text: `<b>${'я'.repeat(4096)}</b>`, parse_mode: 'HTML' });
  });

  it('refuses markup Telegram cannot parse', async () => {
    expect(await failure(telegram.sendMessage(token, { chat_id: 1, text: 'Скидка 10%.', parse_mode: 'MarkdownV2' }))).toMatchObject({
      kind: 'bad_request',
      description: "Bad Request: can't parse entities: Character '.' is reserved and must be escaped with the preceding '\\'",
    });
    expect(await failure(telegram.sendMessage(token, { chat_id: 2, text: '<div>Привет</div>', parse_mode: 'HTML' }))).toMatchObject({
      description: 'Bad Request: can\'t parse entities: Unsupported start tag "div" at byte offset 0',
    });
    await telegram.sendMessage(token, { chat_id: 3, text: '*Скидка* 10%\\.', parse_mode: 'MarkdownV2' });
  });

  it('sends a photo by URL without fetching it', async () => {
    const sent = await telegram.sendPhoto(token, { chat_id: 10, photo: 'https://example.invalid/banner.jpg', caption: 'Новинка' });
    expect(sent.photo_file_id).toMatch(/^AgAC/);
    expect(await sentBy(nextBotId)).toEqual([
      expect.objectContaining({ method: 'sendPhoto', photo: 'https://example.invalid/banner.jpg', caption: 'Новинка', text: null }),
    ]);
  });

  it('uploads a photo once and sends it again by its file_id', async () => {
    const uploaded = await telegram.sendPhoto(token, {
      chat_id: 11,
      photo: { data: await redSquarePng(), filename: 'banner.png' },
      caption: 'Акция',
      parse_mode: 'HTML',
    });
    const again = await telegram.sendPhoto(token, { chat_id: 12, photo: uploaded.photo_file_id });
    expect(again.photo_file_id).toBe(uploaded.photo_file_id);
    expect((await sentBy(nextBotId)).map((message) => message.photo)).toEqual([`upload:${uploaded.photo_file_id}`, uploaded.photo_file_id]);
    // file_ids belong to the bot they were issued to.
    const otherBot = botToken(nextBotId + 500_000);
    expect(await failure(telegram.sendPhoto(otherBot, { chat_id: 13, photo: uploaded.photo_file_id }))).toMatchObject({
      kind: 'bad_request',
      description: 'Bad Request: wrong file identifier/HTTP URL specified',
    });
  });

  it('refuses an upload that is not an image', async () => {
    expect(
      await failure(telegram.sendPhoto(token, { chat_id: 14, photo: { data: Buffer.from('not an image'), filename: 'a.png' } })),
    ).toMatchObject({
      kind: 'bad_request',
      description: 'Bad Request: IMAGE_PROCESS_FAILED',
    });
  });

  it('filters the message log by chat and bot, and clears it', async () => {
    const other = botToken(nextBotId + 1_000_000);
    await telegram.sendMessage(token, { chat_id: 21, text: 'a' });
    await telegram.sendMessage(token, { chat_id: 22, text: 'b' });
    await telegram.sendMessage(other, { chat_id: 21, text: 'c' });
    const byChat = (await emulator.control('GET', '/messages?chat_id=21')).body as SentMessage[];
    expect(byChat.filter((m) => m.bot_id === nextBotId || m.bot_id === nextBotId + 1_000_000).map((m) => m.text)).toEqual(['a', 'c']);
    const both = (await emulator.control('GET', `/messages?chat_id=21&bot_id=${nextBotId}`)).body as SentMessage[];
    expect(both.map((m) => m.text)).toEqual(['a']);
    expect(both[0]!.at).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect((await emulator.control('DELETE', '/messages')).status).toBe(200);
    expect((await emulator.control('GET', '/messages')).body).toEqual([]);
  });

  it('reports an outage as a retryable server error', async () => {
    await emulator.control('POST', '/outage', { seconds: 60 });
    try {
      const error = await failure(telegram.sendMessage(token, { chat_id: 31, text: 'Привет' }));
      expect(error).toMatchObject({ kind: 'server', errorCode: 502 });
      expect(isRetryable(error)).toBe(true);
      expect(describeTelegramError(error)).toBe('Telegram недоступен');
    } finally {
      await emulator.control('POST', '/outage', { seconds: 0 });
    }
    await telegram.sendMessage(token, { chat_id: 31, text: 'Привет' });
  });

  it('reports an unreachable server as a retryable network error without the token', async () => {
    const closed = Fastify();
    await closed.listen({ port: 0, host: '127.0.0.1' });
    const port = (closed.server.address() as AddressInfo).port;
    await closed.close();
    const unreachable = createTelegramClient({ apiRoot: `http://127.0.0.1:${port}`, timeoutMs: 2_000 });
    const error = await failure(unreachable.sendMessage(token, { chat_id: 1, text: 'Привет' }));
    expect(error.kind).toBe('network');
    expect(isRetryable(error)).toBe(true);
    expect(describeTelegramError(error)).toBe('Telegram недоступен');
    expect(error.message).not.toContain(token);
    expect(error.message).not.toContain(token.split(':')[1]);
    const download = await failure(unreachable.downloadFile(token, 'photos/file_1.png'));
    expect(download.kind).toBe('network');
    expect(download.message).not.toContain(token.split(':')[1]);
  });

  it('times out a server that does not answer', async () => {
    const silent = Fastify();
    silent.all('/*', () => new Promise(() => undefined));
    await silent.listen({ port: 0, host: '127.0.0.1' });
    try {
      const slowClient = createTelegramClient({
        apiRoot: `http://127.0.0.1:${(silent.server.address() as AddressInfo).port}`,
        timeoutMs: 200,
      });
      const error = await failure(slowClient.getMe(token));
      expect(error.kind).toBe('network');
      expect(error.message).not.toContain(token.split(':')[1]);
    } finally {
      await silent.close();
    }
  });

  it('never puts the token into an error message', async () => {
    const secretPart = token.split(':')[1]!;
    const errors = [
      await failure(telegram.sendMessage(token, { chat_id: '@nobody', text: 'x' })),
      await failure(telegram.getFile(token, 'unknown')),
      await failure(telegram.downloadFile(token, 'photos/none.jpg')),
      await failure(telegram.getMe(`${nextBotId}:short`)),
    ];
    for (const error of errors) {
      expect(error.message).not.toContain(secretPart);
      expect(error.stack ?? '').not.toContain(secretPart);
    }
  });

  it('delivers a shopper’s message to the webhook with the secret header, retrying until it answers 2xx', async () => {
    const deliveries: { secret: string | undefined; body: unknown }[] = [];
    let failuresLeft = 1;
    const shop = Fastify();
    shop.post('/telegram/webhook', async (request, reply) => {
      deliveries.push({ secret: request.headers['x-telegram-bot-api-secret-token'] as string | undefined, body: request.body });
      if (failuresLeft-- > 0) return reply.status(500).send({ ok: false });
      return { ok: true };
    });
    await shop.listen({ port: 0, host: '127.0.0.1' });
    try {
      const url = `http://127.0.0.1:${(shop.server.address() as AddressInfo).port}/telegram/webhook`;
      await telegram.setWebhook(token, { url, secret_token: 'webhook-secret_1', allowed_updates: ['message'] });
      const posted = await emulator.control('POST', '/updates', {
        bot_id: nextBotId,
        from: { id: 9001, first_name: 'Анна', username: 'anna' },
        text: '/start',
      });
      expect(posted.body).toEqual({ ok: true, update_id: expect.any(Number) });
      await vi.waitFor(() => expect(deliveries).toHaveLength(2), { timeout: 5_000 });
      const updateId = (posted.body as { update_id: number }).update_id;
      for (const delivery of deliveries) {
        expect(delivery.secret).toBe('webhook-secret_1');
        expect(delivery.body).toMatchObject({
          update_id: updateId,
          message: {
            from: { id: 9001, is_bot: false, first_name: 'Анна', username: 'anna' },
            chat: { id: 9001, type: 'private' },
            text: '/start',
          },
        });
      }
      // getUpdates is refused while a webhook is set, as in Telegram.
      expect(await failure(telegram.getUpdates(token))).toMatchObject({ errorCode: 409 });
    } finally {
      await telegram.deleteWebhook(token);
      await shop.close();
    }
  });

  it('gives an update up after the last retry and reports the webhook error', async () => {
    let attempts = 0;
    const broken = Fastify();
    broken.post('/hook', async (_request, reply) => {
      attempts++;
      return reply.status(503).send('down');
    });
    await broken.listen({ port: 0, host: '127.0.0.1' });
    try {
      await telegram.setWebhook(token, {
        url: `http://127.0.0.1:${(broken.server.address() as AddressInfo).port}/hook`,
        secret_token: 's',
      });
      await emulator.control('POST', '/updates', { bot_id: nextBotId, from: { id: 9010, first_name: 'Глеб' }, text: 'Привет' });
      const botId = nextBotId;
      await vi.waitFor(() => expect(emulator.store.updates.webhookInfo(botId).pending_update_count).toBe(0), { timeout: 5_000 });
      // The first attempt and three retries.
      expect(attempts).toBe(4);
      expect(emulator.store.updates.webhookInfo(botId)).toMatchObject({
        last_error_message: 'Wrong response from the webhook: 503 Service Unavailable',
        last_error_date: expect.any(Number),
      });
    } finally {
      await telegram.deleteWebhook(token);
      await broken.close();
    }
  });

  it('ends a long poll at once when its signal aborts (the instance is stopping)', async () => {
    const stopping = new AbortController();
    const started = Date.now();
    const waiting = failure(telegram.getUpdates(token, { timeout: 20 }, stopping.signal));
    stopping.abort();
    expect((await waiting).kind).toBe('network');
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('long-polls getUpdates and confirms updates with the offset', async () => {
    const waiting = telegram.getUpdates(token, { timeout: 20 });
    // The poll is waiting: the update arrives after it started.
    await vi.waitFor(() => expect(emulator.store.updates.isPolling(nextBotId)).toBe(true));
    await emulator.control('POST', '/updates', { bot_id: nextBotId, from: { id: 9002, first_name: 'Борис' }, text: 'Привет' });
    const [first, ...rest] = await waiting;
    expect(rest).toEqual([]);
    expect(first).toMatchObject({ message: { text: 'Привет', chat: { id: 9002, type: 'private', first_name: 'Борис' } } });
    await emulator.control('POST', '/updates', { bot_id: nextBotId, from: { id: 9002, first_name: 'Борис' }, text: 'Ещё' });
    const unconfirmed = await telegram.getUpdates(token, { timeout: 0 });
    expect(unconfirmed.map((update) => update.message?.text)).toEqual(['Привет', 'Ещё']);
    expect(unconfirmed[1]!.update_id).toBeGreaterThan(first!.update_id);
    const afterFirst = await telegram.getUpdates(token, { offset: first!.update_id + 1, timeout: 0 });
    expect(afterFirst.map((update) => update.message?.text)).toEqual(['Ещё']);
    expect(await telegram.getUpdates(token, { offset: afterFirst[0]!.update_id + 1, timeout: 0 })).toEqual([]);
  });

  it('serves a shopper’s photo through getFile and downloadFile', async () => {
    const png = await redSquarePng(300, 200);
    await emulator.control('POST', '/updates', {
      bot_id: nextBotId,
      from: { id: 9003, first_name: 'Вера' },
      photo_base64: png.toString('base64'),
      caption: 'Мой чек',
    });
    const [update] = await telegram.getUpdates(token, { timeout: 0 });
    const sizes = update!.message!.photo!;
    expect(sizes.map((size) => [size.width, size.height])).toEqual([
      [90, 60],
      [300, 200],
    ]);
    expect(update!.message!.caption).toBe('Мой чек');
    const largest = sizes.at(-1)!;
    const file = await telegram.getFile(token, largest.file_id);
    expect(file).toEqual({ file_path: expect.stringMatching(/^photos\/file_\d+\.png$/), file_size: png.length });
    expect(Buffer.compare(await telegram.downloadFile(token, file.file_path), png)).toBe(0);
    // Another bot cannot read it.
    expect(await failure(telegram.downloadFile(botToken(nextBotId + 2_000_000), file.file_path))).toMatchObject({ errorCode: 404 });
  });
});
