import { randomBytes as cryptoRandomBytes } from 'node:crypto';
import { DRAW_SEED_BYTES, drawCommitment, drawWinners, maskShopper, ticketsHash } from '../../../contract/draw-fairness.js';
import { DRAW_LONGEST_DAYS, drawPublicPath, type CreateDrawRequest, type Draw, type PublicDraw } from '../../../contract/draws.js';
import { fillMessage, messages } from '../../../contract/messages.js';
import type { Db } from '../../db/connection.js';
import { AppError } from '../../errors.js';
import { queueBuyerNotice } from '../notices/repository.js';
import { findLiveProject } from '../actions/repository.js';
import * as repo from './repository.js';
import { ticketsOf } from './tickets.js';

const m = messages.draws;
const DAY_MS = 86_400_000;
/** Draws closed per run of the job; the next run takes the rest. */
const CLOSE_BATCH = 50;

export interface DrawDeps {
  db: Db;
  /** The demo clock: a draw's window and its closing are in its time. */
  now: () => Date;
  /** Randomness of the seeds; crypto's by default. */
  randomBytes?: (size: number) => Uint8Array;
}

export interface DrawCloseDeps extends DrawDeps {
  /** Where the winner's notice points for the draw's public page. */
  publicUrl: string;
  /** Wakes the delivery of the winners' notices (bot/notices). */
  onNoticesQueued: () => void;
}

const notFound = () => new AppError('not_found', m.notFound);

type FoundDraw = NonNullable<Awaited<ReturnType<typeof repo.findDraw>>>;

export async function createDraw(deps: DrawDeps, sellerId: number, request: CreateDrawRequest): Promise<Draw> {
  const action = await findLiveProject(deps.db, sellerId, request.project_id);
  if (!action) throw new AppError('not_found', messages.actions.notFound);
  const now = deps.now();
  const closesAt = new Date(request.closes_at);
  if (closesAt <= now) throw new AppError('bad_request', m.closesAtPast);
  if (closesAt.getTime() - now.getTime() > DRAW_LONGEST_DAYS * DAY_MS) throw new AppError('bad_request', m.closesAtTooFar);
  const seed = Buffer.from((deps.randomBytes ?? cryptoRandomBytes)(DRAW_SEED_BYTES)).toString('hex');
  const row = await repo.insertDraw(deps.db, {
    projectId: action.id,
    title: request.title,
    winnersCount: request.winners,
    itemContains: request.item_contains,
    createdAt: now,
    closesAt,
    seed,
    commitment: await drawCommitment(seed),
  });
  return presentDraw(deps, { ...row, actionName: action.name });
}

export async function listDraws(deps: DrawDeps, sellerId: number, projectId: number) {
  if (!(await findLiveProject(deps.db, sellerId, projectId))) throw new AppError('not_found', messages.actions.notFound);
  const rows = await repo.listDraws(deps.db, sellerId, projectId);
  const draws = [];
  for (const row of rows) {
    const count = row.closedAt ? (await repo.readTickets(deps.db, row.id)).length : (await liveTickets(deps, row)).length;
    draws.push({ ...summary(row), tickets_count: count });
  }
  return { draws };
}

export async function getDraw(deps: DrawDeps, sellerId: number, drawId: number): Promise<Draw> {
  const row = await repo.findDraw(deps.db, drawId, sellerId);
  if (!row) throw notFound();
  return presentDraw(deps, row);
}

/** The seller's «Завершить сейчас»: the tickets' window ends now. */
export async function closeDrawNow(deps: DrawCloseDeps, sellerId: number, drawId: number): Promise<Draw> {
  const row = await repo.findDraw(deps.db, drawId, sellerId);
  if (!row) throw notFound();
  if (!(await closeDraw(deps, drawId))) throw new AppError('conflict', m.alreadyClosed);
  return presentDraw(deps, (await repo.findDraw(deps.db, drawId, sellerId))!);
}

/** The job's run: every draw whose time has come is closed, each in its own transaction. */
export async function closeDueDraws(deps: DrawCloseDeps): Promise<number> {
  let closed = 0;
  for (;;) {
    const due = await repo.dueDrawIds(deps.db, deps.now(), CLOSE_BATCH);
    for (const id of due) if (await closeDraw(deps, id)) closed += 1;
    if (due.length < CLOSE_BATCH) return closed;
  }
}

/**
 * Freezes the tickets, publishes their hash, derives the winners, reveals the seed and tells the
 * winners: one transaction, under the draw's row lock, so a draw closes once whoever gets there
 * (the job on two instances, the seller's button). False when it was closed already.
 */
