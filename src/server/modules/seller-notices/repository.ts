import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { SellerNoticeEvent } from '../../../contract/seller-notices.js';
import type { Executor } from '../../db/connection.js';
import { rowsOf } from '../../db/rows.js';
import { sellerNoticeBot, sellerNoticeSettings, sellerTelegramLinkCodes, users } from '../../db/schema.js';
import type { DigestFigures } from './notices.js';

export interface StoredNoticeSettings {
  emailOff: SellerNoticeEvent[];
  telegramOff: SellerNoticeEvent[];
  telegramChatId: number | null;
  telegramUsername: string | null;
}

const NO_SETTINGS: StoredNoticeSettings = { emailOff: [], telegramOff: [], telegramChatId: null, telegramUsername: null };

export async function readNoticeSettings(db: Executor, sellerId: number): Promise<StoredNoticeSettings> {
  const [row] = await db
    .select({
      emailOff: sellerNoticeSettings.emailOff,
      telegramOff: sellerNoticeSettings.telegramOff,
      telegramChatId: sellerNoticeSettings.telegramChatId,
      telegramUsername: sellerNoticeSettings.telegramUsername,
    })
    .from(sellerNoticeSettings)
    .where(eq(sellerNoticeSettings.userId, sellerId));
  return row ?? NO_SETTINGS;
}

export async function writeSwitches(
  db: Executor,
  sellerId: number,
  off: { emailOff: SellerNoticeEvent[]; telegramOff: SellerNoticeEvent[] },
): Promise<void> {
  await db
    .insert(sellerNoticeSettings)
    .values({ userId: sellerId, ...off })
    .onConflictDoUpdate({ target: sellerNoticeSettings.userId, set: off });
}

export async function linkTelegramChat(
  db: Executor,
  sellerId: number,
  chat: { chatId: number; username: string | null; at: Date },
): Promise<void> {
  const linked = { telegramChatId: chat.chatId, telegramUsername: chat.username, telegramLinkedAt: chat.at };
  await db
    .insert(sellerNoticeSettings)
    .values({ userId: sellerId, ...linked })
    .onConflictDoUpdate({ target: sellerNoticeSettings.userId, set: linked });
}

/** Every seller linked to the chat loses it (/stop, or the chat blocked the bot). Answers how many. */
export async function unlinkTelegramChat(db: Executor, chatId: number): Promise<number> {
  const result = await db
    .update(sellerNoticeSettings)
    .set({ telegramChatId: null, telegramUsername: null, telegramLinkedAt: null })
    .where(eq(sellerNoticeSettings.telegramChatId, chatId))
    .returning({ userId: sellerNoticeSettings.userId });
  return result.length;
}

/** A new code replaces the seller's earlier ones: only the last link shown works. */
export async function storeLinkCode(db: Executor, sellerId: number, codeHash: string, expiresAt: Date): Promise<void> {
  await db.delete(sellerTelegramLinkCodes).where(eq(sellerTelegramLinkCodes.userId, sellerId));
  await db.insert(sellerTelegramLinkCodes).values({ codeHash, userId: sellerId, expiresAt });
}

/** Uses the code once: answers its seller (with the e-mail the bot names), or null when unknown, used or expired. */
export async function consumeLinkCode(db: Executor, codeHash: string, now: Date): Promise<{ sellerId: number; email: string } | null> {
  const [used] = await db
    .update(sellerTelegramLinkCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(sellerTelegramLinkCodes.codeHash, codeHash),
        isNull(sellerTelegramLinkCodes.usedAt),
        gt(sellerTelegramLinkCodes.expiresAt, now),
      ),
    )
    .returning({ sellerId: sellerTelegramLinkCodes.userId });
  if (!used) return null;
  const [seller] = await db.select({ email: users.email }).from(users).where(eq(users.id, used.sellerId));
  return seller ? { sellerId: used.sellerId, email: seller.email } : null;
}

/** The operator's notification bot (or the demo's); `username` is null for the demo's bot (its link is the demo chat). */
export interface NotifyBot {
  token: string;
  username: string | null;
}

