import { afterEach, describe, expect, it } from 'vitest';
import { BILLING_DEFAULTS } from '../../src/contract/billing.js';
import { formatDate } from '../../src/contract/format.js';
import { fillMessage, messages } from '../../src/contract/messages.js';
import { expiryPhrase } from '../../src/contract/points.js';
import { ApiClient } from '../support/api-client.js';
import { backends, withPostgres } from '../support/backends.js';
import { actionWithBot, actionWithShop, balanceLines, initDataOf, shopperActs, shopperSays, type BotAction } from '../support/bot.js';
import { advance, clockCall } from '../support/clock.js';
import { verifyData } from '../support/operator.js';
import { freshReceipt, registerReceipt } from '../support/receipts.js';
import { eventually, newChatId, telegramMessages } from '../support/telegram.js';

const m = messages.points;
const b = messages.bot;
const DAY = 24 * 60 * 60;
const FUNDS = BILLING_DEFAULTS.project_subscription_price + 20 * BILLING_DEFAULTS.receipt_price_tier1;
/** 1 786 ₽ of the action's goods: 178 points at the default 10 %. */
const RECEIPT = 'wb-aurora-cosmetics';

/** The server's time now (the demo clock's). */
async function serverNow(url: string): Promise<Date> {
  return new Date((await clockCall(url, 'GET')).body.now);
}

/** A receipt bought a day before the server's (moved) time, sent to the bot; answers the bot's reply. */
async function sendReceipt(url: string, bot: BotAction, chat: string) {
  const offsetDays = (await clockCall(url, 'GET')).body.offset_seconds / DAY;
  const [reply] = await shopperSays(url, bot, chat, { text: await registerReceipt(url, freshReceipt(RECEIPT, 1 - offsetDays)) });
  expect(reply!.text).toContain('Начислено баллов: 178.');
}

