import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/connection.js';
import { mailingOptOuts } from '../../db/schema.js';

// Consent to a seller's advertising mailings (38-ФЗ ст. 18): a shopper's opt-out is the seller's,
// whichever of their bots it came through, and holds until the shopper opts back in.

export async function optOut(db: Executor, sellerId: number, buyerTgId: number): Promise<void> {
  await db.insert(mailingOptOuts).values({ userId: sellerId, buyerTgId }).onConflictDoNothing();
}

export async function optBackIn(db: Executor, sellerId: number, buyerTgId: number): Promise<void> {
  await db.delete(mailingOptOuts).where(and(eq(mailingOptOuts.userId, sellerId), eq(mailingOptOuts.buyerTgId, buyerTgId)));
}

export async function isOptedOut(db: Executor, sellerId: number, buyerTgId: number): Promise<boolean> {
  const [row] = await db
    .select({ at: mailingOptOuts.optedOutAt })
    .from(mailingOptOuts)
    .where(and(eq(mailingOptOuts.userId, sellerId), eq(mailingOptOuts.buyerTgId, buyerTgId)));
  return row !== undefined;
}

/**
 * Closes the mailing's recipients not yet sent who opted out of its seller's mailings, and counts
 * them on the mailing: when it is written, and again before each batch, so an opt-out pressed
 * under an earlier mailing stops the one going on.
 */
export async function skipOptedOutRecipients(db: Executor, mailingId: number): Promise<void> {
  await db.execute(sql`
    WITH skipped AS (
      UPDATE mailing_recipients r SET state = 'opted_out', claimed_until = NULL
        FROM mailings m, mailing_opt_outs o
       WHERE m.id = ${mailingId} AND r.mailing_id = m.id AND r.state = 'pending'
         AND o.user_id = m.user_id AND o.buyer_tg_id = r.chat_id
      RETURNING 1)
    UPDATE mailings SET opted_out = opted_out + (SELECT count(*) FROM skipped)
     WHERE id = ${mailingId} AND EXISTS (SELECT 1 FROM skipped)`);
}
