import type pg from 'pg';
import { describe, expect, it, vi } from 'vitest';
import { BILLING_DEFAULTS, RECEIPT_TIERS } from '../../src/contract/billing.js';
import { messages } from '../../src/contract/messages.js';
import { ApiClient, createSeller, type Seller } from '../support/api-client.js';
import { backends, withPostgres } from '../support/backends.js';
import { createFundedSeller, creditViaCli } from '../support/operator.js';
import { freshReceipt, registerReceipt } from '../support/receipts.js';

const SUBSCRIPTION = BILLING_DEFAULTS.project_subscription_price;
const WB_SELLER = '072196655529'; // the supplier (tag 1226) on the Wildberries fixture
const WB_TOTAL = 1786;

async function actionFor(seller: Seller, settings: Record<string, unknown> = {}): Promise<number> {
  const created = await seller.api.post('/projects', { name: 'Aurora', project_inns: WB_SELLER, ...settings });
  if (created.status !== 201) throw new Error(created.text);
  return created.body.project_id;
}

/** The action's key is shown only when made: a new one replaces whatever key it had. */
const newApiKey = async (seller: Seller, projectId: number): Promise<string> =>
  (await seller.api.post(`/projects/${projectId}/api-key`)).body.api_key;

const balanceOf = async (seller: Seller) => (await seller.api.get('/profile')).body.user.balance as number;
const check = (seller: Seller, projectId: number, qrurl: string, buyer = '100500') =>
  seller.api.post('/check', { qrurl, user_id: seller.id, project_id: projectId, user_id_tg: buyer });

/**
 * `scanned` successful receipts the seller has already had, written with their counters and
 * statistics in one statement, so the operator's invariants hold for the other test files sharing
 * this database.
 */
function seedScanned(db: pg.Client, sellerId: number, projectId: number, scanned: number) {
  return db.query(
    `WITH seeded AS (
       INSERT INTO receipts (user_id, project_id, project_name, project_inns, buyer_tg_id, qr_raw, status, message, issued_at, scanned_at)
       SELECT $1, $2, 'Aurora', '{072196655529}', 'tier-seed', 'seed', 'success', 'seed', $4, $4 FROM generate_series(1, $3::int) RETURNING 1
     ), stats AS (
       INSERT INTO buyer_stats (user_id, project_id, buyer_tg_id, successful_receipts, total_kopecks, last_receipt_at) VALUES ($1, $2, 'tier-seed', $3, 0, $4)
     ), action AS (
       INSERT INTO buyer_summaries (user_id, project_id, buyers, successful_receipts, total_kopecks) VALUES ($1, $2, 1, $3, 0)
     )
     UPDATE users SET scanned_receipts = scanned_receipts + $3 WHERE id = $1`,
    [sellerId, projectId, scanned, new Date()],
  );
}

/** What the check passes to award_receipt() (receipts/repository.ts), for one receipt of 100 ₽ without points. */
function awardOf(sellerId: number, projectId: number): string {
  return JSON.stringify({
    user_id: sellerId,
    project_id: projectId,
    project_name: 'Aurora',
    project_inns: [WB_SELLER],
    buyer_tg_id: 'tier-holder',
    qr_raw: 'tier-holder',
    fn: null,
    fd: null,
    fp: null,
    issued_at: new Date().toISOString(),
    total_kopecks: 10_000,
    seller_name: null,
    seller_inn: null,
    retail_place: null,
    message: 'ok',
    points: 0,
    points_reason: 'Чек №{id}',
    points_expires_at: null,
    points_rule: 'base',
    points_percentage: 0,
    points_level: null,
    counted_kopecks: 10_000,
    dedupe: false,
    scanned_at: new Date().toISOString(),
    purchased_at: new Date().toISOString(),
    push_to_puzzlebot: false,
    fee_description: 'Чек',
    clear_status_message: null,
    tiers: RECEIPT_TIERS.map((tier) => ({ max: tier.max, key: tier.key, fallback: BILLING_DEFAULTS[tier.key] })),
    items: [],
  });
}

