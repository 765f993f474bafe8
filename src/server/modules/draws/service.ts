import { BEACON_MARGIN_SECONDS, firstRoundAfter, roundTimeOf, type BeaconChain } from '../../../contract/draw-beacon.js';
import { drawWinners, maskShopper } from '../../../contract/draw-fairness.js';
import {
  DRAW_LONGEST_DAYS,
  drawPublicPath,
  drawTicketsListPath,
  type CreateDrawRequest,
  type Draw,
  type PublicDraw,
  type PublicDrawTicketsPage,
  type ShopDraws,
} from '../../../contract/draws.js';
import { API_BASE } from '../../../contract/constants.js';
import { formatDateTime } from '../../../contract/format.js';
import { fillMessage, messages } from '../../../contract/messages.js';
import { UPLOADS_BASE } from '../../../contract/uploads.js';
import type { Database, Db } from '../../db/connection.js';
import { AppError } from '../../errors.js';
import type { BeaconClient } from '../../integrations/drand/client.js';
import { findLiveProject } from '../actions/repository.js';
import { recordAudit, type AuditActor } from '../audit/record.js';
import { requireShop } from '../shop/orders-service.js';
import { clearClosedEntrants, keepEntrants, startKeepingEntrants } from './entrants.js';
import { writeHolders } from './holders.js';
import { nextRunClosesAt } from './repeat.js';
import * as repo from './repository.js';
import { queueResultNotices } from './results.js';

const m = messages.draws;
const DAY_MS = 86_400_000;
/** Draws closed (or drawn) per run of the job; the next run takes the rest. */
const CLOSE_BATCH = 50;

export interface DrawDeps {
  db: Db;
  /** Which database: the close's memory settings are PostgreSQL's only (repository.ts, CLOSE_SETTINGS). */
  database: Pick<Database, 'kind'>;
  /** The demo clock: a draw's window and its closing are in its time. */
  now: () => Date;
  /** drand: new draws fix their round on its chain; closed ones fetch it. */
  beacon: BeaconClient;
}

export interface DrawCloseDeps extends DrawDeps {
  /** Where the result notices point for the draw's public page. */
  publicUrl: string;
  /** Wakes the delivery of the result notices (bot/notices). */
  onNoticesQueued: () => void;
  /** Wakes the closing job, which draws a draw the seller closed as soon as its key is known. */
  onDrawClosed: () => void;
  /** A round that could not be fetched is logged and tried again at the job's next run. */
  log: { warn: (details: object, message: string) => void };
}

const notFound = () => new AppError('not_found', m.notFound);

type FoundDraw = NonNullable<Awaited<ReturnType<typeof repo.findDraw>>>;

const drawSubject = (title: string) => fillMessage(messages.audit.subjectDraw, { title });

export async function createDraw(deps: DrawDeps, sellerId: number, request: CreateDrawRequest, actor: AuditActor): Promise<Draw> {
  const action = await findLiveProject(deps.db, sellerId, request.project_id);
  if (!action) throw new AppError('not_found', messages.actions.notFound);
  const now = deps.now();
  const closesAt = new Date(request.closes_at);
  if (closesAt <= now) throw new AppError('bad_request', m.closesAtPast);
  if (closesAt.getTime() - now.getTime() > DRAW_LONGEST_DAYS * DAY_MS) throw new AppError('bad_request', m.closesAtTooFar);
  const imageId = request.prize?.image_upload_id ?? null;
  if (imageId !== null && !(await repo.sellerOwnsUpload(deps.db, sellerId, imageId)))
    throw new AppError('bad_request', m.prizeImageUnknown);
  const row = await deps.db.transaction(async (tx) => {
    const inserted = await repo.insertDraw(tx, {
      projectId: action.id,
      title: request.title,
      winnersCount: request.winners,
      itemContains: request.item_contains,
      createdAt: now,
      closesAt,
      repeat: request.repeat,
      prizeText: request.prize?.text ?? null,
      prizeUploadId: imageId,
      ...beaconOf(deps.beacon.chain, closesAt),
    });
    await recordAudit(tx, {
      sellerId,
      actor,
      action: 'draw.create',
      subject: drawSubject(request.title),
      before: null,
      after: {
        projectId: action.id,
        title: request.title,
        winners: request.winners,
        itemContains: request.item_contains,
        closesAt: closesAt.toISOString(),
        repeat: request.repeat,
        prize: request.prize ?? null,
      },
    });
    return inserted;
  });
  await keepEntrants(deps.db, row.id);
  return getDraw(deps, sellerId, row.id);
}

