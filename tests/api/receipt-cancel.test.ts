import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { BILLING_DEFAULTS } from '../../src/contract/billing.js';
import { formatPoints } from '../../src/contract/format.js';
import { EXPORT_HEADERS } from '../../src/contract/exports.js';
import { formatDate, formatRubles } from '../../src/contract/format.js';
import { fillMessage, messages } from '../../src/contract/messages.js';
import type { Receipt } from '../../src/contract/receipts.js';
import type { Seller } from '../support/api-client.js';
import { backends } from '../support/backends.js';
import { actionWithBot, shopperSays, type BotAction } from '../support/bot.js';
import { advance, clockCall } from '../support/clock.js';
import { createFundedSeller, dataFingerprint, verifyData } from '../support/operator.js';
import { freshReceipt, registerReceipt } from '../support/receipts.js';
import { eventually, newChatId, telegramMessages } from '../support/telegram.js';

const m = messages.receiptCancel;
/** The Wildberries fixture earns 178 points at 10 % (1 780 ₽ counted). */
const RECEIPT_POINTS = 178;
const FUNDS = BILLING_DEFAULTS.project_subscription_price + 20 * BILLING_DEFAULTS.receipt_price_tier1;
const HOUR = 3600;
const DAY = 24 * HOUR;

const cancelPath = (receiptId: number) => `/receipts/${receiptId}/cancel`;
const cancel = (seller: Seller, receiptId: number, body: Record<string, unknown> = { reason: 'Возврат товара' }) =>
  seller.api.post(cancelPath(receiptId), body);

/** A successful receipt of the action for this shopper; answers it as the history shows it. */
async function checkReceipt(url: string, bot: BotAction, buyer: string): Promise<Receipt> {
  const qrurl = await registerReceipt(url, freshReceipt('wb-aurora-cosmetics'));
  const answer = await bot.seller.api.post('/check', { qrurl, project_id: bot.projectId, user_id_tg: buyer });
  expect(answer.body.success, answer.text).toBe(true);
  return (await history(bot))[0]!;
}

async function history(bot: BotAction, query = ''): Promise<Receipt[]> {
  const answer = await bot.seller.api.get(`/receipts?project_id=${bot.projectId}&limit=100${query}`);
  expect(answer.status, answer.text).toBe(200);
  return answer.body.receipts;
}

/** A shopper who started the action's bot (so it may write to them). */
async function shopperOf(url: string, bot: BotAction): Promise<string> {
  const chat = newChatId();
  await shopperSays(url, bot, chat, { text: '/start' });
  return chat;
}

const card = async (bot: BotAction, buyer: string) => (await bot.seller.api.get(`/buyers/${buyer}?project_id=${bot.projectId}`)).body;
const sellerBalance = async (seller: Seller) => (await seller.api.get(`/profile?user_id=${seller.id}`)).body.user.balance as number;

async function shopperHears(url: string, bot: BotAction, buyer: string, text: string) {
  return eventually(
    async () => (await telegramMessages(url, { bot_id: bot.botId, chat_id: buyer })).find((message) => message.text === text),
    30_000,
    'the bot to tell the shopper',
  );
}

const noticeFor = (receipt: Receipt, reason: string, points: number, balance: number) =>
  fillMessage(m.shopperNotice, {
    date: formatDate(receipt.dateTime!),
    total: formatRubles(receipt.totalSum!),
    name: 'Aurora',
    reason,
    points: formatPoints(points),
    balance: formatPoints(balance),
  });

/** What a cancel writes, to tell "nothing was written" (notices and other tests' jobs aside). */
const CANCEL_TABLES = [
  'receipts',
  'points_ledger',
  'buyer_points',
  'points_lots',
  'points_holds',
  'buyer_stats',
  'seller_buyers',
  'buyer_summaries',
];
const cancelTables = async (url: string) => {
  const tables = await dataFingerprint(url);
  return CANCEL_TABLES.map((table) => tables[table]);
};

