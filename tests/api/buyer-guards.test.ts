import { afterEach, describe, expect, it } from 'vitest';
import { BILLING_DEFAULTS } from '../../src/contract/billing.js';
import { formatDayMonth } from '../../src/contract/format.js';
import { fillMessage, messages } from '../../src/contract/messages.js';
import { BUYER_FLAG_LABELS } from '../../src/contract/trust.js';
import { signInitData } from '../../src/server/integrations/telegram/web-app-init-data.js';
import { ApiClient, type Seller } from '../support/api-client.js';
import { backends } from '../support/backends.js';
import { actionWithBot, WB_SELLER, type BotAction } from '../support/bot.js';
import { advance, clockCall } from '../support/clock.js';
import { createFundedSeller, verifyData } from '../support/operator.js';
import { freshReceipt, registerReceipt } from '../support/receipts.js';
import { newChatId } from '../support/telegram.js';

// The action's guards on receipts (the weekly cap, the points cap), suspicious shoppers' flags, and
// the seller's block of a shopper: what the check answers, what it charges and what the cabinet shows.

const r = messages.receipts;
const t = messages.trust;
const p = messages.points;
const PRICE = BILLING_DEFAULTS.receipt_price_tier1;
const FUNDS = BILLING_DEFAULTS.project_subscription_price + 40 * PRICE;
/** The Wildberries fixture earns 178 points at 10 % (1 786 ₽ of the seller's goods). */
const RECEIPT_POINTS = 178;
const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

async function actionFor(seller: Seller, settings: Record<string, unknown> = {}): Promise<number> {
  const created = await seller.api.post('/projects', { name: 'Aurora', project_inns: WB_SELLER, ...settings });
  if (created.status !== 201) throw new Error(created.text);
  return created.body.project_id as number;
}

const check = (seller: Seller, projectId: number, qrurl: string, buyer: string) =>
  seller.api.post('/check', { qrurl, project_id: projectId, user_id_tg: buyer });
const newReceipt = (url: string) => registerReceipt(url, freshReceipt('wb-aurora-cosmetics'));
const balanceOf = async (seller: Seller) => (await seller.api.get('/profile')).body.user.balance as number;
const card = async (seller: Seller, tgId: string, projectId: number) =>
  (await seller.api.get(`/buyers/${tgId}?project_id=${projectId}`)).body;
const block = (seller: Seller, tgId: string, body: Record<string, unknown>) => seller.api.post(`/buyers/${tgId}/block`, body);
const unblock = (seller: Seller, tgId: string, body: Record<string, unknown>) => seller.api.post(`/buyers/${tgId}/unblock`, body);

/** How often the tax-service emulator was asked for the receipt of a QR (its fiscal document number). */
async function taxLookups(url: string, qr: string): Promise<number> {
  const requests = (await (await fetch(`${url}/__emulators/tax/requests`)).json()) as Record<string, number>;
  const fd = new URLSearchParams(qr).get('i');
  const key = Object.keys(requests).find((k) => k.split(':')[1] === fd);
  if (key === undefined) throw new Error(`the emulator does not know the receipt ${qr}`);
  return requests[key]!;
}

async function expectDataClean(url: string) {
  expect((await verifyData(url)).violations).toEqual([]);
}

