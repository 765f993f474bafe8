import { sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/connection.js';
import { rowsOf } from '../../db/rows.js';
import { balanceNotices } from '../../db/schema.js';
import { actionSuspendedNotice, balanceLowNotice } from '../seller-notices/notices.js';
import { queueSellerNotice } from '../seller-notices/outbox.js';
import { balanceOutlook, RATE_WINDOW_DAYS } from './balance-outlook.js';
import { readTierPrices } from './service.js';
import { receiptPriceKopecks } from './tiers.js';

export interface BalanceWatchDeps {
  db: Db;
  now: () => Date;
  /** Wakes the delivery of seller notices. */
  onNoticesQueued: () => void;
}

interface WatchedSeller {
  id: number;
  balanceKopecks: number;
  scannedReceipts: number;
  windowFeesKopecks: number;
  suspendedAt: Date | null;
  runningLowAt: Date | null;
}

/**
 * Tells sellers with a running action, once per episode, that their actions stopped for lack of
 * balance, or that the balance lasts less than about three days at the last week's spending; a
 * recovered balance clears the episode so the next one is told again. The notice and the mark are
 * written in one transaction, so a crash never sends a notice twice or loses one.
 */
export async function watchBalances(deps: BalanceWatchDeps): Promise<number> {
  const [sellers, prices] = await Promise.all([listWatchedSellers(deps.db, deps.now()), readTierPrices(deps.db)]);
  let told = 0;
  for (const seller of sellers) {
    const nextReceiptKopecks = receiptPriceKopecks(seller.scannedReceipts, prices);
    const outlook = balanceOutlook({
      balanceKopecks: seller.balanceKopecks,
      nextReceiptKopecks,
      windowFeesKopecks: seller.windowFeesKopecks,
    });
    // Each notice is marked while its condition lasts and cleared when it ends; the mark's time names the episode.
    const marks = {
      suspendedAt: outlook.state === 'suspended' ? (seller.suspendedAt ?? deps.now()) : null,
      runningLowAt: outlook.state === 'running_low' ? (seller.runningLowAt ?? deps.now()) : null,
    };
    const notice =
      outlook.state === 'suspended' && !seller.suspendedAt
        ? actionSuspendedNotice({
            sellerId: seller.id,
            since: marks.suspendedAt!,
            balanceKopecks: seller.balanceKopecks,
            priceKopecks: nextReceiptKopecks,
          })
        : outlook.state === 'running_low' && !seller.runningLowAt
          ? balanceLowNotice({
              sellerId: seller.id,
              since: marks.runningLowAt!,
              balanceKopecks: seller.balanceKopecks,
              perDayKopecks: outlook.perDayKopecks,
              daysLeft: outlook.daysLeft,
            })
          : null;
    const changed =
      marks.suspendedAt?.getTime() !== seller.suspendedAt?.getTime() || marks.runningLowAt?.getTime() !== seller.runningLowAt?.getTime();
    if (!notice && !changed) continue;
    await deps.db.transaction(async (tx: Executor) => {
      await tx
        .insert(balanceNotices)
        .values({ userId: seller.id, ...marks })
        .onConflictDoUpdate({ target: balanceNotices.userId, set: marks });
      if (notice) await queueSellerNotice(tx, notice);
    });
    if (notice) told += 1;
  }
  if (told > 0) deps.onNoticesQueued();
  return told;
}

/** Sellers with a live, active action: their balance, tier, the window's receipt fees (analytics' daily figures) and notices. */
async function listWatchedSellers(db: Executor, now: Date): Promise<WatchedSeller[]> {
  const result = await db.execute(sql`
    SELECT u.id, u.balance_kopecks, u.scanned_receipts, n.suspended_at, n.running_low_at,
           coalesce((SELECT sum(d.fee_kopecks) FROM analytics_daily d
                      WHERE d.user_id = u.id AND d.day > analytics_day(${now.toISOString()}::timestamptz) - ${RATE_WINDOW_DAYS}::int), 0) AS window_fees
      FROM users u
      LEFT JOIN balance_notices n ON n.user_id = u.id
     WHERE EXISTS (SELECT 1 FROM projects p WHERE p.user_id = u.id AND p.deleted_at IS NULL AND p.is_active)`);
  const date = (value: unknown) => (value === null || value === undefined ? null : new Date(value as string));
  return rowsOf<Record<string, unknown>>(result).map((row) => ({
    id: Number(row.id),
    balanceKopecks: Number(row.balance_kopecks),
    scannedReceipts: Number(row.scanned_receipts),
    windowFeesKopecks: Number(row.window_fees),
    suspendedAt: date(row.suspended_at),
    runningLowAt: date(row.running_low_at),
  }));
}
