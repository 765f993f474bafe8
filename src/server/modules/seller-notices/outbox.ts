import { sql } from 'drizzle-orm';
import type { SellerNoticeEvent } from '../../../contract/seller-notices.js';
import type { Executor } from '../../db/connection.js';
import type { OutboxTable } from '../../db/outbox.js';
import { rowsOf } from '../../db/rows.js';
import { sellerNotices } from '../../db/schema.js';

/** The job that delivers seller notices: a module that queued one wakes it after its commit. */
export const SELLER_NOTICES_JOB = 'seller-notices';

/**
 * One occurrence of an event, ready to tell: `subjectKey` names the occurrence (an order's id, an
 * episode's start, a day), so queueing it again is a no-op. The link is a cabinet path; the public
 * address is put before it when the notice is sent.
 */
export interface SellerNotice {
  sellerId: number;
  event: SellerNoticeEvent;
  subjectKey: string;
  title: string;
  lines: readonly string[];
  link: { label: string; path: string };
}

export const sellerNoticesOutbox: OutboxTable = {
  table: sellerNotices,
  key: [sellerNotices.id],
  status: sellerNotices.status,
  doneStatus: 'sent',
  attempts: sellerNotices.attempts,
  nextAttemptAt: sellerNotices.nextAttemptAt,
  lastError: sellerNotices.lastError,
};

/**
 * Queues a notice in the caller's transaction, a row per channel the seller has on now (e-mail
 * unless turned off; Telegram when linked and not turned off). The unique key (seller, event,
 * occurrence, channel) keeps a second queueing of the same occurrence out. Answers whether a row
 * was written (wake the job after commit). A channel turned off later drops the row at send time.
 */
export async function queueSellerNotice(db: Executor, notice: SellerNotice): Promise<boolean> {
  const result = await db.execute(sql`
    INSERT INTO seller_notices (user_id, event, subject_key, channel, title, lines, link_label, link_path)
    SELECT ${notice.sellerId}, ${notice.event}, ${notice.subjectKey}, c.channel, ${notice.title},
           ARRAY(SELECT jsonb_array_elements_text(${JSON.stringify(notice.lines)}::jsonb)), ${notice.link.label}, ${notice.link.path}
      FROM (VALUES ('email'), ('telegram')) AS c (channel)
      LEFT JOIN seller_notice_settings s ON s.user_id = ${notice.sellerId}
     WHERE (c.channel = 'email' AND NOT coalesce(${notice.event} = ANY (s.email_off), false))
        OR (c.channel = 'telegram' AND s.telegram_chat_id IS NOT NULL AND NOT ${notice.event} = ANY (s.telegram_off))
    ON CONFLICT (user_id, event, subject_key, channel) DO NOTHING
    RETURNING id`);
  return rowsOf(result).length > 0;
}

/** Whether the occurrence is queued already (in any channel): lets a detector skip working out its figures again. */
export async function isSellerNoticeQueued(
  db: Executor,
  notice: Pick<SellerNotice, 'sellerId' | 'event' | 'subjectKey'>,
): Promise<boolean> {
  const result = await db.execute(sql`
    SELECT 1 FROM seller_notices
     WHERE user_id = ${notice.sellerId} AND event = ${notice.event} AND subject_key = ${notice.subjectKey}
     LIMIT 1`);
  return rowsOf(result).length > 0;
}
