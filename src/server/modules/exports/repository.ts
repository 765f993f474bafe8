import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/connection.js';
import { aggregated, ALIASED_SORT_COLUMNS, pointsOfBuyers, pointsOfRow, type BuyerFilter, type BuyerRow } from '../buyers/repository.js';
import { rowsOf } from '../../db/rows.js';
import { receiptStatusCondition } from '../receipts/repository.js';
import type { PointsRule } from '../../../contract/points.js';
import type { ReceiptStatusFilter } from '../../../contract/receipts.js';

/**
 * Export rows read in keyset batches: each batch is a short indexed query continuing after
 * the last row, so memory stays flat for a million rows and no transaction (PGlite: the
 * whole database) is held while a slow client downloads.
 */
export const EXPORT_BATCH = 2_000;

/**
 * Rows newest first, a batch at a time: `batch(after)` reads up to EXPORT_BATCH rows with
 * `id < after` in descending id order; the next batch continues after the last id read.
 */
async function* newestFirst(db: Executor, batch: (after: number) => SQL): AsyncGenerator<Record<string, unknown>> {
  let after = Number.MAX_SAFE_INTEGER;
  for (;;) {
    const rows = rowsOf(await db.execute(batch(after)));
    yield* rows;
    if (rows.length < EXPORT_BATCH) return;
    after = Number(rows.at(-1)!.id);
  }
}

export interface ReceiptExportRow {
  id: number;
  scannedAt: Date;
  issuedAt: Date | null;
  projectId: number | null;
  projectName: string;
  buyerTgId: string;
  status: string;
  countedKopecks: number;
  pointsAwarded: number;
  pointsRule: PointsRule | null;
  pointsPercentage: number | null;
  pointsLevel: string | null;
  feeKopecks: number;
  cancelledAt: Date | null;
  cancelReason: string | null;
  pointsCancelled: number | null;
}

export async function* receiptRows(
  db: Executor,
  userId: number,
  filter: { projectId?: number; status?: ReceiptStatusFilter },
): AsyncGenerator<ReceiptExportRow> {
  const rows = newestFirst(
    db,
    (after) => sql`
      SELECT id, scanned_at, issued_at, project_id, project_name, buyer_tg_id, status, counted_kopecks, points_awarded, fee_kopecks,
             points_rule, points_percentage, points_level, cancelled_at, cancel_reason, points_cancelled
        FROM receipts
       WHERE user_id = ${userId} ${filter.projectId === undefined ? sql`` : sql`AND project_id = ${filter.projectId}`}
             ${filter.status === undefined ? sql`` : sql`AND ${receiptStatusCondition(filter.status)}`} AND id < ${after}
       ORDER BY id DESC
       LIMIT ${EXPORT_BATCH}`,
  );
  for await (const row of rows) {
    yield {
      id: Number(row.id),
      scannedAt: new Date(row.scanned_at as string),
      issuedAt: row.issued_at ? new Date(row.issued_at as string) : null,
      projectId: row.project_id === null ? null : Number(row.project_id),
      projectName: String(row.project_name),
      buyerTgId: String(row.buyer_tg_id),
      status: String(row.status),
      countedKopecks: Number(row.counted_kopecks),
      pointsAwarded: Number(row.points_awarded),
      pointsRule: (row.points_rule as PointsRule | null) ?? null,
      pointsPercentage: row.points_percentage === null ? null : Number(row.points_percentage),
      pointsLevel: (row.points_level as string | null) ?? null,
      feeKopecks: Number(row.fee_kopecks),
      cancelledAt: row.cancelled_at ? new Date(row.cancelled_at as string) : null,
      cancelReason: (row.cancel_reason as string | null) ?? null,
      pointsCancelled: row.points_cancelled === null ? null : Number(row.points_cancelled),
    };
  }
}

export interface ReceiptItemExportRow {
  scannedAt: Date;
  issuedAt: Date | null;
  projectName: string;
  buyerTgId: string;
  status: string;
  cancelledAt: Date | null;
  position: number;
  name: string;
  priceKopecks: number;
  quantity: number;
  sumKopecks: number;
  providerInn: string | null;
  counted: boolean;
}

/** The items of the filtered receipts, newest receipt first and each receipt's items in their order, a batch at a time. */
export async function* receiptItemRows(
  db: Executor,
  userId: number,
  filter: { projectId?: number; status?: ReceiptStatusFilter },
): AsyncGenerator<ReceiptItemExportRow> {
  let after = { receiptId: Number.MAX_SAFE_INTEGER, position: 0 };
  for (;;) {
    const rows = rowsOf(
      await db.execute(sql`
        -- Columns named with their table: the status filter names receipts' own columns.
        SELECT receipts.id, receipts.scanned_at, receipts.issued_at, receipts.project_name, receipts.buyer_tg_id, receipts.status, receipts.cancelled_at,
               i.position, i.name, i.price_kopecks, i.quantity, i.sum_kopecks, i.provider_inn, i.status AS item_status
          FROM receipts JOIN receipt_items i ON i.receipt_id = receipts.id
         WHERE receipts.user_id = ${userId} ${filter.projectId === undefined ? sql`` : sql`AND receipts.project_id = ${filter.projectId}`}
               ${filter.status === undefined ? sql`` : sql`AND ${receiptStatusCondition(filter.status)}`}
           AND (receipts.id < ${after.receiptId} OR (receipts.id = ${after.receiptId} AND i.position > ${after.position}))
         ORDER BY receipts.id DESC, i.position ASC
         LIMIT ${EXPORT_BATCH}`),
    );
    for (const row of rows) {
      yield {
        scannedAt: new Date(row.scanned_at as string),
        issuedAt: row.issued_at ? new Date(row.issued_at as string) : null,
        projectName: String(row.project_name),
        buyerTgId: String(row.buyer_tg_id),
        status: String(row.status),
        cancelledAt: row.cancelled_at ? new Date(row.cancelled_at as string) : null,
        position: Number(row.position),
        name: String(row.name),
        priceKopecks: Number(row.price_kopecks),
        quantity: Number(row.quantity),
        sumKopecks: Number(row.sum_kopecks),
        providerInn: (row.provider_inn as string | null) ?? null,
        counted: row.item_status === 'counted',
      };
    }
    if (rows.length < EXPORT_BATCH) return;
    const last = rows.at(-1)!;
    after = { receiptId: Number(last.id), position: Number(last.position) };
  }
}