/** A new draw's beacon: the chain's first round after the closing, which nobody knows yet. */
const beaconOf = (chain: BeaconChain, closesAt: Date) => ({ beaconChain: chain, beaconRound: firstRoundAfter(chain, closesAt) });

export async function listDraws(deps: DrawDeps, sellerId: number, projectId: number) {
  if (!(await findLiveProject(deps.db, sellerId, projectId))) throw new AppError('not_found', messages.actions.notFound);
  const rows = await repo.listDraws(deps.db, sellerId, projectId);
  const draws = [];
  for (const row of rows) draws.push(summary(deps, row, row.prizeImageKey, await ticketsCount(deps, row)));
  return { draws };
}

export async function getDraw(deps: DrawDeps, sellerId: number, drawId: number): Promise<Draw> {
  const row = await repo.findDraw(deps.db, drawId, sellerId);
  if (!row) throw notFound();
  return presentDraw(deps, row);
}

/**
 * The seller's «Завершить сейчас»: the tickets' window ends now and the list is frozen; the winners
 * and the shoppers' notices come from the closing job, once the beacon round is out (at its next
 * run for a draw with a seed, or a round already out when closed after the closing time).
 */
export async function closeDrawNow(
  deps: DrawCloseDeps,
  sellerId: number,
  drawId: number,
  actor: AuditActor,
): Promise<{ message: string; draw: Draw }> {
  const row = await repo.findDraw(deps.db, drawId, sellerId);
  if (!row) throw notFound();
  if (!(await closeDraw(deps, drawId, { sellerId, actor }))) throw new AppError('conflict', m.alreadyClosed);
  const draw = await getDraw(deps, sellerId, drawId);
  // Read before the wake: the answer is the frozen draw, whatever the job does next.
  deps.onDrawClosed();
  if (!draw.drand) return { message: m.frozenBySeed, draw };
  return { message: fillFrozen(draw.drand.round, draw.drand.round_at), draw };
}

/** The seller's «Больше не повторять»: the open run stays and closes as planned; no next run opens after it. */
export async function stopDrawRepeating(
  deps: DrawCloseDeps,
  sellerId: number,
  drawId: number,
  actor: AuditActor,
): Promise<{ message: string; draw: Draw }> {
  const row = await repo.findDraw(deps.db, drawId, sellerId);
  if (!row) throw notFound();
  if (row.closedAt !== null) throw new AppError('conflict', m.alreadyClosed);
  if (row.repeat === null) throw new AppError('conflict', m.notRepeating);
  const stopped = await deps.db.transaction(async (tx) => {
    if (!(await repo.stopRepeating(tx, drawId))) return false;
    await recordAudit(tx, {
      sellerId,
      actor,
      action: 'draw.stop_repeating',
      subject: drawSubject(row.title),
      before: { repeat: row.repeat },
      after: { repeat: null },
    });
    return true;
  });
  // A close between the read and this write opened the next run already: said as a close.
  if (!stopped) throw new AppError('conflict', m.alreadyClosed);
  return { message: m.repeatStopped, draw: await getDraw(deps, sellerId, drawId) };
}

const fillFrozen = (round: number, at: string) => fillMessage(m.frozen, { round, date: formatDateTime(new Date(at)) });

/** The job's run: every draw whose time has come is closed, and every closed draw whose round is out gets its winners. */
export async function closeDueDraws(deps: DrawCloseDeps): Promise<number> {
  let closed = 0;
  for (;;) {
    const due = await repo.dueDrawIds(deps.db, deps.now(), CLOSE_BATCH);
    for (const id of due) if (await closeDraw(deps, id)) closed += 1;
    if (due.length < CLOSE_BATCH) break;
  }
  // The winners are drawn from the holders: a closed draw's are written first.
  await writeHolders(deps.db);
  // Draws with a seed first, then rounds in order: the first one not out yet ends the pass.
  for (const { id, round } of await repo.undrawnDraws(deps.db, CLOSE_BATCH)) {
    if (round === null) await drawFromSeed(deps, id);
    else if (roundTimeOf(deps.beacon.chain, round) > deps.now()) break;
    else await drawFromBeacon(deps, id);
  }
  await startKeepingEntrants(deps.db);
  await clearClosedEntrants(deps.db);
  return closed;
}

/**
 * Freezes the tickets and publishes their hash, under the draw's row lock, so a draw closes once
 * whoever gets there (the job on two instances, the seller's button); opens a repeating draw's next
 * run. The winners and the shoppers' notices never come here: the closing job draws them (`drawFromSeed`,
 * `drawFromBeacon`), so a seller's request never writes a million notices. False when it was closed already.
 */
