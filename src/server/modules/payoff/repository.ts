import { sql, type SQL } from 'drizzle-orm';
import { MARKETPLACE_ISSUER_INNS, ISSUING_MARKETPLACES, type IssuingMarketplace } from '../../../contract/marketplace-issuers.js';
import type { Executor } from '../../db/connection.js';
import { normalisedItemName } from '../../db/item-name.js';
import { rowsOf } from '../../db/rows.js';

/** The seller, optionally one action, and a period of Moscow days (`from`..`to` inclusive). */
export interface PayoffScope {
  userId: number;
  projectId?: number;
  from: string;
  to: string;
}

/** The instant a Moscow day begins (Moscow keeps UTC+3 all year). */
const moscowStart = (day: string) => new Date(`${day}T00:00:00+03:00`);

const dayEnd = (day: string) => new Date(moscowStart(day).getTime() + 86_400_000);

/** The receipt's marketplace from its issuer's INN, in SQL, from the one mapping in the contract. */
function issuerMarketplace(inn: SQL): SQL {
  const cases = ISSUING_MARKETPLACES.map(
    (marketplace) => sql`WHEN ${MARKETPLACE_ISSUER_INNS[marketplace]}::text THEN ${marketplace}::text`,
  );
  return sql`CASE ${inn} ${sql.join(cases, sql` `)} END`;
}

const issuerInns = sql.join(
  ISSUING_MARKETPLACES.map((marketplace) => sql`${MARKETPLACE_ISSUER_INNS[marketplace]}::text`),
  sql`, `,
);

const ofAction = (column: SQL, projectId: number | undefined) => (projectId === undefined ? sql`` : sql`AND ${column} = ${projectId}`);

/** The purchase's moment, as analytics count it: the receipt's date, or the scan for a receipt without one. */
const purchasedAt = sql`coalesce(r.issued_at, r.scanned_at)`;

/** Receipts the analytics catch-up has not counted yet (one it is counting now is still seen until it commits). */
export async function receiptsQueued(db: Executor): Promise<boolean> {
  const [row] = rowsOf(await db.execute(sql`SELECT EXISTS (SELECT 1 FROM analytics_pending) AS queued`));
  return row?.queued === true;
}

export interface ConnectionRow {
  marketplace: IssuingMarketplace;
  importedUntil: Date | null;
}

export async function readConnections(db: Executor, userId: number): Promise<ConnectionRow[]> {
  const rows = rowsOf(await db.execute(sql`SELECT kind, imported_until FROM marketplace_connections WHERE user_id = ${userId}`));
  return rows.map((row) => ({
    marketplace: row.kind as IssuingMarketplace,
    importedUntil: row.imported_until === null ? null : new Date(row.imported_until as string),
  }));
}

export interface SalesDayRow {
  day: string;
  marketplace: IssuingMarketplace;
  sold: number;
  returned: number;
}

/** Units sold and returned on the marketplaces per Moscow day of the period (the import's daily sums). */
export async function readSalesByDay(db: Executor, scope: PayoffScope): Promise<SalesDayRow[]> {
  const rows = rowsOf(
    await db.execute(sql`
      SELECT moscow_day::text AS day, marketplace, sum(sold)::bigint AS sold, sum(returned)::bigint AS returned
        FROM marketplace_sales_daily
       WHERE user_id = ${scope.userId} AND moscow_day BETWEEN ${scope.from}::date AND ${scope.to}::date
       GROUP BY 1, 2`),
  );
  return rows.map((row) => ({
    day: String(row.day),
    marketplace: row.marketplace as IssuingMarketplace,
    sold: Number(row.sold),
    returned: Number(row.returned),
  }));
}

export interface OrdersDayRow {
  day: string;
  marketplace: IssuingMarketplace;
  /** Units of orders that stand, and of orders cancelled, placed that day. */
  ordered: number;
  cancelled: number;
}

/** Units ordered on the marketplaces per Moscow day of the period, cancelled ones apart. */
export async function readOrdersByDay(db: Executor, scope: PayoffScope): Promise<OrdersDayRow[]> {
  const rows = rowsOf(
    await db.execute(sql`
      SELECT moscow_day::text AS day, marketplace,
             coalesce(sum(units) FILTER (WHERE cancelled_at IS NULL), 0)::bigint AS ordered,
             coalesce(sum(units) FILTER (WHERE cancelled_at IS NOT NULL), 0)::bigint AS cancelled
        FROM marketplace_orders
       WHERE user_id = ${scope.userId} AND moscow_day BETWEEN ${scope.from}::date AND ${scope.to}::date
       GROUP BY 1, 2`),
  );
  return rows.map((row) => ({
    day: String(row.day),
    marketplace: row.marketplace as IssuingMarketplace,
    ordered: Number(row.ordered),
    cancelled: Number(row.cancelled),
  }));
}

