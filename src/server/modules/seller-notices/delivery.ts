import { sql } from 'drizzle-orm';
import { fillMessage, messages } from '../../../contract/messages.js';
import type { Db } from '../../db/connection.js';
import { claimDue, CLAIM_LEASE_MS, nextDueAt, outboxRetry, renewClaims } from '../../db/outbox.js';
import { deliverClaimed, finishOutboxRow, NotDeliverable } from '../../db/outbox-pass.js';
import { sellerNotices } from '../../db/schema.js';
import type { TelegramClient } from '../../integrations/telegram/client.js';
import { TelegramError } from '../../integrations/telegram/errors.js';
import { chatPacer } from '../../integrations/telegram/chat-pacing.js';
import { queueMail } from '../mail/outbox.js';
import { composeMail } from '../mail/templates.js';
import { sellerNoticesOutbox } from './outbox.js';
import { readRecipient, unlinkTelegramChat } from './repository.js';
import { notifyBotOf } from './service.js';

export interface NoticeDeliveryDeps {
  db: Db;
  /** Demo mode: the demo's notification bot stands in for an unset `notify_bot_token`. */
  demo: boolean;
  telegram: Pick<TelegramClient, 'sendMessage'>;
  publicUrl: string;
  retryBaseMs: number;
  onMailQueued: () => void;
  log: { warn(data: object, message: string): void; info(data: object, message: string): void };
}

interface ClaimedNotice {
  id: string | number;
  user_id: number;
  event: string;
  channel: 'email' | 'telegram';
  title: string;
  lines: string[];
  link_label: string;
  link_path: string;
  attempts: number;
}

const BATCH = 20;

/**
 * Sends due notices. The seller's choice is read again at send time: a channel turned off, or a
 * Telegram unlinked, since the notice was queued drops it (`dropped`). An e-mail is handed to the
 * mail outbox in the same transaction that marks the notice sent (the mail job sends it with its
 * own retries); a Telegram message is sent by the notification bot, and a chat that blocked the bot
 * (403) is unlinked from every seller and the notice given up with the reason kept.
 */
export async function deliverDueNotices(deps: NoticeDeliveryDeps): Promise<number> {
  const claimed = await claimDue<ClaimedNotice>(deps.db, sellerNoticesOutbox, {
    limit: BATCH,
    leaseMs: CLAIM_LEASE_MS,
    orderBy: [sellerNotices.id],
    returning: [
      sellerNotices.id,
      sellerNotices.userId,
      sellerNotices.event,
      sellerNotices.channel,
      sellerNotices.title,
      sellerNotices.lines,
      sellerNotices.linkLabel,
      sellerNotices.linkPath,
      sellerNotices.attempts,
    ],
  });
  let mailed = false;
  const rowOf = (notice: ClaimedNotice) => sql`${sellerNotices.id} = ${Number(notice.id)}`;
  const handled = await deliverClaimed(claimed, {
    send: async (notice) => {
      const recipient = await readRecipient(deps.db, notice.user_id);
      const off = notice.channel === 'email' ? recipient?.settings.emailOff : recipient?.settings.telegramOff;
      const chatId = recipient?.settings.telegramChatId ?? null;
      if (!recipient || off?.includes(notice.event as never) || (notice.channel === 'telegram' && chatId === null)) {
        await deps.db.execute(sql`UPDATE seller_notices SET status = 'dropped' WHERE ${rowOf(notice)} AND status = 'pending'`);
        return;
      }
      const url = `${deps.publicUrl}${notice.link_path}`;
      if (notice.channel === 'email') {
        const mail = composeMail({
          to: recipient.email,
          subject: notice.title,
          before: [fillMessage(messages.mail.greeting, { name: recipient.name }), ...notice.lines],
          link: { label: notice.link_label, url },
          after: [],
        });
        await deps.db.transaction(async (tx) => {
          await queueMail(tx, mail);
          await tx.execute(sql`UPDATE seller_notices SET status = 'sent', sent_at = now() WHERE ${rowOf(notice)}`);
        });
        mailed = true;
        return;
      }
      await sendToTelegram(deps, chatId!, `${[notice.title, ...notice.lines].join('\n\n')}\n\n${notice.link_label}: ${url}`);
    },
    // A dropped or mailed notice is already marked; only a pending one changes here.
    finish: (notice, outcome) =>
      finishOutboxRow(deps.db, sellerNoticesOutbox, sql`${rowOf(notice)} AND status = 'pending'`, outcome, sql`sent_at = now()`),
    isFinal: (error) => error instanceof TelegramError && (error.kind === 'bad_request' || error.kind === 'chat_not_found'),
    retry: outboxRetry(deps.retryBaseMs),
    warn: (notice, error, giveUp) =>
      deps.log.warn(
        { noticeId: Number(notice.id), channel: notice.channel, attempts: notice.attempts, error, giveUp },
        'seller notice not sent',
      ),
    renew: (open) =>
      renewClaims(
        deps.db,
        sellerNoticesOutbox,
        open.map((notice) => Number(notice.id)),
        CLAIM_LEASE_MS,
      ),
    renewFailed: (error) => deps.log.warn({ err: error }, 'could not renew the claims of seller notices being sent'),
  });
  if (mailed) deps.onMailQueued();
  return handled;
}

async function sendToTelegram(deps: NoticeDeliveryDeps, chatId: number, text: string): Promise<void> {
  const bot = await notifyBotOf(deps.db, deps.demo);
  if (!bot) throw new NotDeliverable('the notification bot is not set up (notify_bot_token)');
  try {
    // A second apart per chat, as Telegram allows: several notices due at once (a restart, a busy
    // morning) would otherwise meet 429s and wait out growing retries.
    await chatPacer.paced(bot.token, chatId, () => deps.telegram.sendMessage(bot.token, { chat_id: chatId, text }));
  } catch (error) {
    if (error instanceof TelegramError && error.kind === 'blocked') {
      const unlinked = await unlinkTelegramChat(deps.db, chatId);
      deps.log.info({ chatId, unlinked }, 'a chat blocked the notification bot: unlinked');
      throw new NotDeliverable(`the chat blocked the notification bot and was unlinked: ${error.description}`);
    }
    throw error;
  }
}

export async function nextNoticeDueAt(db: Db): Promise<Date | null> {
  return nextDueAt(db, sellerNoticesOutbox);
}
