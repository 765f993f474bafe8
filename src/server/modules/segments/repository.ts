import { and, asc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { SegmentConditions } from '../../../contract/segments.js';
import type { Executor } from '../../db/connection.js';
import { itemNameContainsSql } from '../../db/item-name.js';
import { rowsOf } from '../../db/rows.js';
import { projects, segments, type ProjectRow, type SegmentRow } from '../../db/schema.js';
import type { SegmentMatch } from '../../platform/manifest.js';

// Every read and write of a segment goes through its action's seller, so another seller's
// segment is not found. Who matches is read from the receipts' and points' tables here and from
// the functions' own (birthdays, referrals, surveys, draws) through their modules' segment
// conditions: read-only, never written here.

/** The seller's segment with its (live) action; undefined when either is not theirs or the action is deleted. */
export async function findOwnSegment(
  db: Executor,
  sellerId: number,
  segmentId: number,
): Promise<{ segment: SegmentRow; action: ProjectRow } | undefined> {
  const [row] = await db
    .select({ segment: segments, action: projects })
    .from(segments)
    .innerJoin(projects, eq(projects.id, segments.projectId))
    .where(and(eq(segments.id, segmentId), eq(projects.userId, sellerId), isNull(projects.deletedAt)));
  return row;
}

export async function listSegments(db: Executor, projectId: number): Promise<SegmentRow[]> {
  return db.select().from(segments).where(eq(segments.projectId, projectId)).orderBy(asc(segments.id));
}

export async function insertSegment(
  db: Executor,
  segment: { projectId: number; name: string; conditions: SegmentConditions; now: Date },
): Promise<SegmentRow> {
  const { now, ...fields } = segment;
  const [row] = await db
    .insert(segments)
    .values({ ...fields, createdAt: now, updatedAt: now })
    .returning();
  return row!;
}

export async function updateSegment(
  db: Executor,
  segmentId: number,
  change: { name: string; conditions: SegmentConditions; now: Date },
): Promise<SegmentRow> {
  const [row] = await db
    .update(segments)
    .set({ name: change.name, conditions: change.conditions, updatedAt: change.now })
    .where(eq(segments.id, segmentId))
    .returning();
  return row!;
}

export async function deleteSegment(db: Executor, segmentId: number): Promise<void> {
  await db.delete(segments).where(eq(segments.id, segmentId));
}

/**
 * The segment's conditions in database terms: the service resolved the level's name to its
 * range of counted purchases. `itemText` is matched as item names are (db/item-name.ts).
 */
export interface SegmentFilter {
  sellerId: number;
  projectId: number;
  now: Date;
  itemText?: string;
  minKopecks?: number;
  maxKopecks?: number;
  /** [from, to) of counted purchases: a level's threshold up to the next level's. */
  levelKopecks?: { from: number; to: number | null };
  withinDays?: number;
  notWithinDays?: number;
  pointsMin?: number;
  /** The modules' own conditions (a birthday's month, a survey taken): sets of shoppers or predicates on `shopper.buyer_tg_id`. */
  matches: SegmentMatch[];
}

const DAY_MS = 86_400_000;
const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;

/** The shopper's rows the conditions read: their statistics (`st`) and balance (`bp`), by the aliases of the statement. */
interface ShopperRows {
  st: SQL;
  bp: SQL;
}

/** The matching shoppers' FROM and WHERE, the aliases of their statistics and balance in it, and the list's order. */
interface Matching extends ShopperRows {
  from: SQL;
  /** Most recent buyers first, then by Telegram ID. */
  order: SQL;
}

/**
 * A shopper without successful receipts in the action (no `buyer_stats` row) cannot match: their
 * last purchase is unknown and their spending 0. (Not «bought an item»: a cancel may leave the
 * shopper's receipts with no statistics, and that condition counts cancelled receipts.)
 */
function needsStats(filter: SegmentFilter): boolean {
  return (
    filter.withinDays !== undefined ||
    filter.notWithinDays !== undefined ||
    (filter.minKopecks ?? 0) > 0 ||
    (filter.levelKopecks?.from ?? 0) > 0
  );
}

/** Where a statement starts: its FROM, the aliases of the shopper's rows in it, and what it asks of them already. */
interface Start extends ShopperRows {
  from: SQL;
  where: SQL[];
  /** The set the statement starts from, left out of the conditions. */
  set?: SegmentMatch;
  /** Every shopper it yields has bought (a `buyer_stats` row): their spending and last purchase are never null. */
  bought: boolean;
  /** Every shopper it yields has a balance (a `buyer_points` row). */
  pointed: boolean;
}

/**
 * «Купил товар, содержащий …» as a set: the action's distinct item names that match (each
 * normalised here, a few thousand at most), then who bought them by `buyer_item_names`' key. Both
 * tables are kept by the items' insert trigger (functions/receipt_items_after_insert.sql).
 */
function itemBuyers(projectId: number, text: string): SegmentMatch {
  return {
    shoppers: sql`SELECT b.buyer_tg_id FROM action_item_names n JOIN buyer_item_names b ON b.name_id = n.id
      WHERE n.project_id = ${projectId}::int AND ${itemNameContainsSql(sql`n.name`, text)}`,
  };
}

/** The modules' conditions and the item's, in the order a statement may start from them. */
function matchesOf(filter: SegmentFilter): SegmentMatch[] {
  return filter.itemText === undefined ? filter.matches : [...filter.matches, itemBuyers(filter.projectId, filter.itemText)];
}

/**
 * The narrowest set the conditions name, so a statement's cost follows the shoppers who may match
 * rather than the action's every shopper: a module's set of shoppers (a birthday's month, a draw's
 * tickets, through their indexes), else the statistics' range (an index on the amount or the last
 * purchase), else the balances, else every shopper.
 */
function startOf(filter: SegmentFilter, matches: SegmentMatch[]): Start {
  const { sellerId, projectId } = filter;
  const withStats = sql`LEFT JOIN buyer_stats st
    ON st.user_id = ${sellerId}::int AND st.project_id = ${projectId}::int AND st.buyer_tg_id = shopper.buyer_tg_id`;
  const withPoints = sql`LEFT JOIN buyer_points bp ON bp.project_id = ${projectId}::int AND bp.buyer_tg_id = shopper.buyer_tg_id`;
  const set = matches.find((match): match is { shoppers: SQL } => 'shoppers' in match);
  if (set) {
    return {
      from: sql`(SELECT DISTINCT buyer_tg_id FROM (${set.shoppers}) AS s) AS shopper ${withStats} ${withPoints}`,
      st: sql.raw('st'),
      bp: sql.raw('bp'),
      // The set may hold anyone (a birthday given before any purchase): only the action's shoppers count.
      where: [sql`(st.buyer_tg_id IS NOT NULL OR bp.buyer_tg_id IS NOT NULL)`],
      set,
      bought: false,
      pointed: false,
    };
  }
  if (needsStats(filter)) {
    // buyer_stats' project_id is the seller's action (the service found it as theirs): by it alone,
    // the indexes on (project_id, total_kopecks | last_receipt_at, buyer_tg_id) answer a count unread.
    return {
      from: sql`buyer_stats shopper ${withPoints}`,
      st: sql.raw('shopper'),
      bp: sql.raw('bp'),
      where: [sql`shopper.project_id = ${projectId}::int`],
      bought: true,
      pointed: false,
    };
  }
  if ((filter.pointsMin ?? 0) > 0) {
    return {
      from: sql`buyer_points shopper ${withStats}`,
      st: sql.raw('st'),
      bp: sql.raw('shopper'),
      where: [sql`shopper.project_id = ${projectId}::int`],
      bought: false,
      pointed: true,
    };
  }
  // Every shopper: the action's statistics and balances side by side, one join in the shopper's
  // order (no union to deduplicate, no lookups after it).
  return {
    from: sql`(SELECT coalesce(st.buyer_tg_id, bp.buyer_tg_id) AS buyer_tg_id, st.successful_receipts, st.total_kopecks,
                      st.last_receipt_at, bp.balance
                 FROM (SELECT * FROM buyer_stats WHERE user_id = ${sellerId}::int AND project_id = ${projectId}::int) AS st
                 FULL JOIN (SELECT * FROM buyer_points WHERE project_id = ${projectId}::int) AS bp
                   ON bp.buyer_tg_id = st.buyer_tg_id) AS shopper`,
    st: sql.raw('shopper'),
    bp: sql.raw('shopper'),
    where: [],
    bought: false,
    pointed: false,
  };
}

/**
 * The FROM and WHERE of the matching shoppers, one statement with every value a parameter. The
 * action's shoppers are those with a successful receipt (buyer_stats) or any points movement
 * (buyer_points) in it; the statement starts from the narrowest set (`startOf`), and every other
 * condition is a test on the shopper's rows, an index lookup or a set the shopper is in.
 */
function matching(filter: SegmentFilter): Matching {
  const matches = matchesOf(filter);
  const start = startOf(filter, matches);
  const where = [...start.where, ...conditions(filter, matches, start)];
  // When every shopper has bought, the order without NULLS LAST is the index (project_id,
  // last_receipt_at, buyer_tg_id) read backwards, so a page stops at its 50th shopper.
  const nulls = start.bought ? sql`` : sql` NULLS LAST`;
  return {
    st: start.st,
    bp: start.bp,
    from: sql`FROM ${start.from} ${where.length > 0 ? sql`WHERE ${sql.join(where, sql` AND `)}` : sql``}`,
    order: sql`${start.st}.last_receipt_at DESC${nulls}, shopper.buyer_tg_id`,
  };
}

/** Each condition but the starting set's, as a test on the shopper's rows, an index lookup, or a set the shopper is in. */
function conditions(filter: SegmentFilter, matches: SegmentMatch[], { st, bp, set, bought, pointed }: Start): SQL[] {
  const where: SQL[] = [];
  // A row that is always there is compared as it is, so its index's range applies.
  const spent = bought ? sql`${st}.total_kopecks` : sql`coalesce(${st}.total_kopecks, 0)`;
  const balance = pointed ? sql`${bp}.balance` : sql`coalesce(${bp}.balance, 0)`;
  if (filter.minKopecks !== undefined) where.push(sql`${spent} >= ${filter.minKopecks}::bigint`);
  if (filter.maxKopecks !== undefined) where.push(sql`${spent} <= ${filter.maxKopecks}::bigint`);
  if (filter.levelKopecks) {
    where.push(sql`${spent} >= ${filter.levelKopecks.from}::bigint`);
    if (filter.levelKopecks.to !== null) where.push(sql`${spent} < ${filter.levelKopecks.to}::bigint`);
  }
  if (filter.withinDays !== undefined) {
    where.push(sql`${st}.last_receipt_at >= ${at(new Date(filter.now.getTime() - filter.withinDays * DAY_MS))}`);
  }
  if (filter.notWithinDays !== undefined) {
    where.push(sql`${st}.last_receipt_at < ${at(new Date(filter.now.getTime() - filter.notWithinDays * DAY_MS))}`);
  }
  if (filter.pointsMin !== undefined) where.push(sql`${balance} >= ${filter.pointsMin}::int`);
  for (const match of matches) {
    if (match === set) continue;
    where.push('predicate' in match ? match.predicate : sql`shopper.buyer_tg_id IN (${match.shoppers})`);
  }
  return where;
}

export async function countMatching(db: Executor, filter: SegmentFilter): Promise<number> {
  const [row] = rowsOf<{ count: string | number }>(await db.execute(sql`SELECT count(*) AS count ${matching(filter).from}`));
  return Number(row?.count ?? 0);
}

/** Every matching shopper's Telegram ID (a mailing's recipients), at most `limit`. */
export async function matchingIds(db: Executor, filter: SegmentFilter, limit: number): Promise<string[]> {
  const rows = rowsOf<{ buyer_tg_id: string }>(
    await db.execute(sql`SELECT shopper.buyer_tg_id ${matching(filter).from} ORDER BY shopper.buyer_tg_id LIMIT ${limit}::int`),
  );
  return rows.map((row) => row.buyer_tg_id);
}

export interface MatchingBuyer {
  tgId: string;
  firstName: string | null;
  username: string | null;
  points: number;
  receipts: number;
  spentKopecks: number;
  lastReceiptAt: Date | null;
}

/**
 * One page of matching shoppers, most recent buyers first, and how many match in all: counted
 * once, then the page picked (a page past the end reads nothing more), and the names looked up for
 * the page's shoppers only.
 */
export async function matchingBuyers(
  db: Executor,
  filter: SegmentFilter,
  page: { limit: number; offset: number },
): Promise<{ buyers: MatchingBuyer[]; total: number }> {
  const total = await countMatching(db, filter);
  if (total <= page.offset) return { total, buyers: [] };
  const { from, st, bp, order } = matching(filter);
  const result = await db.execute(sql`
    SELECT page.*, names.first_name, names.username
      FROM (SELECT shopper.buyer_tg_id, coalesce(${bp}.balance, 0) AS balance, coalesce(${st}.successful_receipts, 0) AS receipts,
                   coalesce(${st}.total_kopecks, 0) AS spent, ${st}.last_receipt_at
            ${from}
            ORDER BY ${order}
            LIMIT ${page.limit}::int OFFSET ${page.offset}::int) AS page
      LEFT JOIN telegram_buyers names ON names.buyer_tg_id = page.buyer_tg_id
     ORDER BY page.last_receipt_at DESC NULLS LAST, page.buyer_tg_id`);
  return {
    total,
    buyers: rowsOf<Record<string, unknown>>(result).map((row) => ({
      tgId: row.buyer_tg_id as string,
      firstName: (row.first_name as string | null) ?? null,
      username: (row.username as string | null) ?? null,
      points: Number(row.balance),
      receipts: Number(row.receipts),
      spentKopecks: Number(row.spent),
      lastReceiptAt: row.last_receipt_at ? new Date(row.last_receipt_at as string) : null,
    })),
  };
}
