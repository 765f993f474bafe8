import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/connection.js';
import { rowsOf } from '../../db/rows.js';
import {
  buyerPoints,
  projects,
  receiptCounts,
  receiptItems,
  receipts,
  taxReceiptCache,
  type ProjectRow,
  type ReceiptItemRow,
  type ReceiptRow,
} from '../../db/schema.js';

export type NewReceipt = Omit<typeof receipts.$inferInsert, 'id'>;
export type NewReceiptItem = Omit<typeof receiptItems.$inferInsert, 'receiptId'>;

/** The receipt's columns in the order of RECEIPT_COLUMNS, fee aside (the award computes it). */
const RECEIPT_COLUMNS = sql.raw(
  'user_id, project_id, project_name, project_inns, buyer_tg_id, qr_raw, fn, fd, fp, issued_at, total_kopecks, seller_name, seller_inn, retail_place, status, message, points_awarded, counted_kopecks, dedupe, scanned_at, fee_kopecks',
);

function receiptValues(receipt: NewReceipt): SQL {
  const at = (date: Date | null | undefined) => (date ? sql`${date.toISOString()}::timestamptz` : sql`NULL::timestamptz`);
  return sql`${receipt.userId}::int, ${receipt.projectId ?? null}::int, ${receipt.projectName},
    ARRAY(SELECT jsonb_array_elements_text(${JSON.stringify(receipt.projectInns)}::jsonb)), ${receipt.buyerTgId}, ${receipt.qrRaw},
    ${receipt.fn ?? null}, ${receipt.fd ?? null}, ${receipt.fp ?? null}, ${at(receipt.issuedAt)}, ${receipt.totalKopecks ?? null}::bigint,
    ${receipt.sellerName ?? null}, ${receipt.sellerInn ?? null}, ${receipt.retailPlace ?? null}, ${receipt.status}, ${receipt.message ?? null},
    ${receipt.pointsAwarded ?? 0}::int, ${receipt.countedKopecks ?? 0}::bigint, ${receipt.dedupe ?? false}::boolean, ${at(receipt.scannedAt ?? new Date())}`;
}

/** Items ride along as one JSON parameter (drizzle expands a JS array into a list). */
function insertItemsFrom(receiptCte: SQL, items: NewReceiptItem[]): SQL {
  const json = JSON.stringify(
    items.map((item) => ({ position: item.position, name: item.name, price_kopecks: item.priceKopecks, quantity: item.quantity, sum_kopecks: item.sumKopecks, provider_inn: item.providerInn ?? null, status: item.status })),
  );
  return sql`INSERT INTO receipt_items (receipt_id, position, name, price_kopecks, quantity, sum_kopecks, provider_inn, status)
    SELECT r.id, i.position, i.name, i.price_kopecks, i.quantity, i.sum_kopecks, i.provider_inn, i.status
      FROM ${receiptCte} r, jsonb_to_recordset(${json}::jsonb)
        AS i(position int, name text, price_kopecks bigint, quantity numeric, sum_kopecks bigint, provider_inn text, status text)`;
}

/** A refused (free) receipt and its items: one statement. */
export async function insertReceipt(db: Executor, receipt: NewReceipt, items: NewReceiptItem[]): Promise<number> {
  const insert = sql`INSERT INTO receipts (${RECEIPT_COLUMNS}) VALUES (${receiptValues(receipt)}, ${receipt.feeKopecks ?? 0}::bigint) RETURNING id`;
  const result = await db.execute(
    items.length === 0
      ? insert
      : sql`WITH receipt AS (${insert}), items AS (${insertItemsFrom(sql`receipt`, items)}) SELECT id FROM receipt`,
  );
  return Number(rowsOf(result)[0]!.id);
}

/** What a check reads before the tax service: the live action, the cached receipt and whether it already earned here. */
export async function readCheckContext(
  db: Executor,
  input: { sellerId: number; projectId: number; receiptKey: string | null; identity: { fn: string; fd: string; fp: string } | null },
): Promise<{ action: ProjectRow; cachedBody: unknown | undefined; alreadyEarned: boolean } | undefined> {
  const key = input.receiptKey;
  const id = input.identity;
  const [row] = await db
    .select({
      action: projects,
      cachedBody: key === null ? sql<unknown>`NULL::jsonb` : sql<unknown>`(SELECT body FROM ${taxReceiptCache} WHERE receipt_key = ${key})`,
      alreadyEarned:
        id === null
          ? sql<boolean>`false`
          : sql<boolean>`(${projects.checkDuplicates} = 1 AND EXISTS (SELECT 1 FROM ${receipts} WHERE project_id = ${projects.id} AND fn = ${id.fn} AND fd = ${id.fd} AND fp = ${id.fp} AND status = 'success'))`,
    })
    .from(projects)
    .where(and(eq(projects.id, input.projectId), eq(projects.userId, input.sellerId), isNull(projects.deletedAt)));
  if (!row) return undefined;
  return { action: row.action, cachedBody: row.cachedBody ?? undefined, alreadyEarned: row.alreadyEarned === true || (row.alreadyEarned as unknown) === 't' };
}