/** The bot the operator set (`notify_bot_token`), null when none. */
export async function readStoredNotifyBot(db: Executor): Promise<NotifyBot | null> {
  const [row] = await db
    .select({ token: sellerNoticeBot.token, username: sellerNoticeBot.username })
    .from(sellerNoticeBot)
    .where(eq(sellerNoticeBot.id, 1));
  return row?.token ? { token: row.token, username: row.username } : null;
}

/** A new bot starts its update stream afresh. */
export async function writeNotifyBot(db: Executor, bot: NotifyBot | null): Promise<void> {
  const values = { token: bot?.token ?? null, username: bot?.username ?? null, updateOffset: 0 };
  await db
    .insert(sellerNoticeBot)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: sellerNoticeBot.id, set: values });
}

/**
 * Takes the bot's update stream for `leaseMs` (real time): instances never read the same updates at
 * once, and a dead instance's lease runs out. Null when another instance holds it.
 */
export async function leaseNotifyBotStream(db: Executor, leaseMs: number): Promise<{ updateOffset: number } | null> {
  // The demo's bot has no stored token, but its stream has a place too.
  await db.insert(sellerNoticeBot).values({ id: 1 }).onConflictDoNothing();
  const [row] = rowsOf<{ update_offset: string | number }>(
    await db.execute(sql`
      UPDATE seller_notice_bot SET polled_until = now() + ${leaseMs} * interval '1 millisecond'
       WHERE id = 1 AND (polled_until IS NULL OR polled_until < now())
      RETURNING update_offset`),
  );
  return row ? { updateOffset: Number(row.update_offset) } : null;
}

export async function releaseNotifyBotStream(db: Executor): Promise<void> {
  await db.update(sellerNoticeBot).set({ polledUntil: null }).where(eq(sellerNoticeBot.id, 1));
}

export async function storeUpdateOffset(db: Executor, updateOffset: number): Promise<void> {
  await db.update(sellerNoticeBot).set({ updateOffset }).where(eq(sellerNoticeBot.id, 1));
}

/** Who a notice goes to, read at send time: a changed e-mail or a channel turned off since queueing counts. */
export async function readRecipient(
  db: Executor,
  sellerId: number,
): Promise<{ name: string; email: string; settings: StoredNoticeSettings } | null> {
  const [seller] = await db.select({ name: users.name, email: users.email }).from(users).where(eq(users.id, sellerId));
  return seller ? { ...seller, settings: await readNoticeSettings(db, sellerId) } : null;
}

/**
 * A Moscow day's figures per seller, from the analytics' per-day aggregates (db/functions/
 * analytics_catch_up.sql), one query for every seller: only sellers with a receipt that day, who
 * have the digest on in some channel, and whose digest of the day is not queued yet.
 */
export async function readDigestFigures(db: Executor, day: string): Promise<DigestFigures[]> {
  const rows = rowsOf<{
    user_id: number;
    accepted: string | number;
    refused: string | number;
    new_buyers: string | number;
    points: string | number;
    fee_kopecks: string | number;
  }>(
    await db.execute(sql`
      SELECT d.user_id,
             coalesce(sum(d.receipts) FILTER (WHERE d.status = 'success'), 0) AS accepted,
             coalesce(sum(d.receipts) FILTER (WHERE d.status <> 'success'), 0) AS refused,
             sum(d.new_buyers) AS new_buyers, sum(d.points_awarded) AS points, sum(d.fee_kopecks) AS fee_kopecks
        FROM analytics_daily d
        LEFT JOIN seller_notice_settings s ON s.user_id = d.user_id
       WHERE d.day = ${day}
         AND (NOT coalesce('daily_digest' = ANY (s.email_off), false)
              OR (s.telegram_chat_id IS NOT NULL AND NOT 'daily_digest' = ANY (s.telegram_off)))
         AND NOT EXISTS (SELECT 1 FROM seller_notices n
                          WHERE n.user_id = d.user_id AND n.event = 'daily_digest' AND n.subject_key = ${day})
       GROUP BY d.user_id
      HAVING sum(d.receipts) > 0
       ORDER BY d.user_id`),
  );
  return rows.map((row) => ({
    sellerId: Number(row.user_id),
    day,
    accepted: Number(row.accepted),
    refused: Number(row.refused),
    newBuyers: Number(row.new_buyers),
    points: Number(row.points),
    feeKopecks: Number(row.fee_kopecks),
  }));
}
