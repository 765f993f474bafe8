import type { Db } from '../../db/connection.js';
import { CLAIM_LEASE_MS, outboxRetry } from '../../db/outbox.js';
import { deliverClaimed, NotDeliverable } from '../../db/outbox-pass.js';
import type { PhotoSource, ReplyMarkup, TelegramClient } from '../../integrations/telegram/client.js';
import type { GuideAttachment } from '../../db/schema.js';
import { neverStarted, TelegramError } from '../../integrations/telegram/errors.js';
import { messages } from '../../../contract/messages.js';
import { chatPacer } from '../../integrations/telegram/chat-pacing.js';
import { expiryReminderText } from '../points/expiry.js';
import { shopBotTokens } from './shop-bots.js';
import { shopUrl } from './setup.js';
import * as repo from '../notices/repository.js';

export interface NoticeDeps {
  db: Db;
  telegram: Pick<TelegramClient, 'sendMessage' | 'sendDocument' | 'sendVideo'>;
  publicUrl: string;
  /** Web App buttons need an HTTPS address in Telegram (the emulator takes any). */
  webAppButtons: boolean;
  retryBaseMs: number;
  log: { warn(data: object, message: string): void };
}

/**
 * Notices claimed at once: a few seconds of one bot's sends at Telegram's 30 a second, each batch
 * three statements however many it carries (the claim, its actions' bots, the outcomes).
 */
const BATCH = 100;
/** Due notices of actions with no bot given up per statement (a draw's or a reminder day's thousands). */
const WITHOUT_BOT_BATCH = 10_000;
const NO_BOT = 'the action has no Telegram bot';

/**
 * Sends due notices through the action's bots (its own first, then the shop's and the seller's
 * mailing bot, whichever the shopper has started). A shopper who started none of them, blocked
 * the bot, or an action without a bot is final; an outage or a rate limit is retried with
 * doubling waits, never dropped silently. The due notices of an action with no bot at all are
 * given up together, without a try each.
 */
export async function deliverBuyerNotices(deps: NoticeDeps, batch = BATCH): Promise<number> {
  const claimed = await repo.claimDueNotices(deps.db, batch, CLAIM_LEASE_MS);
  const targets = await repo.findNoticeTargets(deps.db, [...new Set(claimed.map((notice) => notice.projectId))]);
  const withoutBot = [...targets].filter(([, target]) => shopBotTokens(target).length === 0).map(([projectId]) => projectId);
  const unreachable = claimed.filter((notice) => withoutBot.includes(notice.projectId));
  const givenUp = await repo.giveUpNoticesOf(deps.db, {
    projectIds: withoutBot,
    claimedIds: unreachable.map((notice) => notice.id),
    limit: WITHOUT_BOT_BATCH,
    reason: NO_BOT,
  });
  if (givenUp > 0) deps.log.warn({ projectIds: withoutBot, notices: givenUp }, 'buyer notices given up: the action has no Telegram bot');
  const reachable = claimed.filter((notice) => !withoutBot.includes(notice.projectId));
  const delivered = await deliverClaimed(reachable, {
    send: (notice) => send(deps, targets.get(notice.projectId), notice),
    finishAll: (outcomes) =>
      repo.finishNotices(
        deps.db,
        outcomes.map(({ item, outcome }) => ({ id: item.id, outcome })),
      ),
    isFinal: (error) => error instanceof TelegramError && !['rate_limited', 'server', 'network'].includes(error.kind),
    retry: outboxRetry(deps.retryBaseMs),
    warn: (notice, error, giveUp) =>
      deps.log.warn({ noticeId: notice.id, attempts: notice.attempts, error, giveUp }, 'buyer notice failed'),
    renew: (open) =>
      repo.renewNoticeClaims(
        deps.db,
        open.map((notice) => notice.id),
      ),
    renewFailed: (error) => deps.log.warn({ err: error }, 'could not renew the claims of buyer notices being sent'),
  });
  return delivered + givenUp;
}

async function send(
  deps: NoticeDeps,
  target: repo.NoticeTarget | undefined,
  notice: Awaited<ReturnType<typeof repo.claimDueNotices>>[number],
): Promise<void> {
  if (!target) throw new NotDeliverable('the action is gone');
  // A shared contact comes back to the bot that asked: only the action's own bot may ask.
  const tokens = notice.contactButton ? [target.actionBotToken].filter((token): token is string => Boolean(token)) : shopBotTokens(target);
  if (tokens.length === 0) throw new NotDeliverable(NO_BOT);
  const shop = notice.shopButton && deps.webAppButtons && target.shopToken ? shopUrl(deps.publicUrl, target.shopToken) : null;
  const replyMarkup: ReplyMarkup | undefined = notice.contactButton
    ? {
        keyboard: [[{ text: messages.buyerPhone.shareButton, request_contact: true }], [{ text: messages.bot.balanceButton }]],
        resize_keyboard: true,
        one_time_keyboard: true,
      }
    : shop
      ? { inline_keyboard: [[{ text: messages.bot.shopButton, web_app: { url: shop } }]] }
      : undefined;
  const file = notice.attachment && (await guideFileSource(deps.db, notice.attachment));
  const text = noticeText(notice, target);
  for (const [index, token] of tokens.entries()) {
    try {
      await chatPacer.paced(token, notice.buyerTgId, () => {
        if (!file)
          return deps.telegram.sendMessage(token, {
            chat_id: notice.buyerTgId,
            text,
            ...(replyMarkup && { reply_markup: replyMarkup }),
          });
        const input = { chat_id: notice.buyerTgId, file, caption: text };
        return notice.attachment!.kind === 'pdf' ? deps.telegram.sendDocument(token, input) : deps.telegram.sendVideo(token, input);
      });
      return;
    } catch (error) {
      // The shopper may know only another of the action's bots: Telegram refuses a bot they never started.
      if (!(error instanceof TelegramError && neverStarted(error)) || index === tokens.length - 1) throw error;
    }
  }
}

/** What the notice says: its own text, or an expiry reminder's written now from its points and date. */
function noticeText(notice: Awaited<ReturnType<typeof repo.claimDueNotices>>[number], target: repo.NoticeTarget): string {
  // The table's check (0088): a notice without a text has its expiry.
  return notice.text ?? expiryReminderText(target.actionName, notice.expiring!);
}

/** A guide's file as Telegram takes it: the link, or the uploaded bytes (gone since: nothing to send). */
async function guideFileSource(db: Db, attachment: GuideAttachment): Promise<PhotoSource> {
  if (attachment.url) return attachment.url;
  const stored = await repo.readGuideFile(db, attachment.upload_id!);
  if (!stored) throw new NotDeliverable('the guide file is gone');
  return { data: stored.data, filename: stored.fileName };
}
