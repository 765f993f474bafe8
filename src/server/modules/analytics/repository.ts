import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/connection.js';
import { rowsOf } from '../../db/rows.js';

/** The lower bound of "all time": every day with data. */
export const ALL_TIME = '-infinity';

export interface Scope {
  userId: number;
  projectId?: number;
  from: string;
  to: string;
}

export interface DailyStatusRow {
  day: string;
  status: string;
  receipts: number;
  pointsAwarded: number;
  countedKopecks: number;
  feeKopecks: number;
  newBuyers: number;
}

export interface ReturnsByWeekRow {
  weekStart: string;
  /** Buyers back in this week whose previous success was before the week (bucket). */
  returningInWeek: number;
  /** Buyers back in the period whose previous success was before the period. */
  returningInPeriod: number;
}

/** Points buyers spent in the shop, by Moscow day; not available while the seller has no shop. */
export interface PointsSpent {
  available: boolean;
  byDay: Map<string, number>;
}

export interface ProductRow {
  name: string;
  items: number;
  quantity: number;
  sumKopecks: number;
}

/** Receipts counted per catch-up call: a batch is one transaction, so a backlog never holds the lock long. */
const CATCH_UP_BATCH = 5_000;

/**
 * Counts the receipts queued since the last catch-up (db/functions/analytics_catch_up.sql), a batch per call, until
 * none are left; answers how many it counted. Waits for a catch-up running elsewhere, so once
 * it returns every receipt committed before the call is in the aggregates.
 */
export async function catchUp(db: Executor): Promise<number> {
  let counted = 0;
  for (;;) {
    const [row] = rowsOf(await db.execute(sql`SELECT analytics_catch_up(${CATCH_UP_BATCH}) AS taken`));
    const taken = Number(row?.taken ?? 0);
    counted += taken;
    if (taken < CATCH_UP_BATCH) return counted;
  }
}

function ofAction(projectId: number | undefined): SQL {
  return projectId === undefined ? sql`` : sql`AND project_id = ${projectId}`;
}

export async function listSellerActions(db: Executor, userId: number): Promise<{ id: number; name: string; deleted: boolean }[]> {
  const rows = rowsOf(
    await db.execute(sql`SELECT id, name, deleted_at IS NOT NULL AS deleted FROM projects WHERE user_id = ${userId} ORDER BY id`),
  );
  return rows.map((row) => ({ id: Number(row.id), name: String(row.name), deleted: row.deleted === true }));
}

/**
 * The period's figures per (day, verdict), summed over the scope's actions. A year is ~2 000
 * rows: they come back as one JSON value, which costs far less to read than as rows.
 */
export async function readDailyByStatus(db: Executor, scope: Scope): Promise<DailyStatusRow[]> {
  const [result] = rowsOf(
    await db.execute(sql`
      SELECT coalesce(json_agg(json_build_array(day::text, status, receipts, points, counted, fee, new_buyers)), '[]'::json) AS rows
        FROM (SELECT day, status, sum(receipts) AS receipts, sum(points_awarded) AS points, sum(counted_kopecks) AS counted,
                     sum(fee_kopecks) AS fee, sum(new_buyers) AS new_buyers
                FROM analytics_daily
               WHERE user_id = ${scope.userId} ${ofAction(scope.projectId)}
                 AND day BETWEEN ${scope.from}::date AND ${scope.to}::date
               GROUP BY day, status) AS per_status`),
  );
  const rows = (typeof result?.rows === 'string' ? JSON.parse(result.rows) : result?.rows) as [
    string,
    string,
    number,
    number,
    number,
    number,
    number,
  ][];
  return rows.map(([day, status, receipts, pointsAwarded, countedKopecks, feeKopecks, newBuyers]) => ({
    day,
    status,
    receipts: Number(receipts),
    pointsAwarded: Number(pointsAwarded),
    countedKopecks: Number(countedKopecks),
    feeKopecks: Number(feeKopecks),
    newBuyers: Number(newBuyers),
  }));
}

/** One pass over the returns of the period, bucketed by week (the first week cut at `from`). */
export async function readReturnsByWeek(db: Executor, scope: Scope): Promise<ReturnsByWeekRow[]> {
  const from = sql`${scope.from}::date`;
  const bucket = sql`greatest(date_trunc('week', day)::date, ${from})`;
  const rows = rowsOf(
    await db.execute(sql`
      SELECT ${bucket}::text AS week_start,
             coalesce(sum(buyers) FILTER (WHERE previous_day < ${bucket}), 0)::bigint AS in_week,
             coalesce(sum(buyers) FILTER (WHERE previous_day < ${from}), 0)::bigint AS in_period
        FROM analytics_buyer_returns
       WHERE user_id = ${scope.userId} ${ofAction(scope.projectId)}
         AND day BETWEEN ${from} AND ${scope.to}::date
       GROUP BY 1`),
  );
  return rows.map((row) => ({
    weekStart: String(row.week_start),
    returningInWeek: Number(row.in_week),
    returningInPeriod: Number(row.in_period),
  }));
}

export async function readTopProducts(db: Executor, scope: Scope, limit: number): Promise<ProductRow[]> {
  const rows = rowsOf(
    await db.execute(sql`
      SELECT name, sum(items)::bigint AS items, sum(quantity)::text AS quantity, sum(sum_kopecks)::bigint AS sum_kopecks
        FROM analytics_products
       WHERE user_id = ${scope.userId} ${ofAction(scope.projectId)}
         AND day BETWEEN ${scope.from}::date AND ${scope.to}::date
       GROUP BY name
       ORDER BY sum(sum_kopecks) DESC, name
       LIMIT ${limit}`),
  );
  return rows.map((row) => ({
    name: String(row.name),
    items: Number(row.items),
    quantity: Number(row.quantity),
    sumKopecks: Number(row.sum_kopecks),
  }));
}

/**
 * Points buyers spent in the action's shop, by the Moscow day of the exchange. A cancelled
 * exchange gave its points back, so it is not spending. Not available (null figures, the chart
 * says so) while the seller has no shop in the scope.
 */
export async function readPointsSpent(db: Executor, scope: Scope): Promise<PointsSpent> {
  const [shops, days] = await Promise.all([
    db.execute(sql`SELECT EXISTS (SELECT 1 FROM shop_settings WHERE user_id = ${scope.userId} ${ofAction(scope.projectId)}) AS has_shop`),
    db.execute(sql`
      SELECT analytics_day(created_at)::text AS day, sum(price_points)::bigint AS points
        FROM shop_orders
       WHERE user_id = ${scope.userId} ${ofAction(scope.projectId)} AND status <> 'cancelled'
         AND analytics_day(created_at) BETWEEN ${scope.from}::date AND ${scope.to}::date
       GROUP BY 1`),
  ]);
  return {
    available: rowsOf(shops)[0]?.has_shop === true,
    byDay: new Map(rowsOf(days).map((row) => [String(row.day), Number(row.points)])),
  };
}

/**
 * Recomputes every aggregate from the receipts and empties the catch-up queue. Writes to
 * receipts wait meanwhile (SHARE lock: reads go on), so nothing is checked between the recount
 * and the commit.
 */
export async function rebuildAggregates(db: Executor): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`LOCK TABLE receipts, receipt_items IN SHARE MODE`);
    // The rebuild counts the queued receipts too.
    await tx.execute(sql`SELECT analytics_discard_queue()`);
    await tx.execute(sql`SELECT analytics_rebuild()`);
    const [row] = rowsOf(await tx.execute(sql`SELECT count(*)::bigint AS receipts FROM receipts`));
    return Number(row?.receipts ?? 0);
  });
}
