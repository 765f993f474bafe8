import { and, asc, eq, isNotNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/connection.js';
import { draws } from '../../db/schema.js';

// A closed draw's holders (`draw_holders`, migration 0090; docs/decisions.md, Performance, "A closed
// draw's holders are written after its close"): who holds its tickets and their numbers, for the
// «took part in the draw» segment, a winner's other tickets and each shopper's result notice. The
// close writes the list alone; the closing job writes the holders from it, here, before it draws the
// winners (`undrawnDraws` waits for them).

/** Tickets of the list read per statement: 0.3–0.6 s each at a million on this machine (docs/benchmarks.md, Scale). */
const HOLDERS_BATCH = 50_000;
/** Draws whose holders are written per run of the closing job; its next run takes the rest. */
const DRAWS_PER_RUN = 50;

/**
 * Writes the holders of the closed draws that lack them, a range of `batch` tickets per transaction:
 * each range's shoppers get its numbers appended to theirs (the ranges come in the list's order, so
 * each shopper's numbers stay in order) and the draw's `holders_through` moves to the range's end in
 * the same transaction, so a run cut off goes on where it stopped and writes nothing twice. A draw
 * whose row is locked (another instance writing its holders) is left to that one. Answers how many
 * tickets were read.
 */
export async function writeHolders(db: Db, batch = HOLDERS_BATCH): Promise<number> {
  const pending = await db
    .select({ id: draws.id })
    .from(draws)
    .where(and(isNotNull(draws.closedAt), lt(draws.holdersThrough, draws.ticketsCount)))
    .orderBy(asc(draws.id))
    .limit(DRAWS_PER_RUN);
  let read = 0;
  for (const { id } of pending) {
    let tickets: number;
    do {
      tickets = await writeHoldersRange(db, id, batch);
      read += tickets;
    } while (tickets > 0);
  }
  return read;
}

/** The draw's next range of tickets into its holders; answers how many tickets it held (0: none left, or locked elsewhere). */
async function writeHoldersRange(db: Db, drawId: number, batch: number): Promise<number> {
  return db.transaction(async (tx) => {
    const [draw] = await tx
      .select({ through: draws.holdersThrough, count: draws.ticketsCount })
      .from(draws)
      .where(and(eq(draws.id, drawId), isNotNull(draws.closedAt)))
      .for('update', { skipLocked: true });
    if (!draw || draw.count === null || draw.through >= draw.count) return 0;
    const to = Math.min(draw.through + batch, draw.count);
    await tx.execute(sql`
      INSERT INTO draw_holders (draw_id, buyer_tg_id, tickets)
      SELECT ${drawId}::int, buyer_tg_id, array_agg(ticket ORDER BY ticket) FROM draw_tickets
       WHERE draw_id = ${drawId}::int AND ticket > ${draw.through}::int AND ticket <= ${to}::int
       GROUP BY buyer_tg_id
      ON CONFLICT (draw_id, buyer_tg_id) DO UPDATE SET tickets = draw_holders.tickets || EXCLUDED.tickets`);
    await tx.update(draws).set({ holdersThrough: to }).where(eq(draws.id, drawId));
    return to - draw.through;
  });
}

/** Whether the closed draw's holders are all written: «took part» reads them then, and the winners may be drawn. */
export const holdersWhole = (draw: { holdersThrough: number; ticketsCount: number | null }) => draw.holdersThrough === draw.ticketsCount;
/** The same of a draw's row, in SQL. */
export const holdersWholeSql = eq(draws.holdersThrough, draws.ticketsCount);
