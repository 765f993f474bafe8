import { blankPglite } from '../../../../tests/support/blank-pglite.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BILLING_DEFAULTS, RECEIPT_TIERS } from '../../../contract/billing.js';
import { awardReceipt, type AwardInput } from './repository.js';
import { pgliteDatabase, type Database } from '../../db/connection.js';
import { migrate } from '../../db/migrate.js';
import { SPEC_TIER_TABLE } from '../billing/spec-tier-table.js';

// db/functions/award_receipt.sql, called as the check calls it, against SPEC §9's table, on the migrated schema of an in-process PGlite. The
// cabinet's "can the seller pay the next receipt" (billing/tiers.ts) is tested against the same table.

let database: Database;
let sellerId: number;
let actionId: number;
let checks = 0;

const BALANCE = 100_000_00;

beforeAll(async () => {
  database = pgliteDatabase(await blankPglite());
  await migrate(database);
  [{ id: sellerId }] = (await database.query<{ id: number }>(
    `INSERT INTO users (name, email, password_hash, is_activated, balance_kopecks) VALUES ('Продавец', 'seller@example.test', 'x', true, $1) RETURNING id`,
    [BALANCE],
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

/** One successful receipt of a seller who has already scanned `scanned` receipts and has `balance` kopecks. */
/** `again`: a second check of the same shopper's update, which may work out other points and text. */
interface Again {
  botUpdate?: AwardInput['botUpdate'];
  buyerTgId?: string;
  points?: number;
  message?: string;
  /** The points are held for the return window until then. */
  heldUntil?: Date;
  /** When the points expire (for held points: ignored, they expire counted from their release). */
  expiresAt?: Date;
}

async function award(scanned: number, balance = BALANCE, again: Again = {}) {
  await database.query('UPDATE users SET scanned_receipts = $2, balance_kopecks = $3 WHERE id = $1', [sellerId, scanned, balance]);
  checks += 1;
  const input: AwardInput = {
    receipt: {
      userId: sellerId,
      projectId: actionId,
      projectName: 'Акция',
      projectInns: ['7700000000'],
      buyerTgId: again.buyerTgId ?? `buyer-${checks}`,
      qrRaw: `t=20261125T1000&s=100.00&fn=1&i=${checks}&fp=1&n=1`,
      fn: '1',
      fd: String(checks),
      fp: '1',
      issuedAt: new Date('2026-11-25T10:00:00Z'),
      totalKopecks: 10_000,
      status: 'success',
      message: again.message ?? 'Начислено 10 баллов',
    },
    items: [{ position: 1, name: 'Кефир', priceKopecks: 10_000, quantity: 1, sumKopecks: 10_000, providerInn: null, status: 'counted' }],
    points: again.points ?? 10,
    pointsReason: 'Чек №{id}',
    pointsExpiresAt: again.expiresAt ?? null,
    pointsHeldUntil: again.heldUntil ?? null,
    pointsRule: 'base',
    pointsPercentage: 10,
    pointsLevel: null,
    countedKopecks: 10_000,
    purchasedAt: new Date('2026-11-25T10:00:00Z'),
    pushToPuzzleBot: false,
    feeDescription: 'Чек по акции «Акция»',
    clearStatusMessage: null,
    // As the check passes them (receipts/service.ts): the contract's tiers with their default prices.
    tiers: RECEIPT_TIERS.map((tier) => ({ max: tier.max, key: tier.key, fallbackRubles: BILLING_DEFAULTS[tier.key] })),
    botUpdate: again.botUpdate ?? null,
  };
  return awardReceipt(database.db, input);
}

const seller = async () =>
  (
    await database.query<{ scanned: number; balance: string }>(
      'SELECT scanned_receipts AS scanned, balance_kopecks::text AS balance FROM users WHERE id = $1',
      [sellerId],
    )
  )[0]!;

describe('award_receipt(): the fee of a receipt (SPEC §9 tiers)', () => {
  // SPEC §9: receipts already scanned → tier, default price in rubles.
  it.each(SPEC_TIER_TABLE)(
    '%i receipts already scanned → tier %i, %i kopecks charged with a ledger row',
    async (scanned, tier, kopecks) => {
      expect(Math.round(BILLING_DEFAULTS[RECEIPT_TIERS[tier - 1]!.key] * 100)).toBe(kopecks);

      const awarded = await award(scanned);

      expect(awarded?.feeKopecks).toBe(kopecks);
      expect(await seller()).toEqual({ scanned: scanned + 1, balance: String(BALANCE - kopecks) });
      const [receipt] = await database.query('SELECT fee_kopecks::int AS fee, status, points_awarded FROM receipts WHERE id = $1', [
        awarded!.receiptId,
      ]);
      expect(receipt).toEqual({ fee: kopecks, status: 'success', points_awarded: 10 });
      const [ledger] = await database.query(
        `SELECT amount_kopecks::int AS amount, balance_after_kopecks::text AS after FROM balance_ledger WHERE reference = $1`,
        [`receipt:${awarded!.receiptId}`],
      );
      expect(ledger).toEqual({ amount: -kopecks, after: String(BALANCE - kopecks) });
    },
  );

  it("charges the operator's price of the tier over the contract's default, and the default when the setting is missing", async () => {
    await database.query(`UPDATE billing_settings SET value = 9.99 WHERE key = 'receipt_price_tier1'`);
    await database.query(`DELETE FROM billing_settings WHERE key = 'receipt_price_tier2'`);
    try {
      expect((await award(200))?.feeKopecks).toBe(999);
      expect((await award(201))?.feeKopecks).toBe(600);
    } finally {
      await database.query(`UPDATE billing_settings SET value = 8 WHERE key = 'receipt_price_tier1'`);
      await database.query(`INSERT INTO billing_settings (key, value) VALUES ('receipt_price_tier2', 6)`);
    }
  });

  it('a free tier charges nothing and writes no ledger row', async () => {
    await database.query(`UPDATE billing_settings SET value = 0 WHERE key = 'receipt_price_tier7'`);
    try {
      const awarded = await award(100_001);
      expect(awarded?.feeKopecks).toBe(0);
      expect(await seller()).toEqual({ scanned: 100_002, balance: String(BALANCE) });
      expect(await database.query(`SELECT 1 FROM balance_ledger WHERE reference = $1`, [`receipt:${awarded!.receiptId}`])).toEqual([]);
    } finally {
      await database.query(`UPDATE billing_settings SET value = 0.75 WHERE key = 'receipt_price_tier7'`);
    }
  });

  it('a seller whose balance is below the fee gets no receipt, and nothing is written', async () => {
    const tables = [
      'receipts',
      'receipt_items',
      'points_ledger',
      'buyer_points',
      'buyer_stats',
      'seller_buyers',
      'buyer_summaries',
      'balance_ledger',
    ];
    const counts = async () =>
      Promise.all(tables.map(async (table) => (await database.query(`SELECT count(*)::int AS n FROM ${table}`))[0]));
    const before = await counts();

    expect(await award(0, 799)).toBeUndefined();

    expect(await counts()).toEqual(before);
    expect(await seller()).toEqual({ scanned: 0, balance: '799' });
    expect((await award(0, 800))?.feeKopecks).toBe(800);
    expect(await seller()).toEqual({ scanned: 1, balance: '0' });
  });
});

describe('award_receipt_with_balance(): the previous release’s name for the award', () => {
  it('stays, answering what award_receipt() answers, for old instances during a rolling deploy', async () => {
    const [signature] = await database.query<{ old: string; current: string }>(
      `SELECT pg_get_function_result('award_receipt_with_balance(jsonb)'::regprocedure) AS old,
              pg_get_function_result('award_receipt(jsonb)'::regprocedure) AS current`,
    );
    expect(signature).toEqual({
      old: 'TABLE(receipt_id bigint, fee_kopecks bigint, buyer_points integer)',
      current: 'TABLE(receipt_id bigint, fee_kopecks bigint, buyer_points integer, points_awarded integer, message text)',
    });
  });
});

describe('award_receipt(): a bot update is awarded once', () => {
  // An award in flight when its instance is killed still commits, before the bot has kept its
  // answer; the survivor checks the update again. The second award must answer the first.
  it('answers the update’s earlier receipt and writes nothing when the update is checked again', async () => {
    await database.query(`INSERT INTO bot_updates (bot_id, update_id, project_id, payload) VALUES (7001, 42, $1, '{}')`, [actionId]);
    const botUpdate = { botId: 7001, updateId: 42 };
    const shopper = 'buyer-once';
    const first = await award(10, BALANCE, { botUpdate, buyerTgId: shopper });
    const before = await seller();
    const receiptsBefore = (await database.query<{ n: string }>('SELECT count(*)::text AS n FROM receipts'))[0]!.n;

    // The second check of the same update works out other points and text (the first award changed the shopper's standing).
    const again = await award(Number(before.scanned), Number(before.balance), {
      botUpdate,
      buyerTgId: shopper,
      points: 99,
      message: 'другой текст',
    });
    expect(again).toEqual(first);
    expect(first).toMatchObject({ pointsAwarded: 10, message: 'Начислено 10 баллов', buyerPoints: 10 });
    expect(await seller()).toEqual(before);
    expect((await database.query<{ n: string }>('SELECT count(*)::text AS n FROM receipts'))[0]!.n).toBe(receiptsBefore);
    expect(
      (await database.query<{ receipt_id: string }>('SELECT receipt_id::text FROM bot_updates WHERE bot_id = 7001 AND update_id = 42'))[0],
    ).toEqual({
      receipt_id: String(first!.receiptId),
    });

    // Another update of the same chat is a new receipt.
    await database.query(`INSERT INTO bot_updates (bot_id, update_id, project_id, payload) VALUES (7001, 43, $1, '{}')`, [actionId]);
    const next = await award(Number(before.scanned), Number(before.balance), { botUpdate: { botId: 7001, updateId: 43 } });
    expect(next!.receiptId).not.toBe(first!.receiptId);
  });
});

describe('award_receipt() with a hold for returns, and release_hold()', () => {
  const pointsOf = async (buyer: string) =>
    (
      await database.query<{ balance: number; held: number; held_kopecks: string }>(
        `SELECT p.balance, p.held, s.held_kopecks::text FROM buyer_points p
           JOIN buyer_stats s ON s.project_id = p.project_id AND s.buyer_tg_id = p.buyer_tg_id WHERE p.project_id = $1 AND p.buyer_tg_id = $2`,
        [actionId, buyer],
      )
    )[0];
  const ledgerOf = (buyer: string) =>
    database.query(
      `SELECT kind, delta, held_delta, expires_at IS NOT NULL AS expires FROM points_ledger WHERE project_id = $1 AND buyer_tg_id = $2 ORDER BY id`,
      [actionId, buyer],
    );

  it('holds the points (no lot, the purchase out of the level), then releases them once, available and expiring from the release', async () => {
    const buyer = 'buyer-held';
    await database.query('UPDATE projects SET points_lifetime_days = 30 WHERE id = $1', [actionId]);
    try {
      const awarded = await award(5, BALANCE, {
        buyerTgId: buyer,
        heldUntil: new Date('2026-12-09T21:00:00Z'),
        expiresAt: new Date('2027-01-01T00:00:00Z'),
      });
      expect(awarded).toMatchObject({ pointsAwarded: 10, buyerPoints: 0 });
      expect(await pointsOf(buyer)).toEqual({ balance: 0, held: 10, held_kopecks: '10000' });
      expect(await ledgerOf(buyer)).toEqual([{ kind: 'receipt', delta: 0, held_delta: 10, expires: false }]);
      const [hold] = await database.query<{ ledger_id: string; remaining: number; receipt_id: string }>(
        'SELECT ledger_id::text, remaining, receipt_id::text FROM points_holds WHERE buyer_tg_id = $1',
        [buyer],
      );
      expect(hold).toMatchObject({ remaining: 10, receipt_id: String(awarded!.receiptId) });
      expect(await database.query('SELECT 1 FROM points_lots WHERE buyer_tg_id = $1', [buyer])).toEqual([]);

      const releasedAt = '2026-12-09T21:05:00Z';
      const release = () =>
        database.query<{ released: number }>(`SELECT release_hold($1, $2::timestamptz, 'Чек') AS released`, [hold!.ledger_id, releasedAt]);
      expect((await release())[0]).toEqual({ released: 10 });
      expect((await release())[0]).toEqual({ released: 0 });
      expect(await pointsOf(buyer)).toEqual({ balance: 10, held: 0, held_kopecks: '0' });
      expect(await ledgerOf(buyer)).toEqual([
        { kind: 'receipt', delta: 0, held_delta: 10, expires: false },
        { kind: 'release', delta: 10, held_delta: -10, expires: true },
      ]);
      const [lot] = await database.query<{ expires_at: Date; remaining: number }>(
        'SELECT expires_at, remaining FROM points_lots WHERE buyer_tg_id = $1',
        [buyer],
      );
      expect(lot).toEqual({ expires_at: new Date('2027-01-08T21:05:00Z'), remaining: 10 });
    } finally {
      await database.query('UPDATE projects SET points_lifetime_days = 0 WHERE id = $1', [actionId]);
    }
  });
});