async function closeDraw(deps: DrawCloseDeps, drawId: number, closedBy?: { sellerId: number; actor: AuditActor }): Promise<boolean> {
  const closed = await deps.db.transaction(async (tx) => {
    const draw = await repo.lockOpenDraw(tx, drawId);
    if (!draw) return undefined;
    let nextRunId: number | undefined;
    const now = deps.now();
    const closedAt = now < draw.closesAt ? now : draw.closesAt;
    const frozen = await repo.freezeTickets(tx, deps.database.kind, draw, closedAt);
    if (closedBy)
      await recordAudit(tx, {
        ...closedBy,
        action: 'draw.close',
        subject: drawSubject(draw.title),
        before: { closesAt: draw.closesAt.toISOString() },
        after: { closedAt: closedAt.toISOString(), tickets: frozen.count },
      });
    if (draw.repeat) {
      const closesAt = nextRunClosesAt(draw.closesAt, draw.repeat, now);
      nextRunId = await repo.openNextRun(tx, draw.id, {
        projectId: draw.projectId,
        title: draw.title,
        winnersCount: draw.winnersCount,
        itemContains: draw.itemContains,
        createdAt: closedAt,
        closesAt,
        repeat: draw.repeat,
        prizeText: draw.prizeText,
        prizeUploadId: draw.prizeUploadId,
        ...beaconOf(deps.beacon.chain, closesAt),
      });
    }
    // Closed early: the round fixed at creation is hours away; the first one safely after the
    // freeze is as unknown now, and the winners need not wait for the original closing time.
    const beaconRound =
      draw.seed === null
        ? Math.min(draw.beaconRound!, firstRoundAfter(draw.beaconChain!, new Date(now.getTime() + BEACON_MARGIN_SECONDS * 1000)))
        : null;
    await repo.markFrozen(tx, {
      id: draw.id,
      closedAt,
      ticketsHash: frozen.hash,
      ticketsCount: frozen.count,
      shoppersCount: frozen.shoppers,
      beaconRound,
    });
    return { nextRunId };
  });
  if (!closed) return false;
  // Counted once the close has committed: the action's awards wait for the count, not for the close.
  if (closed.nextRunId !== undefined) await keepEntrants(deps.db, closed.nextRunId);
  return true;
}

/** A closed draw made before the beacon (migration 0050): its winners from the seed it committed to. */
async function drawFromSeed(deps: DrawCloseDeps, drawId: number): Promise<void> {
  await storeWinnersAndTell(deps, drawId, (draw) => (draw.seed === null ? undefined : { key: draw.seed, beacon: null }));
}

/**
 * A closed draw's winners from its beacon round: the round is fetched and its signature checked
 * (outside the transaction: a network call), then the winners are derived and stored and every
 * shopper told, under the draw's row lock. A round not out or not reachable leaves the draw for
 * the job's next run: the winners never come from anything but the round.
 */
async function drawFromBeacon(deps: DrawCloseDeps, drawId: number): Promise<void> {
  const pending = await repo.findDraw(deps.db, drawId);
  if (!pending || pending.drawnAt !== null || pending.beaconRound === null || pending.beaconChain === null) return;
  // Not out yet (a draw closed early waits a few seconds): nothing to ask drand.
  if (roundTimeOf(pending.beaconChain, pending.beaconRound) > deps.now()) return;
  if (pending.beaconChain.hash !== deps.beacon.chain.hash) {
    deps.log.warn({ drawId, chain: pending.beaconChain.hash }, 'the draw’s drand chain is not the configured one: its winners wait');
    return;
  }
  let beacon;
  try {
    beacon = await deps.beacon.fetchRound(pending.beaconRound);
  } catch (error) {
    deps.log.warn(
      { err: error, drawId, round: pending.beaconRound },
      'the draw’s drand round could not be fetched: tried again at the next run',
    );
    return;
  }
  await storeWinnersAndTell(deps, drawId, () => ({ key: beacon.randomness, beacon }));
}

type LockedDraw = NonNullable<Awaited<ReturnType<typeof repo.lockUndrawnDraw>>>;

/**
 * The one home of a draw's result: under the draw's row lock, its winners from the key (the seed or
 * the beacon's randomness) are stored and every shopper's notice queued, in one transaction of the
 * closing job. `keyOf` answers nothing when the draw cannot be drawn that way.
 */
