import { randomInt } from 'node:crypto';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { BILLING_DEFAULTS } from '../../src/contract/billing.js';
import { fillMessage, messages } from '../../src/contract/messages.js';
import {
  MODERATION_RECEIPTS_SHOWN,
  type ModerationItem,
  type ModerationPending,
  type ModerationQueue,
} from '../../src/contract/moderation.js';
import { createSeller, type Seller } from '../support/api-client.js';
import { backends } from '../support/backends.js';
import { actionWithBot, shopperActs, shopperSays, WB_SELLER, type BotAction } from '../support/bot.js';
import { createFundedSeller } from '../support/operator.js';
import { mailsTo } from '../support/mail.js';
import { freshReceipt, registerReceipt } from '../support/receipts.js';
import { eventually, newChatId, telegramMessages, type EmulatedMessage } from '../support/telegram.js';
import type { Db } from '../../src/server/db/connection.js';
import * as schema from '../../src/server/db/schema.js';
import { encodeCursor } from '../../src/server/db/cursor.js';
import { queuePicture } from '../../src/server/modules/moderation/service.js';

const m = messages.moderation;
/** A test is a dozen bot round trips; on a busy machine each may take seconds. */
const DIALOG_TIMEOUT_MS = 120_000;
const FUNDS = BILLING_DEFAULTS.project_subscription_price + 20 * BILLING_DEFAULTS.receipt_price_tier1;

/** A picture no other test sends: a random colour. */
function picture(): Promise<Buffer> {
  const background = { r: randomInt(256), g: randomInt(256), b: randomInt(256) };
  return sharp({ create: { width: 320, height: 240, channels: 3, background } })
    .png()
    .toBuffer();
}

async function actionWithModeration(url: string, features: Record<string, unknown>): Promise<BotAction> {
  const bot = await actionWithBot(url, {}, FUNDS);
  const saved = await bot.seller.api.request('PUT', `/projects/${bot.projectId}/features`, { body: features });
  expect(saved.status).toBe(200);
  return bot;
}

/** A successful receipt of 1 786 ₽ through the bot (a verdict's message may arrive meanwhile). */
async function buys(url: string, bot: BotAction, chat: string) {
  const before = (await telegramMessages(url, { bot_id: bot.botId, chat_id: chat })).length;
  const sent = await shopperActs(url, bot.botId, chat, { text: await registerReceipt(url, freshReceipt('wb-aurora-cosmetics')) });
  expect(sent.status).toBe(200);
  await eventually(
    async () =>
      (await telegramMessages(url, { bot_id: bot.botId, chat_id: chat }))
        .slice(before)
        .find((message) => message.text?.includes('Начислено баллов: 178.')),
    30_000,
    'the receipt to be accepted',
  );
}

/** Opens the menu and presses a function's button; answers the bot's reply. */
async function presses(url: string, bot: BotAction, chat: string, button: string): Promise<string> {
  await shopperSays(url, bot, chat, { text: '/menu' });
  const [reply] = await shopperSays(url, bot, chat, { press: button });
  return reply!.text!;
}

/** Sends a picture (with a caption, when given); answers the bot's reply. */
async function sendsPicture(url: string, bot: BotAction, chat: string, image: Buffer, caption?: string): Promise<string> {
  const before = (await telegramMessages(url, { bot_id: bot.botId, chat_id: chat })).length;
  const sent = await shopperActs(url, bot.botId, chat, { photo_base64: image.toString('base64'), ...(caption ? { caption } : {}) });
  expect(sent.status).toBe(200);
  const replies = await eventually(
    async () => {
      const all = await telegramMessages(url, { bot_id: bot.botId, chat_id: chat });
      return all.length > before ? all.slice(before) : undefined;
    },
    30_000,
    'the bot to answer the picture',
  );
  return replies[0]!.text!;
}

const queue = async (seller: Seller, projectId: number) =>
  (await seller.api.get<ModerationQueue>(`/moderation?project_id=${projectId}`)).body;

/** The sidebar's count: waiting items in all of the seller's actions. */
async function pendingOfSeller(seller: Seller): Promise<number> {
  const answer = await seller.api.get<ModerationPending>('/moderation/pending');
  expect(answer.status).toBe(200);
  return answer.body.pending;
}