export interface ReceiptUnitsDayRow {
  day: string;
  marketplace: IssuingMarketplace;
  units: number;
  receipts: number;
}

/**
 * Units of the seller's counted items on accepted receipts a marketplace issued, per Moscow day of
 * the purchase (the analytics' capture sums). A receipt the seller cancelled (its purchase was
 * returned) is left out, as the marketplace leaves the returned unit out of the units sold net: its
 * cancel took it off, and a day whose receipts were all cancelled has none.
 */
export async function readReceiptUnitsByDay(db: Executor, scope: PayoffScope): Promise<ReceiptUnitsDayRow[]> {
  const rows = rowsOf(
    await db.execute(sql`
      SELECT day::text AS day, ${issuerMarketplace(sql`seller_inn`)} AS marketplace, sum(units)::text AS units, sum(receipts)::bigint AS receipts
        FROM analytics_capture
       WHERE user_id = ${scope.userId} ${ofAction(sql`project_id`, scope.projectId)}
         AND seller_inn IN (${issuerInns}) AND day BETWEEN ${scope.from}::date AND ${scope.to}::date
       GROUP BY 1, 2
      HAVING sum(receipts) > 0`),
  );
  return rows.map((row) => ({
    day: String(row.day),
    marketplace: row.marketplace as IssuingMarketplace,
    units: Number(row.units),
    receipts: Number(row.receipts),
  }));
}

export interface ProductSalesRow {
  marketplace: IssuingMarketplace;
  nameKey: string;
  name: string;
  sold: number;
  returned: number;
}

/** The period's units per marketplace product (its normalised name), most sold first. */
export async function readProductSales(db: Executor, scope: PayoffScope, limit: number): Promise<ProductSalesRow[]> {
  const rows = rowsOf(
    await db.execute(sql`
      SELECT marketplace, name_key, min(product_name) AS name, sum(sold)::bigint AS sold, sum(returned)::bigint AS returned
        FROM marketplace_sales_daily
       WHERE user_id = ${scope.userId} AND moscow_day BETWEEN ${scope.from}::date AND ${scope.to}::date
       GROUP BY 1, 2
       ORDER BY 4 DESC, 2
       LIMIT ${limit}`),
  );
  return rows.map((row) => ({
    marketplace: row.marketplace as IssuingMarketplace,
    nameKey: String(row.name_key),
    name: String(row.name),
    sold: Number(row.sold),
    returned: Number(row.returned),
  }));
}

export interface ReceiptProductRow {
  marketplace: IssuingMarketplace;
  nameKey: string;
  name: string;
  units: number;
  /** A product of that name was ever sold on that marketplace (whatever the period). */
  matched: boolean;
}

/**
 * Units on accepted receipts per marketplace and normalised item name, matched against the
 * marketplace's products. The period's sums are taken per written name first, so the names are
 * normalised once each, not once per day.
 */
export async function readReceiptProducts(db: Executor, scope: PayoffScope): Promise<ReceiptProductRow[]> {
  const rows = rowsOf(
    await db.execute(sql`
      SELECT per_item.*, EXISTS (SELECT 1 FROM marketplace_sales s
                                  WHERE s.user_id = ${scope.userId} AND s.marketplace = per_item.marketplace
                                    AND s.name_key = per_item.name_key) AS matched
        FROM (SELECT ${issuerMarketplace(sql`seller_inn`)} AS marketplace, ${normalisedItemName(sql`name`)} AS name_key,
                     min(name) AS name, sum(units)::text AS units
                FROM (SELECT seller_inn, name, sum(units) AS units
                        FROM analytics_capture_items
                       WHERE user_id = ${scope.userId} ${ofAction(sql`project_id`, scope.projectId)}
                         AND seller_inn IN (${issuerInns}) AND day BETWEEN ${scope.from}::date AND ${scope.to}::date
                       GROUP BY 1, 2
                      HAVING sum(items) > 0) AS per_name
               GROUP BY 1, 2) AS per_item`),
  );
  return rows.map((row) => ({
    marketplace: row.marketplace as IssuingMarketplace,
    nameKey: String(row.name_key),
    name: String(row.name),
    units: Number(row.units),
    matched: row.matched === true,
  }));
}

