import { sql } from 'drizzle-orm';
import type { Db } from '../../db/connection.js';
import { rowsOf } from '../../db/rows.js';
import { settingPriceKopecks } from '../billing/service.js';
import { subscriptionEndingNotice } from '../seller-notices/notices.js';
import { queueSellerNotice } from '../seller-notices/outbox.js';

/** How long before its end date a seller hears that an automatic renewal will not be covered. */
export const RENEWAL_WARNING_DAYS = 3;

export interface RenewalWarningDeps {
  db: Db;
  now: () => Date;
  /** Wakes the delivery of seller notices (the ended actions' and these warnings). */
  onNoticesQueued: () => void;
}

/**
 * Tells the seller (`subscription_ending`), once per period, that an action set to renew
 * automatically ends within three days and the balance does not cover its renewal. The mark (the
 * end date warned about) and the notice are one transaction, so a crash never sends the warning twice or loses it; a renewal
 * moves the end date, so the next period is warned about afresh.
 */
export async function warnUncoveredRenewals(deps: RenewalWarningDeps): Promise<number> {
  const now = deps.now();
  const price = await settingPriceKopecks(deps.db, 'project_subscription_price');
  if (price === 0) return 0;
  const due = rowsOf<{ id: number; name: string; end: string | Date; seller_id: number; balance: string | number }>(
    await deps.db.execute(sql`
      SELECT p.id, p.name, p.subscription_end_date AS end, u.id AS seller_id, u.balance_kopecks AS balance
        FROM projects p JOIN users u ON u.id = p.user_id
       WHERE p.is_active AND p.auto_renew AND p.deleted_at IS NULL
         AND p.subscription_end_date > ${now.toISOString()}::timestamptz
         AND p.subscription_end_date <= ${now.toISOString()}::timestamptz + ${RENEWAL_WARNING_DAYS} * interval '1 day'
         AND p.renewal_warned_for IS DISTINCT FROM p.subscription_end_date
         AND u.balance_kopecks < ${price}`),
  );
  let told = 0;
  for (const action of due) {
    const end = new Date(action.end);
    await deps.db.transaction(async (tx) => {
      const marked = rowsOf(
        await tx.execute(sql`
          UPDATE projects SET renewal_warned_for = subscription_end_date
           WHERE id = ${action.id} AND renewal_warned_for IS DISTINCT FROM subscription_end_date RETURNING id`),
      );
      if (marked.length === 0) return;
      await queueSellerNotice(
        tx,
        subscriptionEndingNotice({
          sellerId: Number(action.seller_id),
          actionId: action.id,
          action: action.name,
          end,
          priceKopecks: price,
          balanceKopecks: Number(action.balance),
        }),
      );
      told += 1;
    });
  }
  if (told > 0) deps.onNoticesQueued();
  return told;
}
