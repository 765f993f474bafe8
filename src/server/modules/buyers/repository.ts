import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/connection.js';

export interface BuyerFilter {
  userId: number;
  projectId?: number;
  since?: Date;
  sort: 'buyer_id' | 'successful_receipts_count' | 'total_amount' | 'last_receipt_at';
  order: 'asc' | 'desc';
  limit?: number;
  offset: number;
}

export interface BuyerRow {
  buyer_id: string;
  successful_receipts_count: number;
  total_kopecks: number;
  last_receipt_at: Date;
  first_name: string | null;
  username: string | null;
}

export const SORT_COLUMNS: Record<BuyerFilter['sort'], SQL> = {
  buyer_id: sql`buyer_id`,
  successful_receipts_count: sql`successful_receipts_count`,
  total_amount: sql`total_kopecks`,
  last_receipt_at: sql`last_receipt_at`,
};

/** Buyers aggregated over the seller's actions (or one), from the per-action statistics. */
export function aggregated(filter: BuyerFilter): SQL {
  return sql`
    SELECT buyer_tg_id AS buyer_id,
           sum(successful_receipts)::int AS successful_receipts_count,
           sum(total_kopecks)::bigint AS total_kopecks,
           max(last_receipt_at) AS last_receipt_at
      FROM buyer_stats
     WHERE user_id = ${filter.userId}
       ${filter.projectId === undefined ? sql`` : sql`AND project_id = ${filter.projectId}`}
     GROUP BY buyer_tg_id
    ${filter.since === undefined ? sql`` : sql`HAVING max(last_receipt_at) >= ${filter.since}`}`;
}

export async function listBuyers(db: Executor, filter: BuyerFilter): Promise<BuyerRow[]> {
  const direction = filter.order === 'asc' ? sql`ASC` : sql`DESC`;
  const result = await db.execute(sql`
    SELECT buyers.*, names.first_name, names.username FROM (${aggregated(filter)}) AS buyers
      LEFT JOIN telegram_buyers AS names ON names.buyer_tg_id = buyers.buyer_id
     ORDER BY ${SORT_COLUMNS[filter.sort]} ${direction}, buyer_id ASC
    ${filter.limit === undefined ? sql`` : sql`LIMIT ${filter.limit}`} OFFSET ${filter.offset}`);
  return rowsOf(result).map((row) => ({
    buyer_id: String(row.buyer_id),
    successful_receipts_count: Number(row.successful_receipts_count),
    total_kopecks: Number(row.total_kopecks),
    last_receipt_at: new Date(row.last_receipt_at as string),
    first_name: (row.first_name as string | null) ?? null,
    username: (row.username as string | null) ?? null,
  }));
}

export async function summariseBuyers(db: Executor, filter: BuyerFilter): Promise<{ buyers: number; receipts: number; kopecks: number }> {
  const result = await db.execute(sql`
    SELECT count(*)::int AS buyers, coalesce(sum(successful_receipts_count), 0)::bigint AS receipts, coalesce(sum(total_kopecks), 0)::bigint AS kopecks
      FROM (${aggregated(filter)}) AS buyers`);
  const [row] = rowsOf(result);
  return { buyers: Number(row?.buyers ?? 0), receipts: Number(row?.receipts ?? 0), kopecks: Number(row?.kopecks ?? 0) };
}

/** node-postgres answers `{ rows }`, PGlite too; both through drizzle's execute(). */
function rowsOf(result: unknown): Record<string, unknown>[] {
  return ((result as { rows?: Record<string, unknown>[] }).rows ?? (result as Record<string, unknown>[])) as Record<string, unknown>[];
}
