import { addDays, moscowDay } from '../analytics/period.js';
import { catchUp } from '../analytics/repository.js';
import type { Db } from '../../db/connection.js';
import { dailyDigestNotice } from './notices.js';
import { queueSellerNotice } from './outbox.js';
import { readDigestFigures } from './repository.js';

/** The digest of the day before goes out from 09:00 Moscow time: the seller's morning. */
export const DIGEST_HOUR = 9;
const HOUR_MS = 3_600_000;

/**
 * The Moscow day whose digest is due at `now`: yesterday, once today's 09:00 has come; none before.
 * A day missed entirely (the service down all day) is not told late: the next morning's digest is.
 */
export function digestDayDue(now: Date): string | null {
  const today = moscowDay(now);
  return moscowDay(new Date(now.getTime() - DIGEST_HOUR * HOUR_MS)) === today ? addDays(today, -1) : null;
}

/**
 * Queues the digest of the day due, one per seller who had a receipt that day and has the digest on.
 * The receipts checked just before are counted first, so the figures are the analytics screen's.
 * The outbox's unique key (seller, day) makes a second run, or a second instance, queue nothing.
 * Answers how many were queued.
 */
export async function queueDailyDigests(deps: { db: Db; now: () => Date }): Promise<number> {
  const day = digestDayDue(deps.now());
  if (!day) return 0;
  await catchUp(deps.db);
  let queued = 0;
  for (const figures of await readDigestFigures(deps.db, day)) {
    if (await queueSellerNotice(deps.db, dailyDigestNotice(figures))) queued += 1;
  }
  return queued;
}