describe.each(backends())('points that expire on $name', (backend) => {
  const url = backend.url;
  // The file's app is shared by its tests: each starts from real time.
  afterEach(async () => {
    expect((await clockCall(url, 'DELETE')).status).toBe(200);
  });

  it('spending takes the soonest-expiring points first; expiry takes exactly what is left of each batch, and the shopper is reminded once', async () => {
    const shop = await actionWithShop(url, { points_lifetime_days: 30, expiry_reminder_days: 7 }, 200, FUNDS);
    const chat = newChatId();
    const earnedFirst = await serverNow(url);
    await sendReceipt(url, shop, chat);
    await advance(url, 10 * DAY);
    const earnedSecond = await serverNow(url);
    await sendReceipt(url, shop, chat);
    const firstExpiresAt = new Date(earnedFirst.getTime() + 30 * DAY * 1000);
    const secondExpiresAt = new Date(earnedSecond.getTime() + 30 * DAY * 1000);
    expect((await balanceLines(url, shop, chat)).slice(0, 2)).toEqual([
      fillMessage(b.balance, { name: 'Aurora', points: 356 }),
      expiryPhrase(178, firstExpiresAt),
    ]);

    // 200 points in the shop: all 178 of the first batch, 22 of the second.
    const opened = await shopperActs(url, shop.botId, chat, { press: b.shopButton });
    const bought = await new ApiClient(url).post(
      `/public/shop/${shop.shopToken}/purchase`,
      { product_id: shop.productId, buyer_tg_id: chat },
      { headers: { 'x-telegram-init-data': initDataOf(opened.body.url!) } },
    );
    expect(bought.status).toBe(200);
    expect(bought.body.points).toBe(156);
    expect((await balanceLines(url, shop, chat))[1]).toBe(expiryPhrase(156, secondExpiresAt));

    // Day 31: the first batch's time has come, but none of it is left: nothing expires. No reminder
    // yet either: the second batch expires in 9 days, the reminder comes 7 days before.
    await advance(url, 21 * DAY);
    expect((await balanceLines(url, shop, chat))[0]).toBe(fillMessage(b.balance, { name: 'Aurora', points: 156 }));
    const reminder = fillMessage(m.expiryReminder, { name: 'Aurora', expiry: expiryPhrase(156, secondExpiresAt) });
    const reminders = async () => (await telegramMessages(url, { bot_id: shop.botId, chat_id: chat })).filter((x) => x.text === reminder);
    expect(await reminders()).toEqual([]);

    // Day 34: within 7 days of the second batch's expiry: one reminder, with the shop's button.
    await advance(url, 3 * DAY);
    const [sent] = await eventually(async () => ((await reminders()).length > 0 ? reminders() : undefined), 30_000, 'the reminder');
    expect(sent!.reply_markup).toEqual({ inline_keyboard: [[{ text: b.shopButton, web_app: { url: `${url}/shop/${shop.shopToken}` } }]] });
    await advance(url, DAY);
    expect(await reminders()).toHaveLength(1);

    // Day 41: the second batch expires, exactly its 156 unspent points.
    await advance(url, 6 * DAY);
    const after = await balanceLines(url, shop, chat);
    expect(after[0]).toBe(fillMessage(b.balance, { name: 'Aurora', points: 0 }));
    expect(after.some((line) => line.includes('сгорят'))).toBe(false);
    expect((await reminders()).length).toBe(1);
    // The ledger explains every movement: two receipts, the exchange, one expiry of exactly 156.
    const card = (await shop.seller.api.get(`/buyers/${chat}?project_id=${shop.projectId}`)).body;
    expect(
      card.ledger.map((row: { kind: string; delta: number; balance_after: number }) => [row.kind, row.delta, row.balance_after]),
    ).toEqual([
      ['expiry', -156, 0],
      ['order', -200, 156],
      ['receipt', 178, 356],
      ['receipt', 178, 178],
    ]);
    expect(card.ledger[0]).toMatchObject({ actor: 'system', reason: fillMessage(m.reasonExpiry, { date: formatDate(earnedSecond) }) });
    expect((await verifyData(url)).violations).toEqual([]);
    // Seven clock moves, each running every periodic job, and a dozen bot round trips.
  }, 120_000);

  it('a new lifetime applies to points earned afterwards only; points that never expire stay, and no reminder goes out when it is off', async () => {
    const bot = await actionWithBot(url, { expiry_reminder_days: 0 }, FUNDS);
    const chat = newChatId();
    await sendReceipt(url, bot, chat);
    expect((await bot.seller.api.request('PUT', `/projects/${bot.projectId}`, { body: { points_lifetime_days: 5 } })).status).toBe(200);
    await sendReceipt(url, bot, chat);
    expect((await balanceLines(url, bot, chat))[1]).toMatch(/^178 баллов сгорят \d\d\.\d\d\.\d{4}$/);

    await advance(url, 6 * DAY);
    const after = await balanceLines(url, bot, chat);
    expect(after[0]).toBe(fillMessage(b.balance, { name: 'Aurora', points: 178 }));
    expect(after.some((line) => line.includes('сгорят'))).toBe(false);
    const texts = (await telegramMessages(url, { bot_id: bot.botId, chat_id: chat })).map((x) => x.text ?? '');
    expect(texts.some((text) => text.includes('Успейте обменять'))).toBe(false);
    expect((await verifyData(url)).violations).toEqual([]);
  });

  // Two connections only on PostgreSQL (PGlite has one session): a purchase holds one shopper's balance row.
  // The first lot is the spender's.
  it.skipIf(backend.name !== 'postgres')(
    'a batch skips a shopper whose purchase is under way and expires the rest; that shopper’s lot then expires after the purchase, only what is left',
    async () => {
      const bot = await actionWithBot(url);
      const [spender, other] = [newChatId(), newChatId()];
      const query = backend.query!;
      await query(
        `WITH credits AS (
           INSERT INTO points_ledger (project_id, buyer_tg_id, delta, reason, reference, created_at, kind, actor, expires_at)
           SELECT $1, buyer, 10, 'Чек', 'receipt:lock' || buyer, now() - interval '40 days', 'receipt', 'system', now() - interval '1 day'
             FROM unnest($2::text[]) AS buyer RETURNING id, project_id, buyer_tg_id, expires_at, delta),
         lots AS (INSERT INTO points_lots (ledger_id, project_id, buyer_tg_id, expires_at, remaining)
                  SELECT id, project_id, buyer_tg_id, expires_at, delta FROM credits)
         INSERT INTO buyer_points (project_id, buyer_tg_id, balance) SELECT project_id, buyer_tg_id, delta FROM credits`,
        [bot.projectId, `{${spender},${other}}`],
      );
      const lots = await query<{ ledger_id: string; buyer_tg_id: string }>(
        `SELECT ledger_id, buyer_tg_id FROM points_lots WHERE project_id = $1 ORDER BY buyer_tg_id = $2 DESC`,
        [bot.projectId, spender],
      );
      const ids = `{${lots.map((lot) => lot.ledger_id).join(',')}}`;

      await withPostgres(backend, async (purchase) => {
        await purchase.query('BEGIN');
        await purchase.query(
          `SELECT * FROM move_points(jsonb_build_object('project_id', $1::int, 'buyer_tg_id', $2::text, 'delta', -4, 'kind', 'order',
                                                        'actor', 'shopper', 'reason', 'Заказ', 'reference', 'order:lock' || $2, 'created_at', now()))`,
          [bot.projectId, spender],
        );
        // The batch neither waits for the purchase nor touches its shopper.
        const batch = await query(
          `SELECT expired, skipped::text[] AS skipped FROM expire_lots($1::bigint[], ARRAY['Сгорание', 'Сгорание'], now(), false)`,
          [ids],
        );
        expect(batch).toEqual([{ expired: 10, skipped: [lots[0]!.ledger_id] }]);
        // The job skips it the same way, then expires that lot alone: it waits for the purchase
        // and takes what the purchase left (a job reaching the lot after the commit takes the same).
        const run = advance(url, 60);
        await purchase.query('COMMIT');
        await run;
      });
      const ledger = await query<{ buyer_tg_id: string; kind: string; delta: number }>(
        `SELECT buyer_tg_id, kind, delta FROM points_ledger WHERE project_id = $1 AND kind <> 'receipt' ORDER BY id`,
        [bot.projectId],
      );
      expect(ledger).toEqual([
        { buyer_tg_id: spender, kind: 'order', delta: -4 },
        { buyer_tg_id: other, kind: 'expiry', delta: -10 },
        { buyer_tg_id: spender, kind: 'expiry', delta: -6 },
      ]);
      expect(await query(`SELECT balance FROM buyer_points WHERE project_id = $1`, [bot.projectId])).toEqual([
        { balance: 0 },
        { balance: 0 },
      ]);
      expect((await verifyData(url)).violations).toEqual([]);
    },
  );
});
