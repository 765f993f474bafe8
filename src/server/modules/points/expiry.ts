import { formatDate } from '../../../contract/format.js';
import { fillMessage, messages } from '../../../contract/messages.js';
import { expiryPhrase } from '../../../contract/points.js';
import type { Db } from '../../db/connection.js';
import { vacuumAfterRun } from '../../db/vacuum.js';
import { queueBuyerNotices } from '../notices/repository.js';
import * as repo from './expiry-repository.js';

const m = messages.points;
/**
 * Lots handled per batch: expiry takes them in one statement (db/functions/expire_lots.sql);
 * reminders take the shoppers of this many lots in one transaction (their notices with them).
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
 * Tells each shopper, once per expiring batch (their lots of one action expiring on one day),
 * how many points expire and when, with the shop's button. A batch of shoppers is one transaction
 * of two statements, whatever its size: the lots' mark (`markNextShoppersReminded`) and the
 * notices; a crash between them leaves neither, and a reminder is queued exactly once, whichever
 * instance gets there. Each batch starts where the previous one stopped, so the run's cost grows
 * with the lots due, a batch's does not.
 */
export async function remindExpiringPoints(deps: ExpiryDeps, batch = BATCH): Promise<number> {
  const now = deps.now();
  let queued = 0;
  let after: repo.ReminderCursor | null = null;
  do {
    after = await deps.db.transaction(async (tx) => {
      const { lots, next } = await repo.markNextShoppersReminded(tx, now, batch, after);
      const reminders = byDay(lots);
      await queueBuyerNotices(
        tx,
        reminders.map((reminder) => ({
          projectId: reminder.projectId,
          buyerTgId: reminder.buyerTgId,
          text: fillMessage(m.expiryReminder, {
            name: reminder.projectName,
            expiry: expiryPhrase(
              reminder.lots.reduce((sum, lot) => sum + lot.remaining, 0),
              reminder.lots[0]!.expiresAt,
            ),
          }),
          shopButton: true,
          reference: `expiry-reminder:${Math.min(...reminder.ledgerIds)}`,
        })),
      );
      queued += reminders.length;
      return next;
    });
  } while (after);
  return queued;
}

type LotToRemind = repo.LotToRemind;

/** Lots grouped by action, shopper and the day (as the shopper reads dates) they expire (pure). */
export function byDay(lots: readonly LotToRemind[]) {
  const groups = new Map<
    string,
    { projectId: number; projectName: string; buyerTgId: string; day: string; lots: LotToRemind[]; ledgerIds: number[] }
  >();
  for (const lot of lots) {
    const day = formatDate(lot.expiresAt);
    const key = `${lot.projectId}|${lot.buyerTgId}|${day}`;
    const group = groups.get(key) ?? {
      projectId: lot.projectId,
      projectName: lot.projectName,
      buyerTgId: lot.buyerTgId,
      day,
      lots: [],
      ledgerIds: [],
    };
    group.lots.push(lot);
    group.ledgerIds.push(Number(lot.ledgerId));
    groups.set(key, group);
  }
  return [...groups.values()];
}
