import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/connection.js';
import { rowsOf } from '../../db/rows.js';

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

const SORT_COLUMNS: Record<BuyerFilter['sort'], SQL> = {
  buyer_id: sql`buyer_tg_id`,
  successful_receipts_count: sql`successful_receipts`,
  total_amount: sql`total_kopecks`,
  last_receipt_at: sql`last_receipt_at`,
};

/** The same sorts over rows named as the API names them (`aggregated`, the page's outer query, the CSV export). */
export const ALIASED_SORT_COLUMNS: Record<BuyerFilter['sort'], SQL> = {
  buyer_id: sql`buyer_id`,
  successful_receipts_count: sql`successful_receipts_count`,
  total_amount: sql`total_kopecks`,
  last_receipt_at: sql`last_receipt_at`,
};

/**
 * The seller's buyers over every action come from seller_buyers, one action's from
 * buyer_stats: both are one row per buyer, with an index for each sort (0007), so a page
 * reads `limit` index entries whatever the size of the base.
 */
function source(filter: BuyerFilter): SQL {
  const scope =
    filter.projectId === undefined
      ? sql`seller_buyers WHERE user_id = ${filter.userId}`
      : sql`buyer_stats WHERE project_id = ${filter.projectId} AND user_id = ${filter.userId}`;
  return filter.since === undefined ? scope : sql`${scope} AND last_receipt_at >= ${filter.since.toISOString()}::timestamptz`;
}

/** The filtered buyers, one row each, under the API's names (the CSV export pages through it). */
export function aggregated(filter: BuyerFilter): SQL {
  return sql`SELECT buyer_tg_id AS buyer_id, successful_receipts AS successful_receipts_count, total_kopecks, last_receipt_at FROM ${source(filter)}`;
}

export async function listBuyers(db: Executor, filter: BuyerFilter): Promise<BuyerRow[]> {
  // Ties go by buyer ID in the same direction, so one index serves both directions.
  const direction = filter.order === 'asc' ? sql`ASC` : sql`DESC`;
  const order =
    filter.sort === 'buyer_id' ? sql`buyer_tg_id ${direction}` : sql`${SORT_COLUMNS[filter.sort]} ${direction}, buyer_tg_id ${direction}`;
  const result = await db.execute(sql`
    SELECT page.*, names.first_name, names.username FROM (
      SELECT buyer_tg_id AS buyer_id, successful_receipts AS successful_receipts_count, total_kopecks, last_receipt_at
        FROM ${source(filter)}
       ORDER BY ${order}
      ${filter.limit === undefined ? sql`` : sql`LIMIT ${filter.limit}`} OFFSET ${filter.offset}) AS page
      LEFT JOIN telegram_buyers AS names ON names.buyer_tg_id = page.buyer_id
     ORDER BY ${ALIASED_SORT_COLUMNS[filter.sort]} ${direction}, page.buyer_id ${direction}`);
  return rowsOf(result).map((row) => ({
    buyer_id: String(row.buyer_id),
    successful_receipts_count: Number(row.successful_receipts_count),
    total_kopecks: Number(row.total_kopecks),
    last_receipt_at: new Date(row.last_receipt_at as string),
    first_name: (row.first_name as string | null) ?? null,
    username: (row.username as string | null) ?? null,
  }));
}

/** Without a period the summary is one row of kept totals; with one, an index-only range scan of the buyers. */
export async function summariseBuyers(db: Executor, filter: BuyerFilter): Promise<{ buyers: number; receipts: number; kopecks: number }> {
  const result =
    filter.since === undefined
      ? await db.execute(sql`
          SELECT buyers, successful_receipts AS receipts, total_kopecks AS kopecks FROM buyer_summaries
           WHERE user_id = ${filter.userId} AND project_id = ${filter.projectId ?? 0}`)
      : await db.execute(sql`
          SELECT count(*)::int AS buyers, coalesce(sum(successful_receipts), 0)::bigint AS receipts, coalesce(sum(total_kopecks), 0)::bigint AS kopecks
            FROM ${source(filter)}`);
  const [row] = rowsOf(result);
  return { buyers: Number(row?.buyers ?? 0), receipts: Number(row?.receipts ?? 0), kopecks: Number(row?.kopecks ?? 0) };
}
