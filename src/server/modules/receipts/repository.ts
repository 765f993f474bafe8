import { and, eq, getTableColumns, gte, isNotNull, isNull, lt, sql, type SQL } from 'drizzle-orm';
import { namedStatement, type Executor } from '../../db/connection.js';
import { rowsOf } from '../../db/rows.js';
import { liveSessionUserId } from '../auth/repository.js';
import { postgresErrorCode } from '../../errors.js';
import { SUSPICIOUS_WINDOW_MS, WEEKLY_CAP_WINDOW_MS, type EarnedBy } from './guards.js';
import { isRepeatSql } from './repeats.js';
import type { PointsRule } from '../../../contract/points.js';
import type { ReceiptStatusFilter } from '../../../contract/receipts.js';
import {
  buyerBlocks,
  buyerFlags,
  buyerStats,
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

/** Items ride along as one JSON value (drizzle would expand a JS array into a list). */
function itemsJson(items: NewReceiptItem[]) {
  return items.map((item) => ({
    position: item.position,
    name: item.name,
    price_kopecks: item.priceKopecks,
    quantity: item.quantity,
    sum_kopecks: item.sumKopecks,
    provider_inn: item.providerInn ?? null,
    status: item.status,
  }));
}

function insertItemsFrom(receiptCte: SQL, items: NewReceiptItem[]): SQL {
  const json = JSON.stringify(itemsJson(items));
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

/**
 * The action's columns a check, its answer and the hooks after its award read, not its whole row:
 * this read is the service's hottest, and each column it selects is described, sent, parsed and
 * mapped on every check (the row has 41, of which the check reads 29). The bot tokens are read as
 * whether they are set, which is all a check asks, so no check opens a sealed value. A hook that
 * needs another column adds it here (and to AwardedAction).
 */
const checkActionColumns = {
  id: projects.id,
  userId: projects.userId,
  name: projects.name,
  projectInns: projects.projectInns,
  isActive: projects.isActive,
  subscriptionEndDate: projects.subscriptionEndDate,
  statusMessage: projects.statusMessage,
  receiptValidityDays: projects.receiptValidityDays,
  checkDuplicates: projects.checkDuplicates,
  productKeywords: projects.productKeywords,
  minTotalKopecks: projects.minTotalKopecks,
  pointsPercentage: projects.pointsPercentage,
  repeatPointsPercentage: projects.repeatPointsPercentage,
  levels: projects.levels,
  pointsLifetimeDays: projects.pointsLifetimeDays,
  pointsHoldDays: projects.pointsHoldDays,
  maxReceiptsPerWeek: projects.maxReceiptsPerWeek,
  maxPointsPerReceipt: projects.maxPointsPerReceipt,
  suspiciousReceiptsPerHour: projects.suspiciousReceiptsPerHour,
  commandSuccess: projects.commandSuccess,
  commandNotRecognized: projects.commandNotRecognized,
  commandAlreadyScanned: projects.commandAlreadyScanned,
  commandTooOld: projects.commandTooOld,
  commandNoItems: projects.commandNoItems,
  commandLimitReached: projects.commandLimitReached,
  puzzleBotPointsVariable: projects.puzzleBotPointsVariable,
  hasPuzzleBotToken: sql<boolean>`${projects.puzzleBotToken} IS NOT NULL`,
  hasTelegramBot: sql<boolean>`${projects.telegramBotToken} IS NOT NULL`,
  botFeatures: projects.botFeatures,
  hasProductRules: projects.hasProductRules,
  promoCodeRule: projects.promoCodeRule,
};

/** The action as a check reads it (checkActionColumns). */
export type CheckAction = Pick<ProjectRow, Exclude<keyof typeof checkActionColumns, 'hasPuzzleBotToken' | 'hasTelegramBot'>> & {
  hasPuzzleBotToken: boolean;
  hasTelegramBot: boolean;
};

/**
 * What a check reads before the tax service: the live action, who is calling (the seller of the
 * session token, or whether the API key is the action's), the cached receipt, whether it already
 * earned here and for whom, and the shopper's standing in the action (blocked, the weekly cap, a
 * burst of receipts). One read, so a check of a cached receipt is two round trips with the
 * award. The hottest read of the service, prepared by name; a null key, identity, token or API
 * key makes its part NULL / false.
 */
const checkContextQuery = namedStatement('read_check_context', (db, name) => {
  const key = sql.placeholder('key');
  const buyer = sql.placeholder('buyer');
  return db
    .select({
      action: checkActionColumns,
      sessionUserId: liveSessionUserId(sql.placeholder('tokenHash'), sql.placeholder('sessionNow')),
      apiKeyMatches: sql<boolean | null>`${projects.apiKeyHash} = ${sql.placeholder('apiKeyHash')}`,
      cachedBody: sql<unknown>`(SELECT body FROM ${taxReceiptCache} WHERE receipt_key = ${key})`,
      // Qualified by hand: drizzle writes a column inside sql`` without its table, so a bare
      // ${projects.id} here would read the receipt's own id.
      // The shopper's successful receipts and counted purchases here before this one: their level
      // and whether this is a repeat purchase.
      // A purchase whose points are still held counts toward a level from their release.
      buyerBefore: sql<{ receipts: number; kopecks: number | string } | null>`(SELECT json_build_object('receipts', s.successful_receipts,
        'kopecks', s.total_kopecks - s.held_kopecks) FROM ${buyerStats} s WHERE s.user_id = ${projects}.user_id AND s.project_id = ${projects}.id
        AND s.buyer_tg_id = ${buyer})`,
      // Whose receipt earned here already: 'another' when any copy earned for another shopper.
      alreadyEarned: sql<EarnedBy | null>`(CASE WHEN ${projects.checkDuplicates} = 1 THEN (SELECT CASE WHEN bool_or(earned.buyer_tg_id <> ${buyer})
        THEN 'another' ELSE 'this' END FROM ${receipts} earned
        WHERE earned.project_id = ${projects}.id AND earned.fn = ${sql.placeholder('fn')} AND earned.fd = ${sql.placeholder('fd')}
          AND earned.fp = ${sql.placeholder('fp')} AND earned.status = 'success' HAVING count(*) > 0) END)`,
      blocked: sql<boolean>`EXISTS (SELECT 1 FROM ${buyerBlocks} b WHERE b.project_id = ${projects}.id AND b.buyer_tg_id = ${buyer})`,
      // The weekly cap's cap-th newest accepted receipt in the window: while it is there, the cap
      // is reached, and 7 days after it was scanned a place frees. An action without a cap reads nothing.
      weeklyCapFullSince: sql<string | Date | null>`(CASE WHEN ${projects.maxReceiptsPerWeek} IS NOT NULL THEN (SELECT week.scanned_at
        FROM ${receipts} week WHERE week.project_id = ${projects}.id AND week.buyer_tg_id = ${buyer} AND week.status = 'success'
          AND week.scanned_at > ${sql.placeholder('weekStart')}::timestamptz
        ORDER BY week.id DESC OFFSET ${projects}.max_receipts_per_week - 1 LIMIT 1) END)`,
      // This receipt is one more than the threshold within the hour when the threshold-th newest
      // receipt before it (any verdict) is that recent: at most `threshold` index entries read.
      manyPerHourDue: sql<boolean | null>`(NOT EXISTS (SELECT 1 FROM ${buyerFlags} f WHERE f.project_id = ${projects}.id
          AND f.buyer_tg_id = ${buyer} AND f.kind = 'many_per_hour')
        AND (SELECT hour.scanned_at FROM ${receipts} hour WHERE hour.project_id = ${projects}.id AND hour.buyer_tg_id = ${buyer}
          ORDER BY hour.id DESC OFFSET ${projects}.suspicious_receipts_per_hour - 1 LIMIT 1) > ${sql.placeholder('hourStart')}::timestamptz)`,
    })
    .from(projects)
    .where(and(eq(projects.id, sql.placeholder('projectId')), isNull(projects.deletedAt)))
    .prepare(name);
});

export interface CheckContext {
  action: CheckAction;
  /** The seller of the session token sent, null when none was sent or it is not live. */
  sessionUserId: number | null;
  apiKeyMatches: boolean;
  cachedBody: unknown | undefined;
  /** Null: the receipt has not earned here (or the action allows repeats). */
  alreadyEarned: EarnedBy | null;
  /** The shopper's successful receipts and counted purchases (kopecks) on the action before this check. */
  buyerBefore: { receipts: number; spentKopecks: number };
  /** The seller blocked the shopper in the action. */
  blocked: boolean;
  /** The weekly cap is reached: when its oldest counted receipt was scanned; null: under the cap, or none. */
  weeklyCapFullSince: Date | null;
  /** This receipt takes the shopper over the action's receipts per hour, and they are not flagged for it yet. */
  manyPerHourDue: boolean;
}

export async function readCheckContext(
  db: Executor,
  input: {
    projectId: number;
    tokenHash: string | null;
    /** The caller's API key's hash (actions/api-key.ts): the database keeps no key whole. */
    apiKeyHash: string | null;
    /** Real time: sessions do not follow the demo clock (auth/service.ts, AuthDeps). */
    sessionNow: Date;
    /** The product's clock: the receipts' scan times the cap and the hour are counted by. */
    now: Date;
    receiptKey: string | null;
    identity: { fn: string; fd: string; fp: string } | null;
    buyerTgId: string;
  },
): Promise<CheckContext | undefined> {
  const [row] = await checkContextQuery(db).execute({
    projectId: input.projectId,
    tokenHash: input.tokenHash,
    sessionNow: input.sessionNow.toISOString(),
    apiKeyHash: input.apiKeyHash,
    key: input.receiptKey,
    fn: input.identity?.fn ?? null,
    fd: input.identity?.fd ?? null,
    fp: input.identity?.fp ?? null,
    buyer: input.buyerTgId,
    weekStart: new Date(input.now.getTime() - WEEKLY_CAP_WINDOW_MS).toISOString(),
    hourStart: new Date(input.now.getTime() - SUSPICIOUS_WINDOW_MS).toISOString(),
  });
  if (!row) return undefined;
  return {
    action: row.action,
    sessionUserId: row.sessionUserId === null ? null : Number(row.sessionUserId),
    apiKeyMatches: row.apiKeyMatches === true,
    cachedBody: row.cachedBody ?? undefined,
    alreadyEarned: row.alreadyEarned ?? null,
    buyerBefore: { receipts: row.buyerBefore?.receipts ?? 0, spentKopecks: Number(row.buyerBefore?.kopecks ?? 0) },
    blocked: row.blocked === true,
    weeklyCapFullSince: row.weeklyCapFullSince === null ? null : new Date(row.weeklyCapFullSince),
    manyPerHourDue: row.manyPerHourDue === true,
  };
}

export interface AwardInput {
  receipt: NewReceipt;
  items: NewReceiptItem[];
  points: number;
  /** The ledger's reason for the points, `{id}` standing for the receipt's number. */
  pointsReason: string;
  /** When the points expire (null: never); for held points, ignored (they expire counted from their release). */
  pointsExpiresAt: Date | null;
  /** Until when the points are held for the marketplaces' return window (null: available at once). */
  pointsHeldUntil: Date | null;
  /** The rule the points were earned by, its percent and the shopper's level name (null: no levels). */
  pointsRule: PointsRule;
  pointsPercentage: number;
  pointsLevel: string | null;
  countedKopecks: number;
  /** When the shopper bought: "last purchase" of the buyer statistics. */
  purchasedAt: Date;
  pushToPuzzleBot: boolean;
  feeDescription: string;
  /** The action's status message to clear once a receipt is paid again (null: the action read carries none). */
  clearStatusMessage: string | null;
  /** SPEC §9 tiers: upper bounds (null = no bound) and price keys, with fallbacks when a setting row is missing. */
  tiers: readonly { max: number | null; key: string; fallbackRubles: number }[];
  /** The bot update the check answers (null: the cabinet's call): award_receipt() awards an update's receipt once. */
  botUpdate: BotUpdateKey | null;
}

/**
 * What the award wrote, or for a bot update awarded before (a crash between the award and the bot's
 * kept answer) what that award wrote: its receipt, points and message.
 */
export interface Awarded {
  receiptId: number;
  feeKopecks: number;
  buyerPoints: number;
  pointsAwarded: number;
  message: string;
}

export interface BotUpdateKey {
  botId: number;
  updateId: number;
}

/**
 * The award call, prepared by name like the context read (its parse and plan were 0.05–0.1 ms per
 * check on PGlite). award_receipt() answers the buyer's new balance too, which the bot's answer
 * states: a read less per check.
 */
const awardQuery = namedStatement('award_receipt', (db, name) =>
  db
    .select({
      receiptId: sql<string>`receipt_id`,
      feeKopecks: sql<string>`fee_kopecks`,
      buyerPoints: sql<number | string>`buyer_points`,
      pointsAwarded: sql<number | string>`points_awarded`,
      message: sql<string | null>`message`,
    })
    .from(sql`award_receipt(${sql.placeholder('award')}::jsonb)`)
    .prepare(name),
);

/**
 * The whole award, one call of the database's award_receipt() (src/server/db/functions/award_receipt.sql):
 * the buyer's points, statistics and PuzzleBot outbox row and the receipt with its items first,
 * then the seller's shared rows in one short run to the commit: the charge at the tier price
 * checked on the locked seller row, the buyer summaries (which count the action's receipts), the
 * history's counter and the fee's ledger row. Answers undefined when the seller cannot pay (nothing
 * is written), else what was awarded (`Awarded`: for a bot update awarded before, that award).
 */
export async function awardReceipt(db: Executor, input: AwardInput): Promise<Awarded | undefined> {
  const { receipt } = input;
  const award = {
    user_id: receipt.userId,
    project_id: receipt.projectId,
    project_name: receipt.projectName,
    project_inns: receipt.projectInns,
    buyer_tg_id: receipt.buyerTgId,
    qr_raw: receipt.qrRaw,
    fn: receipt.fn ?? null,
    fd: receipt.fd ?? null,
    fp: receipt.fp ?? null,
    issued_at: receipt.issuedAt?.toISOString() ?? null,
    total_kopecks: receipt.totalKopecks ?? null,
    seller_name: receipt.sellerName ?? null,
    seller_inn: receipt.sellerInn ?? null,
    retail_place: receipt.retailPlace ?? null,
    message: receipt.message ?? null,
    points: input.points,
    points_reason: input.pointsReason,
    points_expires_at: input.pointsExpiresAt?.toISOString() ?? null,
    points_held_until: input.pointsHeldUntil?.toISOString() ?? null,
    points_rule: input.pointsRule,
    points_percentage: input.pointsPercentage,
    points_level: input.pointsLevel,
    counted_kopecks: input.countedKopecks,
    dedupe: receipt.dedupe ?? false,
    scanned_at: (receipt.scannedAt ?? new Date()).toISOString(),
    purchased_at: input.purchasedAt.toISOString(),
    push_to_puzzlebot: input.pushToPuzzleBot,
    fee_description: input.feeDescription,
    clear_status_message: input.clearStatusMessage,
    bot_update: input.botUpdate && { bot_id: input.botUpdate.botId, update_id: input.botUpdate.updateId },
    tiers: input.tiers.map(({ max, key, fallbackRubles }) => ({ max, key, fallback: fallbackRubles })),
    items: itemsJson(input.items),
  };
  try {
    const [row] = await awardQuery(db).execute({ award: JSON.stringify(award) });
    return {
      receiptId: Number(row!.receiptId),
      feeKopecks: Number(row!.feeKopecks),
      buyerPoints: Number(row!.buyerPoints),
      pointsAwarded: Number(row!.pointsAwarded),
      message: row!.message ?? '',
    };
  } catch (error) {
    if (postgresErrorCode(error) === AWARD_SELLER_CANNOT_PAY) return undefined;
    throw error;
  }
}

/** The SQLSTATE award_receipt() raises when the seller's balance does not cover the receipt; the award is undone. */
const AWARD_SELLER_CANNOT_PAY = 'SA402';

/** The tax service's answer, kept once per receipt: prepared by name, as it runs for every new receipt. */
const cacheTaxReceiptQuery = namedStatement('cache_tax_receipt', (db, name) =>
  db
    .insert(taxReceiptCache)
    .values({ receiptKey: sql.placeholder('key'), body: sql`${sql.placeholder('body')}::jsonb` })
    .onConflictDoNothing()
    .prepare(name),
);

export async function cacheTaxReceipt(db: Executor, key: string, body: unknown): Promise<void> {
  await cacheTaxReceiptQuery(db).execute({ key, body: JSON.stringify(body) });
}

export async function setProjectStatusMessage(db: Executor, projectId: number, message: string | null): Promise<void> {
  await db.update(projects).set({ statusMessage: message }).where(eq(projects.id, projectId));
}

export async function findProjectByApiKeyHash(db: Executor, apiKeyHash: string) {
  const [row] = await db
    .select({ id: projects.id, userId: projects.userId })
    .from(projects)
    .where(eq(projects.apiKeyHash, apiKeyHash))
    .limit(1);
  return row;
}

/** A history row's item, as the page's JSON column carries it. */
export type HistoryItem = Pick<ReceiptItemRow, 'name' | 'priceKopecks' | 'quantity' | 'sumKopecks' | 'providerInn' | 'status'>;
export type HistoryRow = ReceiptRow & { items: HistoryItem[]; repeat: boolean };

/**
 * The history's status filter on the receipts (the history and its CSV): a cancelled receipt keeps
 * its verdict 'success', so «Успешно» leaves it out and «Отменён» is its own (its partial indexes,
 * migration 0044).
 */
export function receiptStatusCondition(status: ReceiptStatusFilter): SQL {
  if (status === 'cancelled') return isNotNull(receipts.cancelledAt);
  if (status === 'success') return and(eq(receipts.status, 'success'), isNull(receipts.cancelledAt))!;
  return eq(receipts.status, status);
}

/**
 * One page of a seller's receipts, newest first, optionally of one action and of one status;
 * `afterId` (keyset) starts after that receipt instead of skipping `offset` rows. One statement:
 * each row carries its items, whether it is a repeat and the total, which comes from the counters,
 * never from count(*) over the receipts (read on its own only when the page is empty). The
 * counters do not know statuses: a status filter's total is counted over the filter.
 */
export async function listReceipts(
  db: Executor,
  userId: number,
  filter: {
    projectId?: number;
    status?: ReceiptStatusFilter;
    limit: number;
    offset: number;
    afterId?: number;
    /** One receipt (the seller API's read of a receipt). */
    id?: number;
    /** Scanned at or after `scannedFrom`, before `scannedTo` (the seller API's period). */
    scannedFrom?: Date;
    scannedTo?: Date;
  },
): Promise<{ rows: HistoryRow[]; total: number }> {
  const ofFilter = and(
    eq(receipts.userId, userId),
    filter.projectId === undefined ? undefined : eq(receipts.projectId, filter.projectId),
    filter.status === undefined ? undefined : receiptStatusCondition(filter.status),
    filter.id === undefined ? undefined : eq(receipts.id, filter.id),
    filter.scannedFrom === undefined ? undefined : gte(receipts.scannedAt, filter.scannedFrom),
    filter.scannedTo === undefined ? undefined : lt(receipts.scannedAt, filter.scannedTo),
  );
  const total =
    filter.status === undefined && filter.id === undefined && filter.scannedFrom === undefined && filter.scannedTo === undefined
      ? db
          .select({ total: sql<string>`coalesce(sum(${receiptCounts.receipts}), 0)` })
          .from(receiptCounts)
          .where(
            and(
              eq(receiptCounts.userId, userId),
              filter.projectId === undefined ? undefined : eq(receiptCounts.projectId, filter.projectId),
            ),
          )
      : db
          .select({ total: sql<string>`count(*)` })
          .from(receipts)
          .where(ofFilter);
  // The page's ids first: select-list subqueries run for every row a scan yields, so items and the
  // repeat flag on the outer query cost 10 rows, not the 10 000 an OFFSET skips.
  const page = db
    .select({ id: receipts.id })
    .from(receipts)
    .where(
      and(
        ofFilter,
        // -id: see receipts_seller_newest in migration 0007.
        filter.afterId === undefined ? undefined : sql`-${receipts.id} > ${-filter.afterId}`,
      ),
    )
    .orderBy(sql`-${receipts.id}`)
    .limit(filter.limit)
    .offset(filter.afterId === undefined ? filter.offset : 0)
    .as('page');
  const rows = await db
    .select({
      ...getTableColumns(receipts),
      items: sql<
        HistoryItem[]
      >`(SELECT coalesce(json_agg(json_build_object('name', i.name, 'priceKopecks', i.price_kopecks, 'quantity', i.quantity,
        'sumKopecks', i.sum_kopecks, 'providerInn', i.provider_inn, 'status', i.status) ORDER BY i.position), '[]')
        FROM receipt_items i WHERE i.receipt_id = receipts.id)`,
      repeat: isRepeatSql,
      total: sql<string>`(${total})`,
    })
    .from(page)
    .innerJoin(receipts, eq(receipts.id, page.id))
    .orderBy(sql`-${receipts.id}`);
  const counted = rows[0]?.total ?? (await total)[0]?.total ?? 0;
  return { rows: rows.map(({ total: _total, ...row }) => row), total: Number(counted) };
}
