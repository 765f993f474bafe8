import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blankPglite } from '../../../../tests/support/blank-pglite.js';
import { BILLING_DEFAULTS, RECEIPT_TIERS } from '../../../contract/billing.js';
import { pgliteDatabase, type Database } from '../../db/connection.js';
import { migrate } from '../../db/migrate.js';
import { verifyInvariants } from '../admin/invariants.js';
import { pointsInvariants } from '../points/invariants.js';
import { releaseHolds } from '../points/hold-repository.js';
import { movePoints } from '../points/repository.js';
import { cancelReceipt } from './cancel-repository.js';
import { receiptsInvariants } from './invariants.js';
import { awardReceipt } from './repository.js';

// db/functions/cancel_receipt.sql, called as the cabinet's cancel calls it, on the migrated schema of
// an in-process PGlite: held points first, then available ones from the soonest-expiring lots, never
// below zero, once; a hold it emptied is never released.

let database: Database;
let sellerId: number;
let actionId: number;
let receipts = 0;

const DAY_MS = 86_400_000;
const NOW = new Date('2026-11-25T10:00:00Z');
const COUNTED_KOPECKS = 100_000;

beforeAll(async () => {
  database = pgliteDatabase(await blankPglite());
  await migrate(database);
  [{ id: sellerId }] = (await database.query<{ id: number }>(
    `INSERT INTO users (name, email, password_hash, is_activated, balance_kopecks) VALUES ('Продавец', 'seller@example.test', 'x', true, 1000000) RETURNING id`,
  )) as [{ id: number }];
  [{ id: actionId }] = (await database.query<{ id: number }>(
    `INSERT INTO projects (user_id, name, project_inns, points_percentage, receipt_validity_days, check_duplicates, api_key_hash, api_key_last4)
     VALUES ($1, 'Акция', '{7700000000}', 10, 60, 0, 'hash', '0000') RETURNING id`,
    [sellerId],
  )) as [{ id: number }];
}, 120_000);

afterAll(async () => {
  await database?.close();
});

/**
 * A successful receipt of `buyer` earning `points` (expiring after `lifetimeDays`, never when null),
 * held for the return window until `heldUntil` when given.
 */
async function award(buyer: string, points: number, options: { lifetimeDays?: number; heldUntil?: Date } = {}): Promise<number> {
  receipts += 1;
  const awarded = await awardReceipt(database.db, {
    receipt: {
      userId: sellerId,
      projectId: actionId,
      projectName: 'Акция',
      projectInns: ['7700000000'],
      buyerTgId: buyer,
      qrRaw: `t=20261125T1000&s=1000.00&fn=1&i=${receipts}&fp=1&n=1`,
      fn: '1',
      fd: String(receipts),
      fp: '1',
      issuedAt: NOW,
      totalKopecks: COUNTED_KOPECKS,
      status: 'success',
      message: 'Чек принят',
      scannedAt: NOW,
    },
    items: [
      {
        position: 1,
        name: 'Крем',
        priceKopecks: COUNTED_KOPECKS,
        quantity: 1,
        sumKopecks: COUNTED_KOPECKS,
        providerInn: null,
        status: 'counted',
      },
    ],
    points,
    pointsReason: 'Чек №{id}',
    pointsExpiresAt: options.lifetimeDays === undefined ? null : new Date(NOW.getTime() + options.lifetimeDays * DAY_MS),
    pointsHeldUntil: options.heldUntil ?? null,
    pointsRule: 'base',
    pointsPercentage: 10,
    pointsLevel: null,
    countedKopecks: COUNTED_KOPECKS,
    purchasedAt: NOW,
    pushToPuzzleBot: false,
    feeDescription: 'Чек по акции «Акция»',
    clearStatusMessage: null,
    tiers: RECEIPT_TIERS.map((tier) => ({ max: tier.max, key: tier.key, fallbackRubles: BILLING_DEFAULTS[tier.key] })),
    botUpdate: null,
  });
  return awarded!.receiptId;
}

const RELEASE_AT = new Date(NOW.getTime() + 14 * DAY_MS);
const holdOf = async (receiptId: number) =>
  (
    await database.query<{ ledger_id: string; remaining: number }>(
      'SELECT ledger_id::text, remaining FROM points_holds WHERE receipt_id = $1',
      [receiptId],
    )
  )[0]!;
const release = async (receiptId: number) => {
  const ledgerId = Number((await holdOf(receiptId)).ledger_id);
  return (await releaseHolds(database.db, [{ ledgerId, reason: 'Чек' }], RELEASE_AT)).get(ledgerId);
};

const cancel = (receiptId: number, seller = sellerId) =>
  cancelReceipt(database.db, {
    receiptId,
    sellerId: seller,
    reason: 'Возврат',
    ledgerReason: `Отмена чека №${receiptId}: Возврат`,
    at: NOW,
  });

const debit = (buyer: string, points: number, reference: string) =>
  movePoints(database.db, {
    projectId: actionId,
    buyerTgId: buyer,
    delta: -points,
    kind: 'order',
    actor: 'shopper',
    reason: 'Обмен',
    reference,
    at: NOW,
  });