async function storeWinnersAndTell(
  deps: DrawCloseDeps,
  drawId: number,
  keyOf: (draw: LockedDraw) => { key: string; beacon: { randomness: string; signature: string } | null } | undefined,
): Promise<void> {
  const told = await deps.db.transaction(async (tx) => {
    const draw = await repo.lockUndrawnDraw(tx, drawId);
    const drawn = draw && keyOf(draw);
    if (!draw || !drawn) return false;
    const won = await drawWinners({
      keyHex: drawn.key,
      ticketsHash: draw.ticketsHash!,
      tickets: repo.storedPool(tx, drawId, draw.ticketsCount!),
      winners: draw.winnersCount,
    });
    const winners = await repo.winnersOf(tx, drawId, won);
    await repo.storeWinners(tx, { id: drawId, drawnAt: deps.now(), beacon: drawn.beacon }, winners);
    await queueResultNotices(tx, { draw, nextDrawId: draw.nextDrawId, winners, publicUrl: deps.publicUrl });
    return true;
  });
  if (told) deps.onNoticesQueued();
}

/**
 * The public page's draw: shoppers masked, no Telegram ids. The tickets come a page at a time
 * (`publicDrawTickets`) and, once frozen, as the whole list to re-compute from (`drawTicketsList`).
 */
export async function publicDraw(deps: DrawDeps, drawId: number): Promise<PublicDraw> {
  const row = await repo.findDraw(deps.db, drawId);
  if (!row) throw notFound();
  const draw = await presentDraw(deps, row);
  return {
    ...summary(deps, row, row.prizeImageKey, draw.tickets_count),
    action_name: row.actionName,
    tickets_hash: draw.tickets_hash,
    seed: draw.seed,
    beacon: draw.beacon,
    tickets_url: row.closedAt === null ? null : `${API_BASE}${drawTicketsListPath(row.id)}`,
    winners: draw.winners.map((w) => ({ place: w.place, ticket: w.ticket, masked: maskShopper(w.buyer_tg_id) })),
  };
}

/** A page of the seller's draw's tickets, with the shoppers' Telegram ids. */
export async function drawTickets(deps: DrawDeps, sellerId: number, drawId: number, page: TicketsPageRequest) {
  const row = await repo.findDraw(deps.db, drawId, sellerId);
  if (!row) throw notFound();
  const found = await ticketsPage(deps, row, page);
  return {
    tickets: found.tickets.map((t) => ({ ticket: t.ticket, receipt_id: t.receiptId, shopper: t.shopper, buyer_tg_id: t.buyerTgId })),
    next_from: found.nextFrom,
  };
}

/** A page of the draw's tickets as anyone may see them: shoppers masked. */
export async function publicDrawTickets(deps: DrawDeps, drawId: number, page: TicketsPageRequest): Promise<PublicDrawTicketsPage> {
  const row = await repo.findDraw(deps.db, drawId);
  if (!row) throw notFound();
  const found = await ticketsPage(deps, row, page);
  return {
    tickets: found.tickets.map((t) => ({
      ticket: t.ticket,
      receipt_id: t.receiptId,
      shopper: t.shopper,
      masked: maskShopper(t.buyerTgId),
    })),
    next_from: found.nextFrom,
  };
}

interface TicketsPageRequest {
  from: number;
  limit: number;
}

/** Keyset: from the ticket numbered `from`, whatever the list's length; an open draw's from its window so far. */
async function ticketsPage(deps: DrawDeps, row: repo.DrawRow, { from, limit }: TicketsPageRequest) {
  const rows = await repo.ticketsFrom(deps.db, row, { from, size: limit, to: windowEnd(deps, row) });
  return { tickets: rows.slice(0, limit), nextFrom: rows.length > limit ? rows[limit]!.ticket : null };
}

/** Lines of a frozen list read per statement while it is sent. */
const LIST_BATCH = 10_000;

/**
 * A closed draw's whole ticket list, exactly the text whose SHA-256 is its `tickets_hash`
 * (draw-fairness.ts, step 2), read in batches as it is sent: anyone re-computes the draw from it.
 * An open draw has no list yet.
 */
export async function drawTicketsList(deps: DrawDeps, drawId: number): Promise<AsyncIterable<string>> {
  const row = await repo.findDraw(deps.db, drawId);
  if (!row) throw notFound();
  if (row.closedAt === null) throw new AppError('conflict', m.listNotFrozen);
  return (async function* lines() {
    let after = 0;
    for (;;) {
      const batch = await repo.serialisedTicketsAfter(deps.db, drawId, after, LIST_BATCH);
      if (batch.count > 0) yield batch.text;
      if (batch.count < LIST_BATCH || batch.last === null) return;
      after = batch.last;
    }
  })();
}

