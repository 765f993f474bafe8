import { fillMessage, messages } from '../../../contract/messages.js';
import { formatPoints } from '../../../contract/format.js';
import type { Db } from '../../db/connection.js';
import { vacuumAfterRun } from '../../db/vacuum.js';
import { queueBuyerNotices } from '../notices/repository.js';
import * as repo from './hold-repository.js';

const m = messages.points;
/**
 * Holds released per batch, in one transaction with their notices: the batch's shoppers' balance
 * rows stay locked until it commits, so a receipt of one of them waits for the batch. A transaction
 * per hold made the release of 20 000 holds 80 000 round trips and its garbage grow with them
 * (docs/benchmarks.md, Scale).
 */
const BATCH = 200;

export interface ReleaseDeps {
  db: Db;
  now: () => Date;
}

/**
 * Releases every hold whose day has come: what is still held of a receipt's points becomes
 * available as a 'release' ledger row (db/functions/release_hold.sql), and the shopper is told in
 * the same transaction, so a release is announced exactly once. A run that released a day's holds
 * (`vacuumAfter` or more) vacuums the balances and statistics it changed: a segment counted right
 * after it reads them by index alone again. Answers how many holds it released.
 */
export async function releaseDueHolds(deps: ReleaseDeps, batch = BATCH, vacuumAfter?: number): Promise<number> {
  const now = deps.now();
  let released = 0;
  let handled = 0;
  let after: repo.DueHoldCursor | null = null;
  for (;;) {
    const due = await repo.findDueHolds(deps.db, now, batch, after);
    handled += due.length;
    if (due.length > 0)
      released += await deps.db.transaction(async (tx) => {
        const holds = due.map((hold) => ({ ledgerId: hold.ledgerId, reason: fillMessage(m.reasonRelease, { id: hold.receiptId }) }));
        const points = await repo.releaseHolds(tx, holds, now);
        const notices = due.flatMap((hold) => {
          const freed = points.get(hold.ledgerId) ?? 0;
          if (freed === 0) return [];
          return [
            {
              projectId: hold.projectId,
              buyerTgId: hold.buyerTgId,
              text: fillMessage(m.releaseNotice, { id: hold.receiptId, points: formatPoints(freed) }),
              shopButton: true,
              reference: `release:${hold.ledgerId}`,
            },
          ];
        });
        await queueBuyerNotices(tx, notices);
        return notices.length;
      });
    if (due.length < batch) break;
    const last = due.at(-1)!;
    after = { releaseAt: last.releaseAt, ledgerId: last.ledgerId };
  }
  await vacuumAfterRun(deps.db, ['buyer_points', 'buyer_stats'], handled, vacuumAfter);
  return released;
}