async function buyerState(buyer: string) {
  const [points] = await database.query<{ balance: number; held: number }>(
    'SELECT balance, held FROM buyer_points WHERE project_id = $1 AND buyer_tg_id = $2',
    [actionId, buyer],
  );
  const [stats] = await database.query<{ total: string; held: string }>(
    'SELECT total_kopecks::text AS total, held_kopecks::text AS held FROM buyer_stats WHERE project_id = $1 AND buyer_tg_id = $2',
    [actionId, buyer],
  );
  const [sums] = await database.query<{ seller_buyer: string; action: string; every_action: string }>(
    `SELECT (SELECT total_kopecks::text FROM seller_buyers WHERE user_id = $1 AND buyer_tg_id = $3) AS seller_buyer,
            (SELECT total_kopecks::text FROM buyer_summaries WHERE user_id = $1 AND project_id = $2) AS action,
            (SELECT total_kopecks::text FROM buyer_summaries WHERE user_id = $1 AND project_id = 0) AS every_action`,
    [sellerId, actionId, buyer],
  );
  return {
    ...points!,
    spentKopecks: Number(stats!.total),
    heldKopecks: Number(stats!.held),
    sellerBuyerKopecks: Number(sums!.seller_buyer),
  };
}

const cancelRow = async (receiptId: number) =>
  (
    await database.query(`SELECT delta, held_delta, kind, actor, reason FROM points_ledger WHERE reference = $1`, [`cancel:${receiptId}`])
  )[0];

const lots = async (buyer: string) =>
  (
    await database.query<{ remaining: number }>(
      'SELECT remaining FROM points_lots WHERE project_id = $1 AND buyer_tg_id = $2 ORDER BY expires_at',
      [actionId, buyer],
    )
  ).map((lot) => lot.remaining);

async function expectInvariantsHold() {
  expect((await verifyInvariants(database.db, [...receiptsInvariants, ...pointsInvariants])).violations).toEqual([]);
}

