import { formatDate } from '../../../contract/format.js';
import { fillMessage, messages } from '../../../contract/messages.js';
import { expiryPhrase } from '../../../contract/points.js';
import type { Db } from '../../db/connection.js';
import type { ExpiringPoints } from '../../db/schema.js';
import { vacuumAfterRun } from '../../db/vacuum.js';
import * as repo from './expiry-repository.js';

const m = messages.points;
/**
 * Lots handled per batch: expiry takes them in one statement (db/functions/expire_lots.sql);
 * reminders take the shoppers of this many lots in one statement (their notices with it).
 */
const BATCH = 200;

export interface ExpiryDeps {
  db: Db;
  now: () => Date;
}

/**
 * Expires every lot whose time has come: its unspent remainder leaves the balance as an 'expiry'
 * ledger row. A batch is one statement whatever its size; the lots of a shopper another
 * transaction holds at that moment (a purchase, another instance's batch) are then expired one by
 * one, waiting for it. A run that expired a day's lots (`vacuumAfter` or more) vacuums the balances
 * it changed, as the release does. Answers the points expired.
 */
export async function expireDuePoints(deps: ExpiryDeps, batch = BATCH, vacuumAfter?: number): Promise<number> {
  const now = deps.now();
  let expired = 0;
  let handled = 0;
  let after: repo.DueLotCursor | null = null;
  for (;;) {
    const due = await repo.findDueLots(deps.db, now, batch, after);
    handled += due.length;
    const last = due.at(-1);
    if (!last) break;
    const lots = due.map((lot) => ({
      ledgerId: lot.ledgerId,
      reason: fillMessage(m.reasonExpiry, { date: formatDate(lot.earnedAt) }),
    }));
    const result = await repo.expireLots(deps.db, lots, now, false);
    expired += result.expired;
    for (const ledgerId of result.skipped) {
      const lot = lots.find((candidate) => candidate.ledgerId === ledgerId)!;
      expired += (await repo.expireLots(deps.db, [lot], now, true)).expired;
    }
    if (due.length < batch) break;
    after = { expiresAt: last.expiresAt, ledgerId: last.ledgerId };
  }
  await vacuumAfterRun(deps.db, ['buyer_points'], handled, vacuumAfter);
  return expired;
}

/**
 * Tells each shopper, once per expiring batch (their lots of one action expiring on one day), how
 * many points expire and when, with the shop's button. A batch of shoppers is one statement
 * (`queueNextReminders`): the lots' mark and the notices together, so a reminder is queued exactly
 * once, whichever instance gets there. Each batch starts where the previous one stopped, so the
 * run's cost grows with the lots due, a batch's does not. Answers the notices queued.
 */
export async function remindExpiringPoints(deps: ExpiryDeps, batch = BATCH): Promise<number> {
  const now = deps.now();
  let queued = 0;
  let after: repo.ReminderCursor | null = null;
  do {
    const reminded = await repo.queueNextReminders(deps.db, now, batch, after);
    queued += reminded.queued;
    after = reminded.next;
  } while (after);
  return queued;
}

/** An expiry reminder's text, written when it is sent: the action's name as it is then. */
export function expiryReminderText(actionName: string, expiring: ExpiringPoints): string {
  return fillMessage(m.expiryReminder, { name: actionName, expiry: expiryPhrase(expiring.points, new Date(expiring.expires_at)) });
}