export interface AwardInput {
  receipt: NewReceipt;
  items: NewReceiptItem[];
  points: number;
  countedKopecks: number;
  /** When the shopper bought: "last purchase" of the buyer statistics. */
  purchasedAt: Date;
  pushToPuzzleBot: boolean;
  feeDescription: string;
  /** The action's status message to clear once a receipt is paid again. */
  clearStatusMessage: string;
  /** SPEC §9 tiers: upper bounds (null = no bound) and price keys, with fallbacks when a setting row is missing. */
  tiers: readonly { max: number | null; key: string; fallbackRubles: number }[];
}

/**
 * The whole award as one statement: the seller's counter and balance move together (the
 * tier price is derived from the counter in the same UPDATE, so it is exact under any
 * concurrency and the seller row stays locked only until this statement's commit), then
 * the receipt, its items, the fee's ledger row, the points, the buyer statistics and
 * summaries, the PuzzleBot outbox row and the action's counter. Answers undefined when
 * the seller cannot pay (nothing is written).
 */
export async function awardReceipt(db: Executor, input: AwardInput): Promise<{ receiptId: number; feeKopecks: number } | undefined> {
  const { receipt } = input;
  const userId = receipt.userId;
  const projectId = receipt.projectId!;
  const buyer = receipt.buyerTgId;
  const priceOf = (scanned: SQL) => {
    const cases = input.tiers.map(({ max, key, fallbackRubles }) => {
      const price = sql`(SELECT round(coalesce((SELECT value FROM billing_settings WHERE key = ${key}), ${fallbackRubles}::numeric) * 100)::bigint)`;
      return max === null ? sql`ELSE ${price}` : sql`WHEN ${scanned} <= ${max} THEN ${price}`;
    });
    return sql`(CASE ${sql.join(cases, sql` `)} END)`;
  };
  const purchasedAt = sql`${input.purchasedAt.toISOString()}::timestamptz`;
  const result = await db.execute(sql`
    WITH charge AS (
      UPDATE users SET scanned_receipts = scanned_receipts + 1, balance_kopecks = balance_kopecks - ${priceOf(sql`scanned_receipts`)}
       WHERE id = ${userId} AND balance_kopecks >= ${priceOf(sql`scanned_receipts`)}
      RETURNING balance_kopecks AS balance_after, ${priceOf(sql`scanned_receipts - 1`)} AS fee
    ), receipt AS (
      INSERT INTO receipts (${RECEIPT_COLUMNS}) SELECT ${receiptValues(receipt)}, charge.fee FROM charge RETURNING id
    ), items AS (
      ${input.items.length > 0 ? insertItemsFrom(sql`receipt`, input.items) : sql`SELECT 1`}
    ), fee_entry AS (
      INSERT INTO balance_ledger (user_id, kind, amount_kopecks, balance_after_kopecks, reference, description, created_at)
      SELECT ${userId}::int, 'receipt_fee', -charge.fee, charge.balance_after, 'receipt:' || receipt.id, ${input.feeDescription}::text, ${sql`${(receipt.scannedAt ?? new Date()).toISOString()}::timestamptz`}
        FROM charge, receipt WHERE charge.fee > 0
    ), points_entry AS (
      INSERT INTO points_ledger (project_id, buyer_tg_id, delta, reason, reference)
      SELECT ${projectId}::int, ${buyer}::text, ${input.points}::int, 'receipt ' || receipt.id, 'receipt:' || receipt.id FROM receipt WHERE ${input.points}::int > 0
    ), points_balance AS (
      INSERT INTO buyer_points (project_id, buyer_tg_id, balance) SELECT ${projectId}::int, ${buyer}::text, ${input.points}::int FROM charge WHERE ${input.points}::int > 0
      ON CONFLICT (project_id, buyer_tg_id) DO UPDATE SET balance = buyer_points.balance + EXCLUDED.balance
    ), push AS (
      INSERT INTO puzzlebot_outbox (project_id, buyer_tg_id) SELECT ${projectId}::int, ${buyer}::text FROM charge WHERE ${input.pushToPuzzleBot && input.points > 0}::boolean
    ), action_buyer AS (
      INSERT INTO buyer_stats (user_id, project_id, buyer_tg_id, successful_receipts, total_kopecks, last_receipt_at)
      SELECT ${userId}::int, ${projectId}::int, ${buyer}::text, 1, ${input.countedKopecks}::bigint, ${purchasedAt} FROM charge
      ON CONFLICT (user_id, project_id, buyer_tg_id) DO UPDATE SET successful_receipts = buyer_stats.successful_receipts + 1,
        total_kopecks = buyer_stats.total_kopecks + EXCLUDED.total_kopecks, last_receipt_at = GREATEST(buyer_stats.last_receipt_at, EXCLUDED.last_receipt_at)
      RETURNING successful_receipts = 1 AS new_buyer
    ), seller_buyer AS (
      INSERT INTO seller_buyers (user_id, buyer_tg_id, successful_receipts, total_kopecks, last_receipt_at)
      SELECT ${userId}::int, ${buyer}::text, 1, ${input.countedKopecks}::bigint, ${purchasedAt} FROM charge
      ON CONFLICT (user_id, buyer_tg_id) DO UPDATE SET successful_receipts = seller_buyers.successful_receipts + 1,
        total_kopecks = seller_buyers.total_kopecks + EXCLUDED.total_kopecks, last_receipt_at = GREATEST(seller_buyers.last_receipt_at, EXCLUDED.last_receipt_at)
      RETURNING successful_receipts = 1 AS new_buyer
    ), summaries AS (
      INSERT INTO buyer_summaries (user_id, project_id, buyers, successful_receipts, total_kopecks)
      SELECT ${userId}::int, ${projectId}::int, new_buyer::int, 1, ${input.countedKopecks}::bigint FROM action_buyer
      UNION ALL
      SELECT ${userId}::int, 0, new_buyer::int, 1, ${input.countedKopecks}::bigint FROM seller_buyer
      ON CONFLICT (user_id, project_id) DO UPDATE SET buyers = buyer_summaries.buyers + EXCLUDED.buyers,
        successful_receipts = buyer_summaries.successful_receipts + 1, total_kopecks = buyer_summaries.total_kopecks + EXCLUDED.total_kopecks
    ), action AS (
      UPDATE projects SET receipts_count = receipts_count + 1,
        status_message = CASE WHEN status_message = ${input.clearStatusMessage} THEN NULL ELSE status_message END
        FROM charge WHERE projects.id = ${projectId}
    )
    SELECT receipt.id, charge.fee FROM receipt, charge`);
  const [row] = rowsOf(result);
  return row ? { receiptId: Number(row.id), feeKopecks: Number(row.fee) } : undefined;
}

