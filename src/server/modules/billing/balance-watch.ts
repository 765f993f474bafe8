import { sql } from 'drizzle-orm';
import { formatDays, formatRubles, kopecksToRubles } from '../../../contract/format.js';
import type { Db, Executor } from '../../db/connection.js';
import { rowsOf } from '../../db/rows.js';
import { balanceNotices } from '../../db/schema.js';
import { queueMail } from '../mail/outbox.js';
import { runningLowMail, suspendedMail } from '../mail/templates.js';
import { balanceOutlook, RATE_WINDOW_DAYS } from './balance-outlook.js';
import { readTierPrices } from './service.js';
import { receiptPriceKopecks } from './tiers.js';

export interface BalanceWatchDeps {
  db: Db;
  now: () => Date;
  publicUrl: string;
  onMailQueued: () => void;
}

interface WatchedSeller {
  id: number;
  name: string;
  email: string;
  balanceKopecks: number;
  scannedReceipts: number;
  windowFeesKopecks: number;
  suspendedAt: Date | null;
  runningLowAt: Date | null;
}

/**
 * Tells sellers with a running action, once per episode, that their actions stopped for lack of
 * balance, or that the balance lasts less than about three days at the last week's spending; a
 * recovered balance clears the episode so the next one is told again. The mail and the mark are
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
    const balance = formatRubles(kopecksToRubles(seller.balanceKopecks));
    const url = `${deps.publicUrl}/dashboard`;
    const mail =
      outlook.state === 'suspended' && !seller.suspendedAt
        ? suspendedMail({ to: seller.email, name: seller.name, url, balance, price: formatRubles(kopecksToRubles(nextReceiptKopecks)) })
        : outlook.state === 'running_low' && !seller.runningLowAt
          ? runningLowMail({
              to: seller.email,
              name: seller.name,
              url,
              balance,
              perDay: formatRubles(kopecksToRubles(outlook.perDayKopecks)),
              days: formatDays(outlook.daysLeft),
            })
          : null;
    // Each notice is marked while its condition lasts and cleared when it ends.
    const marks = {
      suspendedAt: outlook.state === 'suspended' ? (seller.suspendedAt ?? deps.now()) : null,
      runningLowAt: outlook.state === 'running_low' ? (seller.runningLowAt ?? deps.now()) : null,
    };
    const changed =
      marks.suspendedAt?.getTime() !== seller.suspendedAt?.getTime() || marks.runningLowAt?.getTime() !== seller.runningLowAt?.getTime();
    if (!mail && !changed) continue;
    await deps.db.transaction(async (tx: Executor) => {
      await tx
        .insert(balanceNotices)
        .values({ userId: seller.id, ...marks })
        .onConflictDoUpdate({ target: balanceNotices.userId, set: marks });
      if (mail) await queueMail(tx, mail);
    });
    if (mail) told += 1;
  }
  if (told > 0) deps.onMailQueued();
  return told;
}

/** Sellers with a live, active action: their balance, tier, the window's receipt fees (analytics' daily figures) and notices. */
async function listWatchedSellers(db: Executor, now: Date): Promise<WatchedSeller[]> {
  const result = await db.execute(sql`
    SELECT u.id, u.name, u.email, u.balance_kopecks, u.scanned_receipts, n.suspended_at, n.running_low_at,
           coalesce((SELECT sum(d.fee_kopecks) FROM analytics_daily d
                      WHERE d.user_id = u.id AND d.day > analytics_day(${now.toISOString()}::timestamptz) - ${RATE_WINDOW_DAYS}::int), 0) AS window_fees
      FROM users u
      LEFT JOIN balance_notices n ON n.user_id = u.id
     WHERE EXISTS (SELECT 1 FROM projects p WHERE p.user_id = u.id AND p.deleted_at IS NULL AND p.is_active)`);
  const date = (value: unknown) => (value === null || value === undefined ? null : new Date(value as string));
  return rowsOf<Record<string, unknown>>(result).map((row) => ({
    id: Number(row.id),
    name: String(row.name),
    email: String(row.email),
    balanceKopecks: Number(row.balance_kopecks),
    scannedReceipts: Number(row.scanned_receipts),
    windowFeesKopecks: Number(row.window_fees),
    suspendedAt: date(row.suspended_at),
    runningLowAt: date(row.running_low_at),
  }));
}