/** The bot's message to the shopper with exactly this text, once it came. */
const told = (url: string, bot: BotAction, chat: string, text: string) =>
  eventually(
    async () =>
      (await telegramMessages(url, { bot_id: bot.botId, chat_id: chat })).find((message: EmulatedMessage) => message.text === text),
    30_000,
    `the bot to tell «${text}»`,
  );

async function ledgerKinds(bot: BotAction, chat: string): Promise<[string, number][]> {
  const card = (await bot.seller.api.get(`/buyers/${chat}?project_id=${bot.projectId}`)).body;
  return card.ledger.map((row: { kind: string; delta: number }) => [row.kind, row.delta]);
}

describe.each(backends())('points for reviews and photos on $name', (backend) => {
  const url = backend.url;

  it(
    'a review screenshot waits in the queue with its comment and receipts; approving pays the points once and the bot tells the shopper',
    async () => {
      const bot = await actionWithModeration(url, { reviews: { enabled: true, points: 70 } });
      const chat = newChatId();
      await buys(url, bot, chat);

      const asked = await presses(url, bot, chat, m.reviewButton);
      expect(asked).toBe(fillMessage(m.askReview, { points: 70 }));
      // An honest review, never a rating.
      expect(asked).not.toMatch(/оценк|звезд|звёзд|5/i);
      expect(await sendsPicture(url, bot, chat, await picture(), 'Крем хороший, но пахнет резко')).toBe(m.received);

      const waiting = await queue(bot.seller, bot.projectId);
      expect(waiting.pending).toBe(1);
      expect(await pendingOfSeller(bot.seller)).toBe(1);
      const item = waiting.items[0]!;
      expect(item).toMatchObject({
        kind: 'review',
        kind_label: m.kindReview,
        status: 'pending',
        buyer: { tg_id: chat, name: 'Ира', username: 'ira_buyer' },
        comment: 'Крем хороший, но пахнет резко',
        points: null,
        successful_receipts: 1,
        rewarded: 0,
        image_url: `/lk/api/moderation/${item.id}/image`,
      });
      expect(item.receipts).toEqual([expect.objectContaining({ total: 1786, points_awarded: 178 })]);

      // The picture: for the action's seller only, re-encoded.
      const image = await fetch(`${url}${item.image_url}`, { headers: { authorization: `Bearer ${bot.seller.api.token}` } });
      expect(image.status).toBe(200);
      expect(image.headers.get('content-type')).toBe('image/jpeg');
      expect((await sharp(Buffer.from(await image.arrayBuffer())).metadata()).width).toBe(320);
      expect((await fetch(`${url}${item.image_url}`)).status).toBe(401);

      const approved = await bot.seller.api.post(`/moderation/${item.id}/approve`, {});
      expect(approved.status).toBe(200);
      expect(approved.body).toMatchObject({
        message: m.approvedMessage,
        item: { id: item.id, status: 'approved', points: 70, rewarded: 1 },
      });
      await told(url, bot, chat, fillMessage(m.approvedReview, { points: 70, name: 'Aurora', balance: 248 }));
      expect(await ledgerKinds(bot, chat)).toEqual([
        ['review', 70],
        ['receipt', 178],
      ]);

      // Once: a second approval is refused and writes nothing.
      const again = await bot.seller.api.post(`/moderation/${item.id}/approve`, {});
      expect(again.status).toBe(409);
      expect(again.body.message).toBe(m.alreadyDecided);
      expect(await ledgerKinds(bot, chat)).toHaveLength(2);
      expect((await queue(bot.seller, bot.projectId)).pending).toBe(0);
      expect(await pendingOfSeller(bot.seller)).toBe(0);
    },
    DIALOG_TIMEOUT_MS,
  );

  it(
    'a photo with the product takes its comment from the next text; a rejection needs a reason, tells it to the shopper and pays nothing',
    async () => {
      const bot = await actionWithModeration(url, { photos: { enabled: true, points: 40 } });
      const chat = newChatId();
      await buys(url, bot, chat);

      expect(await presses(url, bot, chat, m.photoButton)).toBe(fillMessage(m.askPhoto, { points: 40 }));
      const [notAPicture] = await shopperSays(url, bot, chat, { text: 'сейчас пришлю' });
      expect(notAPicture!.text).toBe(m.waitingForPhoto);
      expect(await sendsPicture(url, bot, chat, await picture())).toBe(`${m.received}\n${m.commentInvite}`);
      const [tooLong] = await shopperSays(url, bot, chat, { text: 'я'.repeat(1025) });
      expect(tooLong!.text).toBe(m.commentTooLong);
      const [comment] = await shopperSays(url, bot, chat, { text: 'Вот я с кремом' });
      expect(comment!.text).toBe(m.commentAdded);
      const [item] = (await queue(bot.seller, bot.projectId)).items;
      expect(item).toMatchObject({ kind: 'photo', comment: 'Вот я с кремом', status: 'pending' });

      for (const body of [{}, { reason: '   ' }, { reason: 'я'.repeat(501) }]) {
        const refused = await bot.seller.api.post(`/moderation/${item!.id}/reject`, body);
        expect(refused.status).toBe(400);
        expect(refused.body.message).toBe(body.reason === undefined || !body.reason.trim() ? m.reasonRequired : m.reasonTooLong);
      }
      expect((await queue(bot.seller, bot.projectId)).items[0]).toMatchObject({ status: 'pending', reason: null });

      const rejected = await bot.seller.api.post(`/moderation/${item!.id}/reject`, { reason: 'Товара не видно на фото' });
      expect(rejected.status).toBe(200);
      expect(rejected.body).toMatchObject({
        message: m.rejectedMessage,
        item: { status: 'rejected', reason: 'Товара не видно на фото', points: null },
      });
      await told(url, bot, chat, fillMessage(m.rejectedPhoto, { name: 'Aurora', reason: 'Товара не видно на фото' }));
      expect(await ledgerKinds(bot, chat)).toEqual([['receipt', 178]]);
      expect((await bot.seller.api.post(`/moderation/${item!.id}/approve`, {})).status).toBe(409);
      expect((await bot.seller.api.post(`/moderation/${item!.id}/reject`, { reason: 'ещё раз' })).status).toBe(409);
    },
    DIALOG_TIMEOUT_MS,
  );

  it(
    'the same picture sent again in the action is refused, whichever button it comes after',
    async () => {
      const bot = await actionWithModeration(url, { reviews: { enabled: true }, photos: { enabled: true } });
      const chat = newChatId();
      const image = await picture();
      await presses(url, bot, chat, m.reviewButton);
      expect(await sendsPicture(url, bot, chat, image, 'первый раз')).toBe(m.received);
      await presses(url, bot, chat, m.photoButton);
      expect(await sendsPicture(url, bot, chat, image, 'второй раз')).toBe(m.duplicatePicture);
      // Another shopper of the action neither.
      const other = newChatId();
      await presses(url, bot, other, m.photoButton);
      expect(await sendsPicture(url, bot, other, image)).toBe(m.duplicatePicture);
      expect((await queue(bot.seller, bot.projectId)).items.map((item: ModerationItem) => item.comment)).toEqual(['первый раз']);
      // The first picture waiting told the seller, with the queue's address; a second one waiting beside it
      // (queued with it, in the same transaction as its notice would be) adds none.
      expect(await sendsPicture(url, bot, other, await picture(), 'другая')).toBe(m.received);
      const waiting = async () =>
        (await mailsTo(url, bot.seller.email)).filter((mail) => mail.subject === messages.sellerNotices.moderationWaitingTitle);
      const [told] = await eventually(async () => ((await waiting()).length > 0 ? waiting() : undefined));
      expect(told!.text).toContain('/dashboard/moderation');
      expect(await waiting()).toHaveLength(1);
    },
    DIALOG_TIMEOUT_MS,
  );

  it(
    'one reward per successful receipt for each kind: approving more is refused until the shopper buys again',
    async () => {
      const bot = await actionWithModeration(url, { reviews: { enabled: true, points: 30 }, photos: { enabled: true, points: 20 } });
      const chat = newChatId();
      await presses(url, bot, chat, m.reviewButton);
      await sendsPicture(url, bot, chat, await picture(), 'первый');
      await presses(url, bot, chat, m.reviewButton);
      await sendsPicture(url, bot, chat, await picture(), 'второй');
      await presses(url, bot, chat, m.photoButton);
      await sendsPicture(url, bot, chat, await picture(), 'фото');
      const items = (await queue(bot.seller, bot.projectId)).items;
      const [first, second, photo] = ['первый', 'второй', 'фото'].map((comment) => items.find((item) => item.comment === comment)!);

      // No successful receipt yet: nothing to reward.
      const none = await bot.seller.api.post(`/moderation/${first!.id}/approve`, {});
      expect(none.status).toBe(409);
      expect(none.body.message).toBe(fillMessage(m.noReceiptLeft, { receipts: 0, approved: 0 }));

      await buys(url, bot, chat);
      expect((await bot.seller.api.post(`/moderation/${first!.id}/approve`, {})).status).toBe(200);
      const refused = await bot.seller.api.post(`/moderation/${second!.id}/approve`, {});
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe(fillMessage(m.noReceiptLeft, { receipts: 1, approved: 1 }));
      // Photos count apart from reviews.
      expect((await bot.seller.api.post(`/moderation/${photo!.id}/approve`, {})).status).toBe(200);
      expect((await queue(bot.seller, bot.projectId)).items.find((item) => item.id === second!.id)).toMatchObject({
        status: 'pending',
        successful_receipts: 1,
        rewarded: 1,
      });

      await buys(url, bot, chat);
      expect((await bot.seller.api.post(`/moderation/${second!.id}/approve`, {})).status).toBe(200);
      expect(await ledgerKinds(bot, chat)).toEqual([
        ['review', 30],
        ['receipt', 178],
        ['photo', 20],
        ['review', 30],
        ['receipt', 178],
      ]);
    },
    DIALOG_TIMEOUT_MS,
  );

  it(
    "another seller's queue, item and picture are not found, and nothing is written",
    async () => {
      const bot = await actionWithModeration(url, { reviews: { enabled: true } });
      const chat = newChatId();
      await buys(url, bot, chat);
      await presses(url, bot, chat, m.reviewButton);
      await sendsPicture(url, bot, chat, await picture(), 'мой отзыв');
      const [item] = (await queue(bot.seller, bot.projectId)).items;

      const stranger = await createSeller(url);
      expect(await pendingOfSeller(stranger)).toBe(0);
      expect(await pendingOfSeller(bot.seller)).toBe(1);
      const anonymous = await fetch(`${url}/lk/api/moderation/pending`);
      expect(anonymous.status).toBe(401);
      const list = await stranger.api.get(`/moderation?project_id=${bot.projectId}`);
      expect(list.status).toBe(404);
      expect(list.body.message).toBe(messages.actions.notFound);
      for (const answer of [
        await stranger.api.post(`/moderation/${item!.id}/approve`, {}),
        await stranger.api.post(`/moderation/${item!.id}/reject`, { reason: 'чужое' }),
        await stranger.api.get(`/moderation/${item!.id}/image`),
      ]) {
        expect(answer.status).toBe(404);
        expect(answer.body.message).toBe(m.itemNotFound);
      }
      expect((await queue(bot.seller, bot.projectId)).items[0]).toMatchObject({ status: 'pending', reason: null, points: null });
      expect(await ledgerKinds(bot, chat)).toEqual([['receipt', 178]]);

      const malformed = await bot.seller.api.post('/moderation/abc/approve', {});
      expect(malformed.status).toBe(400);
      expect(malformed.body.message).toBe(m.itemNotFound);
      const unnamed = await bot.seller.api.get('/moderation');
      expect(unnamed.status).toBe(400);
      expect(unnamed.body.message).toBe(m.projectRequired);
    },
    DIALOG_TIMEOUT_MS,
  );

  it(
    'a function that is off shows no button, and its old button says so',
    async () => {
      const bot = await actionWithModeration(url, { reviews: { enabled: true } });
      const chat = newChatId();
      await shopperSays(url, bot, chat, { text: '/menu' });
      await bot.seller.api.request('PUT', `/projects/${bot.projectId}/features`, { body: { reviews: { enabled: false } } });
      const [menu] = await shopperSays(url, bot, chat, { text: '/menu' });
      expect(JSON.stringify(menu!.reply_markup)).not.toContain(m.reviewButton);
      // The button of the earlier menu, pressed now.
      const [old] = await shopperSays(url, bot, chat, { press: m.reviewButton });
      expect(old!.text).toBe(messages.botFeatures.featureOff);
    },
    DIALOG_TIMEOUT_MS,
  );

  it.skipIf(!backend.clusterUrl)(
    'two first pictures queued at once tell the seller once: the second waits for the first, then sees the queue waiting',
    async () => {
      const seller = await createFundedSeller(url, FUNDS);
      const created = await seller.api.post('/projects', { name: 'Aurora', project_inns: WB_SELLER });
      const projectId = created.body.project_id as number;
      const connections = new pg.Pool({ connectionString: backend.databaseUrl!, max: 3 });
      const db = drizzle({ client: connections, schema }) as unknown as Db;
      const picture = (buyerTgId: string) => ({
        projectId,
        buyerTgId,
        kind: 'review' as const,
        comment: null,
        image: Buffer.from(buyerTgId),
        imageType: 'image/jpeg',
        imageSha256: buyerTgId.padStart(64, '0'),
        createdAt: new Date(),
      });
      const queueOne = (buyerTgId: string) =>
        db.transaction((tx) =>
          queuePicture(tx as unknown as Db, picture(buyerTgId), { sellerId: seller.id, action: 'Aurora', buyer: buyerTgId }),
        );
      try {
        let secondSettled = false;
        let second: Promise<number | undefined> | undefined;
        const first = db.transaction(async (tx) => {
          const id = await queuePicture(tx as unknown as Db, picture('501'), { sellerId: seller.id, action: 'Aurora', buyer: '501' });
          // Not committed yet: the second picture starts now and must wait for this one.
          second = queueOne('502').finally(() => (secondSettled = true));
          await eventually(
            async () => {
              const waiting = await connections.query(
                `SELECT 1 FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND datname = current_database()`,
              );
              return waiting.rowCount || secondSettled ? true : undefined;
            },
            10_000,
            'the second picture to wait or finish',
          );
          return id;
        });
        const ids = await Promise.all([first, first.then(() => second!)]);
        expect(ids.every((id) => typeof id === 'number')).toBe(true);
        const notices = await connections.query(`SELECT channel FROM seller_notices WHERE user_id = $1 AND event = 'moderation_waiting'`, [
          seller.id,
        ]);
        expect(notices.rows).toEqual([{ channel: 'email' }]);
      } finally {
        await connections.end();
      }
    },
  );
  it('the queue is read a page at a time: waiting items oldest first, then decided ones newest first, each once, with items added between pages', async () => {
    const seller = await createFundedSeller(url, BILLING_DEFAULTS.project_subscription_price);
    const created = await seller.api.post('/projects', { name: 'Очередь', project_inns: '072196655529' });
    expect(created.status).toBe(201);
    const projectId = created.body.project_id as number;
    // Items as the bot and the verdicts write them; two decisions a microsecond apart and two at the same moment.
    const write = async (comment: string, decidedAt: string | null, status = decidedAt ? 'approved' : 'pending') => {
      const [row] = await backend.query!<{ id: string }>(
        `INSERT INTO moderation_items (project_id, buyer_tg_id, kind, comment, image, image_type, image_sha256, status, reason, created_at, decided_at)
         VALUES ($1, '900', 'review', $2, '\\x89504e47'::bytea, 'image/png', $2, $3, CASE WHEN $3 = 'rejected' THEN 'Нет товара' END,
                 '2026-03-01 09:00:00+00', $4::timestamptz)
         RETURNING id`,
        [projectId, comment, status, decidedAt],
      );
      return Number(row!.id);
    };
    const [p1, d1, p2, d2, d3, d4, p3] = [
      await write('ждёт 1', null),
      await write('решена 1', '2026-03-01 10:00:00.000001+00'),
      await write('ждёт 2', null),
      await write('решена 2', '2026-03-01 10:00:00.000002+00', 'rejected'),
      await write('решена 3', '2026-03-01 10:00:00.000002+00'),
      await write('решена 4', '2026-03-02 10:00:00+00'),
      await write('ждёт 3', null),
    ];
    const walk = async (limit: number, between?: () => Promise<void>) => {
      const seen: number[] = [];
      let cursor: string | null = null;
      do {
        const page: ModerationQueue = (
          await seller.api.get<ModerationQueue>(
            `/moderation?project_id=${projectId}&limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
          )
        ).body;
        expect(page.items.length).toBeLessThanOrEqual(limit);
        seen.push(...page.items.map((item) => item.id));
        cursor = page.next_cursor;
        if (seen.length === limit) await between?.();
      } while (cursor);
      return seen;
    };

    // After the first page (inside the waiting part): a new waiting item and a new decision, both still ahead of the walk.
    let waiting = 0;
    let decided = 0;
    expect(
      await walk(2, async () => {
        waiting = await write('ждёт 4', null);
        decided = await write('решена 5', '2026-03-03 10:00:00+00');
      }),
    ).toEqual([p1, p2, p3, waiting, decided, d4, d3, d2, d1]);
    // A page that ends the waiting part goes on into the decided one; a walk from inside the decided part adds nothing before it.
    expect(await walk(3)).toEqual([p1, p2, p3, waiting, decided, d4, d3, d2, d1]);
    expect(await walk(5, async () => void (await write('ждёт 5', null)))).toEqual([p1, p2, p3, waiting, decided, d4, d3, d2, d1]);
    expect((await seller.api.get<ModerationQueue>(`/moderation?project_id=${projectId}&limit=1`)).body.pending).toBe(5);

    // Beside each item, the shopper's successful receipts: all of them counted, the newest few shown
    // (written as the checks would: the receipts, one not successful, and the shopper's statistics).
    const receiptIds = await backend.query!<{ id: string }>(
      `INSERT INTO receipts (user_id, project_id, project_name, project_inns, buyer_tg_id, qr_raw, fn, fd, fp, issued_at,
                             total_kopecks, status, message, points_awarded, counted_kopecks, fee_kopecks, scanned_at)
       SELECT $1, $2, 'Очередь', '{072196655529}', '900', 'test', '9999000000000045', g::text, g::text, '2026-02-01 09:00:00+00',
              100000 + g, CASE WHEN g = 13 THEN 'failed' ELSE 'success' END, 'test', 0, 100000 + g, 0, '2026-02-01 09:00:00+00'
         FROM generate_series(1, 13) AS g
       RETURNING id`,
      [seller.id, projectId],
    );
    await backend.query!(
      `INSERT INTO buyer_stats (user_id, project_id, buyer_tg_id, successful_receipts, total_kopecks, last_receipt_at, held_kopecks)
       SELECT user_id, project_id, buyer_tg_id, count(*), sum(counted_kopecks), max(issued_at), 0 FROM receipts
        WHERE project_id = $1 AND status = 'success' GROUP BY 1, 2, 3`,
      [projectId],
    );
    const newest = receiptIds
      .slice(0, 12)
      .map((row) => Number(row.id))
      .reverse()
      .slice(0, MODERATION_RECEIPTS_SHOWN);
    const shown = (await queue(seller, projectId)).items;
    expect(shown.length).toBe(10);
    for (const item of shown) {
      expect(item.successful_receipts).toBe(12);
      expect(item.receipts.map((receipt) => receipt.id)).toEqual(newest);
    }

    const refused: [string, string][] = [
      ['cursor=garbage', m.cursorInvalid],
      [`cursor=${encodeCursor(['pending', 0])}`, m.cursorInvalid],
      [`cursor=${encodeCursor(['decided', '2026-03-01', 1])}`, m.cursorInvalid],
      [`cursor=${encodeCursor(['decided', 1])}`, m.cursorInvalid],
      [`cursor=${encodeCursor(['2026-03-01 10:00:00+00', 1])}`, m.cursorInvalid],
      ['limit=0', m.limitInvalid],
      ['limit=201', m.limitInvalid],
    ];
    for (const [query, message] of refused) {
      const answer = await seller.api.get(`/moderation?project_id=${projectId}&${query}`);
      expect(answer.status, query).toBe(400);
      expect(answer.body.message, query).toBe(message);
    }
  });
});