async function closeDraw(deps: DrawCloseDeps, drawId: number): Promise<boolean> {
  const closed = await deps.db.transaction(async (tx) => {
    const draw = await repo.lockOpenDraw(tx, drawId);
    if (!draw) return false;
    const now = deps.now();
    const closedAt = now < draw.closesAt ? now : draw.closesAt;
    const tickets = ticketsOf(await repo.receiptsInWindow(tx, draw.projectId, draw.createdAt, closedAt), draw.itemContains);
    const fairTickets = tickets.map((t) => ({ ticket: t.ticket, receipt_id: t.receiptId, shopper: t.shopper }));
    const hash = await ticketsHash(fairTickets);
    const won = await drawWinners({ seedHex: draw.seed, ticketsHash: hash, tickets: fairTickets, winners: draw.winnersCount });
    const winners = won.map((ticket, index) => ({ place: index + 1, ticket, buyerTgId: tickets[ticket - 1]!.buyerTgId }));
    await repo.freezeDraw(tx, { id: draw.id, closedAt, ticketsHash: hash }, tickets, winners);
    const url = `${deps.publicUrl}${drawPublicPath(draw.id)}`;
    for (const winner of winners) {
      await queueBuyerNotice(tx, {
        projectId: draw.projectId,
        buyerTgId: winner.buyerTgId,
        text: fillMessage(m.winnerNotice, { title: draw.title, name: draw.actionName, ticket: winner.ticket, url }),
        shopButton: false,
        reference: `draw-win:${draw.id}:${winner.place}`,
      });
    }
    return true;
  });
  if (closed) deps.onNoticesQueued();
  return closed;
}

/** The public page's draw: shoppers masked, no Telegram ids. */
export async function publicDraw(deps: DrawDeps, drawId: number): Promise<PublicDraw> {
  const row = await repo.findDraw(deps.db, drawId);
  if (!row) throw notFound();
  const draw = await presentDraw(deps, row);
  return {
    ...summary(row),
    action_name: row.actionName,
    tickets_hash: draw.tickets_hash,
    seed: draw.seed,
    tickets: draw.tickets.map((t) => ({
      ticket: t.ticket,
      receipt_id: t.receipt_id,
      shopper: t.shopper,
      masked: maskShopper(t.buyer_tg_id),
    })),
    winners: draw.winners.map((w) => ({ place: w.place, ticket: w.ticket, masked: maskShopper(w.buyer_tg_id) })),
  };
}

export async function markPrizeHandedOver(deps: DrawDeps, sellerId: number, drawId: number, ticket: number) {
  if (!(await repo.findDraw(deps.db, drawId, sellerId))) throw notFound();
  const at = await repo.markHandedOver(deps.db, drawId, ticket, deps.now());
  if (!at) throw new AppError('not_found', m.notWinner);
  return { message: m.handedOver, handed_over_at: at.toISOString() };
}

/** The tickets an open draw has so far (the window up to now). */
async function liveTickets(deps: DrawDeps, draw: repo.DrawRow): Promise<repo.TicketRow[]> {
  const now = deps.now();
  const end = now < draw.closesAt ? now : draw.closesAt;
  if (end <= draw.createdAt) return [];
  return ticketsOf(await repo.receiptsInWindow(deps.db, draw.projectId, draw.createdAt, end), draw.itemContains);
}

function summary(row: repo.DrawRow) {
  return {
    id: row.id,
    project_id: row.projectId,
    title: row.title,
    winners_count: row.winnersCount,
    item_contains: row.itemContains,
    created_at: row.createdAt.toISOString(),
    closes_at: row.closesAt.toISOString(),
    closed_at: row.closedAt?.toISOString() ?? null,
    status: row.closedAt ? ('closed' as const) : ('open' as const),
    commitment: row.commitment,
    public_path: drawPublicPath(row.id),
  };
}

async function presentDraw(deps: DrawDeps, row: FoundDraw): Promise<Draw> {
  const closed = row.closedAt !== null;
  const tickets = closed ? await repo.readTickets(deps.db, row.id) : await liveTickets(deps, row);
  const winners = closed ? await repo.readWinners(deps.db, row.id) : [];
  return {
    ...summary(row),
    tickets_hash: row.ticketsHash,
    // The seed stays secret until the tickets are frozen: knowing it earlier would tell who wins.
    seed: closed ? row.seed : null,
    tickets: tickets.map((t) => ({ ticket: t.ticket, receipt_id: t.receiptId, shopper: t.shopper, buyer_tg_id: t.buyerTgId })),
    winners: winners.map((w) => ({
      place: w.place,
      ticket: w.ticket,
      buyer_tg_id: w.buyerTgId,
      buyer_name: w.firstName ?? (w.username ? `@${w.username}` : null),
      handed_over_at: w.handedOverAt?.toISOString() ?? null,
    })),
  };
}
