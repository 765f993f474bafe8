import { and, eq, isNull } from 'drizzle-orm';
import type { BuyerFlagKind } from '../../../contract/trust.js';
import type { Executor } from '../../db/connection.js';
import { projects } from '../../db/schema.js';
import { suspiciousShopperNotice } from '../seller-notices/notices.js';
import { queueSellerNotice } from '../seller-notices/outbox.js';

export interface RaisedFlag {
  sellerId: number;
  projectId: number;
  buyerTgId: string;
  kind: BuyerFlagKind;
}

/**
 * Called once per flag, in the transaction that raises it for the first time: the seller is told
 * (`suspicious_shopper`, by e-mail and Telegram as they chose) and finds the flag on the buyer
 * card and under «Подозрительные» in the Buyers list. Answers whether a notice was queued.
 */
export async function buyerFlagged(tx: Executor, flag: RaisedFlag): Promise<boolean> {
  const [action] = await tx
    .select({ name: projects.name })
    .from(projects)
    .where(and(eq(projects.id, flag.projectId), eq(projects.userId, flag.sellerId), isNull(projects.deletedAt)));
  if (!action) return false;
  return queueSellerNotice(
    tx,
    suspiciousShopperNotice({
      sellerId: flag.sellerId,
      actionId: flag.projectId,
      action: action.name,
      buyerTgId: flag.buyerTgId,
      kind: flag.kind,
    }),
  );
}
