import { and, asc, desc, eq, inArray, isNotNull, isNull, lte, sql, type SQL } from 'drizzle-orm';
import type { TicketPool } from '../../../contract/draw-fairness.js';
import type { DatabaseKind, Executor } from '../../db/connection.js';
import { itemNameContainsSql } from '../../db/item-name.js';
import { rowsOf } from '../../db/rows.js';
import { draws, drawTickets, drawWinners, projects, telegramBuyers, uploads } from '../../db/schema.js';
import { holdersWholeSql } from './holders.js';

// Every cabinet read and write of a draw goes through its action's seller (`sellerId`), so another
// seller's draw is not found. The public page and the closing job read by the draw's id alone.

export type DrawRow = typeof draws.$inferSelect;

export async function insertDraw(db: Executor, draw: typeof draws.$inferInsert): Promise<DrawRow> {
  const [row] = await db.insert(draws).values(draw).returning();
  return row!;
}

export async function listDraws(db: Executor, sellerId: number, projectId: number) {
  return db
    .select(drawWithActionColumns)
    .from(draws)
    .innerJoin(projects, eq(projects.id, draws.projectId))
    .leftJoin(uploads, eq(uploads.id, draws.prizeUploadId))
    .where(and(eq(draws.projectId, projectId), eq(projects.userId, sellerId)))
    .orderBy(desc(draws.id));
}

const drawColumns = {
  id: draws.id,
  projectId: draws.projectId,
  title: draws.title,
  winnersCount: draws.winnersCount,
  itemContains: draws.itemContains,
  createdAt: draws.createdAt,
  closesAt: draws.closesAt,
  closedAt: draws.closedAt,
  seed: draws.seed,
  commitment: draws.commitment,
  ticketsHash: draws.ticketsHash,
  ticketsCount: draws.ticketsCount,
  shoppersCount: draws.shoppersCount,
  repeat: draws.repeat,
  prizeText: draws.prizeText,
  prizeUploadId: draws.prizeUploadId,
  beaconChain: draws.beaconChain,
  beaconRound: draws.beaconRound,
  beaconRandomness: draws.beaconRandomness,
  beaconSignature: draws.beaconSignature,
  drawnAt: draws.drawnAt,
  nextDrawId: draws.nextDrawId,
  entrantsKept: draws.entrantsKept,
  holdersThrough: draws.holdersThrough,
};

/** The prize picture's storage key beside the draw's columns (a left join: most prizes have none). */
const drawWithActionColumns = { ...drawColumns, actionName: projects.name, prizeImageKey: uploads.storageKey };

/** A draw with its action's name; `sellerId` limits it to that seller's draws. */
export async function findDraw(db: Executor, drawId: number, sellerId?: number) {
  const [row] = await db
    .select(drawWithActionColumns)
    .from(draws)
    .innerJoin(projects, eq(projects.id, draws.projectId))
    .leftJoin(uploads, eq(uploads.id, draws.prizeUploadId))
    .where(and(eq(draws.id, drawId), sellerId === undefined ? undefined : eq(projects.userId, sellerId)));
  return row;
}

/** The open draw, locked for its closing; undefined when it is closed (or closing on another instance, once that commits). */
export async function lockOpenDraw(tx: Executor, drawId: number) {
  const [row] = await tx
    .select(drawWithActionColumns)
    .from(draws)
    .innerJoin(projects, eq(projects.id, draws.projectId))
    .leftJoin(uploads, eq(uploads.id, draws.prizeUploadId))
    .where(and(eq(draws.id, drawId), isNull(draws.closedAt)))
    .for('update', { of: draws });
  return row;
}

/**
 * Clears the repeat of the seller's open draw, so its close opens no next run. Under the row lock
 * the close takes: a close that got there first has already opened the next run, and this answers
 * false (the next run is open and can be stopped in its turn).
 */
export async function stopRepeating(tx: Executor, drawId: number): Promise<boolean> {
  const rows = await tx
    .update(draws)
    .set({ repeat: null })
    .where(and(eq(draws.id, drawId), isNull(draws.closedAt), isNotNull(draws.repeat)))
    .returning({ id: draws.id });
  return rows.length > 0;
}

