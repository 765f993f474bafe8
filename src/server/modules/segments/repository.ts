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
 * range of counted purchases, the item's text to the names it matches.
 */
export interface SegmentFilter {
  sellerId: number;
  projectId: number;
  now: Date;
  /** The action's item names that «купил товар, содержащий …» matches (`itemNameIds`). */
  itemNameIds?: string[];
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

type ShopperSet = Extract<SegmentMatch, { shoppers: SQL }>;

/**
 * «Купил товар, содержащий …»: the action's distinct item names that match (each normalised here, a
 * few thousand at most). Read before the segment's statement, so that statement names them and
 * the planner knows how many buyers each has, where it guessed a third of every name before.
 */
export async function itemNameIds(db: Executor, projectId: number, text: string): Promise<string[]> {
  const rows = rowsOf<{ id: string | number }>(
    await db.execute(
      sql`SELECT id FROM action_item_names WHERE project_id = ${projectId}::int AND ${itemNameContainsSql(sql`name`, text)}`,
    ),
  );
  return rows.map((row) => String(row.id));
}

/**
 * Who bought an item of these names, by `buyer_item_names`' key. It and the names are kept by the
 * items' insert trigger (functions/receipt_items_after_insert.sql) from the counted items of
 * successful receipts, so every shopper in it has bought.
 */
function itemBuyers(nameIds: string[]): ShopperSet {
  const ids = sql.join(
    nameIds.map((id) => sql`${id}::bigint`),
    sql`, `,
  );
  return { shoppers: sql`SELECT buyer_tg_id FROM buyer_item_names WHERE name_id = ANY (ARRAY[${ids}]::bigint[])`, bought: true };
}

/** The modules' conditions and the item's, in the order a count may start from them. */
function matchesOf(filter: SegmentFilter): SegmentMatch[] {
  return filter.itemNameIds === undefined ? filter.matches : [...filter.matches, itemBuyers(filter.itemNameIds)];
}

const firstSet = (matches: SegmentMatch[]) => matches.find((match): match is ShopperSet => 'shoppers' in match);

/** Whether a condition reads the shopper's statistics (spending, level, last purchase). */
function asksStats(filter: SegmentFilter): boolean {
  return (
    filter.minKopecks !== undefined ||
    filter.maxKopecks !== undefined ||
    filter.levelKopecks !== undefined ||
    filter.withinDays !== undefined ||
    filter.notWithinDays !== undefined
  );
}

/** A balance of 0 is every shopper's (no `buyer_points` row reads as 0): only a minimum above it asks anything. */
const asksPoints = (filter: SegmentFilter) => (filter.pointsMin ?? 0) > 0;

/**
 * Whether a shopper who never bought in the action (points only, e.g. an inviter paid before
 * buying: no `buyer_stats` row, spending 0, no last purchase) can match: not when a recency, a
 * minimum spending or a level above the first is asked.
 */
function unboughtMayMatch(filter: SegmentFilter): boolean {
  return (
    filter.withinDays === undefined &&
    filter.notWithinDays === undefined &&
    (filter.minKopecks ?? 0) <= 0 &&
    (filter.levelKopecks?.from ?? 0) <= 0
  );
}

/**
 * The conditions on the shopper's statistics `st` and balance `bp`. `bought`: the statistics' row
 * is there (compared as it is, so an index's range applies); else a missing one reads as spending 0
 * and no purchase, a missing balance as 0.
 */
function rowConditions(filter: SegmentFilter, { st, bp, bought }: { st: SQL; bp: SQL; bought: boolean }): SQL[] {
  const where: SQL[] = [];
  const spent = bought ? sql`${st}.total_kopecks` : sql`coalesce(${st}.total_kopecks, 0)`;
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
  if (asksPoints(filter)) where.push(sql`${bp}.balance >= ${filter.pointsMin}::int`);
  return where;
}

/** The sets the shopper must be in and the modules' predicates, but `except` (the set a count starts from). */
function membership(matches: SegmentMatch[], except?: SegmentMatch): SQL[] {
  return matches
    .filter((match) => match !== except)
    .map((match) => ('predicate' in match ? match.predicate : sql`shopper.buyer_tg_id IN (${match.shoppers})`));
}

const whereOf = (conditions: SQL[]) => (conditions.length > 0 ? sql`WHERE ${sql.join(conditions, sql` AND `)}` : sql``);

/**
 * The matching shoppers who bought (their statistics as `shopper`, the balance as `bp` when a
 * minimum is asked). Given `from`, from that set's shoppers, each one's statistics looked up by the
 * primary key. Else from the action's statistics by their indexes (the seller left out of the key,
 * so the indexes on the amount or the last purchase answer without the table), each shopper tested
 * for the sets one by one, as read (`OFFSET 0` keeps the test a lookup per shopper: joined to a
 * hashed set, the statistics would lose the index's order, and a page would read every buyer).
 */
function boughtShoppers(filter: SegmentFilter, matches: SegmentMatch[], from?: ShopperSet, also: SQL[] = []): SQL {
  const { sellerId, projectId } = filter;
  const points = asksPoints(filter)
    ? sql`JOIN buyer_points bp ON bp.project_id = ${projectId}::int AND bp.buyer_tg_id = shopper.buyer_tg_id`
    : sql``;
  const stats = from
    ? sql`(SELECT DISTINCT buyer_tg_id FROM (${from.shoppers}) AS s) AS member
        CROSS JOIN LATERAL (SELECT * FROM buyer_stats
          WHERE user_id = ${sellerId}::int AND project_id = ${projectId}::int AND buyer_tg_id = member.buyer_tg_id LIMIT 1) AS shopper`
    : sql`buyer_stats shopper`;
  const where = [
    ...(from ? [] : [sql`shopper.project_id = ${projectId}::int`]),
    ...rowConditions(filter, { st: sql.raw('shopper'), bp: sql.raw('bp'), bought: true }),
    ...(from
      ? membership(matches, from)
      : matches.map((match) =>
          'predicate' in match
            ? match.predicate
            : sql`EXISTS (SELECT 1 FROM (${match.shoppers}) AS s WHERE s.buyer_tg_id = shopper.buyer_tg_id OFFSET 0)`,
        )),
    ...also,
  ];
  return sql`FROM ${stats} ${points} ${whereOf(where)}`;
}

/**
 * The matching shoppers who never bought (`buyer_points_only` as `shopper`, kept by triggers, so no
 * balance is tested against the statistics; the balance as `bp` when a minimum is asked), or null
 * when none can match.
 */
function unboughtShoppers(filter: SegmentFilter, matches: SegmentMatch[], also: SQL[] = []): SQL | null {
  const { projectId } = filter;
  if (!unboughtMayMatch(filter) || matches.some((match) => 'shoppers' in match && match.bought)) return null;
  const points = asksPoints(filter)
    ? sql`JOIN buyer_points bp ON bp.project_id = ${projectId}::int AND bp.buyer_tg_id = shopper.buyer_tg_id`
    : sql``;
  const where = [
    sql`shopper.project_id = ${projectId}::int`,
    ...(asksPoints(filter) ? [sql`bp.balance >= ${filter.pointsMin}::int`] : []),
    ...membership(matches),
    ...also,
  ];
  return sql`FROM buyer_points_only shopper ${points} ${whereOf(where)}`;
}

/** The shopper's statistics (`st`), looked up by key: a lateral `LIMIT 1` the planner cannot turn into a hash join over every shopper's. */
const statsOf = ({ sellerId, projectId }: SegmentFilter) =>
  sql`LEFT JOIN LATERAL (SELECT buyer_tg_id, total_kopecks, last_receipt_at FROM buyer_stats
        WHERE user_id = ${sellerId}::int AND project_id = ${projectId}::int AND buyer_tg_id = shopper.buyer_tg_id LIMIT 1) st ON true`;

/**
 * A count starting from a module's set (a month's birthdays, a draw's ticket holders, an item's
 * buyers), so its cost follows the set rather than the action's every shopper. A set of buyers
 * needs no lookup to be the action's shoppers. Any other set's shoppers, where nothing else is
 * asked of them, are looked up one by one (the balance only for one who never bought); where a
 * spending, a recency or a balance is asked too, the planner joins as it sees fit: at 300 000
 * shoppers hashing the statistics' range beat 2 lookups per shopper of the set twofold.
 */
function countFromSet(filter: SegmentFilter, matches: SegmentMatch[], set: ShopperSet): SQL {
  const { sellerId, projectId } = filter;
  const bought = set.bought === true;
  const asked = asksStats(filter) || asksPoints(filter);
  const stats = asked
    ? sql`LEFT JOIN buyer_stats st ON st.user_id = ${sellerId}::int AND st.project_id = ${projectId}::int AND st.buyer_tg_id = shopper.buyer_tg_id`
    : statsOf(filter);
  const points = asked
    ? sql`LEFT JOIN buyer_points bp ON bp.project_id = ${projectId}::int AND bp.buyer_tg_id = shopper.buyer_tg_id`
    : sql`LEFT JOIN LATERAL (SELECT buyer_tg_id FROM buyer_points
        WHERE st.buyer_tg_id IS NULL AND project_id = ${projectId}::int AND buyer_tg_id = shopper.buyer_tg_id LIMIT 1) bp ON true`;
  const where = [
    // The set may hold anyone (a birthday given before any purchase): only the action's shoppers count.
    ...(bought ? [] : [sql`(st.buyer_tg_id IS NOT NULL OR bp.buyer_tg_id IS NOT NULL)`]),
    ...rowConditions(filter, { st: sql.raw('st'), bp: sql.raw('bp'), bought }),
    ...membership(matches, set),
  ];
  return sql`SELECT count(*) AS count FROM (SELECT DISTINCT buyer_tg_id FROM (${set.shoppers}) AS s) AS shopper
    ${!bought || asksStats(filter) ? stats : sql``} ${!bought || asksPoints(filter) ? points : sql``} ${whereOf(where)}`;
}

type KeptRows = NonNullable<ShopperSet['kept']>;

/**
 * A count asking a minimum balance and nothing of the statistics, from a set whose shoppers'
 * balances an index finds (a month's: `buyer_points_birthday_month`): the set's balances that reach
 * the minimum. A balance row is the action's shopper, bought or not.
 */
function countFromBalances(filter: SegmentFilter, matches: SegmentMatch[], set: ShopperSet, kept: KeptRows): SQL {
  const where = [
    sql`shopper.project_id = ${filter.projectId}::int`,
    kept(sql.raw('shopper')),
    ...rowConditions(filter, { st: sql.raw('st'), bp: sql.raw('shopper'), bought: false }),
    ...membership(matches, set),
  ];
  return sql`SELECT count(*) AS count FROM buyer_points shopper ${whereOf(where)}`;
}

/**
 * A count asking a spending or a recency, from a set whose buyers' statistics an index holds with
 * what the count tests (a month's: `buyer_stats_birthday_month`, the spending and the last purchase
 * included): the set's buyers in range read from that index alone, joined where a minimum balance is
 * asked with the set's balances by their own index, plus the shoppers who never bought where they can
 * match. Both ranges are the set's shoppers, a twelfth of the action for a month: looking each
 * balance's statistics up by key instead cost ≈ 2.5 µs a shopper of the month, and hashing them
 * against a scan of the action's every statistics row cost the whole action.
 */
function countFromKeptStats(filter: SegmentFilter, matches: SegmentMatch[], set: ShopperSet, kept: KeptRows): SQL {
  const { projectId } = filter;
  const points = asksPoints(filter)
    ? sql`JOIN buyer_points bp ON bp.project_id = ${projectId}::int AND bp.buyer_tg_id = shopper.buyer_tg_id AND ${kept(sql.raw('bp'))}`
    : sql``;
  const where = [
    sql`shopper.project_id = ${projectId}::int`,
    kept(sql.raw('shopper')),
    ...rowConditions(filter, { st: sql.raw('shopper'), bp: sql.raw('bp'), bought: true }),
    ...membership(matches, set),
  ];
  const bought = sql`(SELECT count(*) FROM buyer_stats shopper ${points} ${whereOf(where)})`;
  const unbought = unboughtShoppers(filter, matches);
  return unbought ? sql`SELECT ${bought} + (SELECT count(*) ${unbought}) AS count` : sql`SELECT ${bought} AS count`;
}

/**
 * How many shoppers match, from the narrowest start the conditions name, so the cost follows the
 * shoppers who may match: a set alone by its size where its module knows it; a module's set (the
 * first), by the rows it is kept on where it is; else the buyers by the statistics' indexes when a
 * purchase is needed; else the balances that reach a minimum, each shopper's statistics looked up;
 * else every shopper: the buyers in range by an index plus those who only hold points.
 */
function countStatement(filter: SegmentFilter): SQL {
  const matches = matchesOf(filter);
  const set = firstSet(matches);
  if (set?.size && matches.length === 1 && !asksStats(filter) && !asksPoints(filter)) return sql`SELECT (${set.size}) AS count`;
  // The set itself, not a copy: `membership` leaves it out by identity (a copy joined the month's birthdays once more).
  if (set?.kept && asksStats(filter)) return countFromKeptStats(filter, matches, set, set.kept);
  if (set?.kept && asksPoints(filter)) return countFromBalances(filter, matches, set, set.kept);
  if (set) return countFromSet(filter, matches, set);
  const bought = sql`(SELECT count(*) ${boughtShoppers(filter, matches)})`;
  const unbought = unboughtShoppers(filter, matches);
  if (!unbought) return sql`SELECT ${bought} AS count`;
  if (asksPoints(filter)) {
    const where = [
      sql`shopper.project_id = ${filter.projectId}::int`,
      ...rowConditions(filter, { st: sql.raw('st'), bp: sql.raw('shopper'), bought: false }),
      ...membership(matches),
    ];
    return sql`SELECT count(*) AS count FROM buyer_points shopper ${asksStats(filter) ? statsOf(filter) : sql``} ${whereOf(where)}`;
  }
  return sql`SELECT ${bought} + (SELECT count(*) ${unbought}) AS count`;
}

export async function countMatching(db: Executor, filter: SegmentFilter): Promise<number> {
  const [row] = rowsOf<{ count: string | number }>(await db.execute(countStatement(filter)));
  return Number(row?.count ?? 0);
}

/** One batch of a segment's shoppers' Telegram IDs (`buyer_tg_id`), in their order, after `after` (null: from the first). */
export type ShopperBatch = (after: string | null, limit: number) => SQL;

/**
 * The matching shoppers' Telegram IDs, a batch at a time, for a mailing to write its recipients
 * from. Each part is cut to the batch on its own, after the cursor and in the order of the IDs:
 * the buyers by the statistics' primary key (the seller named, so the key's order answers), those
 * who never bought by the kept table's key. Ordered and cut only over the parts' union, the planner
 * read every shopper left and sorted them for each batch, so a mailing to a whole action grew with
 * the square of its shoppers (at 100 000, 0.3–0.4 s a batch of 5 000).
 */
export function matchingIdsQuery(filter: SegmentFilter): ShopperBatch {
  const matches = matchesOf(filter);
  const from = firstSet(matches);
  return (after, limit) => {
    const cursor = after === null ? [] : [sql`shopper.buyer_tg_id > ${after}::text`];
    const cut = sql`ORDER BY shopper.buyer_tg_id LIMIT ${limit}::int`;
    const bought = boughtShoppers(filter, matches, from, [...(from ? [] : [sql`shopper.user_id = ${filter.sellerId}::int`]), ...cursor]);
    const unbought = unboughtShoppers(filter, matches, cursor);
    return sql`SELECT buyer_tg_id FROM ((SELECT shopper.buyer_tg_id ${bought} ${cut})
      ${unbought ? sql`UNION ALL (SELECT shopper.buyer_tg_id ${unbought} ${cut})` : sql``}) AS batch
      ORDER BY buyer_tg_id LIMIT ${limit}::int`;
  };
}

/** Under one in this many of the action's buyers, a set's page looks its shoppers up. */
const SPARSE_SET = 200;

/** How many shoppers bought in the action (kept with every receipt in `buyer_summaries`). */
async function actionBuyers(db: Executor, { sellerId, projectId }: SegmentFilter): Promise<number> {
  const [row] = rowsOf<{ buyers: number }>(
    await db.execute(sql`SELECT buyers FROM buyer_summaries WHERE user_id = ${sellerId}::int AND project_id = ${projectId}::int`),
  );
  return Number(row?.buyers ?? 0);
}

async function countBought(db: Executor, filter: SegmentFilter, matches: SegmentMatch[]): Promise<number> {
  const [row] = rowsOf<{ count: string | number }>(
    await db.execute(sql`SELECT count(*) AS count ${boughtShoppers(filter, matches, firstSet(matches))}`),
  );
  return Number(row?.count ?? 0);
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

const toBuyer = (row: Record<string, unknown>): MatchingBuyer => ({
  tgId: row.buyer_tg_id as string,
  firstName: (row.first_name as string | null) ?? null,
  username: (row.username as string | null) ?? null,
  points: Number(row.balance ?? 0),
  receipts: Number(row.receipts ?? 0),
  spentKopecks: Number(row.spent ?? 0),
  lastReceiptAt: row.last_receipt_at ? new Date(row.last_receipt_at as string) : null,
});

/**
 * One page of matching shoppers and how many match in all. The list's order is the most recent
 * buyers first, then those who never bought (points only), each by Telegram ID: the buyers' part is
 * read in that order (the last-purchase index backwards, each shopper tested as it comes, so a
 * page stops at its 50th match where matches are many), the others' only when the page goes past
 * the buyers. Balances and names are looked up for the page's shoppers only.
 */
export async function matchingBuyers(
  db: Executor,
  filter: SegmentFilter,
  page: { limit: number; offset: number },
): Promise<{ buyers: MatchingBuyer[]; total: number }> {
  const total = await countMatching(db, filter);
  if (total <= page.offset) return { total, buyers: [] };
  const { projectId } = filter;
  const matches = matchesOf(filter);
  // A set matching few of the action's buyers is read by looking its shoppers up (at most 5 000 at
  // a million buyers); a larger one in the list's order, where a page passes at most 10 000 buyers.
  const set = firstSet(matches);
  const lookUp = set && total * SPARSE_SET < (await actionBuyers(db, filter)) ? set : undefined;
  const lookups = (rows: SQL) => sql`${rows}
      LEFT JOIN buyer_points balance ON balance.project_id = ${projectId}::int AND balance.buyer_tg_id = page.buyer_tg_id
      LEFT JOIN telegram_buyers names ON names.buyer_tg_id = page.buyer_tg_id`;
  const bought = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      SELECT page.*, balance.balance, names.first_name, names.username
        FROM ${lookups(sql`(SELECT shopper.buyer_tg_id, shopper.successful_receipts AS receipts, shopper.total_kopecks AS spent,
                                   shopper.last_receipt_at
                              ${boughtShoppers(filter, matches, lookUp)}
                             ORDER BY shopper.last_receipt_at DESC, shopper.buyer_tg_id
                             LIMIT ${page.limit}::int OFFSET ${page.offset}::int) AS page`)}
       ORDER BY page.last_receipt_at DESC, page.buyer_tg_id`),
  ).map(toBuyer);
  const unbought = unboughtShoppers(filter, matches);
  const wanted = page.limit - bought.length;
  if (!unbought || wanted === 0) return { total, buyers: bought };
  // Past the buyers: the page's first shopper who never bought is the offset less every buyer.
  const buyersInAll = bought.length > 0 || page.offset === 0 ? page.offset + bought.length : await countBought(db, filter, matches);
  const rest = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      SELECT page.*, balance.balance, names.first_name, names.username
        FROM ${lookups(sql`(SELECT shopper.buyer_tg_id ${unbought}
                             ORDER BY shopper.buyer_tg_id
                             LIMIT ${wanted}::int OFFSET ${Math.max(0, page.offset - buyersInAll)}::int) AS page`)}
       ORDER BY page.buyer_tg_id`),
  ).map(toBuyer);
  return { total, buyers: [...bought, ...rest] };
}