export interface FirstDayRow {
  /** The Moscow day of the shopper's first accepted receipt with the seller (or in the action). */
  day: string;
  shoppers: number;
  /** Of them, how many had their next accepted receipt on a later day within 30, 60, 90 days. */
  repeated: [number, number, number];
}

/**
 * Shoppers by the day of their first accepted receipt, for first days from `from` to `to`, with how
 * many came back within each window: the counts of the analytics' first two days of each shopper
 * with an accepted receipt, in the action or (project_id 0) over all the seller's actions, one
 * shopper by Telegram id. One row per day, whatever the number of shoppers; a window's column is
 * named after it (migration 0069).
 */
export async function readFirstDays(db: Executor, scope: PayoffScope, windows: readonly [30, 60, 90]): Promise<FirstDayRow[]> {
  const repeated = windows.map((days) => sql.raw(`repeated_${days}`));
  const rows = rowsOf(
    await db.execute(sql`
      SELECT first_day::text AS day, shoppers, ${sql.join(repeated, sql`, `)}
        FROM analytics_cohort_days
       WHERE user_id = ${scope.userId} AND project_id = ${scope.projectId ?? 0}
         AND first_day BETWEEN ${scope.from}::date AND ${scope.to}::date`),
  );
  return rows.map((row) => ({
    day: String(row.day),
    shoppers: Number(row.shoppers),
    repeated: windows.map((days) => Number(row[`repeated_${days}`])) as [number, number, number],
  }));
}

export interface ReturnsDayRow {
  day: string;
  marketplace: IssuingMarketplace;
  pointsHeld: number;
  receiptsCancelled: number;
  pointsCancelled: number;
}

/**
 * Points held for the marketplaces' receipts, by the Moscow day of the purchase (the hold runs from
 * it), and receipts cancelled with their points taken back, by the day of the cancel.
 */
export async function readPointsOfReturns(db: Executor, scope: PayoffScope): Promise<ReturnsDayRow[]> {
  const rows = rowsOf(
    await db.execute(sql`
      SELECT day::text AS day, marketplace, sum(held)::bigint AS held, sum(cancelled)::bigint AS cancelled, sum(points)::bigint AS points
        FROM (SELECT analytics_day(${purchasedAt}) AS day, ${issuerMarketplace(sql`r.seller_inn`)} AS marketplace,
                     l.held_delta AS held, 0 AS cancelled, 0 AS points
                FROM points_holds h
                JOIN points_ledger l ON l.id = h.ledger_id
                JOIN receipts r ON r.id = h.receipt_id
               WHERE r.user_id = ${scope.userId} ${ofAction(sql`r.project_id`, scope.projectId)} AND r.seller_inn IN (${issuerInns})
                 AND ${purchasedAt} >= ${moscowStart(scope.from)} AND ${purchasedAt} < ${dayEnd(scope.to)}
              UNION ALL
              SELECT analytics_day(r.cancelled_at), ${issuerMarketplace(sql`r.seller_inn`)}, 0, 1, coalesce(r.points_cancelled, 0)
                FROM receipts r
               WHERE r.user_id = ${scope.userId} ${ofAction(sql`r.project_id`, scope.projectId)} AND r.seller_inn IN (${issuerInns})
                 AND r.cancelled_at >= ${moscowStart(scope.from)} AND r.cancelled_at < ${dayEnd(scope.to)}) AS events
       GROUP BY 1, 2`),
  );
  return rows.map((row) => ({
    day: String(row.day),
    marketplace: row.marketplace as IssuingMarketplace,
    pointsHeld: Number(row.held),
    receiptsCancelled: Number(row.cancelled),
    pointsCancelled: Number(row.points),
  }));
}

export interface LiabilityRow {
  available: number;
  held: number;
  expiring: number;
  exchanges: number;
  exchangedPoints: number;
  /** Exchanges handed out («Выдан»). */
  completed: number;
  /** Of them, those whose prize had a ruble cost and took points: what a point has cost so far. */
  costedExchanges: number;
  costedPoints: number;
  costedKopecks: number;
}