describe.each(backends())('cancelling a receipt’s points on $name', (backend) => {
  const url = backend.url;

  it('takes the available points back (the soonest-expiring first), shows «Отменён» everywhere and tells the shopper; the fee stays', async () => {
    const bot = await actionWithBot(url, { points_lifetime_days: 30 }, FUNDS);
    const buyer = await shopperOf(url, bot);
    const receipt = await checkReceipt(url, bot, buyer);
    // 40 points that expire sooner than the receipt's.
    expect((await bot.seller.api.request('PUT', `/projects/${bot.projectId}`, { body: { points_lifetime_days: 5 } })).status).toBe(200);
    await bot.seller.api.post(`/buyers/${buyer}/points`, { project_id: bot.projectId, delta: 40, reason: 'Бонус' });
    const balanceBefore = await sellerBalance(bot.seller);

    const preview = await bot.seller.api.get(cancelPath(receipt.id));
    expect(preview.status, preview.text).toBe(200);
    expect(preview.body).toEqual({
      receipt_id: receipt.id,
      points_awarded: RECEIPT_POINTS,
      held: 0,
      available: RECEIPT_POINTS,
      not_recovered: 0,
    });

    const answer = await cancel(bot.seller, receipt.id, { reason: '  Возврат товара на Wildberries ' });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body).toEqual({
      message: fillMessage(m.cancelled, { id: receipt.id, points: formatPoints(RECEIPT_POINTS) }),
      receipt_id: receipt.id,
      points_cancelled: RECEIPT_POINTS,
      held_cancelled: 0,
      available_cancelled: RECEIPT_POINTS,
      not_recovered: 0,
      cancel_reason: 'Возврат товара на Wildberries',
      cancelled_at: expect.any(String),
      already_cancelled: false,
    });

    // The 40 points expiring in 5 days went first; what is left is the receipt's own 30-day lot.
    const after = await card(bot, buyer);
    expect(after).toMatchObject({ points: 40, successful_receipts: 1, spent_total: 0 });
    expect(after.nearest_expiry.points).toBe(40);
    expect(new Date(after.nearest_expiry.expires_at).getTime() - new Date(receipt.scanned_at).getTime()).toBeGreaterThan(20 * 86_400_000);
    expect(after.ledger[0]).toMatchObject({
      delta: -RECEIPT_POINTS,
      kind: 'cancel',
      kind_label: messages.points.kindCancel,
      actor: 'seller',
      reason: fillMessage(m.ledgerReason, { id: receipt.id, reason: 'Возврат товара на Wildberries' }),
      balance_after: 40,
    });
    expect(after.receipts[0]).toMatchObject({
      id: receipt.id,
      status: 'cancelled',
      status_label: 'Отменён',
      cancel_reason: 'Возврат товара на Wildberries',
      cancelled_at: answer.body.cancelled_at,
      points_cancelled: RECEIPT_POINTS,
      points_awarded: RECEIPT_POINTS,
    });

    // The history: «Отменён» with the reason; the status filter picks it, «Успешно» no longer lists it.
    const [shown] = await history(bot);
    expect(shown).toMatchObject({
      id: receipt.id,
      status: 'cancelled',
      cancel_reason: 'Возврат товара на Wildberries',
      cancelled_at: answer.body.cancelled_at,
      points_cancelled: RECEIPT_POINTS,
      points_awarded: RECEIPT_POINTS,
    });
    const cancelled = await bot.seller.api.get(`/receipts?status=cancelled&project_id=${bot.projectId}`);
    expect(cancelled.body.receipts.map((row: Receipt) => row.id)).toEqual([receipt.id]);
    expect(cancelled.body.pagination.total_receipts).toBe(1);
    const accepted = await bot.seller.api.get(`/receipts?status=success&project_id=${bot.projectId}`);
    expect(accepted.body).toMatchObject({ receipts: [], pagination: { total_receipts: 0 } });
    const badFilter = await bot.seller.api.get('/receipts?status=returned');
    expect(badFilter.status).toBe(400);
    expect(badFilter.body).toEqual({ message: m.statusFilterInvalid });

    // The CSV says it too, and its status filter is the history's.
    const csv = await bot.seller.api.get(`/receipts/export.csv?project_id=${bot.projectId}&status=cancelled`);
    const rows = parse(csv.text, { bom: true, delimiter: ';' }) as string[][];
    expect(rows[0]).toEqual([...EXPORT_HEADERS.receipts]);
    expect(rows).toHaveLength(2);
    expect(rows[1]![4]).toBe('Отменён');
    expect(rows[1]!.slice(-2)).toEqual(['Возврат товара на Wildberries', String(RECEIPT_POINTS)]);

    // The check was made: its fee is not refunded.
    expect(await sellerBalance(bot.seller)).toBe(balanceBefore);
    await shopperHears(url, bot, buyer, noticeFor(receipt, 'Возврат товара на Wildberries', RECEIPT_POINTS, 40));
    expect((await verifyData(url)).violations).toEqual([]);
  });

  it('never goes below zero: what the shopper already spent is said in the answer', async () => {
    const bot = await actionWithBot(url, {}, FUNDS);
    const buyer = await shopperOf(url, bot);
    const receipt = await checkReceipt(url, bot, buyer);
    await bot.seller.api.post(`/buyers/${buyer}/points`, { project_id: bot.projectId, delta: -100, reason: 'Обмен вне магазина' });
    const left = RECEIPT_POINTS - 100;

    expect((await bot.seller.api.get(cancelPath(receipt.id))).body).toMatchObject({ held: 0, available: left, not_recovered: 100 });
    const answer = await cancel(bot.seller, receipt.id);
    expect(answer.body).toMatchObject({
      message: `${fillMessage(m.cancelled, { id: receipt.id, points: formatPoints(left) })} ${fillMessage(m.notRecovered, { points: formatPoints(100) })}`,
      points_cancelled: left,
      held_cancelled: 0,
      available_cancelled: left,
      not_recovered: 100,
    });
    expect((await card(bot, buyer)).points).toBe(0);
    await shopperHears(url, bot, buyer, noticeFor(receipt, 'Возврат товара', left, 0));

    // With every point spent, a cancel still marks the receipt; no ledger row, and the shopper hears why.
    const spent = await checkReceipt(url, bot, buyer);
    await bot.seller.api.post(`/buyers/${buyer}/points`, { project_id: bot.projectId, delta: -RECEIPT_POINTS, reason: 'Обмен' });
    const nothing = await cancel(bot.seller, spent.id);
    expect(nothing.body).toMatchObject({ points_cancelled: 0, not_recovered: RECEIPT_POINTS, already_cancelled: false });
    expect((await card(bot, buyer)).ledger.filter((row: { kind: string }) => row.kind === 'cancel')).toHaveLength(1);
    const [shown] = await history(bot);
    expect(shown).toMatchObject({ id: spent.id, status: 'cancelled', points_cancelled: 0 });
    await shopperHears(
      url,
      bot,
      buyer,
      fillMessage(m.shopperNoticeNothingTaken, {
        date: formatDate(spent.dateTime!),
        total: formatRubles(spent.totalSum!),
        name: 'Aurora',
        reason: 'Возврат товара',
      }),
    );
    expect((await verifyData(url)).violations).toEqual([]);
  });

  it('a second cancel, even at the same moment, changes nothing and answers the first one’s facts', async () => {
    const bot = await actionWithBot(url, {}, FUNDS);
    const buyer = await shopperOf(url, bot);
    const receipt = await checkReceipt(url, bot, buyer);
    await checkReceipt(url, bot, buyer);

    const answers = await Promise.all([cancel(bot.seller, receipt.id), cancel(bot.seller, receipt.id, { reason: 'Другая причина' })]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    const [first, repeat] = answers[0]!.body.already_cancelled
      ? [answers[1]!.body, answers[0]!.body]
      : [answers[0]!.body, answers[1]!.body];
    expect(first.already_cancelled).toBe(false);
    const facts = {
      ...first,
      already_cancelled: true,
      message: fillMessage(m.alreadyCancelled, { id: receipt.id, date: formatDate(first.cancelled_at) }),
    };
    expect(repeat).toEqual(facts);

    const before = await cancelTables(url);
    const again = await cancel(bot.seller, receipt.id, { reason: 'Третий раз' });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(facts);
    expect(await cancelTables(url)).toEqual(before);
    expect((await bot.seller.api.get(cancelPath(receipt.id))).body).toEqual({
      receipt_id: receipt.id,
      points_awarded: RECEIPT_POINTS,
      held: 0,
      available: RECEIPT_POINTS,
      not_recovered: 0,
    });
    expect((await card(bot, buyer)).points).toBe(RECEIPT_POINTS);
    // The shopper is told once.
    await shopperHears(url, bot, buyer, noticeFor(receipt, first.cancel_reason, RECEIPT_POINTS, RECEIPT_POINTS));
    const told = (await telegramMessages(url, { bot_id: bot.botId, chat_id: buyer })).filter((message) =>
      message.text?.startsWith('Продавец отменил чек'),
    );
    expect(told).toHaveLength(1);
    expect((await verifyData(url)).violations).toEqual([]);
  });

  it('refuses every bad input with a Russian message and writes nothing', async () => {
    const bot = await actionWithBot(url, {}, FUNDS);
    const buyer = await shopperOf(url, bot);
    const receipt = await checkReceipt(url, bot, buyer);
    const refused = await bot.seller.api.post('/check', { qrurl: 'это не чек', project_id: bot.projectId, user_id_tg: buyer });
    expect(refused.body.data.status).toBe('not_recognized');
    const [refusedReceipt] = await history(bot);
    const stranger = await createFundedSeller(url, 0, { activated: false });
    const before = await cancelTables(url);

    const refusals: [Seller, string, Record<string, unknown> | undefined, number, string][] = [
      [bot.seller, cancelPath(receipt.id), {}, 400, m.reasonRequired],
      [bot.seller, cancelPath(receipt.id), { reason: '' }, 400, m.reasonRequired],
      [bot.seller, cancelPath(receipt.id), { reason: '    ' }, 400, m.reasonRequired],
      [bot.seller, cancelPath(receipt.id), { reason: 'я'.repeat(501) }, 400, m.reasonRequired],
      [bot.seller, cancelPath(receipt.id), { reason: 42 }, 400, m.reasonRequired],
      [bot.seller, cancelPath(receipt.id), undefined, 400, m.reasonRequired],
      [bot.seller, '/receipts/abc/cancel', { reason: 'Возврат' }, 400, m.receiptNotFound],
      [bot.seller, '/receipts/0/cancel', { reason: 'Возврат' }, 400, m.receiptNotFound],
      [bot.seller, cancelPath(999_999_999), { reason: 'Возврат' }, 404, m.receiptNotFound],
      [stranger, cancelPath(receipt.id), { reason: 'Возврат' }, 404, m.receiptNotFound],
      [bot.seller, cancelPath(refusedReceipt!.id), { reason: 'Возврат' }, 409, m.notAccepted],
      [bot.seller, cancelPath(receipt.id), { reason: 'Возврат', user_id: stranger.id }, 403, messages.common.forbidden],
    ];
    for (const [seller, path, body, status, message] of refusals) {
      const answer = await seller.api.request('POST', path, { body });
      expect({ path, body, status: answer.status, answer: answer.body }).toEqual({ path, body, status, answer: { message } });
    }
    for (const [seller, path, status, message] of [
      [stranger, cancelPath(receipt.id), 404, m.receiptNotFound],
      [bot.seller, cancelPath(refusedReceipt!.id), 409, m.notAccepted],
      [bot.seller, '/receipts/abc/cancel', 400, m.receiptNotFound],
    ] as const) {
      const answer = await seller.api.get(path);
      expect({ path, status: answer.status, answer: answer.body }).toEqual({ path, status, answer: { message } });
    }
    const anonymous = await bot.seller.api.post(cancelPath(receipt.id), { reason: 'Возврат' }, { token: null });
    expect(anonymous.status).toBe(401);
    expect((await bot.seller.api.get(cancelPath(receipt.id), { token: null })).status).toBe(401);
    // A deleted action's receipts stay in the history; their points no longer move.
    expect((await bot.seller.api.request('DELETE', `/projects/${bot.projectId}`)).status).toBe(200);
    const late = await cancel(bot.seller, receipt.id);
    expect(late.status).toBe(404);
    expect(late.body).toEqual({ message: messages.actions.notFound });

    expect(await cancelTables(url)).toEqual(before);
    expect((await history(bot)).find((row) => row.id === receipt.id)).toMatchObject({ status: 'success', cancelled_at: null });
  });

  it('withdraws the receipt’s ticket from an open draw and leaves a closed draw as it was', async () => {
    const bot = await actionWithBot(url, {}, FUNDS);
    const [buyer, other] = [await shopperOf(url, bot), await shopperOf(url, bot)];
    const now = new Date((await clockCall(url, 'GET')).body.now).getTime();
    const draw = async (hours: number) =>
      (
        await bot.seller.api.post('/draws', {
          project_id: bot.projectId,
          title: `Розыгрыш на ${hours} ч`,
          winners: 1,
          closes_at: new Date(now + hours * HOUR * 1000).toISOString(),
        })
      ).body.draw.id as number;
    const [open, closing] = [await draw(48), await draw(1)];
    const receipt = await checkReceipt(url, bot, buyer);
    await checkReceipt(url, bot, other);
    const ticketsOf = async (id: number) =>
      ((await bot.seller.api.get(`/draws/${id}/tickets`)).body.tickets as { receipt_id: number }[]).map((ticket) => ticket.receipt_id);
    try {
      await advance(url, 2 * HOUR);
      expect((await bot.seller.api.get(`/draws/${closing}`)).body.draw.status).toBe('closed');
      const frozen = await ticketsOf(closing);
      expect(frozen).toContain(receipt.id);
      expect(await ticketsOf(open)).toContain(receipt.id);

      expect((await cancel(bot.seller, receipt.id)).status).toBe(200);

      expect(await ticketsOf(open)).not.toContain(receipt.id);
      expect(await ticketsOf(open)).toHaveLength(1);
      expect(await ticketsOf(closing)).toEqual(frozen);
    } finally {
      expect((await clockCall(url, 'DELETE')).status).toBe(200);
    }
  });

  it('takes what is still held of a receipt before its release, which then releases nothing; after the release it takes available points', async () => {
    const bot = await actionWithBot(url, { points_hold_days: 14 }, FUNDS);
    const buyer = await shopperOf(url, bot);
    const held = await checkReceipt(url, bot, buyer);
    expect((await bot.seller.api.get(cancelPath(held.id))).body).toEqual({
      receipt_id: held.id,
      points_awarded: RECEIPT_POINTS,
      held: RECEIPT_POINTS,
      available: 0,
      not_recovered: 0,
    });
    const answer = await cancel(bot.seller, held.id);
    expect(answer.body).toMatchObject({ points_cancelled: RECEIPT_POINTS, held_cancelled: RECEIPT_POINTS, available_cancelled: 0 });
    expect(await card(bot, buyer)).toMatchObject({ points: 0, held_points: 0, held: [] });
    await shopperHears(url, bot, buyer, noticeFor(held, 'Возврат товара', RECEIPT_POINTS, 0));

    const released = await checkReceipt(url, bot, buyer);
    try {
      // The release day of both receipts passes: only the one not cancelled becomes available.
      await advance(url, 15 * DAY);
      expect(await card(bot, buyer)).toMatchObject({ points: RECEIPT_POINTS, held_points: 0 });
      const late = await cancel(bot.seller, released.id);
      expect(late.body).toMatchObject({ points_cancelled: RECEIPT_POINTS, held_cancelled: 0, available_cancelled: RECEIPT_POINTS });
      expect((await card(bot, buyer)).points).toBe(0);
    } finally {
      expect((await clockCall(url, 'DELETE')).status).toBe(200);
    }
    expect((await verifyData(url)).violations).toEqual([]);
  });
});