export interface BuyerExportRow {
  buyerId: string;
  successfulReceipts: number;
  totalKopecks: number;
  lastReceiptAt: Date;
  /** As Telegram showed the buyer when they last wrote to an action's bot (null: never did). */
  firstName: string | null;
  username: string | null;
  /** Shared with the chosen action's bot, or over every action the latest shared with any of the seller's (null: never). */
  phone: string | null;
  points: BuyerRow['points'];
  heldPoints: BuyerRow['held_points'];
  nearestExpiry: BuyerRow['nearest_expiry'];
  heldKopecks: number;
}

const SORT_TYPES: Record<BuyerFilter['sort'], SQL> = {
  buyer_id: sql.raw('text'),
  successful_receipts_count: sql.raw('bigint'),
  total_amount: sql.raw('bigint'),
  last_receipt_at: sql.raw('timestamptz'),
};

/** The phone the buyer shared with the chosen action's bot, or with any of the seller's, the latest. */
function phoneOfBuyer({ userId, projectId }: Pick<BuyerFilter, 'userId' | 'projectId'>): SQL {
  const action = projectId === undefined ? sql`` : sql`AND phones.project_id = ${projectId}`;
  return sql`(SELECT phones.phone FROM buyer_phones AS phones JOIN projects AS own ON own.id = phones.project_id
               WHERE own.user_id = ${userId} ${action} AND phones.buyer_tg_id = buyers.buyer_id
               ORDER BY phones.shared_at DESC LIMIT 1)`;
}

/** Buyers in the Buyers page's order (sort column, then buyer id), continuing after the last (value, id). */
export async function* buyerRows(db: Executor, filter: Omit<BuyerFilter, 'limit' | 'offset'>): AsyncGenerator<BuyerExportRow> {
  const column = ALIASED_SORT_COLUMNS[filter.sort];
  const direction = filter.order === 'asc' ? sql`ASC` : sql`DESC`;
  const beyond = filter.order === 'asc' ? sql`>` : sql`<`;
  const points = pointsOfBuyers(filter, sql`buyers`);
  let last: { key: string; buyerId: string } | undefined;
  for (;;) {
    const key = sql`${last?.key ?? null}::${SORT_TYPES[filter.sort]}`;
    const continues =
      last === undefined
        ? sql`TRUE`
        : filter.sort === 'buyer_id'
          ? sql`buyer_id ${beyond} ${last.buyerId}`
          : sql`(${column} ${beyond} ${key} OR (${column} = ${key} AND buyer_id > ${last.buyerId}))`;
    const rows = rowsOf(
      await db.execute(sql`
        SELECT buyer_id, successful_receipts_count, total_kopecks, last_receipt_at, names.first_name, names.username, ${points.columns},
               ${phoneOfBuyer(filter)} AS phone, ${column}::text AS sort_key
          FROM (${aggregated({ ...filter, offset: 0 })}) AS buyers
          LEFT JOIN telegram_buyers AS names ON names.buyer_tg_id = buyers.buyer_id ${points.joins}
         WHERE ${continues}
         ORDER BY ${column} ${direction}, buyer_id ASC
         LIMIT ${EXPORT_BATCH}`),
    );
    for (const row of rows) {
      const held = pointsOfRow(row);
      yield {
        buyerId: String(row.buyer_id),
        successfulReceipts: Number(row.successful_receipts_count),
        totalKopecks: Number(row.total_kopecks),
        lastReceiptAt: new Date(row.last_receipt_at as string),
        firstName: (row.first_name as string | null) ?? null,
        username: (row.username as string | null) ?? null,
        phone: (row.phone as string | null) ?? null,
        points: held.points,
        heldPoints: held.held_points,
        nearestExpiry: held.nearest_expiry,
        heldKopecks: held.held_kopecks,
      };
    }
    if (rows.length < EXPORT_BATCH) return;
    const tail = rows.at(-1)!;
    last = { key: String(tail.sort_key), buyerId: String(tail.buyer_id) };
  }
}

export interface LedgerExportRow {
  createdAt: Date;
  description: string;
  amountKopecks: number;
  balanceAfterKopecks: number;
}

export async function* ledgerRows(db: Executor, userId: number): AsyncGenerator<LedgerExportRow> {
  const rows = newestFirst(
    db,
    (after) => sql`
      SELECT id, created_at, description, amount_kopecks, balance_after_kopecks
        FROM balance_ledger WHERE user_id = ${userId} AND id < ${after}
       ORDER BY id DESC LIMIT ${EXPORT_BATCH}`,
  );
  for await (const row of rows) {
    yield {
      createdAt: new Date(row.created_at as string),
      description: String(row.description),
      amountKopecks: Number(row.amount_kopecks),
      balanceAfterKopecks: Number(row.balance_after_kopecks),
    };
  }
}
