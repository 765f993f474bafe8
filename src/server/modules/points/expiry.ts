import { formatDate } from '../../../contract/format.js';
import { fillMessage, messages } from '../../../contract/messages.js';
import { expiryPhrase } from '../../../contract/points.js';
import type { Db } from '../../db/connection.js';
import { queueBuyerNotice } from '../notices/repository.js';
import * as repo from './expiry-repository.js';

const m = messages.points;
/** Lots handled per batch: each is its own short transaction, so a batch never holds many buyers' rows. */
const BATCH = 200;

export interface ExpiryDeps {
  db: Db;
  now: () => Date;
}

/**
 * Expires every lot whose time has come: its unspent remainder leaves the balance as an 'expiry'
 * ledger row (db/functions/expire_lot.sql). Answers the points expired.
 */
export async function expireDuePoints(deps: ExpiryDeps): Promise<number> {
  const now = deps.now();
  let expired = 0;
  for (;;) {
    const due = await repo.findDueLots(deps.db, now, BATCH);
    for (const lot of due) {
      expired += await repo.expireLot(deps.db, lot.ledgerId, now, fillMessage(m.reasonExpiry, { date: formatDate(lot.earnedAt) }));
    }
    if (due.length < BATCH) return expired;
  }
}

/**
 * Tells each shopper, once per expiring batch (their lots of one action expiring on one day),
 * how many points expire and when, with the shop's button. The notice and the lots' mark are one
 * transaction: a reminder is queued exactly once, whichever instance gets there.
 */
export async function remindExpiringPoints(deps: ExpiryDeps): Promise<number> {
  const now = deps.now();
  let queued = 0;
  for (;;) {
    const lots = await repo.findLotsToRemind(deps.db, now, BATCH);
    for (const batch of byDay(lots)) {
      await deps.db.transaction(async (tx) => {
        const marked = await repo.markReminded(tx, batch.ledgerIds, now);
        if (marked.length === 0) return;
        const points = batch.lots.filter((lot) => marked.includes(lot.ledgerId)).reduce((sum, lot) => sum + lot.remaining, 0);
        await queueBuyerNotice(tx, {
          projectId: batch.projectId,
          buyerTgId: batch.buyerTgId,
          text: fillMessage(m.expiryReminder, { name: batch.projectName, expiry: expiryPhrase(points, batch.lots[0]!.expiresAt) }),
          shopButton: true,
          reference: `expiry-reminder:${Math.min(...marked)}`,
        });
        queued += 1;
      });
    }
    if (lots.length < BATCH) return queued;
  }
}

type LotToRemind = Awaited<ReturnType<typeof repo.findLotsToRemind>>[number];

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
