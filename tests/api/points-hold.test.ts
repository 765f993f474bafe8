import { parse } from 'csv-parse/sync';
import { afterEach, describe, expect, it } from 'vitest';
import { BILLING_DEFAULTS } from '../../src/contract/billing.js';
import { formatDayMonth } from '../../src/contract/format.js';
import { fillMessage, messages } from '../../src/contract/messages.js';
import { heldPhrase } from '../../src/contract/points.js';
import { holdReleaseAt } from '../../src/server/modules/points/hold.js';
import { ApiClient } from '../support/api-client.js';
import { backends } from '../support/backends.js';
import { actionWithBot, actionWithShop, balanceLines, initDataOf, shopperActs, shopperSays, type BotAction } from '../support/bot.js';
import { advance, clockCall } from '../support/clock.js';
import { verifyData } from '../support/operator.js';
import { freshReceipt, registerReceipt } from '../support/receipts.js';
import { eventually, newChatId, telegramMessages } from '../support/telegram.js';

// Points held for the marketplaces' return window: held at the award, released by the periodic job on
// their day (moved by the demo clock), spendable only then, shown apart everywhere.

const m = messages.points;
const b = messages.bot;
const DAY = 24 * 60 * 60;
const FUNDS = BILLING_DEFAULTS.project_subscription_price + 20 * BILLING_DEFAULTS.receipt_price_tier1;
/** 1 786 ₽ of the action's goods: 178 points at the default 10 %. */
const RECEIPT = 'wb-aurora-cosmetics';

/** When a fixture receipt was bought (its local time is Moscow's, or a Unix time). */
function purchasedAt(receipt: Record<string, unknown>): Date {
  return typeof receipt.dateTime === 'number' ? new Date(receipt.dateTime * 1000) : new Date(`${String(receipt.dateTime)}+03:00`);
}

/** A receipt bought `daysAgo` days ago sent to the bot: answers its reply and when it was bought. */
async function sendReceipt(url: string, bot: BotAction, chat: string, daysAgo: number) {
  const receipt = freshReceipt(RECEIPT, daysAgo);
  const [reply] = await shopperSays(url, bot, chat, { text: await registerReceipt(url, receipt) });
  return { reply: reply!.text ?? '', purchasedAt: purchasedAt(receipt) };
}

type Ledger = { kind: string; delta: number; held_delta: number; balance_after: number; held_after: number; expires_at: string | null }[];

