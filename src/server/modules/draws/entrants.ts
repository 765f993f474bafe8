import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/connection.js';
import { rowsOf } from '../../db/rows.js';
import { draws } from '../../db/schema.js';
import { windowShoppers } from './repository.js';

// An open draw's shoppers so far (`draw_entrants`, migration 0086; docs/decisions.md, Performance,
// "An open draw's entrants are kept as receipts come"): the award adds a ticket to each open draw
// of its action that keeps them (award_receipt.sql), a cancel takes it back (cancel_receipt.sql).

/** The lock of an action's draws' entrants: awards and cancels take it shared, a draw that starts keeping them alone. */
const ENTRANTS_LOCK = 4;
/** Entrants of a closed draw cleared per statement. */
const CLEAR_BATCH = 10_000;
/** Draws started or cleared per run of the closing job; its next run takes the rest. */
const DRAWS_PER_RUN = 50;

/** An open draw without an item whose entrants are not kept yet. */
const waitingToKeep = and(isNull(draws.closedAt), eq(draws.entrantsKept, false), isNull(draws.itemContains));

/**
 * Starts keeping an open draw's entrants: its window so far is counted into `draw_entrants` and the
 * draw marked, under the action's entrants lock taken alone. The awards and cancels of the action
 * take it shared before anything else, so each one either ended before (it is in the count) or
 * waits and then sees the draw kept (it counts itself): none is missed or counted twice. A draw with
 * an item keeps none (which receipt holds the item is read from its items), nor one closing now on
 * another connection (its row is locked: skipped rather than holding the action's awards for as
 * long as a close takes). Answers whether the draw keeps its entrants now.
 */
export async function keepEntrants(db: Db, drawId: number): Promise<boolean> {
  const startable = and(eq(draws.id, drawId), waitingToKeep);
  return db.transaction(async (tx) => {
    // Read first without the lock: a draw with an item (or kept, or closed) never holds the action's awards.
    const [known] = await tx.select({ projectId: draws.projectId }).from(draws).where(startable);
    if (!known) return false;
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${ENTRANTS_LOCK}, ${known.projectId}::int)`);
    const [draw] = await tx
      .select({ projectId: draws.projectId, createdAt: draws.createdAt, closesAt: draws.closesAt, itemContains: draws.itemContains })
      .from(draws)
      .where(startable)
      .for('update', { skipLocked: true });
    if (!draw) return false;
    await tx.execute(sql`
      INSERT INTO draw_entrants (draw_id, buyer_tg_id, tickets)
      SELECT ${drawId}::int, w.buyer_tg_id, count(*)::int FROM (${windowShoppers(draw, draw.closesAt)}) w GROUP BY w.buyer_tg_id`);
    await tx.update(draws).set({ entrantsKept: true }).where(eq(draws.id, drawId));
    return true;
  });
}

/** Open draws without an item that do not keep their entrants yet: those open when migration 0086 ran, or whose start a crash cut off. */
export async function startKeepingEntrants(db: Db): Promise<number> {
  const waiting = await db.select({ id: draws.id }).from(draws).where(waitingToKeep).limit(DRAWS_PER_RUN);
  let started = 0;
  for (const { id } of waiting) if (await keepEntrants(db, id)) started += 1;
  return started;
}

/**
 * A closed draw's entrants, cleared a batch at a time: its frozen list holds its shoppers now (the
 * segment reads that), and nothing adds to a closed draw's but an award that read the draw open
 * before its close committed. So the last statement runs under the action's entrants lock taken
 * alone, after every such award, and marks the draw as keeping none. Its row is taken first and
 * skipped while locked (its winners being drawn): the awards never wait for a draw's row. Answers
 * how many rows went.
 */
export async function clearClosedEntrants(db: Db, batch = CLEAR_BATCH): Promise<number> {
  const closed = await db
    .select({ id: draws.id, projectId: draws.projectId })
    .from(draws)
    .where(and(isNotNull(draws.closedAt), eq(draws.entrantsKept, true)))
    .limit(DRAWS_PER_RUN);
  let cleared = 0;
  for (const { id, projectId } of closed) {
    for (let after: string | null = ''; after !== null;) {
      const gone = await deleteEntrantsAfter(db, id, after, batch);
      cleared += gone.count;
      after = gone.last;
    }
    cleared += await db.transaction(async (tx) => {
      const [draw] = await tx.select({ id: draws.id }).from(draws).where(eq(draws.id, id)).for('update', { skipLocked: true });
      if (!draw) return 0;
      await tx.execute(sql`SELECT pg_advisory_xact_lock(${ENTRANTS_LOCK}, ${projectId}::int)`);
      const stragglers = await tx.execute(
        sql`WITH gone AS (DELETE FROM draw_entrants WHERE draw_id = ${id}::int RETURNING 1) SELECT count(*)::int AS n FROM gone`,
      );
      await tx.update(draws).set({ entrantsKept: false }).where(eq(draws.id, id));
      return rowsOf<{ n: number }>(stragglers)[0]!.n;
    });
  }
  return cleared;
}

/**
 * The draw's next `limit` entrants after the shopper `after`, in the key's order, deleted as one range
 * of the primary key: each batch reads only its own rows, never those the batches before deleted
 * (selected by an `IN` list instead, each batch hashed its list against the whole table: 0.3–0.5 s
 * a batch at a million). `last` is where the next batch starts, null once none was left.
 */
async function deleteEntrantsAfter(db: Executor, drawId: number, after: string, limit: number) {
  const result = await db.execute(sql`
    WITH upto AS (
      SELECT max(buyer_tg_id) AS last
        FROM (SELECT buyer_tg_id FROM draw_entrants WHERE draw_id = ${drawId}::int AND buyer_tg_id > ${after}
               ORDER BY buyer_tg_id LIMIT ${limit}::int) AS batch),
    gone AS (
      DELETE FROM draw_entrants e USING upto
       WHERE e.draw_id = ${drawId}::int AND e.buyer_tg_id > ${after} AND e.buyer_tg_id <= upto.last
      RETURNING 1)
    SELECT (SELECT count(*)::int FROM gone) AS n, (SELECT last FROM upto) AS last`);
  const row = rowsOf<{ n: number; last: string | null }>(result)[0]!;
  return { count: row.n, last: row.n < limit ? null : row.last };
}