/** Closed, its holders written (holders.ts), and no winners yet. */
const waitingForWinners = and(isNotNull(draws.closedAt), isNull(draws.drawnAt), holdersWholeSql);

/**
 * A closed draw still waiting for its winners (its beacon round), locked for drawing them; undefined
 * once drawn, and before its holders are written.
 */
export async function lockUndrawnDraw(tx: Executor, drawId: number) {
  const [row] = await tx
    .select(drawWithActionColumns)
    .from(draws)
    .innerJoin(projects, eq(projects.id, draws.projectId))
    .leftJoin(uploads, eq(uploads.id, draws.prizeUploadId))
    .where(and(eq(draws.id, drawId), waitingForWinners))
    .for('update', { of: draws });
  return row;
}

/** Closed draws whose winners wait: those with a seed (made before the beacon) first, then by beacon round, oldest first. */
export async function undrawnDraws(db: Executor, limit: number): Promise<{ id: number; round: number | null }[]> {
  return db
    .select({ id: draws.id, round: draws.beaconRound })
    .from(draws)
    .where(waitingForWinners)
    .orderBy(sql`${draws.beaconRound} NULLS FIRST`)
    .limit(limit);
}

/** A picture of the seller's own uploads, by its number. */
export async function sellerOwnsUpload(db: Executor, sellerId: number, uploadId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: uploads.id })
    .from(uploads)
    .where(and(eq(uploads.id, uploadId), eq(uploads.userId, sellerId)));
  return row !== undefined;
}

export async function dueDrawIds(db: Executor, now: Date, limit: number): Promise<number[]> {
  const rows = await db
    .select({ id: draws.id })
    .from(draws)
    .where(and(isNull(draws.closedAt), lte(draws.closesAt, now)))
    .orderBy(asc(draws.closesAt))
    .limit(limit);
  return rows.map((row) => row.id);
}

/** What makes a draw's tickets: its action, its window's start and the item its receipts must have. */
export interface TicketRules {
  projectId: number;
  createdAt: Date;
  itemContains: string | null;
}

/**
 * The action's successful receipts scanned in [from, to), with an item whose name contains the draw's
 * text when it has one (`itemNameContains`: any case, «ё» as «е», runs of whitespace as one space).
 * A receipt the seller cancelled (a return) before the window ended makes no ticket; one cancelled
 * later keeps it, so a closed draw's tickets never change.
 */
function windowReceipts(draw: TicketRules, to: Date): SQL {
  const end = sql`${to.toISOString()}::timestamptz`;
  const item =
    draw.itemContains === null
      ? sql``
      : sql`AND EXISTS (SELECT 1 FROM receipt_items i WHERE i.receipt_id = r.id AND ${itemNameContainsSql(sql`i.name`, draw.itemContains)})`;
  return sql`receipts r
     WHERE r.project_id = ${draw.projectId}::int AND r.status = 'success' AND (r.cancelled_at IS NULL OR r.cancelled_at >= ${end})
       AND r.scanned_at >= ${draw.createdAt.toISOString()}::timestamptz AND r.scanned_at < ${end} ${item}`;
}

/**
 * The tickets of the window up to `to`: one per receipt, numbered 1, 2, … in receipt order, and the
 * draw's own number of each shopper, 1, 2, … in the order of their first ticket (draw-fairness.ts, step 2).
 * Three sorts, each by a fixed-size key or bytes: by receipt, by Telegram id (compared byte by
 * byte, `COLLATE "C"`: equal ids are what matters, not their order) for each shopper's first
 * ticket, and by that first ticket for the shopper's rank. At a million tickets of a million
 * shoppers this took 6.0–6.9 s of database CPU where grouping the shoppers in a hash table, sorting
 * them and joining them back took 8.0–9.9 s (docs/decisions.md, Performance, "The draw's close at a million tickets").
 */
