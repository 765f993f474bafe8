import { randomInt } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { BILLING_DEFAULTS } from '../../src/contract/billing.js';
import { messages } from '../../src/contract/messages.js';
import type { SupportThread, SupportThreadList } from '../../src/contract/support.js';
import { encodeCursor } from '../../src/server/db/cursor.js';
import { ApiClient, createSeller } from '../support/api-client.js';
import { backends } from '../support/backends.js';
import { actionWithBot, shopperActs, shopperSays, type BotAction } from '../support/bot.js';
import { advance, clockCall } from '../support/clock.js';
import { createFundedSeller } from '../support/operator.js';
import { createDatabase } from '../support/postgres-cluster.js';
import { mailsTo } from '../support/mail.js';
import { freshReceipt, registerReceipt } from '../support/receipts.js';
import { startServer, type RunningServer } from '../support/server-process.js';
import { blockChat, eventually, newChatId, telegramMessages } from '../support/telegram.js';

const m = messages.support;
/** A test is a dozen bot round trips; on a busy machine each may take seconds. */
const DIALOG_TIMEOUT_MS = 120_000;
const DAY_SECONDS = 24 * 60 * 60;
const FUNDS = BILLING_DEFAULTS.project_subscription_price + 20 * BILLING_DEFAULTS.receipt_price_tier1;

/** A picture no other test sends: a random colour, no QR code on it. */
function picture(): Promise<Buffer> {
  const background = { r: randomInt(256), g: randomInt(256), b: randomInt(256) };
  return sharp({ create: { width: 320, height: 240, channels: 3, background } })
    .png()
    .toBuffer();
}

async function actionWithSupport(url: string): Promise<BotAction> {
  const bot = await actionWithBot(url, {}, FUNDS);
  const saved = await bot.seller.api.request('PUT', `/projects/${bot.projectId}/features`, { body: { support: { enabled: true } } });
  expect(saved.status).toBe(200);
  return bot;
}

/** A successful receipt of 1 786 ₽ through the bot. */
async function buys(url: string, bot: BotAction, chat: string) {
  const sent = await shopperActs(url, bot.botId, chat, { text: await registerReceipt(url, freshReceipt('wb-aurora-cosmetics')) });
  expect(sent.status).toBe(200);
  await told(url, bot, chat, (text) => text.includes('Начислено баллов: 178.'));
}

/** Opens the menu and presses «Написать в поддержку»; answers the bot's reply. */
async function asksSupport(url: string, bot: BotAction, chat: string): Promise<string> {
  await shopperSays(url, bot, chat, { text: '/menu' });
  const [reply] = await shopperSays(url, bot, chat, { press: m.button });
  return reply!.text!;
}

/** The bot's messages to the shopper that match, once there is one. */
const told = (url: string, bot: Pick<BotAction, 'botId'>, chat: string, match: string | ((text: string) => boolean)) =>
  eventually(
    async () => {
      const found = (await telegramMessages(url, { bot_id: bot.botId, chat_id: chat })).filter((message) =>
        typeof match === 'string' ? message.text === match : match(message.text ?? ''),
      );
      return found.length > 0 ? found : undefined;
    },
    30_000,
    `the bot to tell «${String(match)}»`,
  );

const acknowledgements = async (url: string, bot: BotAction, chat: string) =>
  (await telegramMessages(url, { bot_id: bot.botId, chat_id: chat })).filter((message) => message.text === m.acknowledged).length;

const threads = async (api: ApiClient, query = '') => (await api.get<SupportThreadList>(`/support/threads${query}`)).body;
const thread = async (api: ApiClient, id: number) => (await api.get<SupportThread>(`/support/threads/${id}`)).body;

/** The thread once it holds this many messages (the shopper's messages are answered asynchronously). */
const threadWith = (api: ApiClient, id: number, count: number) =>
  eventually(
    async () => {
      const found = await thread(api, id);
      return found.messages.length >= count ? found : undefined;
    },
    30_000,
    `the thread to hold ${count} messages`,
  );