describe.each(backends())('points held for returns on $name', (backend) => {
  const url = backend.url;
  afterEach(async () => {
    expect((await clockCall(url, 'DELETE')).status).toBe(200);
  });

  it('holds a fresh receipt’s points to their day, shows them apart, keeps them out of the shop, and the clock releases them once', async () => {
    const shop = await actionWithShop(url, { points_hold_days: 14, points_lifetime_days: 30 }, 200, FUNDS);
    const chat = newChatId();
    const card = async () => (await shop.seller.api.get(`/buyers/${chat}?project_id=${shop.projectId}`)).body;

    // A receipt bought yesterday is held; one bought 20 days ago is past its return window and earns at once.
    const fresh = await sendReceipt(url, shop, chat, 1);
    const releaseAt = holdReleaseAt(14, fresh.purchasedAt, new Date())!;
    expect(fresh.reply).toContain('Начислено баллов: 178.');
    expect(fresh.reply).toContain(fillMessage(m.heldUntilLine, { date: formatDayMonth(releaseAt) }));
    const old = await sendReceipt(url, shop, chat, 20);
    expect(old.reply).toContain('Начислено баллов: 178.');
    expect(old.reply).not.toContain('станут доступны');

    const lines = await balanceLines(url, shop, chat);
    expect(lines[0]).toBe(fillMessage(b.balance, { name: 'Aurora', points: 178 }));
    expect(lines).toContain(heldPhrase(178, releaseAt));
    const before = await card();
    expect(before).toMatchObject({ points: 178, held_points: 178, held: [{ points: 178, release_at: releaseAt.toISOString() }] });
    expect((before.ledger as Ledger).map((row) => [row.kind, row.delta, row.held_delta, row.balance_after, row.held_after])).toEqual([
      ['receipt', 178, 0, 178, 178],
      ['receipt', 0, 178, 0, 178],
    ]);

    // The Mini App shows the held points and cannot spend them: 200 points cost more than the 178 available.
    const opened = await shopperActs(url, shop.botId, chat, { press: b.shopButton });
    const shopper = new ApiClient(url);
    const headers = { 'x-telegram-init-data': initDataOf(opened.body.url!) };
    const account = await shopper.get(`/public/shop/${shop.shopToken}/me`, { headers });
    expect(account.body).toMatchObject({ points: 178, held: [{ points: 178, release_at: releaseAt.toISOString() }] });
    const refused = await shopper.post(
      `/public/shop/${shop.shopToken}/purchase`,
      { product_id: shop.productId, buyer_tg_id: chat },
      { headers },
    );
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(fillMessage(messages.publicShop.notEnoughPoints, { price: '200 баллов', points: '178 баллов' }));

    // The buyers list and its CSV show available and held points apart.
    const listed = (await shop.seller.api.get(`/buyers?project_id=${shop.projectId}`)).body.buyers;
    expect(listed.find((row: { buyer_id: string }) => row.buyer_id === chat)).toMatchObject({ points: 178, held_points: 178 });
    const exported = await shop.seller.api.get(`/buyers/export.csv?project_id=${shop.projectId}`);
    expect(exported.status, exported.text).toBe(200);
    const csv = parse(exported.text, {
      columns: true,
      bom: true,
      delimiter: ';',
    }) as Record<string, string>[];
    expect(csv.find((row) => row['ID покупателя'] === chat)).toMatchObject({ 'Доступно баллов': '178', 'Ожидают зачисления': '178' });
    expect((await verifyData(url)).violations).toEqual([]);

    // The day comes: the points are released once, the shopper is told, and they expire counted from the release.
    const serverNow = new Date((await clockCall(url, 'GET')).body.now);
    const moved = await advance(url, Math.ceil((releaseAt.getTime() - serverNow.getTime()) / 1000) + 60);
    expect(moved.ran).toContain('points-release');
    const receiptId = (before.receipts as { id: number; points_awarded: number }[])[1]!.id;
    const notice = fillMessage(m.releaseNotice, { id: receiptId, points: '178 баллов' });
    await eventually(
      async () => (await telegramMessages(url, { bot_id: shop.botId, chat_id: chat })).find((x) => x.text === notice),
      30_000,
      'the release notice',
    );
    await advance(url, 60);
    const after = await card();
    expect(after).toMatchObject({ points: 356, held_points: 0, held: [] });
    const release = (after.ledger as Ledger)[0]!;
    expect(release).toMatchObject({ kind: 'release', delta: 178, held_delta: -178, balance_after: 356, held_after: 0 });
    // The job read the (moving) demo clock a moment apart from the move's answer.
    expect(Math.abs(new Date(release.expires_at!).getTime() - (new Date(moved.now).getTime() + 30 * DAY * 1000))).toBeLessThan(5_000);
    const notices = (await telegramMessages(url, { bot_id: shop.botId, chat_id: chat })).filter((x) => x.text === notice);
    expect(notices).toHaveLength(1);

    // Two weeks on, the shop is opened afresh (Telegram's launch data is valid for a day).
    const reopened = await shopperActs(url, shop.botId, chat, { press: b.shopButton });
    const bought = await shopper.post(
      `/public/shop/${shop.shopToken}/purchase`,
      { product_id: shop.productId, buyer_tg_id: chat },
      { headers: { 'x-telegram-init-data': initDataOf(reopened.body.url!) } },
    );
    expect(bought.status, bought.text).toBe(200);
    expect(bought.body.points).toBe(156);
    expect((await verifyData(url)).violations).toEqual([]);
  }, 120_000);

  it('a held purchase lifts the shopper’s level only from its release', async () => {
    const levels = [
      { name: 'Базовый', min_sum: 0, points_percentage: 10 },
      { name: 'Золотой', min_sum: 1000, points_percentage: 20 },
    ];
    const bot = await actionWithBot(url, { points_hold_days: 14, levels }, FUNDS);
    const chat = newChatId();
    const levelOf = async () => (await bot.seller.api.get(`/buyers/${chat}?project_id=${bot.projectId}`)).body.level?.name;

    const first = await sendReceipt(url, bot, chat, 1);
    expect(first.reply).toContain('Начислено баллов: 178.');
    expect(first.reply).not.toContain('Поздравляем');
    expect(await levelOf()).toBe('Базовый');
    // Still held: the second receipt earns at the first level's 10 %.
    expect((await sendReceipt(url, bot, chat, 1)).reply).toContain('Начислено баллов: 178.');

    await advance(url, 15 * DAY);
    expect(await levelOf()).toBe('Золотой');
    // Both releases are told before the next receipt, so its answer is the next message.
    await eventually(
      async () => {
        const texts = (await telegramMessages(url, { bot_id: bot.botId, chat_id: chat })).map((x) => x.text ?? '');
        return texts.filter((text) => text.startsWith('Баллы за чек')).length === 2 || undefined;
      },
      30_000,
      'the release notices',
    );
    expect((await sendReceipt(url, bot, chat, 1)).reply).toContain('Начислено баллов: 357.');
    expect((await verifyData(url)).violations).toEqual([]);
  }, 120_000);
});
