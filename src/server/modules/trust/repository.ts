import { and, asc, eq, sql } from 'drizzle-orm';
import type { BuyerFlagKind } from '../../../contract/trust.js';
import { OTHERS_RECEIPTS_TO_FLAG } from '../../../contract/trust.js';
import type { Executor } from '../../db/connection.js';
import { rowsOf } from '../../db/rows.js';
import { buyerBlocks, buyerFlags, users } from '../../db/schema.js';

// Shoppers' blocks and flags in an action: the seller's blocks (written from the buyer card) and
// the check's flags. Every function here starts from an action already known to be the caller's.

/** Whether the seller blocked the shopper in the action: every path that gives points asks it. */
export async function isBuyerBlocked(db: Executor, projectId: number, buyerTgId: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(buyerBlocks)
    .where(and(eq(buyerBlocks.projectId, projectId), eq(buyerBlocks.buyerTgId, buyerTgId)))
    .limit(1);
  return row !== undefined;
}

export interface StoredBlock {
  reason: string;
  /** The seller's name, else their e-mail. */
  blockedBy: string;
  blockedAt: Date;
}

export async function findBlock(db: Executor, projectId: number, buyerTgId: string): Promise<StoredBlock | undefined> {
  const [row] = await db
    .select({
      reason: buyerBlocks.reason,
      blockedBy: sql<string>`coalesce(nullif(btrim(${users.name}), ''), ${users.email})`,
      blockedAt: buyerBlocks.blockedAt,
    })
    .from(buyerBlocks)
    .innerJoin(users, eq(users.id, buyerBlocks.blockedBy))
    .where(and(eq(buyerBlocks.projectId, projectId), eq(buyerBlocks.buyerTgId, buyerTgId)));
  return row;
}

/**
 * Blocks the shopper, or for a shopper blocked already replaces the reason and who set it,
 * keeping when the block began. Answers whether the block is new.
 */
export async function saveBlock(
  db: Executor,
  block: { projectId: number; buyerTgId: string; reason: string; sellerId: number; at: Date },
): Promise<boolean> {
  const [row] = await db
    .insert(buyerBlocks)
    .values({
      projectId: block.projectId,
      buyerTgId: block.buyerTgId,
      reason: block.reason,
      blockedBy: block.sellerId,
      blockedAt: block.at,
    })
    .onConflictDoUpdate({
      target: [buyerBlocks.projectId, buyerBlocks.buyerTgId],
      set: { reason: block.reason, blockedBy: block.sellerId },
    })
    // A row the statement inserted has no deleting transaction yet; an updated one has this one's.
    .returning({ created: sql<boolean>`xmax = 0` });
  return row!.created;
}

/** Lifts the block; answers false when there was none. */
export async function removeBlock(db: Executor, projectId: number, buyerTgId: string): Promise<boolean> {
  const removed = await db
    .delete(buyerBlocks)
    .where(and(eq(buyerBlocks.projectId, projectId), eq(buyerBlocks.buyerTgId, buyerTgId)))
    .returning({ projectId: buyerBlocks.projectId });
  return removed.length > 0;
}

export async function readFlags(db: Executor, projectId: number, buyerTgId: string) {
  return db
    .select({ kind: buyerFlags.kind, flaggedAt: buyerFlags.flaggedAt, detail: buyerFlags.detail })
    .from(buyerFlags)
    .where(and(eq(buyerFlags.projectId, projectId), eq(buyerFlags.buyerTgId, buyerTgId)))
    .orderBy(asc(buyerFlags.flaggedAt), asc(buyerFlags.kind));
}

export interface DueFlag {
  kind: BuyerFlagKind;
  detail: string;
}

/**
 * Raises the flags a check found due, one statement: `many_per_hour` as it is (the check's read
 * saw the burst), `others_receipts` once the shopper's receipts refused as other shoppers'
 * earned ones reach OTHERS_RECEIPTS_TO_FLAG. A flag raised before stays as it was. Answers the
 * kinds raised now, for the first time.
 */
export async function raiseFlags(
  db: Executor,
  scope: { projectId: number; buyerTgId: string; at: Date },
  due: readonly DueFlag[],
): Promise<BuyerFlagKind[]> {
  const { projectId, buyerTgId } = scope;
  const candidates = sql.join(
    due.map(({ kind, detail }) => {
      const reached =
        kind === 'others_receipts'
          ? sql`(SELECT count(*) FROM receipts r
                  WHERE r.project_id = ${projectId} AND r.buyer_tg_id = ${buyerTgId} AND r.status = 'already_scanned'
                    AND EXISTS (SELECT 1 FROM receipts earned
                                 WHERE earned.project_id = r.project_id AND earned.fn = r.fn AND earned.fd = r.fd AND earned.fp = r.fp
                                   AND earned.status = 'success' AND earned.buyer_tg_id <> r.buyer_tg_id)) >= ${OTHERS_RECEIPTS_TO_FLAG}`
          : sql`TRUE`;
      return sql`SELECT ${kind}::text AS kind, ${detail}::text AS detail WHERE ${reached}`;
    }),
    sql` UNION ALL `,
  );
  const result = await db.execute(sql`
    INSERT INTO buyer_flags (project_id, buyer_tg_id, kind, flagged_at, detail)
    SELECT ${projectId}::int, ${buyerTgId}, due.kind, ${scope.at.toISOString()}::timestamptz, due.detail FROM (${candidates}) AS due
    ON CONFLICT DO NOTHING
    RETURNING kind`);
  return rowsOf<{ kind: BuyerFlagKind }>(result).map((row) => row.kind);
}