describe('cancel_receipt(): a receipt’s points taken back', () => {
  it('takes the held points of a receipt not released yet, and the release job finds nothing to release', async () => {
    const buyer = 'held-buyer';
    await award(buyer, 30);
    const receiptId = await award(buyer, 178, { heldUntil: RELEASE_AT });
    expect(await buyerState(buyer)).toMatchObject({
      balance: 30,
      held: 178,
      heldKopecks: COUNTED_KOPECKS,
      spentKopecks: 2 * COUNTED_KOPECKS,
    });

    expect(await cancel(receiptId)).toEqual({ firstCancel: true, held: 178, available: 0, balance: 30 });

    expect(await buyerState(buyer)).toMatchObject({ balance: 30, held: 0, heldKopecks: 0, spentKopecks: COUNTED_KOPECKS });
    expect(await cancelRow(receiptId)).toEqual({
      delta: 0,
      held_delta: -178,
      kind: 'cancel',
      actor: 'seller',
      reason: `Отмена чека №${receiptId}: Возврат`,
    });
    expect((await holdOf(receiptId)).remaining).toBe(0);
    expect(await release(receiptId)).toBe(0);
    expect(await buyerState(buyer)).toMatchObject({ balance: 30, held: 0 });
    await expectInvariantsHold();
  });

  it('after the release takes the released points from the available ones', async () => {
    const buyer = 'released-buyer';
    const receiptId = await award(buyer, 178, { heldUntil: RELEASE_AT });
    expect(await release(receiptId)).toBe(178);
    expect(await buyerState(buyer)).toMatchObject({ balance: 178, held: 0, heldKopecks: 0 });

    expect(await cancel(receiptId)).toEqual({ firstCancel: true, held: 0, available: 178, balance: 0 });
    expect(await cancelRow(receiptId)).toMatchObject({ delta: -178, held_delta: 0 });
    expect(await buyerState(buyer)).toMatchObject({ balance: 0, held: 0, heldKopecks: 0, spentKopecks: 0 });
    await expectInvariantsHold();
  });

  it('without a hold takes available points, the soonest-expiring lots first', async () => {
    const buyer = 'lots-buyer';
    const receiptId = await award(buyer, 100, { lifetimeDays: 30 });
    await award(buyer, 40, { lifetimeDays: 5 });
    expect(await lots(buyer)).toEqual([40, 100]);

    expect(await cancel(receiptId)).toEqual({ firstCancel: true, held: 0, available: 100, balance: 40 });

    // The 5-day points went first, the rest came from the 30-day ones.
    expect(await lots(buyer)).toEqual([0, 40]);
    expect(await cancelRow(receiptId)).toMatchObject({ delta: -100, held_delta: 0 });
    const [receipt] = await database.query(
      `SELECT status, cancelled_at IS NOT NULL AS cancelled, cancelled_by, cancel_reason, points_cancelled FROM receipts WHERE id = $1`,
      [receiptId],
    );
    expect(receipt).toEqual({
      status: 'success',
      cancelled: true,
      cancelled_by: sellerId,
      cancel_reason: 'Возврат',
      points_cancelled: 100,
    });
    expect(await buyerState(buyer)).toMatchObject({ balance: 40, spentKopecks: COUNTED_KOPECKS, sellerBuyerKopecks: COUNTED_KOPECKS });
    await expectInvariantsHold();
  });

  it('never goes below zero: what the shopper spent stays spent', async () => {
    const buyer = 'spender';
    const receiptId = await award(buyer, 100);
    expect(await debit(buyer, 70, 'order:spender')).not.toBeNull();

    expect(await cancel(receiptId)).toEqual({ firstCancel: true, held: 0, available: 30, balance: 0 });
    expect((await database.query('SELECT points_cancelled FROM receipts WHERE id = $1', [receiptId]))[0]).toEqual({ points_cancelled: 30 });
    await expectInvariantsHold();
  });

  it('with nothing left to take, the receipt is still cancelled and no ledger row is written', async () => {
    const buyer = 'spent-all';
    const receiptId = await award(buyer, 100);
    await debit(buyer, 100, 'order:spent-all');

    expect(await cancel(receiptId)).toEqual({ firstCancel: true, held: 0, available: 0, balance: 0 });
    expect(await cancelRow(receiptId)).toBeUndefined();
    expect((await database.query('SELECT points_cancelled FROM receipts WHERE id = $1', [receiptId]))[0]).toEqual({ points_cancelled: 0 });
    expect(await buyerState(buyer)).toMatchObject({ balance: 0, spentKopecks: 0 });
    await expectInvariantsHold();
  });

  it('a second cancel changes nothing and tells the first one’s points', async () => {
    const buyer = 'twice';
    const receiptId = await award(buyer, 50);
    await award(buyer, 20);
    expect(await cancel(receiptId)).toEqual({ firstCancel: true, held: 0, available: 50, balance: 20 });
    const before = await buyerState(buyer);

    expect(await cancel(receiptId)).toEqual({ firstCancel: false, held: 0, available: 50, balance: 20 });
    expect(await buyerState(buyer)).toEqual(before);
    expect(await database.query(`SELECT 1 FROM points_ledger WHERE reference = $1`, [`cancel:${receiptId}`])).toHaveLength(1);
    await expectInvariantsHold();
  });

  it('the invariants notice a cancel its ledger row disagrees with, and Buyers sums that disagree', async () => {
    const buyer = 'corrupted';
    const receiptId = await award(buyer, 60);
    await cancel(receiptId);
    const checksOf = async () => (await verifyInvariants(database.db, receiptsInvariants)).violations.map((violation) => violation.check);
    await database.query('UPDATE receipts SET points_cancelled = points_cancelled + 1 WHERE id = $1', [receiptId]);
    expect(await checksOf()).toEqual(['receipt_cancels_agree']);
    await database.query('UPDATE receipts SET points_cancelled = points_cancelled - 1 WHERE id = $1', [receiptId]);
    await database.query('UPDATE seller_buyers SET total_kopecks = total_kopecks + 1 WHERE buyer_tg_id = $1', [buyer]);
    expect(await checksOf()).toEqual(['buyer_sums_agree', 'buyer_sums_agree']);
    await database.query('UPDATE seller_buyers SET total_kopecks = total_kopecks - 1 WHERE buyer_tg_id = $1', [buyer]);
    await expectInvariantsHold();
  });

  it('the invariants notice held purchases that disagree with the shopper’s holds, with a hold and without one', async () => {
    await award('held-corrupted', 178, { heldUntil: RELEASE_AT });
    await award('unheld-corrupted', 40);
    const checksOf = async () => (await verifyInvariants(database.db, pointsInvariants)).violations.map((violation) => violation.check);
    for (const buyer of ['held-corrupted', 'unheld-corrupted']) {
      await database.query('UPDATE buyer_stats SET held_kopecks = held_kopecks + 1 WHERE buyer_tg_id = $1', [buyer]);
      expect(await checksOf()).toEqual(['held_purchases_equal_holds']);
      await database.query('UPDATE buyer_stats SET held_kopecks = held_kopecks - 1 WHERE buyer_tg_id = $1', [buyer]);
    }
    await expectInvariantsHold();
  });

  it('answers nothing for another seller’s receipt or a refused one, and writes nothing', async () => {
    const receiptId = await award('stranger-target', 10);
    expect(await cancel(receiptId, sellerId + 1000)).toBeUndefined();
    const [{ id: refused }] = (await database.query<{ id: number }>(
      `INSERT INTO receipts (user_id, project_id, project_name, project_inns, buyer_tg_id, qr_raw, status, scanned_at)
       VALUES ($1, $2, 'Акция', '{7700000000}', 'refused-buyer', 'qr', 'too_old', now()) RETURNING id`,
      [sellerId, actionId],
    )) as [{ id: number }];
    expect(await cancel(refused)).toBeUndefined();
    expect(await database.query('SELECT id FROM receipts WHERE id = ANY($1) AND cancelled_at IS NOT NULL', [[receiptId, refused]])).toEqual(
      [],
    );
  });
});