function windowTickets(draw: TicketRules, to: Date): SQL {
  return sql`(WITH numbered AS (
                SELECT row_number() OVER (ORDER BY r.id)::int AS ticket, r.id AS receipt_id, r.buyer_tg_id FROM ${windowReceipts(draw, to)}),
              firsts AS (
                SELECT ticket, receipt_id, buyer_tg_id, min(ticket) OVER (PARTITION BY buyer_tg_id COLLATE "C") AS first FROM numbered)
      SELECT ticket, receipt_id, buyer_tg_id, dense_rank() OVER (ORDER BY first)::int AS shopper FROM firsts)`;
}

/** Who holds a ticket of the window up to `to`, one row a ticket: an open draw's shoppers so far, read through `receipts_action_scanned`. */
export function windowShoppers(draw: TicketRules, to: Date): SQL {
  return sql`SELECT r.buyer_tg_id FROM ${windowReceipts(draw, to)}`;
}

/** How many tickets the window holds up to `to` (an open draw's so far); `buyerTgId`: that shopper's only. */
export async function countWindowTickets(db: Executor, draw: TicketRules, to: Date, buyerTgId?: string): Promise<number> {
  const shopper = buyerTgId === undefined ? sql`` : sql`AND r.buyer_tg_id = ${buyerTgId}`;
  const result = await db.execute(sql`SELECT count(*)::int AS n FROM ${windowReceipts(draw, to)} ${shopper}`);
  return rowsOf<{ n: number }>(result)[0]!.n;
}

export interface TicketRow {
  ticket: number;
  receiptId: number;
  buyerTgId: string;
  shopper: number;
}

type RawTicket = { ticket: number; receipt_id: string | number; buyer_tg_id: string; shopper: number };
const ticketOf = (row: RawTicket): TicketRow => ({
  ticket: row.ticket,
  receiptId: Number(row.receipt_id),
  buyerTgId: row.buyer_tg_id,
  shopper: row.shopper,
});

/**
 * A page of tickets from the ticket numbered `from`, one more than `size` to tell whether a next page
 * exists: the frozen list's by its key, or an open draw's computed from its window up to `to`.
 */
export async function ticketsFrom(
  db: Executor,
  draw: TicketRules & { id: number; closedAt: Date | null },
  page: { from: number; size: number; to: Date },
): Promise<TicketRow[]> {
  const source = draw.closedAt === null ? windowTickets(draw, page.to) : sql`(SELECT * FROM draw_tickets WHERE draw_id = ${draw.id}::int)`;
  const result = await db.execute(sql`
    SELECT t.ticket, t.receipt_id, t.buyer_tg_id, t.shopper FROM ${source} t
     WHERE t.ticket >= ${page.from}::int ORDER BY t.ticket LIMIT ${page.size + 1}::int`);
  return rowsOf<RawTicket>(result).map(ticketOf);
}

/**
 * The frozen list's lines as draw-fairness.ts serialises them, up to `size` tickets from after the
 * ticket numbered `after`, as one text and the last ticket in it (null: none left). One string a
 * batch, not a row a ticket: a million rows parsed into objects kept the server's heap 60–70 MiB
 * larger while the list streamed (docs/benchmarks.md, "Scale").
 */
export async function serialisedTicketsAfter(db: Executor, drawId: number, after: number, size: number) {
  const result = await db.execute(sql`
    SELECT count(*)::int AS count, max(ticket) AS last, coalesce(string_agg(line, '' ORDER BY ticket), '') AS text
      FROM (SELECT ticket, ticket || ';' || receipt_id || ';' || shopper || E'\\n' AS line FROM draw_tickets
             WHERE draw_id = ${drawId}::int AND ticket > ${after}::int ORDER BY ticket LIMIT ${size}::int) AS batch`);
  return rowsOf<{ count: number; last: number | null; text: string }>(result)[0]!;
}

