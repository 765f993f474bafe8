import { sql, type SQL } from 'drizzle-orm';
import type { BuyerFlagKind } from '../../../contract/trust.js';
import type { Executor } from '../../db/connection.js';
import { rowsOf } from '../../db/rows.js';

export interface BuyerFilter {
  userId: number;
  projectId?: number;
  since?: Date;
  /** Only shoppers the check flagged as suspicious (in the action, or in any of the seller's). */
  suspicious?: boolean;
  sort: 'buyer_id' | 'successful_receipts_count' | 'total_amount' | 'last_receipt_at';
  order: 'asc' | 'desc';
  limit?: number;
  offset: number;
  /** Keyset paging by buyer ID (sorted by `buyer_id` ascending): the buyers after this one. */
  afterBuyerId?: string;
  /** One buyer (the seller API's read of a buyer). */
  buyerTgId?: string;
}

export interface BuyerRow {
  buyer_id: string;
  successful_receipts_count: number;
  total_kopecks: number;
  last_receipt_at: Date;
  first_name: string | null;
  username: string | null;
  /** With one action chosen: the buyer's available and held points and soonest-expiring points in it (null over every action). */
  points: number | null;
  held_points: number | null;
  nearest_expiry: { points: number; expiresAt: Date } | null;
  /** With one action chosen: of `total_kopecks`, purchases whose points are still held (a level counts them from the release). */
  held_kopecks: number;
  flags: BuyerFlagKind[];
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

/** The flags of the filter's scope: the chosen action's, or over every action those of all the seller's actions. */
function flagsInScope(filter: Pick<BuyerFilter, 'userId' | 'projectId'>): SQL {
  return filter.projectId === undefined
    ? sql`buyer_flags f WHERE f.project_id IN (SELECT id FROM projects WHERE user_id = ${filter.userId})`
    : sql`buyer_flags f WHERE f.project_id = ${filter.projectId}`;
}

/**
 * The seller's buyers over every action come from seller_buyers, one action's from
 * buyer_stats: both are one row per buyer, with an index for each sort (0007), so a page
 * reads `limit` index entries whatever the size of the base. «Подозрительные» starts from the
 * flags, which are few.
 */
function source(filter: BuyerFilter): SQL {
  const scope =
    filter.projectId === undefined
      ? sql`seller_buyers WHERE user_id = ${filter.userId}`
      : sql`buyer_stats WHERE project_id = ${filter.projectId} AND user_id = ${filter.userId}`;
  const flagged = filter.suspicious ? sql`${scope} AND buyer_tg_id IN (SELECT f.buyer_tg_id FROM ${flagsInScope(filter)})` : scope;
  const after = filter.afterBuyerId === undefined ? flagged : sql`${flagged} AND buyer_tg_id > ${filter.afterBuyerId}`;
  const one = filter.buyerTgId === undefined ? after : sql`${after} AND buyer_tg_id = ${filter.buyerTgId}`;
  return filter.since === undefined ? one : sql`${one} AND last_receipt_at >= ${filter.since.toISOString()}::timestamptz`;
}

/**
 * The balance and the points of the nearest expiry day (Moscow time) of the buyer in `row.buyer_id`
 * for one action, as `points`, `expiring_points`, `expiring_at`; NULLs over every action, where
 * each action's points are its own and add up to nothing a seller can spend or promise.
 * `joins` follow the row's FROM, `columns` go into its SELECT list.
 */
export function pointsOfBuyers({ userId, projectId }: Pick<BuyerFilter, 'userId' | 'projectId'>, row: SQL): { columns: SQL; joins: SQL } {
  if (projectId === undefined) {
    return {
      columns: sql`NULL::int AS points, NULL::int AS held_points, NULL::int AS expiring_points, NULL::timestamptz AS expiring_at,
        0 AS held_kopecks`,
      joins: sql``,
    };
  }
  return {
    // A subquery, not a join: the row's own columns (total_kopecks…) keep their unqualified names.
    columns: sql`coalesce(held.balance, 0) AS points, coalesce(held.held, 0) AS held_points, soon.points AS expiring_points,
      soon.expires_at AS expiring_at,
      coalesce((SELECT stats.held_kopecks FROM buyer_stats AS stats
                 WHERE stats.user_id = ${userId} AND stats.project_id = ${projectId} AND stats.buyer_tg_id = ${row}.buyer_id), 0) AS held_kopecks`,
    joins: sql`
      LEFT JOIN buyer_points AS held ON held.project_id = ${projectId} AND held.buyer_tg_id = ${row}.buyer_id
      LEFT JOIN LATERAL (
        SELECT sum(lot.remaining)::int AS points, max(lot.expires_at) AS expires_at
          FROM points_lots AS lot
         WHERE lot.project_id = ${projectId} AND lot.buyer_tg_id = ${row}.buyer_id AND lot.remaining > 0
           AND analytics_day(lot.expires_at) = (
             SELECT analytics_day(first.expires_at) FROM points_lots AS first
              WHERE first.project_id = ${projectId} AND first.buyer_tg_id = ${row}.buyer_id AND first.remaining > 0
              ORDER BY first.expires_at LIMIT 1)
      ) AS soon ON TRUE`,
  };
}

/** The points columns of a row read with pointsOfBuyers. */
export function pointsOfRow(row: Record<string, unknown>): Pick<BuyerRow, 'points' | 'held_points' | 'nearest_expiry' | 'held_kopecks'> {
  return {
    points: row.points === null || row.points === undefined ? null : Number(row.points),
    held_points: row.held_points === null || row.held_points === undefined ? null : Number(row.held_points),
    held_kopecks: Number(row.held_kopecks ?? 0),
    nearest_expiry:
      row.expiring_points === null || row.expiring_points === undefined
        ? null
        : { points: Number(row.expiring_points), expiresAt: new Date(row.expiring_at as string) },
  };
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
  const points = pointsOfBuyers(filter, sql`page`);
  const result = await db.execute(sql`
    SELECT page.*, names.first_name, names.username, ${points.columns}, coalesce(flagged.kinds, '[]') AS flags FROM (
      SELECT buyer_tg_id AS buyer_id, successful_receipts AS successful_receipts_count, total_kopecks, last_receipt_at
        FROM ${source(filter)}
       ORDER BY ${order}
      ${filter.limit === undefined ? sql`` : sql`LIMIT ${filter.limit}`} OFFSET ${filter.offset}) AS page
      LEFT JOIN telegram_buyers AS names ON names.buyer_tg_id = page.buyer_id ${points.joins}
      -- The scope's flags are aggregated once (they are few), not looked up per row.
      LEFT JOIN (SELECT f.buyer_tg_id, json_agg(DISTINCT f.kind) AS kinds FROM ${flagsInScope(filter)} GROUP BY f.buyer_tg_id) AS flagged
        ON flagged.buyer_tg_id = page.buyer_id
     ORDER BY ${ALIASED_SORT_COLUMNS[filter.sort]} ${direction}, page.buyer_id ${direction}`);
  return rowsOf(result).map((row) => ({
    buyer_id: String(row.buyer_id),
    successful_receipts_count: Number(row.successful_receipts_count),
    total_kopecks: Number(row.total_kopecks),
    last_receipt_at: new Date(row.last_receipt_at as string),
    first_name: (row.first_name as string | null) ?? null,
    username: (row.username as string | null) ?? null,
    ...pointsOfRow(row),
    flags: row.flags as BuyerFlagKind[],
  }));
}

/** Without a period or «Подозрительные» the summary is one row of kept totals; with one, a scan of the filtered buyers. */
export async function summariseBuyers(db: Executor, filter: BuyerFilter): Promise<{ buyers: number; receipts: number; kopecks: number }> {
  const result =
    filter.since === undefined && !filter.suspicious
      ? await db.execute(sql`
          SELECT buyers, successful_receipts AS receipts, total_kopecks AS kopecks FROM buyer_summaries
           WHERE user_id = ${filter.userId} AND project_id = ${filter.projectId ?? 0}`)
      : await db.execute(sql`
          SELECT count(*)::int AS buyers, coalesce(sum(successful_receipts), 0)::bigint AS receipts, coalesce(sum(total_kopecks), 0)::bigint AS kopecks
            FROM ${source(filter)}`);
  const [row] = rowsOf(result);
  return { buyers: Number(row?.buyers ?? 0), receipts: Number(row?.receipts ?? 0), kopecks: Number(row?.kopecks ?? 0) };
}