/** The seller's only thread of the action, once the shopper's first message is stored. */
const firstThread = (api: ApiClient, projectId: number) =>
  eventually(async () => (await threads(api, `?project_id=${projectId}`)).threads[0], 30_000, 'the thread to open');

/** An action with support on, a shopper who pressed «Написать в поддержку» and asked `question`, and the thread it opened. */
async function questionAsked(url: string, question: string, acknowledged = true) {
  const bot = await actionWithSupport(url);
  const chat = newChatId();
  await asksSupport(url, bot, chat);
  await shopperActs(url, bot.botId, chat, { text: question });
  if (acknowledged) await told(url, bot, chat, m.acknowledged);
  return { bot, chat, opened: await firstThread(bot.seller.api, bot.projectId) };
}

describe.each(backends())('the support inbox on $name', (backend) => {
  const url = backend.url;

  it(
    'a shopper’s text and photo make one thread with the shopper’s figures beside it; the seller’s reply reaches the shopper',
    async () => {
      const bot = await actionWithSupport(url);
      const chat = newChatId();
      await buys(url, bot, chat);

      expect(await asksSupport(url, bot, chat)).toBe(m.ask);
      expect((await shopperActs(url, bot.botId, chat, { text: 'Где мой заказ?' })).status).toBe(200);
      await told(url, bot, chat, m.acknowledged);
      const opened = await firstThread(bot.seller.api, bot.projectId);
      expect(opened).toMatchObject({
        project_id: bot.projectId,
        project_name: 'Aurora',
        buyer: { tg_id: chat, name: 'Ира', username: 'ira_buyer' },
        status: 'open',
        unanswered: true,
        last_text: 'Где мой заказ?',
        messages_count: 1,
      });

      // Later messages need no button: a photo without a QR code joins the open thread, acknowledged no more.
      const photo = await picture();
      const sent = await shopperActs(url, bot.botId, chat, { photo_base64: photo.toString('base64'), caption: 'Вот коробка' });
      expect(sent.status).toBe(200);
      const withPhoto = await threadWith(bot.seller.api, opened.id, 2);
      expect(withPhoto.messages.map((message) => [message.author, message.text, message.image_url !== null])).toEqual([
        ['shopper', 'Где мой заказ?', false],
        ['shopper', 'Вот коробка', true],
      ]);
      expect(withPhoto.buyer).toMatchObject({ points: 178, level: null });
      expect(withPhoto.buyer.receipts).toEqual([expect.objectContaining({ status: 'success', total: 1786 })]);

      // The photo: for the action's seller only, re-encoded.
      const imageUrl = withPhoto.messages[1]!.image_url!;
      const image = await fetch(`${url}${imageUrl}`, { headers: { authorization: `Bearer ${bot.seller.api.token}` } });
      expect(image.status).toBe(200);
      expect(image.headers.get('content-type')).toBe('image/jpeg');
      expect((await sharp(Buffer.from(await image.arrayBuffer())).metadata()).width).toBe(320);
      expect((await fetch(`${url}${imageUrl}`)).status).toBe(401);

      expect((await threads(bot.seller.api)).unanswered).toBe(1);
      // 15 minutes without an answer tell the seller, once, with the thread's address.
      const waiting = messages.sellerNotices.supportWaitingTitle;
      expect((await advance(url, 16 * 60)).ran).toContain('support-waiting');
      const nudges = (count: number) =>
        eventually(async () => {
          const found = (await mailsTo(url, bot.seller.email)).filter((mail) => mail.subject === waiting);
          return found.length >= count ? found : undefined;
        });
      const [nudge] = await nudges(1);
      expect(nudge!.text).toContain(`/dashboard/support/${opened.id}`);
      await advance(url, 60);
      const replied = await bot.seller.api.post(`/support/threads/${opened.id}/reply`, { text: '  Заказ уже в пути, придёт завтра.  ' });
      expect(replied.status).toBe(200);
      expect(replied.body.message).toBe(m.replied);
      expect(replied.body.thread.thread).toMatchObject({ unanswered: false, messages_count: 3 });
      await told(url, bot, chat, 'Заказ уже в пути, придёт завтра.');
      const delivered = await eventually(async () => {
        const found = await thread(bot.seller.api, opened.id);
        return found.messages[2]?.delivery === 'sent' ? found : undefined;
      });
      expect(delivered.messages[2]).toMatchObject({ author: 'seller', delivery_label: m.deliverySent, image_url: null });
      expect((await threads(bot.seller.api)).unanswered).toBe(0);

      // The shopper answers back: the same thread is unanswered again, still one acknowledgement.
      expect((await shopperActs(url, bot.botId, chat, { text: 'Спасибо!' })).status).toBe(200);
      const again = await threadWith(bot.seller.api, opened.id, 4);
      expect(again.thread).toMatchObject({ unanswered: true, last_text: 'Спасибо!' });
      expect((await threads(bot.seller.api)).unanswered).toBe(1);
      expect(await acknowledgements(url, bot, chat)).toBe(1);
      // A new unanswered stretch is told again, once: the first one's notice was not repeated meanwhile.
      await advance(url, 16 * 60);
      expect(await nudges(2)).toHaveLength(2);

      // A receipt's QR code is still a receipt while the thread is open.
      await buys(url, bot, chat);
      expect((await thread(bot.seller.api, opened.id)).messages).toHaveLength(4);
    },
    DIALOG_TIMEOUT_MS,
  );

  it(
    'a closed thread takes no reply, plain text goes back to the bot’s help, and the button opens a new thread with a new acknowledgement',
    async () => {
      const { bot, chat, opened: first } = await questionAsked(url, 'Первый вопрос');

      const closed = await bot.seller.api.post(`/support/threads/${first.id}/close`, {});
      expect(closed.status).toBe(200);
      expect(closed.body).toMatchObject({ message: m.closedMessage, thread: { thread: { status: 'closed', unanswered: false } } });
      expect(closed.body.thread.thread.closed_at).toEqual(expect.any(String));
      // Closing again changes nothing.
      expect((await bot.seller.api.post(`/support/threads/${first.id}/close`, {})).body.thread.thread.closed_at).toBe(
        closed.body.thread.thread.closed_at,
      );
      const refused = await bot.seller.api.post(`/support/threads/${first.id}/reply`, { text: 'Поздно' });
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe(m.threadClosed);
      expect((await thread(bot.seller.api, first.id)).messages).toHaveLength(1);
      expect((await threads(bot.seller.api)).unanswered).toBe(0);

      const [help] = await shopperSays(url, bot, chat, { text: 'ещё вопрос' });
      expect(help!.text).toBe(messages.bot.help);
      expect((await thread(bot.seller.api, first.id)).messages).toHaveLength(1);

      await asksSupport(url, bot, chat);
      await shopperActs(url, bot.botId, chat, { text: 'Второй вопрос' });
      const list = await eventually(async () => {
        const found = await threads(bot.seller.api, `?project_id=${bot.projectId}`);
        return found.threads.length === 2 ? found : undefined;
      });
      expect(list.threads.map((row) => [row.status, row.last_text])).toEqual([
        ['open', 'Второй вопрос'],
        ['closed', 'Первый вопрос'],
      ]);
      expect(list.unanswered).toBe(1);
      expect((await threads(bot.seller.api, '?status=closed')).threads.map((row) => row.id)).toEqual([first.id]);
      expect((await threads(bot.seller.api, '?status=open')).threads.map((row) => row.last_text)).toEqual(['Второй вопрос']);
      await eventually(async () => ((await acknowledgements(url, bot, chat)) === 2 ? true : undefined));
    },
    DIALOG_TIMEOUT_MS,
  );

  it(
    'a reply to a shopper who blocked the bot shows as not delivered',
    async () => {
      const { bot, chat, opened } = await questionAsked(url, 'Вопрос');
      await blockChat(url, chat);
      expect((await bot.seller.api.post(`/support/threads/${opened.id}/reply`, { text: 'Ответ' })).status).toBe(200);
      const failed = await eventually(async () => {
        const found = await thread(bot.seller.api, opened.id);
        return found.messages[1]?.delivery === 'failed' ? found.messages[1] : undefined;
      });
      expect(failed.delivery_label).toBe(m.deliveryFailed);
    },
    DIALOG_TIMEOUT_MS,
  );

  it(
    'with the function off the menu has no button and plain text gets the help',
    async () => {
      const bot = await actionWithBot(url);
      const chat = newChatId();
      const [menu] = await shopperSays(url, bot, chat, { text: '/menu' });
      expect(JSON.stringify(menu!.reply_markup)).not.toContain(m.button);
      const [help] = await shopperSays(url, bot, chat, { text: 'Здравствуйте' });
      expect(help!.text).toBe(messages.bot.help);
      expect((await threads(bot.seller.api)).threads).toEqual([]);
    },
    DIALOG_TIMEOUT_MS,
  );

  it(
    'a bad reply is refused with a Russian message and nothing is written; bad filters are refused',
    async () => {
      const { bot, opened } = await questionAsked(url, 'Вопрос', false);

      const cases: [unknown, string][] = [
        [{}, m.replyRequired],
        [{ text: '' }, m.replyRequired],
        [{ text: '   ' }, m.replyRequired],
        [{ text: 42 }, m.replyRequired],
        [{ text: 'я'.repeat(4097) }, m.replyTooLong],
      ];
      for (const [body, message] of cases) {
        const refused = await bot.seller.api.post(`/support/threads/${opened.id}/reply`, body);
        expect(refused.status, JSON.stringify(body)).toBe(400);
        expect(refused.body.message).toBe(message);
      }
      expect((await bot.seller.api.post(`/support/threads/${opened.id}/reply`, { text: 'я'.repeat(4096) })).status).toBe(200);
      expect((await thread(bot.seller.api, opened.id)).messages.map((message) => message.author)).toEqual(['shopper', 'seller']);

      const badStatus = await bot.seller.api.get('/support/threads?status=archived');
      expect(badStatus.status).toBe(400);
      expect(badStatus.body.message).toBe(m.statusInvalid);
      const badProject = await bot.seller.api.get('/support/threads?project_id=abc');
      expect(badProject.status).toBe(400);
      expect(badProject.body.message).toBe(m.projectRequired);
      const badId = await bot.seller.api.get('/support/threads/abc');
      expect(badId.status).toBe(400);
      expect(badId.body.message).toBe(m.threadNotFound);
      expect((await bot.seller.api.get('/support/threads/999999999')).status).toBe(404);
      expect((await fetch(`${url}/lk/api/support/threads`)).status).toBe(401);
    },
    DIALOG_TIMEOUT_MS,
  );

  it('the inbox is read a page at a time: the cursor walks every thread once, in order, with threads written between pages', async () => {
    const seller = await createFundedSeller(url, BILLING_DEFAULTS.project_subscription_price);
    const created = await seller.api.post('/projects', { name: 'Страницы', project_inns: '072196655529' });
    expect(created.status).toBe(201);
    const projectId = created.body.project_id as number;
    // Threads written as the bot writes them; two a microsecond apart and two at the same moment
    // (the id orders those), so a position that lost precision would skip or repeat one.
    const write = async (tg: string, status: 'open' | 'closed', at: string) => {
      const [row] = await backend.query!<{ id: string }>(
        `INSERT INTO support_threads (project_id, buyer_tg_id, status, last_author, created_at, last_message_at, closed_at)
         VALUES ($1, $2, $3, 'shopper', $4::timestamptz, $4::timestamptz, CASE WHEN $3 = 'open' THEN NULL ELSE $4::timestamptz END)
         RETURNING id`,
        [projectId, tg, status, at],
      );
      return Number(row!.id);
    };
    const seeded = [
      await write('801', 'open', '2026-03-01 10:00:00.000001+00'),
      await write('802', 'closed', '2026-03-01 10:00:00.000002+00'),
      await write('803', 'open', '2026-03-01 10:00:00.000002+00'),
      await write('804', 'closed', '2026-03-02 10:00:00+00'),
      await write('805', 'open', '2026-03-03 10:00:00+00'),
    ];
    const walk = async (query: string, between?: () => Promise<void>) => {
      const seen: number[] = [];
      let cursor: string | null = null;
      do {
        const page: SupportThreadList = (
          await seller.api.get<SupportThreadList>(
            `/support/threads?project_id=${projectId}&limit=2${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
          )
        ).body;
        expect(page.threads.length).toBeLessThanOrEqual(2);
        seen.push(...page.threads.map((row) => row.id));
        cursor = page.next_cursor;
        if (seen.length === 2) await between?.();
      } while (cursor);
      return seen;
    };

    // After the first page: one thread older than all (the walk reaches it) and one newer (before the walk's position).
    let older = 0;
    let newer = 0;
    const [s801, s802, s803, s804, s805] = seeded;
    expect(
      await walk('', async () => {
        older = await write('806', 'open', '2026-02-01 10:00:00+00');
        newer = await write('807', 'closed', '2026-04-01 10:00:00+00');
      }),
    ).toEqual([s805, s804, s803, s802, s801, older]);
    expect(await walk('&status=open')).toEqual([s805, s803, s801, older]);
    // Every page counts the unanswered threads of the whole inbox, not of the page.
    expect((await seller.api.get<SupportThreadList>(`/support/threads?project_id=${projectId}&limit=1`)).body.unanswered).toBe(4);
    expect(await walk('&status=closed')).toEqual([newer, s804, s802]);

    // A cursor is only a position: another seller reads nothing of this action with it.
    const first = (await seller.api.get<SupportThreadList>(`/support/threads?limit=1`)).body;
    expect(first.next_cursor).not.toBeNull();
    const other = await createSeller(url);
    const theirs = await other.api.get<SupportThreadList>(`/support/threads?cursor=${encodeURIComponent(first.next_cursor!)}`);
    expect(theirs.body.threads).toEqual([]);

    const refused: [string, string][] = [
      ['cursor=garbage', m.cursorInvalid],
      [`cursor=${encodeCursor(['2026-03-01', 1])}`, m.cursorInvalid],
      [`cursor=${encodeCursor(['2026-03-01 10:00:00+00', 0])}`, m.cursorInvalid],
      [`cursor=${encodeCursor(['pending', 1])}`, m.cursorInvalid],
      ['cursor=', m.cursorInvalid],
      ['limit=0', m.limitInvalid],
      ['limit=201', m.limitInvalid],
      ['limit=abc', m.limitInvalid],
    ];
    for (const [query, message] of refused) {
      const answer = await seller.api.get(`/support/threads?${query}`);
      expect(answer.status, query).toBe(400);
      expect(answer.body.message, query).toBe(message);
    }
  });

  it(
    "another seller's threads, photos and actions are not found, and nothing is written",
    async () => {
      const bot = await actionWithSupport(url);
      const chat = newChatId();
      await asksSupport(url, bot, chat);
      await shopperActs(url, bot.botId, chat, { photo_base64: (await picture()).toString('base64') });
      const opened = await firstThread(bot.seller.api, bot.projectId);
      const imageUrl = (await threadWith(bot.seller.api, opened.id, 1)).messages[0]!.image_url!;

      const other = await createSeller(url);
      expect((await threads(other.api)).threads).toEqual([]);
      expect((await threads(other.api)).unanswered).toBe(0);
      expect((await other.api.get(`/support/threads?project_id=${bot.projectId}`)).status).toBe(404);
      const read = await other.api.get(`/support/threads/${opened.id}`);
      expect(read.status).toBe(404);
      expect(read.body.message).toBe(m.threadNotFound);
      expect((await other.api.post(`/support/threads/${opened.id}/reply`, { text: 'Чужой ответ' })).status).toBe(404);
      expect((await other.api.post(`/support/threads/${opened.id}/close`, {})).status).toBe(404);
      const image = await fetch(`${url}${imageUrl}`, { headers: { authorization: `Bearer ${other.api.token}` } });
      expect(image.status).toBe(404);

      const own = await thread(bot.seller.api, opened.id);
      expect(own.thread).toMatchObject({ status: 'open', unanswered: true, messages_count: 1 });
    },
    DIALOG_TIMEOUT_MS,
  );

  it(
    'the acknowledgement comes once per conversation: again only after a day in which neither side wrote',
    async () => {
      const { bot, chat, opened } = await questionAsked(url, 'Первый вопрос');
      await shopperActs(url, bot.botId, chat, { text: 'И ещё одно' });
      await threadWith(bot.seller.api, opened.id, 2);
      try {
        // Ten minutes short of a day: the same conversation. (Real time passes between the messages too,
        // seconds on a busy machine: a second short was a day and a moment once the next message came.)
        await advance(url, DAY_SECONDS - 10 * 60);
        await shopperActs(url, bot.botId, chat, { text: 'Вы здесь?' });
        await threadWith(bot.seller.api, opened.id, 3);
        expect(await acknowledgements(url, bot, chat)).toBe(1);
        // A full day of silence: the shopper's next message begins a new conversation, acknowledged once.
        await advance(url, DAY_SECONDS);
        await shopperActs(url, bot.botId, chat, { text: 'Прошли сутки' });
        await shopperActs(url, bot.botId, chat, { text: 'Ответьте, пожалуйста' });
        await threadWith(bot.seller.api, opened.id, 5);
        await eventually(async () => ((await acknowledgements(url, bot, chat)) === 2 ? true : undefined));
        expect((await threads(bot.seller.api, `?project_id=${bot.projectId}`)).threads).toHaveLength(1);
      } finally {
        await clockCall(url, 'DELETE');
      }
      expect(await acknowledgements(url, bot, chat)).toBe(2);
    },
    DIALOG_TIMEOUT_MS,
  );

  // Two app processes started one after the other: once per run is enough, on PostgreSQL when the run
  // has it (tests/api/startup.test.ts shows PGlite's data outliving a restart).
  it.runIf(backend.name === backends().at(-1)!.name)(
    'what a shopper writes while the app is down is there after the restart, and the reply made then reaches them',
    { timeout: 240_000 },
    async () => {
      // The app in a process of its own, restarted on the same database; Telegram is this backend's
      // emulator, so the chat and the updates sent meanwhile outlive the app.
      const dataDir = mkdtempSync(path.join(os.tmpdir(), 'scanapp-support-'));
      const env: Record<string, string> = { TELEGRAM_API_URL: `${url}/__emulators/telegram` };
      if (backend.clusterUrl) env.DATABASE_URL = createDatabase(backend.clusterUrl, `scanapp_support_${Date.now()}`);
      let server: RunningServer | undefined = await startServer(env, { keepDataDir: dataDir });
      try {
        const bot = await actionWithSupport(server.url);
        const chat = newChatId();
        await asksSupport(url, bot, chat);
        await shopperActs(url, bot.botId, chat, { text: 'До перезапуска' });
        await told(url, bot, chat, m.acknowledged);

        // A stop as a deploy does it: the bot's polling lease is let go, so the new process takes the bot at once.
        await server.stop();
        await shopperActs(url, bot.botId, chat, { text: 'Пока вас не было' });

        server = await startServer(env, { keepDataDir: dataDir });
        const api = new ApiClient(server.url, undefined, bot.seller.api.token);
        const opened = await firstThread(api, bot.projectId);
        const both = await threadWith(api, opened.id, 2);
        expect(both.messages.map((message) => message.text)).toEqual(['До перезапуска', 'Пока вас не было']);
        expect((await api.post(`/support/threads/${opened.id}/reply`, { text: 'Мы вернулись' })).status).toBe(200);
        await told(url, bot, chat, 'Мы вернулись');
        expect(await acknowledgements(url, bot, chat)).toBe(1);
      } finally {
        await server?.stop();
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  );
});