/**
 * The close's transaction only, on PostgreSQL: its sorts and hashes in memory (at 200 000 tickets
 * 11–23 MB each, ≈ 5 times that at a million; with the default 4 MB each spilled to disk and the cost
 * per ticket grew with the list), and no JIT (the statement is index writes and hashing, which
 * compiled expressions do not speed up; compiling them cost 0.1–0.6 s of CPU at that size). A
 * backend gives that memory back when the transaction ends; PGlite's WebAssembly memory keeps its
 * largest size for the life of the process, so there the close keeps PGlite's own 4 MB and its sorts
 * spill to files (it has no JIT). docs/benchmarks.md, "Scale"; docs/decisions.md, Performance.
 */
const CLOSE_SETTINGS: Record<DatabaseKind, SQL | undefined> = {
  postgres: sql`SELECT set_config('work_mem', '256MB', true), set_config('jit', 'off', true)`,
  pglite: undefined,
};

/**
 * Freezes the window's tickets, their count, how many shoppers hold them and the list's SHA-256
 * (draw-fairness.ts, step 2) in one statement: the counts and the hash come from the rows the
 * insert returns, so the list is not read again, and nothing of it passes through the server.
 */
export async function freezeTickets(tx: Executor, database: DatabaseKind, draw: TicketRules & { id: number }, closedAt: Date) {
  const settings = CLOSE_SETTINGS[database];
  if (settings) await tx.execute(settings);
  const result = await tx.execute(sql`
    WITH frozen AS (
      INSERT INTO draw_tickets (draw_id, ticket, receipt_id, buyer_tg_id, shopper)
      SELECT ${draw.id}::int, t.ticket, t.receipt_id, t.buyer_tg_id, t.shopper FROM ${windowTickets(draw, closedAt)} t
      RETURNING ticket, receipt_id, shopper)
    SELECT count(*)::int AS n, coalesce(max(shopper), 0)::int AS shoppers,
           encode(sha256(convert_to(coalesce(string_agg(ticket || ';' || receipt_id || ';' || shopper || E'\\n', '' ORDER BY ticket), ''), 'UTF8')), 'hex') AS hash
      FROM frozen`);
  const row = rowsOf<{ n: number; shoppers: number; hash: string }>(result)[0]!;
  return { count: row.n, shoppers: row.shoppers, hash: row.hash };
}

/**
 * The frozen list as draw-fairness.ts's pool, read a ticket at a time: the list is numbered 1, 2, … so
 * the ticket at a position is its number less one. A shopper's tickets are their holder's numbers
 * (holders.ts), found by the Telegram id read with the ticket that named the shopper: the pool asks
 * only for the tickets of a shopper whose ticket it has just drawn.
 */
export function storedPool(db: Executor, drawId: number, size: number): TicketPool {
  const buyerOf = new Map<number, string>();
  return {
    size,
    async ticketAt(position) {
      const result = await db.execute(
        sql`SELECT ticket, shopper, buyer_tg_id FROM draw_tickets WHERE draw_id = ${drawId}::int AND ticket = ${position + 1}::int`,
      );
      const row = rowsOf<{ ticket: number; shopper: number; buyer_tg_id: string }>(result)[0];
      if (!row) throw new Error(`draw ${drawId} has no ticket at position ${position}`);
      buyerOf.set(row.shopper, row.buyer_tg_id);
      return { ticket: row.ticket, shopper: row.shopper };
    },
    async positionsOf(shopper) {
      const buyerTgId = buyerOf.get(shopper);
      if (buyerTgId === undefined) throw new Error(`draw ${drawId}: shopper ${shopper} was not drawn`);
      const result = await db.execute(
        sql`SELECT ticket - 1 AS position FROM draw_holders h, unnest(h.tickets) AS ticket
             WHERE h.draw_id = ${drawId}::int AND h.buyer_tg_id = ${buyerTgId} ORDER BY ticket`,
      );
      return rowsOf<{ position: number }>(result).map((row) => row.position);
    },
  };
}

/** The winning tickets' shoppers, in the order of the tickets given (first place first). */
export async function winnersOf(db: Executor, drawId: number, tickets: readonly number[]): Promise<DrawnWinner[]> {
  if (tickets.length === 0) return [];
  const rows = await db
    .select({ ticket: drawTickets.ticket, buyerTgId: drawTickets.buyerTgId })
    .from(drawTickets)
    .where(and(eq(drawTickets.drawId, drawId), inArray(drawTickets.ticket, [...tickets])));
  const buyerOf = new Map(rows.map((row) => [row.ticket, row.buyerTgId]));
  return tickets.map((ticket, index) => ({ place: index + 1, ticket, buyerTgId: buyerOf.get(ticket)! }));
}