describe.each(backends())('caps, suspicious shoppers and blocks on $name', (backend) => {
  const url = backend.url;
  afterEach(async () => {
    expect((await clockCall(url, 'DELETE')).status).toBe(200);
  });

  describe('the weekly cap', () => {
    it('refuses a receipt over the cap before the tax lookup, free, with the day the next one counts; a week later it counts', async () => {
      const seller = await createFundedSeller(url, FUNDS);
      const projectId = await actionFor(seller, { max_receipts_per_week: 2, check_duplicates: 1 });
      const shopper = newChatId();
      for (let i = 0; i < 2; i++) expect((await check(seller, projectId, await newReceipt(url), shopper)).body.data.status).toBe('success');
      // Refusals do not count toward the cap: only accepted receipts do.
      expect((await check(seller, projectId, 'not a receipt', shopper)).body.data.status).toBe('not_recognized');
      const balance = await balanceOf(seller);
      const operations = (await seller.api.get('/balance/operations')).body.operations.length as number;

      const over = await newReceipt(url);
      const refused = await check(seller, projectId, over, shopper);
      const history = (await seller.api.get(`/receipts?project_id=${projectId}`)).body.receipts as { status: string; scanned_at: string }[];
      const oldest = history.filter((receipt) => receipt.status === 'success').at(-1)!;
      const date = formatDayMonth(new Date(new Date(oldest.scanned_at).getTime() + WEEK_MS));
      const message = fillMessage(r.defaultLimitReached, { limit: 2, date });
      expect(refused.body).toEqual({ success: false, message, data: { points_awarded: 0, status: 'limit_reached', error: message } });
      expect(await taxLookups(url, over)).toBe(0);
      expect(await balanceOf(seller)).toBe(balance);
      expect((await seller.api.get('/balance/operations')).body.operations).toHaveLength(operations);
      expect(history[0]).toMatchObject({ status: 'limit_reached', points_awarded: 0, message, items: [] });
      // Another shopper has a week of their own.
      expect((await check(seller, projectId, over, newChatId())).body.data.status).toBe('success');

      // The seller's own text, with the cap and the day.
      await seller.api.request('PUT', `/projects/${projectId}`, {
        body: { command_limit_reached: 'Не больше {limit} чеков в неделю, ждём вас {date}!' },
      });
      expect((await check(seller, projectId, await newReceipt(url), shopper)).body.message).toBe(
        `Не больше 2 чеков в неделю, ждём вас ${date}!`,
      );

      // Seven days on, the oldest counted receipt has left the window: the next one counts.
      await advance(url, 7 * 24 * 60 * 60 + 60);
      expect((await check(seller, projectId, await newReceipt(url), shopper)).body.data.status).toBe('success');
      expect((await check(seller, projectId, await newReceipt(url), shopper)).body.data.status).toBe('success');
      expect((await check(seller, projectId, await newReceipt(url), shopper)).body.data.status).toBe('limit_reached');
      await expectDataClean(url);
    });

    it('an action without a cap takes any number of receipts a week', async () => {
      const seller = await createFundedSeller(url, FUNDS);
      const projectId = await actionFor(seller);
      const shopper = newChatId();
      for (let i = 0; i < 4; i++) expect((await check(seller, projectId, await newReceipt(url), shopper)).body.data.status).toBe('success');
    });
  });

  describe('the points cap per receipt', () => {
    it('a receipt that would earn more earns the cap, and the answer says so after the seller’s own text', async () => {
      const seller = await createFundedSeller(url, FUNDS);
      const projectId = await actionFor(seller, { max_points_per_receipt: 100 });
      const shopper = newChatId();
      const capped = fillMessage(r.pointsCapped, { cap: '100 баллов' });
      const answer = await check(seller, projectId, await newReceipt(url), shopper);
      expect(answer.body).toMatchObject({
        success: true,
        message: `${fillMessage(r.defaultSuccess, { points: 100 })}\n${capped}`,
        data: { points_awarded: 100, status: 'success', error: null },
      });
      const buyer = await card(seller, shopper, projectId);
      // The points are cut, the purchase is not: the shopper's level counts all of it.
      expect(buyer).toMatchObject({ points: 100, spent_total: 1786, successful_receipts: 1 });
      expect(buyer.ledger[0]).toMatchObject({ delta: 100, kind: 'receipt' });

      await seller.api.request('PUT', `/projects/${projectId}`, {
        body: { command_success: 'Спасибо! +{points}', max_points_per_receipt: 1 },
      });
      const one = await check(seller, projectId, await newReceipt(url), shopper);
      expect(one.body.message).toBe(`Спасибо! +1\n${fillMessage(r.pointsCapped, { cap: '1 балла' })}`);
      // A receipt under the cap is answered as before.
      await seller.api.request('PUT', `/projects/${projectId}`, { body: { max_points_per_receipt: 500 } });
      const under = await check(seller, projectId, await newReceipt(url), shopper);
      expect(under.body).toMatchObject({ message: `Спасибо! +${RECEIPT_POINTS}`, data: { points_awarded: RECEIPT_POINTS } });
      await expectDataClean(url);
    });
  });

  describe('suspicious shoppers', () => {
    it('more receipts within an hour than the action’s threshold flag the shopper once, shown on the card and in the list', async () => {
      const seller = await createFundedSeller(url, FUNDS);
      const projectId = await actionFor(seller, { suspicious_receipts_per_hour: 2 });
      const shopper = newChatId();
      const calm = newChatId();
      expect((await check(seller, projectId, await newReceipt(url), shopper)).body.data.status).toBe('success');
      expect((await check(seller, projectId, await newReceipt(url), calm)).body.data.status).toBe('success');
      // Any receipt counts toward a burst, refused ones too.
      await check(seller, projectId, 'not a receipt', shopper);
      expect((await card(seller, shopper, projectId)).flags).toEqual([]);
      await check(seller, projectId, 'not a receipt again', shopper);
      const flag = {
        kind: 'many_per_hour',
        label: BUYER_FLAG_LABELS.many_per_hour,
        flagged_at: expect.any(String),
        detail: fillMessage(t.flagManyPerHourDetail, { limit: 2 }),
      };
      const flagged = await card(seller, shopper, projectId);
      expect(flagged.flags).toEqual([flag]);
      // The shopper is not blocked: a receipt still earns, and the flag stays as first raised.
      expect((await check(seller, projectId, await newReceipt(url), shopper)).body.data.status).toBe('success');
      expect((await card(seller, shopper, projectId)).flags).toEqual([{ ...flag, flagged_at: flagged.flags[0].flagged_at }]);
      expect((await card(seller, calm, projectId)).flags).toEqual([]);

      const badge = [{ kind: 'many_per_hour', label: BUYER_FLAG_LABELS.many_per_hour }];
      const all = (await seller.api.get(`/buyers?project_id=${projectId}`)).body;
      expect(all.buyers.map((row: { buyer_id: string; flags: unknown }) => [row.buyer_id, row.flags])).toEqual(
        expect.arrayContaining([
          [shopper, badge],
          [calm, []],
        ]),
      );
      for (const path of [`/buyers?project_id=${projectId}&suspicious=1`, '/buyers?suspicious=true']) {
        const suspicious = (await seller.api.get(path)).body;
        expect(suspicious.buyers.map((row: { buyer_id: string; flags: unknown }) => [row.buyer_id, row.flags])).toEqual([[shopper, badge]]);
        expect(suspicious.summary).toEqual({ buyers_count: 1, successful_receipts: 2, total_amount: 2 * 1786 });
      }
      expect((await seller.api.get(`/buyers?project_id=${projectId}&suspicious=0`)).body.buyers).toHaveLength(2);
      const csv = await seller.api.get(`/buyers/export.csv?project_id=${projectId}&suspicious=1`);
      expect(csv.text.trim().split('\n')).toHaveLength(2);
      const wrong = await seller.api.get('/buyers?suspicious=maybe');
      expect(wrong.status).toBe(400);
      expect(wrong.body).toEqual({ message: t.suspiciousInvalid });
      await expectDataClean(url);
    });

    it('receipts that already earned for other shoppers, sent three times, flag the sender; their own repeats do not', async () => {
      const seller = await createFundedSeller(url, FUNDS);
      const projectId = await actionFor(seller, { check_duplicates: 1, suspicious_receipts_per_hour: 100 });
      const owner = newChatId();
      const sender = newChatId();
      const others = [await newReceipt(url), await newReceipt(url), await newReceipt(url)];
      for (const qr of others) expect((await check(seller, projectId, qr, owner)).body.data.status).toBe('success');
      const own = await newReceipt(url);
      expect((await check(seller, projectId, own, sender)).body.data.status).toBe('success');
      for (let i = 0; i < 3; i++) expect((await check(seller, projectId, own, sender)).body.data.status).toBe('already_scanned');
      for (const qr of others.slice(0, 2)) expect((await check(seller, projectId, qr, sender)).body.data.status).toBe('already_scanned');
      expect((await card(seller, sender, projectId)).flags).toEqual([]);

      expect((await check(seller, projectId, others[2]!, sender)).body.data.status).toBe('already_scanned');
      expect((await card(seller, sender, projectId)).flags).toEqual([
        {
          kind: 'others_receipts',
          label: BUYER_FLAG_LABELS.others_receipts,
          flagged_at: expect.any(String),
          detail: fillMessage(t.flagOthersReceiptsDetail, { count: 3 }),
        },
      ]);
      expect((await card(seller, owner, projectId)).flags).toEqual([]);
      await expectDataClean(url);
    });
  });

  describe('blocking a shopper', () => {
    /** An action with a bot and a shop: a shopper who earned one receipt, and a product of 50 points. */
    async function blockable(): Promise<BotAction & { shopper: string; shopToken: string; productId: number }> {
      const bot = await actionWithBot(url, { check_duplicates: 1 }, FUNDS);
      const shopper = newChatId();
      expect((await check(bot.seller, bot.projectId, await newReceipt(url), shopper)).body.data.status).toBe('success');
      const { settings } = (await bot.seller.api.get(`/shop/settings?project_id=${bot.projectId}`)).body;
      const product = await bot.seller.api.post('/shop/products', { project_id: bot.projectId, title: 'Кружка', price_points: 50 });
      return { ...bot, shopper, shopToken: settings.token, productId: product.body.product.id };
    }
    const exchange = (shop: Awaited<ReturnType<typeof blockable>>) =>
      new ApiClient(url).post(
        `/public/shop/${shop.shopToken}/purchase`,
        { product_id: shop.productId, buyer_tg_id: shop.shopper },
        { headers: { 'x-telegram-init-data': signInitData({ id: Number(shop.shopper), first_name: 'Ира' }, shop.token, new Date()) } },
      );

    it('a blocked shopper’s receipts are refused before the tax lookup and free, the shop refuses their exchange; unblocked, both work', async () => {
      const shop = await blockable();
      const { seller, projectId, shopper } = shop;
      const blocked = await block(seller, shopper, { project_id: projectId, reason: '  Сдаёт чужие чеки  ' });
      expect(blocked.status).toBe(200);
      expect(blocked.body).toEqual({
        message: t.blockedDone,
        blocked: { reason: 'Сдаёт чужие чеки', blocked_by: seller.name, blocked_at: expect.any(String) },
      });
      expect((await card(seller, shopper, projectId)).blocked).toEqual(blocked.body.blocked);

      const balance = await balanceOf(seller);
      const qr = await newReceipt(url);
      const refused = await check(seller, projectId, qr, shopper);
      expect(refused.body).toEqual({
        success: false,
        message: r.defaultBlocked,
        data: { points_awarded: 0, status: 'blocked', error: r.defaultBlocked },
      });
      expect(await taxLookups(url, qr)).toBe(0);
      expect(await balanceOf(seller)).toBe(balance);
      expect((await card(seller, shopper, projectId)).receipts[0]).toMatchObject({
        status: 'blocked',
        status_label: 'Покупатель заблокирован',
      });

      const refusedExchange = await exchange(shop);
      expect(refusedExchange.status).toBe(403);
      expect(refusedExchange.body).toEqual({ message: t.exchangeBlocked });
      const after = await card(seller, shopper, projectId);
      expect(after).toMatchObject({ points: RECEIPT_POINTS, orders: [] });

      // Blocking again replaces the reason and keeps when the block began.
      const again = await block(seller, shopper, { project_id: projectId, reason: 'Возвраты после начисления' });
      expect(again.body).toEqual({
        message: t.blockReasonUpdated,
        blocked: { reason: 'Возвраты после начисления', blocked_by: seller.name, blocked_at: blocked.body.blocked.blocked_at },
      });

      const unblocked = await unblock(seller, shopper, { project_id: projectId, reason: 'Разобрались' });
      expect(unblocked.status).toBe(200);
      expect(unblocked.body).toEqual({ message: t.unblockedDone });
      expect((await card(seller, shopper, projectId)).blocked).toBeNull();
      const twice = await unblock(seller, shopper, { project_id: projectId });
      expect(twice.status).toBe(409);
      expect(twice.body).toEqual({ message: t.notBlocked });

      // The same receipt now earns (it was never looked up), and the exchange goes through.
      expect((await check(seller, projectId, qr, shopper)).body.data.status).toBe('success');
      expect((await exchange(shop)).status).toBe(200);
      await expectDataClean(url);
    });

    it('refuses every bad request with a Russian message and writes nothing', async () => {
      const { seller, projectId, shopper } = await blockable();
      const stranger = await createFundedSeller(url, FUNDS);
      const strangersAction = await actionFor(stranger);
      const good = { project_id: projectId, reason: 'Причина' };
      const refusals: [Seller, string, Record<string, unknown>, number, string][] = [
        [seller, shopper, { ...good, reason: undefined }, 400, t.blockReasonRequired],
        [seller, shopper, { ...good, reason: '   ' }, 400, t.blockReasonRequired],
        [seller, shopper, { ...good, reason: 'я'.repeat(501) }, 400, t.blockReasonRequired],
        [seller, shopper, { ...good, reason: 42 }, 400, t.blockReasonRequired],
        [seller, shopper, { ...good, project_id: undefined }, 400, p.projectRequired],
        [seller, shopper, { ...good, project_id: 'abc' }, 400, p.projectRequired],
        [seller, shopper, { ...good, project_id: 2_000_000_000 }, 404, messages.actions.notFound],
        [seller, '12ab', good, 400, p.tgIdInvalid],
        [seller, '-5', good, 400, p.tgIdInvalid],
        [seller, newChatId(), good, 404, p.buyerNotFound],
        [stranger, shopper, good, 404, messages.actions.notFound],
        [stranger, shopper, { ...good, project_id: strangersAction }, 404, p.buyerNotFound],
      ];
      for (const [who, tgId, body, status, message] of refusals) {
        const answer = await block(who, tgId, body);
        expect({ tgId, body, status: answer.status, answer: answer.body }).toEqual({ tgId, body, status, answer: { message } });
      }
      const longUnblock = await unblock(seller, shopper, { ...good, reason: 'я'.repeat(501) });
      expect(longUnblock.status).toBe(400);
      expect(longUnblock.body).toEqual({ message: t.unblockReasonTooLong });
      expect((await block(seller, shopper, good)).status).toBe(200);
      for (const [who, tgId, body, status, message] of [
        [stranger, shopper, good, 404, messages.actions.notFound],
        [seller, '12ab', good, 400, p.tgIdInvalid],
        [seller, shopper, { project_id: 'abc' }, 400, p.projectRequired],
      ] as const) {
        const answer = await unblock(who, tgId, body);
        expect({ status: answer.status, answer: answer.body }).toEqual({ status, answer: { message } });
      }
      expect((await seller.api.post(`/buyers/${shopper}/block`, good, { token: null })).status).toBe(401);
      expect((await seller.api.post(`/buyers/${shopper}/unblock`, good, { token: null })).status).toBe(401);
      expect((await block(seller, shopper, { ...good, user_id: stranger.id })).status).toBe(403);
      // Still blocked as first set: none of the refusals wrote anything.
      expect((await card(seller, shopper, projectId)).blocked).toMatchObject({ reason: 'Причина' });

      // A deleted action's shoppers are neither blocked nor unblocked any more; the card stays readable.
      await seller.api.request('DELETE', `/projects/${projectId}`);
      expect((await unblock(seller, shopper, good)).status).toBe(404);
      expect((await block(seller, shopper, good)).body).toEqual({ message: messages.actions.notFound });
      expect((await card(seller, shopper, projectId)).blocked).toMatchObject({ reason: 'Причина' });
      await expectDataClean(url);
    });
  });
});