/** The open draws of a shop's action, for its Mini App (an unknown link: the shop's own 404). */
export async function shopDraws(deps: DrawDeps, token: string): Promise<ShopDraws> {
  const shop = await requireShop(deps.db, token);
  const open = await repo.openDraws(deps.db, shop.settings.projectId, deps.now());
  return {
    draws: open.map((row) => {
      const { id, title, closes_at: closesAt, prize, public_path: publicPath } = summary(deps, row, row.prizeImageKey, 0);
      return { id, title, closes_at: closesAt, prize, public_path: publicPath };
    }),
  };
}

export async function markPrizeHandedOver(deps: DrawDeps, sellerId: number, drawId: number, ticket: number, actor: AuditActor) {
  const draw = await repo.findDraw(deps.db, drawId, sellerId);
  if (!draw) throw notFound();
  const at = await deps.db.transaction(async (tx) => {
    const handedOver = await repo.markHandedOver(tx, drawId, ticket, deps.now());
    if (handedOver)
      await recordAudit(tx, {
        sellerId,
        actor,
        action: 'draw.prize_handed_over',
        subject: drawSubject(draw.title),
        before: { ticket, handedOverAt: null },
        after: { ticket, handedOverAt: handedOver.toISOString() },
      });
    return handedOver;
  });
  if (!at) throw new AppError('not_found', m.notWinner);
  return { message: m.handedOver, handed_over_at: at.toISOString() };
}

/** Where an open draw's window ends so far: now, or its closing time once that has passed. */
function windowEnd(deps: DrawDeps, draw: repo.DrawRow): Date {
  const now = deps.now();
  return now < draw.closesAt ? now : draw.closesAt;
}

/** The frozen list's length, or an open draw's tickets so far. */
async function ticketsCount(deps: DrawDeps, draw: repo.DrawRow): Promise<number> {
  if (draw.ticketsCount !== null) return draw.ticketsCount;
  const end = windowEnd(deps, draw);
  return end <= draw.createdAt ? 0 : repo.countWindowTickets(deps.db, draw, end);
}

function status(row: repo.DrawRow) {
  if (!row.closedAt) return 'open' as const;
  return row.drawnAt ? ('closed' as const) : ('drawing' as const);
}

function summary(deps: DrawDeps, row: repo.DrawRow, prizeImageKey: string | null, ticketsCount: number) {
  return {
    id: row.id,
    project_id: row.projectId,
    title: row.title,
    winners_count: row.winnersCount,
    item_contains: row.itemContains,
    created_at: row.createdAt.toISOString(),
    closes_at: row.closesAt.toISOString(),
    closed_at: row.closedAt?.toISOString() ?? null,
    status: status(row),
    commitment: row.commitment,
    repeat: row.repeat,
    prize: row.prizeText
      ? {
          text: row.prizeText,
          image_upload_id: row.prizeUploadId,
          // Served from this host: the page and the Mini App are on it, whatever address it was opened at.
          image_url: prizeImageKey ? `${UPLOADS_BASE}/${prizeImageKey}` : null,
        }
      : null,
    drand:
      row.beaconChain && row.beaconRound
        ? {
            chain_hash: row.beaconChain.hash,
            public_key: row.beaconChain.public_key,
            scheme_id: row.beaconChain.scheme_id,
            period: row.beaconChain.period,
            genesis_time: row.beaconChain.genesis_time,
            round: row.beaconRound,
            round_at: roundTimeOf(row.beaconChain, row.beaconRound).toISOString(),
            round_url: row.beaconChain.hash === deps.beacon.chain.hash ? `${deps.beacon.url}/public/${row.beaconRound}` : null,
          }
        : null,
    next_draw_id: row.nextDrawId,
    public_path: drawPublicPath(row.id),
    tickets_count: ticketsCount,
  };
}

async function presentDraw(deps: DrawDeps, row: FoundDraw): Promise<Draw> {
  const closed = row.closedAt !== null;
  const winners = closed ? await repo.readWinners(deps.db, row.id) : [];
  return {
    ...summary(deps, row, row.prizeImageKey, await ticketsCount(deps, row)),
    tickets_hash: row.ticketsHash,
    // The seed stays secret until the tickets are frozen: knowing it earlier would tell who wins.
    seed: closed ? row.seed : null,
    beacon:
      row.beaconRound && row.beaconRandomness && row.beaconSignature
        ? { round: row.beaconRound, randomness: row.beaconRandomness, signature: row.beaconSignature }
        : null,
    winners: winners.map((w) => ({
      place: w.place,
      ticket: w.ticket,
      buyer_tg_id: w.buyerTgId,
      buyer_name: w.firstName ?? (w.username ? `@${w.username}` : null),
      handed_over_at: w.handedOverAt?.toISOString() ?? null,
    })),
  };
}