/** Marks the draw frozen with its list's count and hash; its winners come later (`storeWinners`), by the closing job. */
export async function markFrozen(
  tx: Executor,
  draw: { id: number; closedAt: Date; ticketsHash: string; ticketsCount: number; shoppersCount: number; beaconRound: number | null },
): Promise<void> {
  await tx
    .update(draws)
    .set({
      closedAt: draw.closedAt,
      ticketsHash: draw.ticketsHash,
      ticketsCount: draw.ticketsCount,
      shoppersCount: draw.shoppersCount,
      beaconRound: draw.beaconRound,
    })
    .where(eq(draws.id, draw.id));
}

export interface DrawnWinner {
  place: number;
  ticket: number;
  buyerTgId: string;
}

async function insertWinners(tx: Executor, drawId: number, winners: readonly DrawnWinner[]): Promise<void> {
  if (winners.length > 0) await tx.insert(drawWinners).values(winners.map((winner) => ({ drawId, ...winner })));
}

/** The winners, and the beacon round's values they come from (none for a draw with a seed). */
export async function storeWinners(
  tx: Executor,
  draw: { id: number; drawnAt: Date; beacon: { randomness: string; signature: string } | null },
  winners: readonly DrawnWinner[],
): Promise<void> {
  await insertWinners(tx, draw.id, winners);
  await tx
    .update(draws)
    .set({ beaconRandomness: draw.beacon?.randomness ?? null, beaconSignature: draw.beacon?.signature ?? null, drawnAt: draw.drawnAt })
    .where(eq(draws.id, draw.id));
}

/** A repeating draw's next run, and the link from this one to it. */
export async function openNextRun(tx: Executor, drawId: number, next: typeof draws.$inferInsert): Promise<number> {
  const created = await insertDraw(tx, next);
  await tx.update(draws).set({ nextDrawId: created.id }).where(eq(draws.id, drawId));
  return created.id;
}

export async function readWinners(db: Executor, drawId: number) {
  return db
    .select({
      place: drawWinners.place,
      ticket: drawWinners.ticket,
      buyerTgId: drawWinners.buyerTgId,
      handedOverAt: drawWinners.handedOverAt,
      firstName: telegramBuyers.firstName,
      username: telegramBuyers.username,
    })
    .from(drawWinners)
    .leftJoin(telegramBuyers, eq(telegramBuyers.buyerTgId, drawWinners.buyerTgId))
    .where(eq(drawWinners.drawId, drawId))
    .orderBy(asc(drawWinners.place));
}

/** Marks the winning ticket's prize handed over (the first time only); answers when, or undefined for no such winner. */
export async function markHandedOver(db: Executor, drawId: number, ticket: number, now: Date): Promise<Date | undefined> {
  const result = await db.execute(sql`
    UPDATE draw_winners SET handed_over_at = coalesce(handed_over_at, ${now.toISOString()}::timestamptz)
     WHERE draw_id = ${drawId}::int AND ticket = ${ticket}::int
    RETURNING handed_over_at`);
  const row = rowsOf<{ handed_over_at: string | Date }>(result)[0];
  return row ? new Date(row.handed_over_at) : undefined;
}

/** The open draws of an action, for the bot's menu and the Mini App. */
export async function openDraws(db: Executor, projectId: number, now: Date) {
  return db
    .select({ ...drawColumns, prizeImageKey: uploads.storageKey })
    .from(draws)
    .leftJoin(uploads, eq(uploads.id, draws.prizeUploadId))
    .where(and(eq(draws.projectId, projectId), isNull(draws.closedAt), sql`${draws.closesAt} > ${now.toISOString()}::timestamptz`))
    .orderBy(asc(draws.closesAt));
}
