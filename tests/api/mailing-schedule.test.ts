import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { UPLOAD_IMAGE_PATH } from '../../src/contract/uploads.js';
import { moscowLocalInput } from '../../src/contract/mailing-schedule.js';
import { fillMessage, messages } from '../../src/contract/messages.js';
import { ApiClient, type Seller } from '../support/api-client.js';
import { backends } from '../support/backends.js';
import { actionWithBot, shopperSays, type BotAction } from '../support/bot.js';
import { advance, clockCall } from '../support/clock.js';
import { createDatabase } from '../support/postgres-cluster.js';
import { startServer } from '../support/server-process.js';
import { eventually, newChatId, startChats, telegramMessages, type EmulatedMessage } from '../support/telegram.js';

const m = messages.mailingSchedule;
const consentMessages = messages.mailingConsent;
const UNSUBSCRIBE = { text: consentMessages.unsubscribeButton, callback_data: 'mailing:stop' };
const MINUTE = 60;
const WEEK = 7 * 24 * 3600;
/** A test runs the app's jobs and the bot several times; on a busy machine each may take seconds. */
const TIMEOUT_MS = 120_000;
const TIMEOUT = { timeout: TIMEOUT_MS };

/** A picture the seller uploads on the mailing screen (our own image store). */
async function uploadPicture(seller: Seller): Promise<string> {
  const png = await sharp({ create: { width: 30, height: 40, channels: 3, background: { r: 200, g: 80, b: 40 } } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'card.png');
  const response = await fetch(`${seller.api.baseUrl}/lk/api${UPLOAD_IMAGE_PATH}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${seller.api.token}`, 'x-forwarded-for': seller.api.address },
    body: form,
  });
  const answer = (await response.json()) as { image_url: string };
  expect(response.status, JSON.stringify(answer)).toBe(201);
  return answer.image_url;
}

/** The app's "now" (the demo clock moves it; each test starts where the last one left it). */
async function appNow(url: string): Promise<Date> {
  return new Date((await clockCall(url, 'GET')).body.now as string);
}

const inFromNow = async (url: string, seconds: number) => new Date((await appNow(url)).getTime() + seconds * 1000).toISOString();

const send = (seller: Seller, body: Record<string, unknown>) =>
  seller.api.post('/mailing/send', { user_id: seller.id, message: 'Новинка недели!', image_url: null, parse_mode: null, ...body });

/** An action with a bot and a shopper who started it. */
async function actionWithShopper(url: string): Promise<BotAction & { chat: string }> {
  const bot = await actionWithBot(url);
  const chat = newChatId();
  await startChats(url, bot.botId, [chat]);
  return { ...bot, chat };
}

/** What the bot sent to the chat with this text (its greeting on /start left aside). */
async function received(url: string, bot: BotAction, chat: string, text: string): Promise<EmulatedMessage[]> {
  return (await telegramMessages(url, { bot_id: bot.botId, chat_id: chat })).filter(
    (message) => (message.text ?? message.caption) === text,
  );
}

const receivedCount = (url: string, bot: BotAction, chat: string, text: string, count: number) =>
  eventually(
    async () => {
      const found = await received(url, bot, chat, text);
      return found.length >= count ? found : undefined;
    },
    60_000,
    `${count} message(s) «${text}»`,
  );

async function history(seller: Seller) {
  const answer = await seller.api.get('/mailing/history');
  expect(answer.status, answer.text).toBe(200);
  return answer.body as { mailings: Array<Record<string, any>>; schedules: Array<Record<string, any>> };
}

async function runsOf(seller: Seller, scheduleId: number) {
  return (await history(seller)).mailings.filter((mailing) => mailing.schedule_id === scheduleId);
}

const scheduleOf = async (seller: Seller, scheduleId: number) => (await history(seller)).schedules.find((s) => s.id === scheduleId)!;

