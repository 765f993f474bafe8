import { and, asc, desc, eq, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/connection.js';
import { rowsOf } from '../../db/rows.js';
import { draws, drawTickets, drawWinners, projects, telegramBuyers, uploads } from '../../db/schema.js';

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
  repeat: draws.repeat,
  prizeText: draws.prizeText,
  prizeUploadId: draws.prizeUploadId,
  beaconChain: draws.beaconChain,
  beaconRound: draws.beaconRound,
  beaconRandomness: draws.beaconRandomness,
  beaconSignature: draws.beaconSignature,
  drawnAt: draws.drawnAt,
  nextDrawId: draws.nextDrawId,
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

/** A closed draw still waiting for its winners (its beacon round), locked for drawing them; undefined once drawn. */
export async function lockUndrawnDraw(tx: Executor, drawId: number) {
  const [row] = await tx
    .select(drawWithActionColumns)
    .from(draws)
    .innerJoin(projects, eq(projects.id, draws.projectId))
    .leftJoin(uploads, eq(uploads.id, draws.prizeUploadId))
    .where(and(eq(draws.id, drawId), isNotNull(draws.closedAt), isNull(draws.drawnAt)))
    .for('update', { of: draws });
  return row;
}

/** Closed draws whose winners wait for their beacon round, oldest round first. */
export async function undrawnDraws(db: Executor, limit: number): Promise<{ id: number; round: number }[]> {
  const rows = await db
    .select({ id: draws.id, round: draws.beaconRound })
    .from(draws)
    .where(and(isNotNull(draws.closedAt), isNull(draws.drawnAt)))
    .orderBy(asc(draws.beaconRound))
    .limit(limit);
  return rows.map((row) => ({ id: row.id, round: row.round! }));
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

export interface WindowReceipt {
  receiptId: number;
  buyerTgId: string;
  itemNames: string[];
}

/**
 * The action's successful receipts scanned in [from, to), in receipt order, with their items' names.
 * A receipt the seller cancelled (a return) before the window ended makes no ticket; one cancelled
 * later keeps it, so a closed draw's tickets never change.
 */
export async function receiptsInWindow(db: Executor, projectId: number, from: Date, to: Date): Promise<WindowReceipt[]> {
  const end = sql`${to.toISOString()}::timestamptz`;
  const result = await db.execute(sql`
    SELECT r.id, r.buyer_tg_id,
           coalesce((SELECT array_agg(i.name ORDER BY i.position) FROM receipt_items i WHERE i.receipt_id = r.id), '{}') AS names
      FROM receipts r
     WHERE r.project_id = ${projectId}::int AND r.status = 'success' AND (r.cancelled_at IS NULL OR r.cancelled_at >= ${end})
       AND r.scanned_at >= ${from.toISOString()}::timestamptz AND r.scanned_at < ${end}
     ORDER BY r.id`);
  return rowsOf<{ id: string | number; buyer_tg_id: string; names: string[] }>(result).map((row) => ({
    receiptId: Number(row.id),
    buyerTgId: row.buyer_tg_id,
    itemNames: row.names,
  }));
}

export interface TicketRow {
  ticket: number;
  receiptId: number;
  buyerTgId: string;
  shopper: number;
}

/** Rows per insert: well under the 65 535 parameters of one statement. */
const INSERT_CHUNK = 1_000;

/**
 * Stores the frozen tickets and their hash. `winners` are given when they are known at once (a
 * draw with a seed); a beacon draw gets them later (`storeBeaconWinners`), from `beaconRound`.
 */
export async function freezeDraw(
  tx: Executor,
  draw: { id: number; closedAt: Date; ticketsHash: string; beaconRound: number | null },
  tickets: readonly TicketRow[],
  winners: readonly DrawnWinner[] | null,
): Promise<void> {
  for (let i = 0; i < tickets.length; i += INSERT_CHUNK) {
    await tx.insert(drawTickets).values(tickets.slice(i, i + INSERT_CHUNK).map((ticket) => ({ drawId: draw.id, ...ticket })));
  }
  if (winners) await insertWinners(tx, draw.id, winners);
  await tx
    .update(draws)
    .set({
      closedAt: draw.closedAt,
      ticketsHash: draw.ticketsHash,
      beaconRound: draw.beaconRound,
      drawnAt: winners ? draw.closedAt : null,
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

/** The beacon round's values and the winners derived from them. */
export async function storeBeaconWinners(
  tx: Executor,
  draw: { id: number; drawnAt: Date; randomness: string; signature: string },
  winners: readonly DrawnWinner[],
): Promise<void> {
  await insertWinners(tx, draw.id, winners);
  await tx
    .update(draws)
    .set({ beaconRandomness: draw.randomness, beaconSignature: draw.signature, drawnAt: draw.drawnAt })
    .where(eq(draws.id, draw.id));
}

/** A repeating draw's next run, and the link from this one to it. */
export async function openNextRun(tx: Executor, drawId: number, next: typeof draws.$inferInsert): Promise<number> {
  const created = await insertDraw(tx, next);
  await tx.update(draws).set({ nextDrawId: created.id }).where(eq(draws.id, drawId));
  return created.id;
}

export async function readTickets(db: Executor, drawId: number): Promise<TicketRow[]> {
  return db
    .select({
      ticket: drawTickets.ticket,
      receiptId: drawTickets.receiptId,
      buyerTgId: drawTickets.buyerTgId,
      shopper: drawTickets.shopper,
    })
    .from(drawTickets)
    .where(eq(drawTickets.drawId, drawId))
    .orderBy(asc(drawTickets.ticket));
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