/**
 * Today's points of the seller's shoppers, those expiring from `now` (on Moscow's day
 * `expiring.from`) to the end of the day `expiring.to`, and the shop's exchanges so far: all but the cancelled ones, and the handed-out
 * ones with the ruble cost their prize had at the exchange. Nothing here grows with the shoppers or
 * their lots, and nothing is written: the points available and held are the actions' totals
 * (migration 0069), the points expiring their sums per day of expiry (migration 0071), each a
 * folded row plus the changes appended since the payoff-fold job's last pass (a minute's).
 */
export async function readLiability(
  db: Executor,
  scope: { userId: number; projectId?: number },
  now: Date,
  expiring: { from: string; to: string },
): Promise<LiabilityRow> {
  const actions = sql`(SELECT id FROM projects WHERE user_id = ${scope.userId} ${ofAction(sql`id`, scope.projectId)})`;
  // A free prize (0 points) says nothing of a point's cost.
  const costed = sql`status = 'fulfilled' AND cost_kopecks IS NOT NULL AND price_points > 0`;
  const [row] = rowsOf(
    await db.execute(sql`
      SELECT totals.*,
             (SELECT coalesce(sum(points), 0) FROM points_expiring_days
               WHERE project_id IN ${actions} AND expiry_day BETWEEN ${expiring.from}::date AND ${expiring.to}::date)
             -- Today's lots whose time has passed still count in their day until the expiry job (every
             -- ten minutes) takes them: those few are read from the lots (points_lots_due).
             - (SELECT coalesce(sum(remaining), 0) FROM points_lots
                 WHERE project_id IN ${actions} AND remaining > 0 AND expires_at >= ${moscowStart(expiring.from)} AND expires_at <= ${now})
               AS expiring,
             orders.*
        FROM (SELECT coalesce(sum(balance), 0)::bigint AS available, coalesce(sum(held), 0)::bigint AS held
                FROM buyer_points_totals WHERE project_id IN ${actions}) AS totals,
             (SELECT count(*) FILTER (WHERE status <> 'cancelled')::bigint AS exchanges,
                     coalesce(sum(price_points) FILTER (WHERE status <> 'cancelled'), 0)::bigint AS exchanged,
                     count(*) FILTER (WHERE status = 'fulfilled')::bigint AS completed,
                     count(*) FILTER (WHERE ${costed})::bigint AS costed_exchanges,
                     coalesce(sum(price_points) FILTER (WHERE ${costed}), 0)::bigint AS costed_points,
                     coalesce(sum(cost_kopecks) FILTER (WHERE ${costed}), 0)::bigint AS costed_kopecks
                FROM shop_orders
               WHERE user_id = ${scope.userId} ${ofAction(sql`project_id`, scope.projectId)}) AS orders`),
  );
  return {
    available: Number(row?.available ?? 0),
    held: Number(row?.held ?? 0),
    expiring: Number(row?.expiring ?? 0),
    exchanges: Number(row?.exchanges ?? 0),
    exchangedPoints: Number(row?.exchanged ?? 0),
    completed: Number(row?.completed ?? 0),
    costedExchanges: Number(row?.costed_exchanges ?? 0),
    costedPoints: Number(row?.costed_points ?? 0),
    costedKopecks: Number(row?.costed_kopecks ?? 0),
  };
}

export interface ChargesRow {
  receiptFeeKopecks: number;
  subscriptionKopecks: number;
}

/** What the account paid ScanApp in the period: receipt checks, and action subscriptions with the activation. */
export async function readCharges(db: Executor, scope: PayoffScope): Promise<ChargesRow> {
  const [row] = rowsOf(
    await db.execute(sql`
      SELECT coalesce(-sum(amount_kopecks) FILTER (WHERE kind = 'receipt_fee'), 0)::bigint AS fees,
             coalesce(-sum(amount_kopecks) FILTER (WHERE kind IN ('action_subscription', 'activation')), 0)::bigint AS subscriptions
        FROM balance_ledger
       WHERE user_id = ${scope.userId} AND kind IN ('receipt_fee', 'action_subscription', 'activation')
         AND created_at >= ${moscowStart(scope.from)} AND created_at < ${dayEnd(scope.to)}`),
  );
  return { receiptFeeKopecks: Number(row?.fees ?? 0), subscriptionKopecks: Number(row?.subscriptions ?? 0) };
}
