import { and, asc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { SegmentConditions } from '../../../contract/segments.js';
import type { Executor } from '../../db/connection.js';
import { itemNameContainsSql } from '../../db/item-name.js';
import { rowsOf } from '../../db/rows.js';
import { projects, segments, type ProjectRow, type SegmentRow } from '../../db/schema.js';

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
  /** The modules' own conditions (a birthday's month, a survey taken): predicates on `shopper.buyer_tg_id`. */
  predicates: SQL[];
}

const DAY_MS = 86_400_000;
const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;

/**
 * The FROM and WHERE of the matching shoppers, one statement with every value a parameter.
 * The action's shoppers: those with a successful receipt (buyer_stats) or any points movement
 * (buyer_points) in it. Each condition is a predicate on the shopper's row or an EXISTS on an
 * index that starts with the action and the shopper.
 */
function matching(filter: SegmentFilter, options: { names?: boolean } = {}): SQL {
  const { sellerId, projectId } = filter;
  const where: SQL[] = [];
  const spent = sql`coalesce(st.total_kopecks, 0)`;
  if (filter.itemText !== undefined) {
    where.push(sql`EXISTS (
      SELECT 1 FROM receipts r JOIN receipt_items i ON i.receipt_id = r.id
       WHERE r.project_id = ${projectId}::int AND r.buyer_tg_id = shopper.buyer_tg_id AND r.status = 'success'
         AND i.status = 'counted'
         AND ${itemNameContainsSql(sql`i.name`, filter.itemText)})`);
  }
  if (filter.minKopecks !== undefined) where.push(sql`${spent} >= ${filter.minKopecks}::bigint`);
  if (filter.maxKopecks !== undefined) where.push(sql`${spent} <= ${filter.maxKopecks}::bigint`);
  if (filter.levelKopecks) {
    where.push(sql`${spent} >= ${filter.levelKopecks.from}::bigint`);
    if (filter.levelKopecks.to !== null) where.push(sql`${spent} < ${filter.levelKopecks.to}::bigint`);
  }
  if (filter.withinDays !== undefined) {
    where.push(sql`st.last_receipt_at >= ${at(new Date(filter.now.getTime() - filter.withinDays * DAY_MS))}`);
  }
  if (filter.notWithinDays !== undefined) {
    where.push(sql`st.last_receipt_at < ${at(new Date(filter.now.getTime() - filter.notWithinDays * DAY_MS))}`);
  }
  if (filter.pointsMin !== undefined) where.push(sql`coalesce(bp.balance, 0) >= ${filter.pointsMin}::int`);
  where.push(...filter.predicates);

  return sql`
    FROM (SELECT buyer_tg_id FROM buyer_stats WHERE user_id = ${sellerId}::int AND project_id = ${projectId}::int
          UNION
          SELECT buyer_tg_id FROM buyer_points WHERE project_id = ${projectId}::int) AS shopper
    LEFT JOIN buyer_stats st ON st.user_id = ${sellerId}::int AND st.project_id = ${projectId}::int AND st.buyer_tg_id = shopper.buyer_tg_id
    LEFT JOIN buyer_points bp ON bp.project_id = ${projectId}::int AND bp.buyer_tg_id = shopper.buyer_tg_id
    ${options.names ? sql`LEFT JOIN telegram_buyers names ON names.buyer_tg_id = shopper.buyer_tg_id` : sql``}
    ${where.length > 0 ? sql`WHERE ${sql.join(where, sql` AND `)}` : sql``}`;
}

export async function countMatching(db: Executor, filter: SegmentFilter): Promise<number> {
  const [row] = rowsOf<{ count: string | number }>(await db.execute(sql`SELECT count(*) AS count ${matching(filter)}`));
  return Number(row?.count ?? 0);
}

/** Every matching shopper's Telegram ID (a mailing's recipients), at most `limit`. */
export async function matchingIds(db: Executor, filter: SegmentFilter, limit: number): Promise<string[]> {
  const rows = rowsOf<{ buyer_tg_id: string }>(
    await db.execute(sql`SELECT shopper.buyer_tg_id ${matching(filter)} ORDER BY shopper.buyer_tg_id LIMIT ${limit}::int`),
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

/** One page of matching shoppers, most recent buyers first, and how many match in all. */
export async function matchingBuyers(
  db: Executor,
  filter: SegmentFilter,
  page: { limit: number; offset: number },
): Promise<{ buyers: MatchingBuyer[]; total: number }> {
  const result = await db.execute(sql`
    SELECT shopper.buyer_tg_id, names.first_name, names.username, coalesce(bp.balance, 0) AS balance,
           coalesce(st.successful_receipts, 0) AS receipts, coalesce(st.total_kopecks, 0) AS spent,
           st.last_receipt_at, count(*) OVER () AS total
    ${matching(filter, { names: true })}
    ORDER BY st.last_receipt_at DESC NULLS LAST, shopper.buyer_tg_id
    LIMIT ${page.limit}::int OFFSET ${page.offset}::int`);
  const rows = rowsOf<Record<string, unknown>>(result);
  // A page past the end has no row to carry the total: count apart then.
  const total = rows.length > 0 ? Number(rows[0]!.total) : page.offset > 0 ? await countMatching(db, filter) : 0;
  return {
    total,
    buyers: rows.map((row) => ({
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