describe.each(backends())('scheduled and regular mailings on $name', (backend) => {
  const url = backend.url;

  it(
    'a mailing scheduled for later is sent once when the clock passes its time, with its link button',
    { timeout: TIMEOUT_MS },
    async () => {
      const bot = await actionWithShopper(url);
      // A shopper who opted out before the run is skipped by it, and counted.
      const optedOut = newChatId();
      await startChats(url, bot.botId, [optedOut]);
      await shopperSays(url, bot, optedOut, { text: '/stop' });
      const sendAt = await inFromNow(url, 2 * MINUTE);
      const button = { text: 'Подробнее', url: 'https://aurora.example/new' };
      const scheduled = await send(bot.seller, {
        project_id: bot.projectId,
        recipient_ids: [bot.chat, optedOut],
        send_at: sendAt,
        button,
      });
      expect(scheduled.status, scheduled.text).toBe(200);
      expect(scheduled.body.schedule).toMatchObject({ status: 'scheduled', repeat: null, next_run_at: sendAt, runs: 0, total: 2, button });
      expect(scheduled.body.message).toMatch(/^Рассылка запланирована на \d\d\.\d\d\.\d{4}, \d\d:\d\d МСК\.$/);

      // Not yet: a minute is not enough.
      await advance(url, MINUTE);
      expect(await runsOf(bot.seller, scheduled.body.schedule.id)).toEqual([]);

      await advance(url, 2 * MINUTE);
      const [message] = await receivedCount(url, bot, bot.chat, 'Новинка недели!', 1);
      // The link goes through the recipient's counted redirect; the unsubscribe button is under every mailing.
      expect(message!.reply_markup).toEqual({
        inline_keyboard: [
          [{ text: 'Подробнее', url: expect.stringMatching(new RegExp(`^${url}/m/\\d+/${bot.chat}/[\\w-]{22}$`)) }],
          [UNSUBSCRIBE],
        ],
      });

      // Past its time again: nothing more.
      await advance(url, 5 * MINUTE);
      await advance(url, WEEK);
      const runs = await runsOf(bot.seller, scheduled.body.schedule.id);
      expect(runs).toHaveLength(1);
      expect(runs[0]).toMatchObject({ total: 2, sent: 1, opted_out: 1, has_button: true, schedule_id: scheduled.body.schedule.id });
      expect(await scheduleOf(bot.seller, scheduled.body.schedule.id)).toMatchObject({ status: 'done', runs: 1, next_run_at: null });
      expect(await received(url, bot, bot.chat, 'Новинка недели!')).toHaveLength(1);
    },
  );

  it(
    'a weekly mailing with a picture and the shop button runs again a week later, each run with its own figures',
    { timeout: TIMEOUT_MS },
    async () => {
      const bot = await actionWithShopper(url);
      const { settings } = (await bot.seller.api.get(`/shop/settings?project_id=${bot.projectId}`)).body;
      // The form's way: a Moscow wall-clock time without a zone.
      const local = moscowLocalInput(new Date((await appNow(url)).getTime() + 3 * MINUTE * 1000));
      const scheduled = await send(bot.seller, {
        project_id: bot.projectId,
        recipient_ids: `${bot.chat}`,
        message: 'Скидки выходного дня',
        image_url: 'https://aurora.example/sale.png',
        send_at: local,
        repeat: 'weekly',
        button: { text: 'В магазин', shop: true },
      });
      expect(scheduled.status, scheduled.text).toBe(200);
      const schedule = scheduled.body.schedule;
      expect(new Date(schedule.first_run_at)).toEqual(new Date(`${local}:00+03:00`));
      expect(scheduled.body.message).toBe(
        fillMessage(m.scheduledRegular, { repeat: 'каждую неделю', time: scheduled.body.message.match(/— (.+)\.$/)![1] }),
      );

      await advance(url, 4 * MINUTE);
      const [first] = await receivedCount(url, bot, bot.chat, 'Скидки выходного дня', 1);
      expect(first).toMatchObject({ method: 'sendPhoto', photo: 'https://aurora.example/sale.png' });
      expect(first!.reply_markup).toEqual({
        inline_keyboard: [[{ text: 'В магазин', web_app: { url: settings.shop_url } }], [UNSUBSCRIBE]],
      });
      expect(await scheduleOf(bot.seller, schedule.id)).toMatchObject({
        status: 'scheduled',
        runs: 1,
        next_run_at: new Date(new Date(schedule.first_run_at).getTime() + WEEK * 1000).toISOString(),
      });

      await advance(url, WEEK);
      await receivedCount(url, bot, bot.chat, 'Скидки выходного дня', 2);
      const runs = await eventually(async () => {
        const found = await runsOf(bot.seller, schedule.id);
        return found.length === 2 && found.every((run) => run.status === 'done') ? found : undefined;
      });
      expect(runs.map((run) => [run.total, run.sent, run.failed, run.has_image])).toEqual([
        [1, 1, 0, true],
        [1, 1, 0, true],
      ]);
      expect((await scheduleOf(bot.seller, schedule.id)).runs).toBe(2);
    },
  );

  it('cancelling a regular mailing stops its next run', { timeout: TIMEOUT_MS }, async () => {
    const bot = await actionWithShopper(url);
    const scheduled = await send(bot.seller, {
      project_id: bot.projectId,
      recipient_ids: [bot.chat],
      message: 'Раз в месяц',
      send_at: await inFromNow(url, 2 * MINUTE),
      repeat: 'monthly',
    });
    expect(scheduled.status, scheduled.text).toBe(200);
    const id = scheduled.body.schedule.id;
    await advance(url, 3 * MINUTE);
    await receivedCount(url, bot, bot.chat, 'Раз в месяц', 1);

    const cancelled = await bot.seller.api.post(`/mailing/schedules/${id}/cancel`, {});
    expect(cancelled.status, cancelled.text).toBe(200);
    expect(cancelled.body).toMatchObject({ message: m.scheduleCancelled, schedule: { status: 'cancelled', next_run_at: null, runs: 1 } });
    expect((await bot.seller.api.post(`/mailing/schedules/${id}/cancel`, {})).body).toEqual({ message: m.scheduleNotActive });

    await advance(url, 32 * 24 * 3600);
    expect(await runsOf(bot.seller, id)).toHaveLength(1);
    expect(await received(url, bot, bot.chat, 'Раз в месяц')).toHaveLength(1);

    // Another seller's schedule is not found.
    const other = await actionWithBot(url);
    expect((await other.seller.api.post(`/mailing/schedules/${id}/cancel`, {})).status).toBe(404);
  });

  it('refuses bad times, repeats and buttons with a Russian message, storing nothing', { timeout: TIMEOUT_MS }, async () => {
    const bot = await actionWithShopper(url);
    const base = { project_id: bot.projectId, recipient_ids: [bot.chat] };
    const refusals: Array<[Record<string, unknown>, string]> = [
      [{ send_at: 'завтра утром' }, m.sendAtInvalid],
      [{ send_at: '2027-02-30T10:00' }, m.sendAtInvalid],
      [{ send_at: await inFromNow(url, 30) }, m.sendAtTooSoon],
      [{ send_at: await inFromNow(url, -3600) }, m.sendAtTooSoon],
      [{ send_at: await inFromNow(url, 400 * 24 * 3600) }, m.sendAtTooFar],
      [{ repeat: 'weekly' }, m.repeatNeedsSendAt],
      [{ send_at: await inFromNow(url, 600), repeat: 'daily' }, m.repeatInvalid],
      [{ button: { text: '', url: 'https://aurora.example' } }, m.buttonTextRequired],
      [{ button: { text: 'Я'.repeat(65), url: 'https://aurora.example' } }, fillMessage(m.buttonTextTooLong, { max: 64 })],
      [{ button: { text: 'Сайт', url: 'javascript:alert(1)' } }, m.buttonUrlInvalid],
      [{ button: { text: 'Сайт' } }, m.buttonInvalid],
      [{ button: { text: 'Товар', url: 'https://aurora.example', shop: true } }, m.buttonInvalid],
      [{ button: { text: 'Магазин', shop: true } }, m.actionHasNoShop],
    ];
    const refused = async (body: Record<string, unknown>, error: string) => {
      const answer = await send(bot.seller, { ...base, ...body });
      expect([answer.status, answer.body.message], JSON.stringify(body)).toEqual([400, error]);
    };
    for (const [body, error] of refusals) await refused(body, error);
    // Once the action has a shop: a product of another shop (or none) is refused.
    await bot.seller.api.get(`/shop/settings?project_id=${bot.projectId}`);
    await refused({ button: { text: 'Товар', shop: true, product_id: 2_000_000_000 } }, m.productNotFound);
    // A shop button needs the action whose shop it opens.
    const viaMailingBot = await send(bot.seller, {
      recipient_ids: [bot.chat],
      bot_token: bot.token,
      button: { text: 'Магазин', shop: true },
    });
    expect([viaMailingBot.status, viaMailingBot.body.message]).toEqual([400, m.shopButtonNeedsAction]);

    expect(await history(bot.seller)).toEqual({ mailings: [], schedules: [] });
    expect(await received(url, bot, bot.chat, 'Новинка недели!')).toEqual([]);
  });

  it('an immediate mailing carries its picture and a shop button that opens the product', { timeout: TIMEOUT_MS }, async () => {
    const bot = await actionWithShopper(url);
    const { settings } = (await bot.seller.api.get(`/shop/settings?project_id=${bot.projectId}`)).body;
    const product = await bot.seller.api.post('/shop/products', { project_id: bot.projectId, title: 'Кружка', price_points: 50 });
    const sent = await send(bot.seller, {
      project_id: bot.projectId,
      recipient_ids: [bot.chat],
      message: 'Новая кружка!',
      image_url: 'https://aurora.example/mug.png',
      button: { text: 'Смотреть', shop: true, product_id: product.body.product.id },
    });
    expect(sent.status, sent.text).toBe(200);
    expect(sent.body).toMatchObject({ total: 1, has_image: true, has_button: true, schedule_id: null });
    const [message] = await receivedCount(url, bot, bot.chat, 'Новая кружка!', 1);
    expect(message).toMatchObject({ method: 'sendPhoto', photo: 'https://aurora.example/mug.png' });
    expect(message!.reply_markup).toEqual({
      inline_keyboard: [[{ text: 'Смотреть', web_app: { url: `${settings.shop_url}?product=${product.body.product.id}` } }], [UNSUBSCRIBE]],
    });
  });

  it(
    '«Анонс товара» shows the seller’s picture and a counted button to the Wildberries or Ozon card; bad links are refused',
    TIMEOUT,
    async () => {
      const bot = await actionWithShopper(url);
      const ozonShopper = newChatId();
      await startChats(url, bot.botId, [ozonShopper]);
      const picture = await uploadPicture(bot.seller);
      const cards = [
        [
          bot.chat,
          'https://wildberries.ru/catalog/146972802/detail.aspx?targetUrl=GP',
          'https://www.wildberries.ru/catalog/146972802/detail.aspx',
          m.marketplaceButtonWildberries,
        ],
        [
          ozonShopper,
          'https://www.ozon.ru/product/krem-aurora-1234567/?sh=x',
          'https://www.ozon.ru/product/krem-aurora-1234567/',
          m.marketplaceButtonOzon,
        ],
      ] as const;
      for (const [chat, link, card, buttonText] of cards) {
        const sent = await send(bot.seller, {
          project_id: bot.projectId,
          recipient_ids: [chat],
          message: 'Новинка',
          image_url: picture,
          marketplace_url: link,
        });
        expect(sent.status, sent.text).toBe(200);
        expect(sent.body).toMatchObject({ has_image: true, has_button: true });
        const [message] = await receivedCount(url, bot, chat, 'Новинка', 1);
        expect(message).toMatchObject({ method: 'sendPhoto' });
        const [[button], [unsubscribe]] = (message!.reply_markup as { inline_keyboard: { text: string; url?: string }[][] })
          .inline_keyboard as [[{ text: string; url: string }], [unknown]];
        expect([button.text, unsubscribe]).toEqual([buttonText, UNSUBSCRIBE]);
        const opened = await fetch(button.url, { redirect: 'manual' });
        expect([opened.status, opened.headers.get('location')]).toEqual([302, card]);
        const figures = await eventually(async () => {
          const found = (await history(bot.seller)).mailings.find((mailing) => mailing.id === sent.body.id);
          return found?.clicks === 1 ? found : undefined;
        });
        expect(figures).toMatchObject({ sent: 1, clicks: 1 });
      }

      const base = { project_id: bot.projectId, recipient_ids: [bot.chat], image_url: picture };
      const refusals: Array<[Record<string, unknown>, string]> = [
        [{ marketplace_url: 'http://www.wildberries.ru/catalog/1/detail.aspx' }, m.marketplaceUrlInvalid],
        [{ marketplace_url: 'https://wildberries.ru.evil.example/catalog/1/detail.aspx' }, m.marketplaceUrlInvalid],
        [{ marketplace_url: 'https://www.ozon.ru@evil.example/product/1/' }, m.marketplaceUrlInvalid],
        [{ marketplace_url: 'https://www.ozon.ru/category/krem/' }, m.marketplaceUrlInvalid],
        [{ marketplace_url: 'https://market.yandex.ru/product/1' }, m.marketplaceUrlInvalid],
        [{ marketplace_url: 42 }, m.marketplaceUrlInvalid],
        [{ marketplace_url: 'https://www.ozon.ru/product/1/', image_url: null }, m.announcementNeedsImage],
        [{ marketplace_url: 'https://www.ozon.ru/product/1/', image_url: 'https://aurora.example/mug.png' }, m.announcementNeedsImage],
        [
          { marketplace_url: 'https://www.ozon.ru/product/1/', button: { text: 'Сайт', url: 'https://aurora.example' } },
          m.announcementHasButton,
        ],
        [
          {
            marketplace_url: 'https://www.ozon.ru/product/1/',
            send_at: await inFromNow(url, 600),
            image_url: 'https://aurora.example/a.png',
          },
          m.announcementNeedsImage,
        ],
      ];
      const before = await history(bot.seller);
      for (const [body, error] of refusals) {
        const answer = await send(bot.seller, { ...base, ...body });
        expect([answer.status, answer.body.message], JSON.stringify(body)).toEqual([400, error]);
      }
      expect(await history(bot.seller)).toEqual(before);
    },
  );

  const postgres = backend.clusterUrl;
  // Two server processes one after the other (≈ 30 s on PGlite): once per run, on PostgreSQL when the run has it.
  it.runIf(backend.name === backends().at(-1)!.name)(
    'a scheduled mailing survives a restart of the app',
    { timeout: 180_000 },
    async () => {
      const dataDir = postgres ? undefined : mkdtempSync(path.join(os.tmpdir(), 'scanapp-schedule-'));
      const env: Record<string, string> = postgres ? { DATABASE_URL: createDatabase(postgres, 'scanapp_schedule_restart') } : {};
      const first = await startServer(env, dataDir ? { keepDataDir: dataDir } : {});
      let second: Awaited<ReturnType<typeof startServer>> | undefined;
      try {
        const bot = await actionWithShopper(first.url);
        const scheduled = await send(bot.seller, {
          project_id: bot.projectId,
          recipient_ids: [bot.chat],
          send_at: await inFromNow(first.url, 2 * MINUTE),
        });
        expect(scheduled.status, scheduled.text).toBe(200);
        await first.stop();

        second = await startServer(env, dataDir ? { keepDataDir: dataDir } : {});
        const seller: Seller = { ...bot.seller, api: new ApiClient(second.url, undefined, bot.seller.api.token) };
        await advance(second.url, 3 * MINUTE);
        await advance(second.url, MINUTE);
        const runs = await eventually(async () => {
          const found = await runsOf(seller, scheduled.body.schedule.id);
          return found.length > 0 ? found : undefined;
        });
        expect(runs).toHaveLength(1);
        expect(await scheduleOf(seller, scheduled.body.schedule.id)).toMatchObject({ status: 'done', runs: 1 });
      } finally {
        await first.stop();
        await second?.stop();
        if (dataDir) rmSync(dataDir, { recursive: true, force: true });
      }
    },
  );

  it.runIf(postgres)('two app instances on one PostgreSQL start a due run once', { timeout: 180_000 }, async () => {
    const databaseUrl = createDatabase(postgres!, 'scanapp_schedule_twice');
    const [a, b] = await Promise.all([startServer({ DATABASE_URL: databaseUrl }), startServer({ DATABASE_URL: databaseUrl })]);
    try {
      const bot = await actionWithShopper(a.url);
      const scheduled = await send(bot.seller, {
        project_id: bot.projectId,
        recipient_ids: [bot.chat],
        send_at: await inFromNow(a.url, 2 * MINUTE),
        repeat: 'weekly',
      });
      expect(scheduled.status, scheduled.text).toBe(200);
      // Both instances' clocks pass the time together, so both jobs look for the due run at once.
      await Promise.all([advance(a.url, 3 * MINUTE), advance(b.url, 3 * MINUTE)]);
      await Promise.all([advance(a.url, MINUTE), advance(b.url, MINUTE)]);
      expect(await runsOf(bot.seller, scheduled.body.schedule.id)).toHaveLength(1);
      expect(await scheduleOf(bot.seller, scheduled.body.schedule.id)).toMatchObject({ status: 'scheduled', runs: 1 });
    } finally {
      await Promise.all([a.stop(), b.stop()]);
    }
  });
});
