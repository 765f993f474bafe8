import { and, eq, ne, sql } from 'drizzle-orm';
import type { ReferralRefusal } from '../../../contract/referral.js';
import type { Executor } from '../../db/connection.js';
import { referralCodes, referralInvitations } from '../../db/schema.js';
import { rowsOf } from '../../db/rows.js';

/** The shopper's code in the action: the one kept, or `fresh` stored now (a parallel press keeps the first). */
export async function ensureCode(db: Executor, projectId: number, buyerTgId: string, fresh: string, now: Date): Promise<string> {
  await db.insert(referralCodes).values({ projectId, buyerTgId, code: fresh, createdAt: now }).onConflictDoNothing();
  const [row] = await db
    .select({ code: referralCodes.code })
    .from(referralCodes)
    .where(and(eq(referralCodes.projectId, projectId), eq(referralCodes.buyerTgId, buyerTgId)));
  return row!.code;
}

/** Whose code this is in the action (undefined: no such code there). */
export async function findInviter(db: Executor, projectId: number, code: string): Promise<string | undefined> {
  const [row] = await db
    .select({ buyerTgId: referralCodes.buyerTgId })
    .from(referralCodes)
    .where(and(eq(referralCodes.projectId, projectId), eq(referralCodes.code, code)));
  return row?.buyerTgId;
}

/** The friend's invitation that counts (joined or rewarded), if any: the first link that was not refused. */
export async function findLiveInvitation(db: Executor, projectId: number, friendTgId: string) {
  const [row] = await db
    .select({ id: referralInvitations.id, inviterTgId: referralInvitations.inviterTgId, status: referralInvitations.status })
    .from(referralInvitations)
    .where(
      and(
        eq(referralInvitations.projectId, projectId),
        eq(referralInvitations.friendTgId, friendTgId),
        ne(referralInvitations.status, 'refused'),
      ),
    );
  return row;
}

/**
 * Whether the person met the action before this update: an earlier update of theirs to the
 * action's bot (any bot the action had), or a receipt in the action (the Mini App, POST /check).
 */
export async function metBefore(db: Executor, projectId: number, buyerTgId: string, current: { botId: number; updateId: number }) {
  const result = await db.execute(sql`
    SELECT EXISTS (
             SELECT 1 FROM bot_updates
              WHERE project_id = ${projectId}
                AND coalesce(payload #>> '{message,from,id}', payload #>> '{callback_query,from,id}') = ${buyerTgId}
                AND (bot_id <> ${current.botId} OR update_id < ${current.updateId}))
        OR EXISTS (SELECT 1 FROM receipts WHERE project_id = ${projectId} AND buyer_tg_id = ${buyerTgId}) AS met`);
  return Boolean(rowsOf<{ met: boolean }>(result)[0]?.met);
}

export interface NewInvitation {
  projectId: number;
  inviterTgId: string;
  friendTgId: string;
  sourceUpdate: string;
  now: Date;
}

/**
 * Records a joined invitation. False when the friend already has one that counts (a second link
 * opened at the same moment lost) or this update was recorded before (a redelivery).
 */
export async function insertJoined(db: Executor, invitation: NewInvitation): Promise<boolean> {
  const rows = await db
    .insert(referralInvitations)
    .values({ ...invitationValues(invitation), status: 'joined' })
    .onConflictDoNothing()
    .returning({ id: referralInvitations.id });
  return rows.length > 0;
}

/** Records a refused invitation with its reason (once per update). */
export async function insertRefused(db: Executor, invitation: NewInvitation, refusal: ReferralRefusal): Promise<void> {
  await db
    .insert(referralInvitations)
    .values({ ...invitationValues(invitation), status: 'refused', refusal, decidedAt: invitation.now })
    .onConflictDoNothing();
}

function invitationValues({ projectId, inviterTgId, friendTgId, sourceUpdate, now }: NewInvitation) {
  return { projectId, inviterTgId, friendTgId, sourceUpdate, joinedAt: now };
}

/** The friend's joined invitation, locked until the transaction ends, so one award decides it once. */
export async function lockJoined(tx: Executor, projectId: number, friendTgId: string) {
  const [row] = await tx
    .select({ id: referralInvitations.id, inviterTgId: referralInvitations.inviterTgId })
    .from(referralInvitations)
    .where(
      and(
        eq(referralInvitations.projectId, projectId),
        eq(referralInvitations.friendTgId, friendTgId),
        eq(referralInvitations.status, 'joined'),
      ),
    )
    .for('update');
  return row;
}

/** Whether `receiptId` is the buyer's first successful receipt in the action. */
export async function isFirstSuccess(tx: Executor, projectId: number, buyerTgId: string, receiptId: number): Promise<boolean> {
  const result = await tx.execute(sql`
    SELECT NOT EXISTS (SELECT 1 FROM receipts
                        WHERE project_id = ${projectId} AND buyer_tg_id = ${buyerTgId} AND status = 'success' AND id < ${receiptId}) AS first`);
  return Boolean(rowsOf<{ first: boolean }>(result)[0]?.first);
}

/**
 * How many of the inviter's invitations were rewarded this Moscow calendar month. Locks the
 * inviter's code row first, so two friends' first receipts at once count one after the other.
 */
export async function countRewardedThisMonth(tx: Executor, projectId: number, inviterTgId: string, now: Date): Promise<number> {
  await tx.execute(sql`SELECT 1 FROM referral_codes WHERE project_id = ${projectId} AND buyer_tg_id = ${inviterTgId} FOR UPDATE`);
  const result = await tx.execute(sql`
    SELECT count(*) AS rewarded FROM referral_invitations
     WHERE project_id = ${projectId} AND inviter_tg_id = ${inviterTgId} AND status = 'rewarded'
       AND decided_at >= date_trunc('month', ${now.toISOString()}::timestamptz AT TIME ZONE 'Europe/Moscow') AT TIME ZONE 'Europe/Moscow'`);
  return Number(rowsOf<{ rewarded: string | number }>(result)[0]?.rewarded ?? 0);
}

export async function decide(
  tx: Executor,
  id: number,
  decision: { status: 'rewarded'; receiptId: number } | { status: 'refused'; refusal: ReferralRefusal; receiptId: number },
  now: Date,
): Promise<void> {
  await tx
    .update(referralInvitations)
    .set({
      status: decision.status,
      refusal: decision.status === 'refused' ? decision.refusal : null,
      receiptId: decision.receiptId,
      decidedAt: now,
    })
    .where(eq(referralInvitations.id, id));
}

export async function buyerName(db: Executor, buyerTgId: string): Promise<{ firstName: string | null; username: string | null }> {
  const result = await db.execute(sql`SELECT first_name, username FROM telegram_buyers WHERE buyer_tg_id = ${buyerTgId}`);
  const row = rowsOf<{ first_name: string | null; username: string | null }>(result)[0];
  return { firstName: row?.first_name ?? null, username: row?.username ?? null };
}