describe.each(backends())('receipt checks on $name', (backend) => {
  const url = backend.url;

  it('a marketplace receipt of the seller earns points, charges the tier price and is recorded', async () => {
    const seller = await createFundedSeller(url, SUBSCRIPTION + 100);
    const projectId = await actionFor(seller);
    const qr = await registerReceipt(url, freshReceipt('wb-aurora-cosmetics'));
    const answer = await check(seller, projectId, qr);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      success: true,
      message: 'Чек принят! Начислено баллов: 178.',
      data: { points_awarded: 178, status: 'success', error: null, points_rule: 'base', points_percentage: 10, points_level: null },
    });
    expect(await balanceOf(seller)).toBe(100 - BILLING_DEFAULTS.receipt_price_tier1);
    const profile = (await seller.api.get('/profile')).body.user;
    expect(profile.scanned_receipts).toBe(1);
    expect((await seller.api.get(`/projects/${projectId}`)).body.project.receipts_count).toBe(1);

    const history = (await seller.api.get('/receipts')).body;
    expect(history.pagination).toMatchObject({
      current_page: 1,
      total_receipts: 1,
      total_pages: 1,
      limit: 10,
      has_next: false,
      has_prev: false,
    });
    expect(history.receipts[0]).toMatchObject({
      project_id: projectId,
      project_name: 'Aurora',
      user_id_tg: '100500',
      status: 'success',
      points_awarded: 178,
      totalSum: WB_TOTAL,
      fiscalDriveNumber: '7380440800792177',
    });
    expect(history.receipts[0].items).toHaveLength(3);
    expect(
      history.receipts[0].items.every(
        (item: { status: string; providerInn: string }) => item.status === 'counted' && item.providerInn === WB_SELLER,
      ),
    ).toBe(true);

    const buyers = (await seller.api.get(`/buyers?user_id=${seller.id}`)).body;
    expect(buyers.buyers).toEqual([
      {
        buyer_id: '100500',
        successful_receipts_count: 1,
        total_amount: WB_TOTAL,
        last_receipt_at: expect.any(String),
        first_name: null,
        username: null,
        // Over every action: levels and points are each action's own.
        level: null,
        points: null,
        held_points: null,
        nearest_expiry: null,
        flags: [],
      },
    ]);
    expect(buyers.summary).toEqual({ buyers_count: 1, successful_receipts: 1, total_amount: WB_TOTAL });
    const { operations } = (await seller.api.get('/balance/operations')).body;
    expect(operations[0]).toMatchObject({ kind: 'receipt_fee', amount: -8, description: 'Проверка чека в акции «Aurora»' });
  });

  it('counts only the action seller’s items on a receipt with several sellers, and uses the seller’s own answer', async () => {
    const seller = await createFundedSeller(url, SUBSCRIPTION + 100);
    const projectId = await actionFor(seller, {
      project_inns: '7717144513',
      points_percentage: 5,
      command_success: 'Спасибо! +{points} баллов',
    });
    const receipt = freshReceipt('wb-aurora-cosmetics', 1, (r) => {
      r.items.push({ name: 'Овощерезка Borner', price: 270100, quantity: 1, sum: 270100, providerInn: '7717144513  ' });
      r.totalSum += 270100;
    });
    const answer = await check(seller, projectId, await registerReceipt(url, receipt));
    expect(answer.body).toMatchObject({ success: true, message: 'Спасибо! +135 баллов', data: { points_awarded: 135 } });
    const [saved] = (await seller.api.get(`/receipts?project_id=${projectId}`)).body.receipts;
    expect(saved.items.map((item: { status: string }) => item.status)).toEqual(['not_counted', 'not_counted', 'not_counted', 'counted']);
  });

  it('a percent-encoded QR (as proverkacheka.com’s links carry it) earns like the plain one, and the plain one after it is a repeat', async () => {
    const seller = await createFundedSeller(url, SUBSCRIPTION + 100);
    const projectId = await actionFor(seller, { check_duplicates: 1 });
    const qr = await registerReceipt(url, freshReceipt('wb-aurora-cosmetics'));
    const encoded = encodeURIComponent(qr);
    expect(encoded).toMatch(/^t%3D\d{8}T\d{4}%26s%3D/);
    // The tax service's emulator reads only the bare QR string, as the real one does: the success says it was sent decoded.
    expect((await check(seller, projectId, encoded)).body).toEqual({
      success: true,
      message: 'Чек принят! Начислено баллов: 178.',
      data: { points_awarded: 178, status: 'success', error: null, points_rule: 'base', points_percentage: 10, points_level: null },
    });
    const again = await check(seller, projectId, qr, '777');
    expect(again.body).toMatchObject({ success: false, data: { status: 'already_scanned', points_awarded: 0 } });
    const [repeat, first] = (await seller.api.get('/receipts')).body.receipts;
    expect(repeat).toMatchObject({
      status: 'already_scanned',
      fiscalDocumentNumber: first.fiscalDocumentNumber,
      fiscalSign: first.fiscalSign,
    });
    expect(first).toMatchObject({ status: 'success', fiscalDriveNumber: '7380440800792177', totalSum: WB_TOTAL });
    expect(await balanceOf(seller)).toBe(100 - BILLING_DEFAULTS.receipt_price_tier1);
  });

  describe('an order paid online: a prepayment receipt, then the final-settlement receipt', () => {
    const IKEA_SUPPLIER = '7810940284';
    it.each([
      ['prepayment first', false],
      ['final receipt first', true],
    ])('earns and charges once, %s', async (_order, finalFirst) => {
      const seller = await createFundedSeller(url, SUBSCRIPTION + 100);
      const projectId = await actionFor(seller, { project_inns: IKEA_SUPPLIER });
      const prepaymentQr = await registerReceipt(url, freshReceipt('ozon-ikea-peeler-prepayment', 2));
      const finalQr = await registerReceipt(url, freshReceipt('ozon-ikea-peeler-final', 1));
      const scanPrepayment = () => check(seller, projectId, prepaymentQr);
      const scanFinal = () => check(seller, projectId, finalQr);

      const [first, second] = finalFirst ? [await scanFinal(), await scanPrepayment()] : [await scanPrepayment(), await scanFinal()];
      const [prepaid, settled] = finalFirst ? [second, first] : [first, second];
      expect(prepaid.body).toEqual({
        success: false,
        message: messages.receipts.defaultPrepayment,
        data: { points_awarded: 0, status: 'prepayment', error: messages.receipts.defaultPrepayment },
      });
      expect(settled.body.data).toEqual({
        points_awarded: 58,
        status: 'success',
        error: null,
        points_rule: 'base',
        points_percentage: 10,
        points_level: null,
      });

      expect(await balanceOf(seller)).toBe(100 - BILLING_DEFAULTS.receipt_price_tier1);
      expect((await seller.api.get('/profile')).body.user.scanned_receipts).toBe(1);
      const history = (await seller.api.get('/receipts')).body;
      expect(history.receipts.map((receipt: { status: string }) => receipt.status).sort()).toEqual(['prepayment', 'success']);
      const prepaidRow = history.receipts.find((receipt: { status: string }) => receipt.status === 'prepayment');
      expect(prepaidRow).toMatchObject({ points_awarded: 0, message: messages.receipts.defaultPrepayment });
      expect(prepaidRow.items.map((item: { status: string }) => item.status)).toEqual(['not_counted']);
      const buyers = (await seller.api.get('/buyers')).body;
      expect(buyers.summary).toEqual({ buyers_count: 1, successful_receipts: 1, total_amount: 586 });
    });
  });

  describe('refusals, each with its status and nothing charged or awarded', () => {
    it.each([
      ['garbage', 'это не чек'],
      ['a return receipt', 't=20240627T1556&s=1786.00&fn=7380440800792177&i=92555&fp=2059569348&n=2'],
      ['a receipt unknown to the tax service', 't=20240627T1556&s=1786.00&fn=1&i=2&fp=3&n=1'],
    ])('%s is not recognised', async (_label, qr) => {
      const seller = await createFundedSeller(url, SUBSCRIPTION);
      const projectId = await actionFor(seller, { command_not_recognized: 'Не вижу чек' });
      const answer = await check(seller, projectId, qr);
      expect(answer.body).toEqual({
        success: false,
        message: 'Не вижу чек',
        data: { points_awarded: 0, status: 'not_recognized', error: 'Не вижу чек' },
      });
      expect(await balanceOf(seller)).toBe(0);
      expect((await seller.api.get('/receipts')).body.receipts[0].status).toBe('not_recognized');
    });

    it('a receipt older than the validity period is too old', async () => {
      const seller = await createFundedSeller(url, SUBSCRIPTION);
      const projectId = await actionFor(seller, { receipt_validity_days: 30 });
      const answer = await check(seller, projectId, await registerReceipt(url, freshReceipt('wb-aurora-cosmetics', 31)));
      expect(answer.body.data).toEqual({
        points_awarded: 0,
        status: 'too_old',
        error: 'Чек слишком старый: принимаются чеки не старше 30 дн.',
      });
    });

    it('a receipt without the seller’s goods has no items, and its items are kept as not counted', async () => {
      const seller = await createFundedSeller(url, SUBSCRIPTION);
      const projectId = await actionFor(seller, { project_inns: '7707083893' });
      const answer = await check(seller, projectId, await registerReceipt(url, freshReceipt('lenta-marked-excise')));
      expect(answer.body.data.status).toBe('no_items');
      const [saved] = (await seller.api.get('/receipts')).body.receipts;
      expect(saved.items.length).toBeGreaterThan(0);
      expect(saved.items.every((item: { status: string }) => item.status === 'not_counted')).toBe(true);
    });

    it('the product named by the action must be on the receipt', async () => {
      const seller = await createFundedSeller(url, SUBSCRIPTION);
      const projectId = await actionFor(seller, { product_keywords: 'бальзам, маска' });
      expect((await check(seller, projectId, await registerReceipt(url, freshReceipt('wb-aurora-cosmetics')))).body.data.status).toBe(
        'no_matching_product',
      );
    });

    it('the counted goods must reach the minimum total', async () => {
      const seller = await createFundedSeller(url, SUBSCRIPTION);
      const projectId = await actionFor(seller, { min_total: 2000 });
      const answer = await check(seller, projectId, await registerReceipt(url, freshReceipt('wb-aurora-cosmetics')));
      expect(answer.body.data.status).toBe('below_min_total');
      expect(answer.body.message.replace(/\u00a0/g, ' ')).toBe('Сумма покупки меньше минимальной для акции: 2 000 ₽.');
    });

    it('a second scan of the same receipt is refused when duplicates are checked', async () => {
      const seller = await createFundedSeller(url, SUBSCRIPTION + 100);
      const projectId = await actionFor(seller, { check_duplicates: 1 });
      const qr = await registerReceipt(url, freshReceipt('wb-aurora-cosmetics'));
      expect((await check(seller, projectId, qr)).body.data.status).toBe('success');
      const again = await check(seller, projectId, qr, '777');
      expect(again.body).toMatchObject({ success: false, data: { status: 'already_scanned', points_awarded: 0 } });
      expect(await balanceOf(seller)).toBe(92);
    });

    it('a repeat is accepted (and fetched from the cache) when duplicates are allowed', async () => {
      const seller = await createFundedSeller(url, SUBSCRIPTION + 100);
      const projectId = await actionFor(seller, { check_duplicates: 0 });
      const qr = await registerReceipt(url, freshReceipt('wb-aurora-cosmetics'));
      expect((await check(seller, projectId, qr)).body.data.status).toBe('success');
      expect((await check(seller, projectId, qr)).body.data.status).toBe('success');
      const requests = await (await fetch(`${url}/__emulators/tax/requests`)).json();
      const key = Object.keys(requests).find((k) => k.startsWith('7380440800792177:') && qr.includes(`i=${k.split(':')[1]}&`));
      expect(requests[key!]).toBe(1);
      expect((await seller.api.get('/buyers')).body.buyers[0]).toMatchObject({ successful_receipts_count: 2, total_amount: 2 * WB_TOTAL });
    });

    it('the history marks a repeat success of the same receipt (ФН+ФД+ФП) in the same action, and only that', async () => {
      const seller = await createFundedSeller(url, 2 * SUBSCRIPTION + 100);
      const projectId = await actionFor(seller, { check_duplicates: 0 });
      const other = await actionFor(seller, { check_duplicates: 0 });
      const qr = await registerReceipt(url, freshReceipt('wb-aurora-cosmetics'));
      await check(seller, projectId, 'not a receipt');
      expect((await check(seller, projectId, qr)).body.data.status).toBe('success');
      expect((await check(seller, other, qr)).body.data.status).toBe('success');
      expect((await check(seller, projectId, qr, '777')).body.data.status).toBe('success');
      const history = (await seller.api.get('/receipts')).body.receipts as Array<{ project_id: number; status: string; repeat: boolean }>;
      expect(history.map(({ project_id, status, repeat }) => ({ project_id, status, repeat }))).toEqual([
        { project_id: projectId, status: 'success', repeat: true },
        { project_id: other, status: 'success', repeat: false },
        { project_id: projectId, status: 'success', repeat: false },
        { project_id: projectId, status: 'not_recognized', repeat: false },
      ]);
      // Pages past the first (an OFFSET, or a keyset cursor) carry the same items and repeat flags:
      // a newer refusal moves the repeat to the second page.
      await check(seller, projectId, 'not a receipt either');
      const whole = (await seller.api.get('/receipts')).body.receipts as Array<{ id: number; items: unknown[]; repeat: boolean }>;
      expect(whole[1]).toMatchObject({ repeat: true, items: expect.arrayContaining([expect.anything()]) });
      for (let page = 2; page <= whole.length; page++) {
        expect((await seller.api.get(`/receipts?page=${page}&limit=1`)).body.receipts).toEqual([whole[page - 1]]);
        expect((await seller.api.get(`/receipts?page=${page}&limit=1&after=${whole[page - 2]!.id}`)).body.receipts).toEqual([
          whole[page - 1],
        ]);
      }
    });

    it('tax service down: status error, nothing charged or awarded', async () => {
      const seller = await createFundedSeller(url, SUBSCRIPTION + 100);
      const projectId = await actionFor(seller);
      const qr = await registerReceipt(url, freshReceipt('wb-aurora-cosmetics'), { code: 5 });
      const answer = await check(seller, projectId, qr);
      expect(answer.body).toEqual({
        success: false,
        message: messages.receipts.checkFailed,
        data: { points_awarded: 0, status: 'error', error: messages.receipts.checkFailed },
      });
      expect(await balanceOf(seller)).toBe(100);
      expect((await seller.api.get('/buyers')).body.buyers).toEqual([]);
    });

    it('"not ready yet" answers are retried', async () => {
      const seller = await createFundedSeller(url, SUBSCRIPTION + 100);
      const projectId = await actionFor(seller);
      const qr = await registerReceipt(url, freshReceipt('wb-aurora-cosmetics'), { notReadyTimes: 2 });
      expect((await check(seller, projectId, qr)).body.data.status).toBe('success');
    });

    it('without money for the receipt the check is refused and the action says why', async () => {
      const seller = await createFundedSeller(url, SUBSCRIPTION);
      const projectId = await actionFor(seller);
      const answer = await check(seller, projectId, await registerReceipt(url, freshReceipt('wb-aurora-cosmetics')));
      expect(answer.body.data).toEqual({
        points_awarded: 0,
        status: 'seller_balance_low',
        error: messages.receipts.defaultSellerBalanceLow,
      });
      expect((await seller.api.get(`/projects/${projectId}`)).body.project.status_message).toBe(messages.receipts.sellerBalanceLowStatus);
      expect((await seller.api.get('/profile')).body.user.scanned_receipts).toBe(0);

      // Topped up: the next receipt is paid, clears the message and is the action's first.
      await creditViaCli(url, seller.email, 100);
      expect((await check(seller, projectId, await registerReceipt(url, freshReceipt('wb-aurora-cosmetics')))).body.data.status).toBe(
        'success',
      );
      const action = (await seller.api.get(`/projects/${projectId}`)).body.project;
      expect(action).toMatchObject({ status_message: null, receipts_count: 1 });
    });
  });

  describe('input and access', () => {
    it('requires the receipt link and the messenger user ID', async () => {
      const seller = await createFundedSeller(url, SUBSCRIPTION);
      const projectId = await actionFor(seller);
      expect((await seller.api.post('/check', { user_id: seller.id, project_id: projectId, user_id_tg: '1' })).body).toEqual({
        message: messages.receipts.qrRequired,
      });
      expect((await seller.api.post('/check', { qrurl: 'x', user_id: seller.id, project_id: projectId, user_id_tg: ' ' })).body).toEqual({
        message: messages.receipts.buyerIdRequired,
      });
      expect((await seller.api.get('/receipts')).body.receipts).toEqual([]);
    });

    it('refuses a messenger user ID that is not a positive integer (a Telegram id), writing nothing', async () => {
      const seller = await createFundedSeller(url, SUBSCRIPTION);
      const projectId = await actionFor(seller);
      for (const buyer of ['abc', '-5', '0', '007', '1.5', '12e3', '12345678901234567', 42.5]) {
        const answer = await seller.api.post('/check', { qrurl: 'x', user_id: seller.id, project_id: projectId, user_id_tg: buyer });
        expect(answer.status, String(buyer)).toBe(400);
        expect(answer.body).toEqual({ message: 'ID пользователя в Telegram — целое положительное число' });
      }
      expect((await seller.api.get('/receipts')).body.receipts).toEqual([]);
      expect((await seller.api.get('/buyers')).body.buyers).toEqual([]);
      // A number or digits with spaces around are a valid id.
      expect((await seller.api.post('/check', { qrurl: 'x', user_id: seller.id, project_id: projectId, user_id_tg: 42 })).status).toBe(200);
      expect(
        (await seller.api.post('/check', { qrurl: 'x', user_id: seller.id, project_id: projectId, user_id_tg: ' 4503599627370496 ' }))
          .status,
      ).toBe(200);
    });

    it("another seller's action is not found, and receipts and buyers stay private", async () => {
      const alice = await createFundedSeller(url, SUBSCRIPTION + 100);
      const projectId = await actionFor(alice);
      await check(alice, projectId, await registerReceipt(url, freshReceipt('wb-aurora-cosmetics')));
      const bob = await createSeller(url);
      const answer = await bob.api.post('/check', { qrurl: 'x', project_id: projectId, user_id_tg: '1' });
      expect(answer.status).toBe(404);
      expect((await bob.api.get(`/receipts?project_id=${projectId}`)).body.receipts).toEqual([]);
      expect((await bob.api.get(`/buyers?project_id=${projectId}`)).body.buyers).toEqual([]);
      expect((await bob.api.get(`/receipts?user_id=${alice.id}`)).status).toBe(403);
      expect((await bob.api.get(`/buyers?user_id=${alice.id}`)).status).toBe(403);
    });

    it('a bot platform checks with the action’s API key, and only for that action', async () => {
      const seller = await createFundedSeller(url, SUBSCRIPTION * 2 + 100);
      const projectId = await actionFor(seller);
      const otherId = await actionFor(seller);
      const apiKey = await newApiKey(seller, projectId);
      const bot = new ApiClient(url);
      const qr = await registerReceipt(url, freshReceipt('wb-aurora-cosmetics'));
      const viaHeader = await bot.post(
        '/check',
        { qrurl: qr, project_id: projectId, user_id_tg: '42' },
        { headers: { 'x-api-key': apiKey } },
      );
      expect(viaHeader.body.data.status).toBe('success');
      const viaBody = await bot.post('/check', { qrurl: qr, project_id: projectId, user_id_tg: '42', api_key: apiKey });
      expect(viaBody.body.data.status).toBe('success');
      for (const [key, id] of [
        [apiKey, otherId],
        ['wrong-key', projectId],
      ] as const) {
        const refused = await bot.post('/check', { qrurl: qr, project_id: id, user_id_tg: '42' }, { headers: { 'x-api-key': key } });
        expect(refused.status).toBe(401);
        expect(refused.body).toEqual({ message: messages.receipts.apiKeyInvalid });
      }
      const regenerated = await seller.api.post(`/projects/${projectId}/api-key`);
      expect(regenerated.body.api_key).not.toBe(apiKey);
      expect(
        (await bot.post('/check', { qrurl: qr, project_id: projectId, user_id_tg: '42' }, { headers: { 'x-api-key': apiKey } })).status,
      ).toBe(401);
    });

    it('the caller is verified with the action: each refusal has its status and message, and writes nothing', async () => {
      const alice = await createFundedSeller(url, SUBSCRIPTION * 2 + 100);
      const projectId = await actionFor(alice);
      const deletedId = await actionFor(alice);
      const deletedKey = await newApiKey(alice, deletedId);
      const apiKey = await newApiKey(alice, projectId);
      expect((await alice.api.request('DELETE', `/projects/${deletedId}`)).status).toBe(200);
      const bob = await createSeller(url);
      const signedOut = await createSeller(url);
      expect((await signedOut.api.post('/logout')).status).toBe(200);
      const anonymous = new ApiClient(url);
      const qr = await registerReceipt(url, freshReceipt('wb-aurora-cosmetics'));
      const body = (project_id: number, extra: Record<string, unknown> = {}) => ({ qrurl: qr, project_id, user_id_tg: '42', ...extra });
      const cases: [string, Promise<{ status: number; body: unknown }>, number, string][] = [
        ['no session', anonymous.post('/check', body(projectId)), 401, messages.common.unauthorized],
        ['signed out, existing action', signedOut.api.post('/check', body(projectId)), 401, messages.common.sessionExpired],
        ['signed out, no such action', signedOut.api.post('/check', body(999_999)), 401, messages.common.sessionExpired],
        ['another seller claimed', bob.api.post('/check', body(projectId, { user_id: alice.id })), 403, messages.common.forbidden],
        [
          'another seller claimed, no such action',
          bob.api.post('/check', body(999_999, { user_id: alice.id })),
          403,
          messages.common.forbidden,
        ],
        ['no such action', bob.api.post('/check', body(999_999)), 404, messages.actions.notFound],
        ["the owner's deleted action", alice.api.post('/check', body(deletedId)), 404, messages.actions.notFound],
        [
          'API key, another seller claimed',
          anonymous.post('/check', body(projectId, { api_key: apiKey, user_id: bob.id })),
          401,
          messages.receipts.apiKeyInvalid,
        ],
        ['API key of a deleted action', anonymous.post('/check', body(deletedId, { api_key: deletedKey })), 404, messages.actions.notFound],
        ['API key, no such action', anonymous.post('/check', body(999_999, { api_key: apiKey })), 401, messages.receipts.apiKeyInvalid],
      ];
      for (const [name, answer, status, message] of cases) {
        const { status: got, body: gotBody } = await answer;
        expect({ name, status: got, body: gotBody }).toEqual({ name, status, body: { message } });
      }
      expect((await alice.api.get('/receipts')).body.receipts).toEqual([]);
      expect(await balanceOf(alice)).toBe(100);
    });
  });

  describe('demo receipts', () => {
    it('a seller in demo mode gets a fresh receipt with the action’s goods, which checks successfully', async () => {
      const seller = await createFundedSeller(url, SUBSCRIPTION + 100);
      const projectId = await actionFor(seller, { project_inns: '7707083893' });
      const demo = await seller.api.post('/demo/receipts', { user_id: seller.id, project_id: projectId });
      expect(demo.status).toBe(201);
      expect(demo.body.qrurl).toMatch(/^t=\d{8}T\d{4}&s=2080\.00&fn=\d+&i=\d+&fp=\d+&n=1$/);
      const answer = await check(seller, projectId, demo.body.qrurl);
      expect(answer.body.data).toEqual({
        points_awarded: 149,
        status: 'success',
        error: null,
        points_rule: 'base',
        points_percentage: expect.any(Number),
        points_level: null,
      });
      const [saved] = (await seller.api.get('/receipts')).body.receipts;
      expect(saved.items.map((item: { status: string }) => item.status)).toEqual(['counted', 'not_counted']);
    });

    it("only for the seller's own action", async () => {
      const alice = await createFundedSeller(url, SUBSCRIPTION);
      const projectId = await actionFor(alice);
      const bob = await createSeller(url);
      expect((await bob.api.post('/demo/receipts', { project_id: projectId })).status).toBe(404);
      expect((await new ApiClient(url).post('/demo/receipts', { project_id: projectId })).status).toBe(401);
    });
  });

  describe('history', () => {
    it('pages newest first, filters by action, and keeps receipts of deleted actions', async () => {
      const seller = await createFundedSeller(url, SUBSCRIPTION * 2);
      const a = await actionFor(seller, { name: 'A' });
      const b = await actionFor(seller, { name: 'B' });
      for (const [id, qr] of [
        [a, 'x1'],
        [a, 'x2'],
        [b, 'x3'],
      ] as const)
        await check(seller, id, qr);
      const page1 = (await seller.api.get('/receipts?page=1&limit=2')).body;
      expect(page1.receipts.map((r: { qr?: string; project_name: string }) => r.project_name)).toEqual(['B', 'A']);
      const lastOnPage1 = page1.receipts[1].id;
      expect(page1.pagination).toEqual({
        current_page: 1,
        total_pages: 2,
        total_receipts: 3,
        limit: 2,
        has_next: true,
        has_prev: false,
        next_after: lastOnPage1,
      });
      const page2 = (await seller.api.get('/receipts?page=2&limit=2')).body;
      expect(page2.pagination).toMatchObject({ current_page: 2, has_next: false, has_prev: true, next_after: null });
      // Keyset paging gives the same page as the offset.
      const keyset = (await seller.api.get(`/receipts?page=2&limit=2&after=${lastOnPage1}`)).body;
      expect(keyset).toEqual(page2);
      expect((await seller.api.get(`/receipts?limit=2&after=${lastOnPage1}&project_id=${b}`)).body.receipts).toEqual([]);
      // A page past the end is empty and still tells the total.
      const pastEnd = (await seller.api.get('/receipts?page=5&limit=2')).body;
      expect(pastEnd.receipts).toEqual([]);
      expect(pastEnd.pagination).toMatchObject({ current_page: 5, total_pages: 2, total_receipts: 3, has_next: false, has_prev: true });
      expect((await seller.api.get('/receipts?after=0')).status).toBe(400);
      expect((await seller.api.get(`/receipts?project_filter=${a}`)).body.pagination.total_receipts).toBe(2);
      expect((await seller.api.get('/receipts?project_filter=all')).body.pagination.total_receipts).toBe(3);
      await seller.api.request('DELETE', `/projects/${a}`);
      const kept = (await seller.api.get(`/receipts?project_id=${a}`)).body;
      expect(kept.pagination.total_receipts).toBe(2);
      expect(kept.receipts[0].project_name).toBe('A');
    });
  });

  describe('buyers', () => {
    it('sorts and pages on the server when asked', async () => {
      const seller = await createFundedSeller(url, SUBSCRIPTION + 100);
      const projectId = await actionFor(seller);
      for (const buyer of ['300', '100', '200']) {
        await check(seller, projectId, await registerReceipt(url, freshReceipt('wb-aurora-cosmetics')), buyer);
      }
      const sorted = (await seller.api.get('/buyers?sort=buyer_id&order=asc&limit=2')).body;
      expect(sorted.buyers.map((b: { buyer_id: string }) => b.buyer_id)).toEqual(['100', '200']);
      expect(sorted.summary.buyers_count).toBe(3);
      expect((await seller.api.get('/buyers?period_days=7')).body.buyers).toHaveLength(3);
      expect((await seller.api.get('/buyers?period_days=5')).status).toBe(400);
    });
  });

  describe('PuzzleBot', () => {
    it('receives the buyer’s absolute balance, and a PuzzleBot outage loses nothing', async () => {
      const seller = await createFundedSeller(url, SUBSCRIPTION + 100);
      const token = `bot-${seller.id}`;
      const projectId = await actionFor(seller, { puzzle_bot_token: token, puzzle_bot_points_variable: 'points' });
      await fetch(`${url}/__emulators/puzzlebot/outage`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ token, down: true }),
      });
      await check(seller, projectId, await registerReceipt(url, freshReceipt('wb-aurora-cosmetics')), '555');
      await check(seller, projectId, await registerReceipt(url, freshReceipt('wb-aurora-cosmetics')), '555');
      const variables = async () =>
        (
          (await (await fetch(`${url}/__emulators/puzzlebot/variables`)).json()) as {
            token: string;
            user_id: string;
            variable: string;
            value: number;
          }[]
        ).filter((v) => v.token === token);
      expect(await variables()).toEqual([]);
      await fetch(`${url}/__emulators/puzzlebot/outage`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ token, down: false }),
      });
      await vi.waitFor(
        async () => expect(await variables()).toEqual([expect.objectContaining({ user_id: '555', variable: 'points', value: 356 })]),
        { timeout: 15_000, interval: 200 },
      );
    });
  });

  describe.runIf(backend.name === 'postgres')('under concurrency and over time', () => {
    it('the same QR sent 50 times at once gives one success', async () => {
      const seller = await createFundedSeller(url, SUBSCRIPTION + 100);
      const projectId = await actionFor(seller, { check_duplicates: 1 });
      const qr = await registerReceipt(url, freshReceipt('wb-aurora-cosmetics'));
      const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => check(seller, projectId, qr, String(1000 + i))));
      const statuses = answers.map((a) => a.body.data.status);
      expect(statuses.filter((s) => s === 'success')).toHaveLength(1);
      expect(statuses.filter((s) => s === 'already_scanned')).toHaveLength(49);
      expect(await balanceOf(seller)).toBe(92);
      const points = await withPostgres(
        backend,
        async (db) =>
          (await db.query('SELECT coalesce(sum(delta), 0)::int AS s FROM points_ledger WHERE project_id = $1', [projectId])).rows[0].s,
      );
      expect(points).toBe(178);
    });

    it('12 checks at once across a tier bound each pay their exact tier price, in the order they were charged', async () => {
      const seller = await createFundedSeller(url, SUBSCRIPTION + 1_000);
      const projectId = await actionFor(seller, {});
      const bound = RECEIPT_TIERS[0]!.max!;
      // 195 receipts already scanned: the next 6 are tier 1, the rest tier 2.
      await withPostgres(backend, (db) => seedScanned(db, seller.id, projectId, bound - 5));
      const qrs = await Promise.all(Array.from({ length: 12 }, () => registerReceipt(url, freshReceipt('wb-aurora-cosmetics'))));
      const answers = await Promise.all(qrs.map((qr, i) => check(seller, projectId, qr, String(2000 + i))));
      expect(answers.map((a) => a.body.data.status)).toEqual(Array(12).fill('success'));

      const fees = await withPostgres(
        backend,
        async (db) =>
          (
            await db.query(
              `SELECT -l.amount_kopecks AS fee, l.balance_after_kopecks AS after, r.fee_kopecks AS receipt_fee
                 FROM balance_ledger l JOIN receipts r ON l.reference = 'receipt:' || r.id
                WHERE l.user_id = $1 AND l.kind = 'receipt_fee' ORDER BY l.id`,
              [seller.id],
            )
          ).rows,
      );
      const tier = (key: 'receipt_price_tier1' | 'receipt_price_tier2') => BILLING_DEFAULTS[key] * 100;
      expect(fees.map((row) => Number(row.fee))).toEqual([
        ...Array(6).fill(tier('receipt_price_tier1')),
        ...Array(6).fill(tier('receipt_price_tier2')),
      ]);
      // Each charge is taken from the balance the previous one left, and its receipt states it.
      let balance = 100_000;
      for (const row of fees) expect(Number(row.after)).toBe((balance -= Number(row.fee)));
      expect(fees.map((row) => Number(row.receipt_fee))).toEqual(fees.map((row) => Number(row.fee)));
      expect((await seller.api.get('/profile')).body.user.scanned_receipts).toBe(bound + 7);
    });

    it('a check that read its tier price before another took the tier’s last place pays the next tier’s price, its receipt too', async () => {
      const seller = await createFundedSeller(url, SUBSCRIPTION + 1_000);
      const projectId = await actionFor(seller, {});
      const bound = RECEIPT_TIERS[0]!.max!;
      await withPostgres(backend, (db) => seedScanned(db, seller.id, projectId, bound));
      const tier = (key: 'receipt_price_tier1' | 'receipt_price_tier2') => BILLING_DEFAULTS[key] * 100;

      // The award prices a receipt before the seller's lock and re-checks the tier under it
      // (db/functions/award_receipt.sql). Another award takes the tier's last place and holds the
      // lock until the check has read the old count and queued behind it.
      const holder = await withPostgres(backend, async (db) => {
        await db.query('BEGIN');
        const [taken] = (await db.query('SELECT receipt_id, fee_kopecks FROM award_receipt($1::jsonb)', [awardOf(seller.id, projectId)]))
          .rows;
        const qr = await registerReceipt(url, freshReceipt('wb-aurora-cosmetics'));
        const checked = check(seller, projectId, qr, '5000');
        await vi.waitFor(
          async () => {
            const { rows } = await db.query(
              "SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND NOT granted AND classid = 1 AND objid = $1",
              [seller.id],
            );
            expect(rows[0].n).toBe(1);
          },
          { timeout: 20_000, interval: 5 },
        );
        await db.query('COMMIT');
        return { taken, answer: await checked };
      });
      expect(Number(holder.taken.fee_kopecks)).toBe(tier('receipt_price_tier1'));
      expect(holder.answer.body.data.status).toBe('success');

      const charged = await withPostgres(backend, async (db) =>
        (
          await db.query(
            `SELECT r.buyer_tg_id AS buyer, r.fee_kopecks AS receipt_fee, -l.amount_kopecks AS ledger_fee
                 FROM receipts r JOIN balance_ledger l ON l.reference = 'receipt:' || r.id
                WHERE r.project_id = $1 ORDER BY l.id`,
            [projectId],
          )
        ).rows.map((row) => ({ buyer: row.buyer, receipt: Number(row.receipt_fee), ledger: Number(row.ledger_fee) })),
      );
      expect(charged).toEqual([
        { buyer: 'tier-holder', receipt: tier('receipt_price_tier1'), ledger: tier('receipt_price_tier1') },
        { buyer: '5000', receipt: tier('receipt_price_tier2'), ledger: tier('receipt_price_tier2') },
      ]);
      expect((await seller.api.get('/profile')).body.user.scanned_receipts).toBe(bound + 2);
    });

    it('8 checks at once with money for 3: exactly 3 are paid, the rest refused for the balance and free', async () => {
      const fee = BILLING_DEFAULTS.receipt_price_tier1;
      const seller = await createFundedSeller(url, SUBSCRIPTION + 3 * fee);
      const projectId = await actionFor(seller, {});
      const qrs = await Promise.all(Array.from({ length: 8 }, () => registerReceipt(url, freshReceipt('wb-aurora-cosmetics'))));
      const answers = await Promise.all(qrs.map((qr, i) => check(seller, projectId, qr, String(3000 + i))));
      const statuses = answers.map((a) => a.body.data.status);
      expect(statuses.filter((status) => status === 'success')).toHaveLength(3);
      expect(statuses.filter((status) => status === 'seller_balance_low')).toHaveLength(5);
      expect(await balanceOf(seller)).toBe(0);
      const written = await withPostgres(
        backend,
        async (db) =>
          (
            await db.query(
              'SELECT (SELECT count(*) FROM receipts WHERE project_id = $1 AND fee_kopecks > 0)::int AS paid, (SELECT count(*) FROM points_ledger WHERE project_id = $1)::int AS points',
              [projectId],
            )
          ).rows[0],
      );
      expect(written).toEqual({ paid: 3, points: 3 });
    });

    it('checks and renewals of the same action at once all go through: neither waits for the other in a circle', async () => {
      const fee = BILLING_DEFAULTS.receipt_price_tier1;
      const seller = await createFundedSeller(url, 4 * SUBSCRIPTION + 20 * fee);
      const projectId = await actionFor(seller, {});
      const qrs = await Promise.all(Array.from({ length: 16 }, () => registerReceipt(url, freshReceipt('wb-aurora-cosmetics'))));
      const [checks, renewals] = await Promise.all([
        Promise.all(qrs.map((qr, i) => check(seller, projectId, qr, String(4000 + i)))),
        Promise.all(Array.from({ length: 3 }, () => seller.api.post(`/projects/${projectId}/renew`))),
      ]);
      expect(checks.map((answer) => answer.body.data.status)).toEqual(Array(16).fill('success'));
      expect(renewals.map((answer) => answer.status)).toEqual([200, 200, 200]);
      expect(await balanceOf(seller)).toBe(4 * fee);
    });

    it('an action whose subscription is over refuses receipts', async () => {
      const seller = await createFundedSeller(url, SUBSCRIPTION + 100);
      const projectId = await actionFor(seller, { command_success: 'ok' });
      await withPostgres(backend, (db) =>
        db.query("UPDATE projects SET subscription_end_date = now() - interval '1 minute' WHERE id = $1", [projectId]),
      );
      const answer = await check(seller, projectId, await registerReceipt(url, freshReceipt('wb-aurora-cosmetics')));
      expect(answer.body.data).toEqual({ points_awarded: 0, status: 'subscription_inactive', error: messages.receipts.defaultInactive });
      expect(await balanceOf(seller)).toBe(100);
    });

    it('the buyers period filter uses the last purchase date', async () => {
      const seller = await createFundedSeller(url, SUBSCRIPTION + 100);
      const projectId = await actionFor(seller);
      await check(seller, projectId, await registerReceipt(url, freshReceipt('wb-aurora-cosmetics', 10)), '1000001');
      await check(seller, projectId, await registerReceipt(url, freshReceipt('wb-aurora-cosmetics', 1)), '1000002');
      const week = (await seller.api.get('/buyers?period_days=7')).body;
      expect(week.buyers.map((b: { buyer_id: string }) => b.buyer_id)).toEqual(['1000002']);
      expect((await seller.api.get('/buyers?period_days=30')).body.buyers).toHaveLength(2);
    });
  });
});