export async function readCachedTaxReceipt(db: Executor, key: string): Promise<unknown | undefined> {
  const [row] = await db.select({ body: taxReceiptCache.body }).from(taxReceiptCache).where(eq(taxReceiptCache.receiptKey, key)).limit(1);
  return row?.body;
}

export async function cacheTaxReceipt(db: Executor, key: string, body: unknown): Promise<void> {
  await db.insert(taxReceiptCache).values({ receiptKey: key, body }).onConflictDoNothing();
}


export async function readPointsBalance(db: Executor, projectId: number, buyerTgId: string): Promise<number> {
  const [row] = await db
    .select({ balance: buyerPoints.balance })
    .from(buyerPoints)
    .where(and(eq(buyerPoints.projectId, projectId), eq(buyerPoints.buyerTgId, buyerTgId)));
  return row?.balance ?? 0;
}




export async function setProjectStatusMessage(db: Executor, projectId: number, message: string | null): Promise<void> {
  await db.update(projects).set({ statusMessage: message }).where(eq(projects.id, projectId));
}

export async function findProjectByApiKey(db: Executor, apiKey: string) {
  const [row] = await db.select({ id: projects.id, userId: projects.userId }).from(projects).where(eq(projects.apiKey, apiKey)).limit(1);
  return row;
}

/**
 * One page of a seller's receipts, newest first, optionally of one action; `afterId` (keyset)
 * starts after that receipt instead of skipping `offset` rows. The total comes from the
 * counters, never from count(*) over the receipts.
 */
export async function listReceipts(
  db: Executor,
  userId: number,
  filter: { projectId?: number; limit: number; offset: number; afterId?: number },
): Promise<{ rows: ReceiptRow[]; items: ReceiptItemRow[]; total: number }> {
  const where = and(
    eq(receipts.userId, userId),
    filter.projectId === undefined ? undefined : eq(receipts.projectId, filter.projectId),
    // -id: see receipts_seller_newest in migration 0007.
    filter.afterId === undefined ? undefined : sql`-${receipts.id} > ${-filter.afterId}`,
  );
  const [rows, [totals]] = await Promise.all([
    db.select().from(receipts).where(where).orderBy(sql`-${receipts.id}`).limit(filter.limit).offset(filter.afterId === undefined ? filter.offset : 0),
    db
      .select({ total: sql<string>`coalesce(sum(${receiptCounts.receipts}), 0)` })
      .from(receiptCounts)
      .where(and(eq(receiptCounts.userId, userId), filter.projectId === undefined ? undefined : eq(receiptCounts.projectId, filter.projectId))),
  ]);
  const items = rows.length
    ? await db.select().from(receiptItems).where(inArray(receiptItems.receiptId, rows.map((row) => row.id))).orderBy(receiptItems.receiptId, receiptItems.position)
    : [];
  return { rows, items, total: Number(totals?.total ?? 0) };
}
