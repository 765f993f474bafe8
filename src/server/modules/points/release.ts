import { fillMessage, messages } from '../../../contract/messages.js';
import { formatPoints } from '../../../contract/format.js';
import type { Db } from '../../db/connection.js';
import { queueBuyerNotice } from '../notices/repository.js';
import * as repo from './hold-repository.js';

const m = messages.points;
/** Holds released per batch: each is its own short transaction, so a batch never holds many buyers' rows. */
const BATCH = 200;

export interface ReleaseDeps {
  db: Db;
  now: () => Date;
}

/**
 * Releases every hold whose day has come: what is still held of a receipt's points becomes
 * available as a 'release' ledger row (db/functions/release_hold.sql), and the shopper is told in
 * the same transaction, so a release is announced exactly once. Answers how many holds it released.
 */
export async function releaseDueHolds(deps: ReleaseDeps, batch = BATCH): Promise<number> {
  const now = deps.now();
  let released = 0;
  let after: repo.DueHoldCursor | null = null;
  for (;;) {
    const due = await repo.findDueHolds(deps.db, now, batch, after);
    for (const hold of due) {
      await deps.db.transaction(async (tx) => {
        const reason = fillMessage(m.reasonRelease, { id: hold.receiptId });
        const points = await repo.releaseHold(tx, hold.ledgerId, now, reason);
        if (points === 0) return;
        await queueBuyerNotice(tx, {
          projectId: hold.projectId,
          buyerTgId: hold.buyerTgId,
          text: fillMessage(m.releaseNotice, { id: hold.receiptId, points: formatPoints(points) }),
          shopButton: true,
          reference: `release:${hold.ledgerId}`,
        });
        released += 1;
      });
    }
    if (due.length < batch) return released;
    const last = due.at(-1)!;
    after = { releaseAt: last.releaseAt, ledgerId: last.ledgerId };
  }
}
