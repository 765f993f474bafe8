import { setTimeout as sleep } from 'node:timers/promises';
import { TELEGRAM_MESSAGES_PER_SECOND } from '../../../contract/mailing.js';
import type { Db } from '../../db/connection.js';
import type { MailingRow, StoredMailingButton } from '../../db/schema.js';
import type { InlineKeyboardButton } from 'grammy/types';
import type { ReplyMarkup, TelegramClient } from '../../integrations/telegram/client.js';
import { messages } from '../../../contract/messages.js';
import { TelegramError } from '../../integrations/telegram/errors.js';
import { botIdOf } from '../../integrations/telegram/token.js';
import { heartbeat } from '../../db/heartbeat.js';
import * as repo from './repository.js';
import { UNSUBSCRIBE_CALLBACK } from './bot.js';
import { skipOptedOutRecipients } from './consent-repository.js';
import { recipientLink, unsubscribeLink } from './links.js';
import { outcomeOfSendError, type RecipientOutcome } from './recipient-outcome.js';
import { writeSegmentRecipients } from './segment-recipients.js';
import type { SegmentDeps } from '../segments/service.js';

export interface DeliveryDeps extends Pick<SegmentDeps, 'segmentConditions'> {
  db: Db;
  telegram: TelegramClient;
  /** Our own uploaded picture behind an image URL (uploaded to Telegram once), or null for a foreign URL. */
  loadOwnImage(sellerId: number, imageUrl: string): Promise<{ data: Buffer; filename: string } | null>;
  log: { warn(data: object, message: string): void; error(data: object, message: string): void };
  /** Where the recipients' own links (the counted button, the unsubscribe page) point. */
  publicUrl: string;
  /** A segment's recipients written per transaction (MAILING_SEGMENT_BATCH). */
  segmentBatch: number;
}

/** A hair over Telegram's 1/30 s, so jitter never crosses its 30 messages a second. */
export const SEND_GAP_MS = Math.floor(1000 / TELEGRAM_MESSAGES_PER_SECOND) + 1;
/** About a second of sends per claim: little is held by a worker that dies. */
const BATCH = TELEGRAM_MESSAGES_PER_SECOND;
/**
 * A claimed recipient whose worker died is claimed again after this. Short, because a live worker
 * renews the claims it still holds (and its sign of life on the mailing) every HEARTBEAT_MS, however
 * long a send or a wait for the bot's slot takes.
 */
export const CLAIM_LEASE_MS = 10_000;
export const HEARTBEAT_MS = 3_000;
/** Claim the next batch this long before the current one's last slot, so the pace has no gaps. */
const CLAIM_AHEAD_MS = 250;

type Photo =
  | { kind: 'none' }
  /** A Telegram file id of an earlier upload, or a picture's address for Telegram to fetch. */
  | { kind: 'reference'; value: string }
  | { kind: 'upload'; data: Buffer; filename: string };

export type DeliveryProgress =
  /** Nothing left to send. */
  | { state: 'finished' }
  /** Come back at `at` (the time slice ran out, or recipients wait for a retry or another worker's lease). */
  | { state: 'continue'; at: Date };

/**
 * Sends a mailing's due recipients for up to `sliceMs`, paced by the bot's shared send slots.
 * Safe to run on several workers at once: recipients are claimed, slots are reserved in the database.
 */
export async function deliverMailing(
  deps: DeliveryDeps,
  mailingId: number,
  options: { sliceMs: number; signal: AbortSignal },
): Promise<DeliveryProgress> {
  const mailing = await repo.findMailingForDelivery(deps.db, mailingId);
  if (!mailing || mailing.status !== 'sending') return { state: 'finished' };
  const deadline = Date.now() + options.sliceMs;
  // A segment sent to now is written in full before anyone is sent to: the figures the seller
  // follows are final from the first message, and a stop during the writing sends nothing.
  if (mailing.segmentConditions !== null && !(await writeSegmentRecipients(deps, mailingId, { deadline, signal: options.signal })))
    return { state: 'continue', at: new Date() };
  const sender = new MailingSender(deps, mailing, await photoOf(deps, mailing));
  // Claims and the sign of life are renewed beside the loop: a send or a wait for a slot may outlast a lease.
  const beating = heartbeat({
    beat: () => repo.renewMailingWork(deps.db, mailingId, sender.heldChatIds(), CLAIM_LEASE_MS),
    everyMs: HEARTBEAT_MS,
    onError: (error) => deps.log.warn({ err: error, mailingId }, 'could not renew the mailing’s claims'),
  });
  try {
    return await sendSlice(deps, mailingId, sender, { deadline, signal: options.signal });
  } finally {
    await beating.stop();
  }
}

async function sendSlice(
  deps: DeliveryDeps,
  mailingId: number,
  sender: MailingSender,
  options: { deadline: number; signal: AbortSignal },
): Promise<DeliveryProgress> {
  const { deadline } = options;
  let sliceOver = false;
  while (!options.signal.aborted && !sender.stopped) {
    if (Date.now() >= deadline) {
      sliceOver = true;
      break;
    }
    const current = await repo.touchMailing(deps.db, mailingId);
    if (current?.status !== 'sending') break;
    if (current.botToken === null) {
      // The action was deleted or its bot removed: no other bot may send in its place.
      await sender.settled();
      deps.log.warn({ mailingId }, 'mailing stopped: its action has no bot any more');
      await repo.stopMailing(deps.db, mailingId, { status: 'failed', error: messages.mailing.errorActionBotGone });
      break;
    }
    const bot = sender.useBot(current.botToken);
    await skipOptedOutRecipients(deps.db, mailingId);
    const claimed = await repo.claimRecipients(deps.db, mailingId, BATCH, CLAIM_LEASE_MS);
    if (claimed.length === 0) break;
    sender.hold(claimed);
    // A picture is uploaded once, with the first recipient; everyone else gets Telegram's file id.
    if (sender.needsUpload()) await sender.send(claimed.shift()!);
    if (claimed.length === 0) continue;
    const waits = await repo.reserveSendSlots(deps.db, bot.id, claimed.length, SEND_GAP_MS);
    claimed.forEach((recipient, index) => sender.sendAt(recipient, waits[index]!, options.signal));
    await sleep(Math.max(0, waits.at(-1)! - CLAIM_AHEAD_MS), undefined, { signal: options.signal }).catch(() => undefined);
  }
  await sender.settled();
  await repo.completeMailing(deps.db, mailingId);
  const due = await repo.nextRecipientDueAt(deps.db, mailingId);
  if (!due) return { state: 'finished' };
  return { state: 'continue', at: sliceOver ? new Date() : due };
}

/** The bot a batch sends with: read before each batch, so an action's new token is used within a second. */
interface SendingBot {
  token: string;
  /** Paces the bot's sends (the same bot may serve several mailings). */
  id: number;
}

class MailingSender {
  private readonly inFlight = new Set<Promise<void>>();
  /** Recipients claimed by this worker and not yet marked: the heartbeat renews their claims. */
  private readonly held = new Set<number>();
  stopped = false;

  constructor(
    private readonly deps: DeliveryDeps,
    private readonly mailing: MailingRow,
    private photo: Photo,
  ) {}

  private bot: SendingBot | null = null;

  useBot(token: string): SendingBot {
    if (this.bot?.token !== token) this.bot = { token, id: botIdOf(token) };
    return this.bot;
  }

  hold(recipients: readonly repo.ClaimedRecipient[]): void {
    for (const recipient of recipients) this.held.add(recipient.chatId);
  }

  heldChatIds(): number[] {
    return [...this.held];
  }

  needsUpload(): boolean {
    return this.photo.kind === 'upload';
  }

  sendAt(recipient: repo.ClaimedRecipient, waitMs: number, signal: AbortSignal): void {
    const work = sleep(waitMs, undefined, { signal }).then(
      () => this.send(recipient),
      // Shutting down before this slot: give the recipient back untouched.
      () => this.giveBack(recipient),
    );
    const tracked = work.catch((error: unknown) => this.deps.log.error({ err: error, mailingId: this.mailing.id }, 'mailing send failed'));
    this.inFlight.add(tracked);
    void tracked.finally(() => this.inFlight.delete(tracked));
  }

  async settled(): Promise<void> {
    await Promise.all(this.inFlight);
  }

  async send(recipient: repo.ClaimedRecipient): Promise<void> {
    if (this.stopped) return this.giveBack(recipient);
    try {
      const outcome = await this.attempt(recipient);
      await this.apply(recipient, outcome);
    } finally {
      this.held.delete(recipient.chatId);
    }
  }

  private async giveBack(recipient: repo.ClaimedRecipient): Promise<void> {
    try {
      await repo.retryRecipientLater(this.deps.db, this.mailing.id, recipient.chatId, 0, '');
    } finally {
      this.held.delete(recipient.chatId);
    }
  }

  private async attempt(recipient: repo.ClaimedRecipient): Promise<RecipientOutcome> {
    const { telegram } = this.deps;
    const { text, parseMode } = this.mailing;
    const botToken = this.bot!.token;
    const chat_id = recipient.chatId;
    const parse_mode = parseMode ?? undefined;
    const markup = replyMarkupOf(this.mailing, chat_id, this.deps.publicUrl);
    try {
      if (this.photo.kind === 'none') {
        await telegram.sendMessage(botToken, { chat_id, text, parse_mode, ...markup });
      } else {
        const photo = this.photo.kind === 'reference' ? this.photo.value : { data: this.photo.data, filename: this.photo.filename };
        // The button goes under the picture too: Telegram takes reply_markup on sendPhoto.
        const sent = await telegram.sendPhoto(botToken, { chat_id, photo, caption: text, parse_mode, ...markup });
        if (this.photo.kind === 'upload' && sent.photo_file_id) {
          this.photo = { kind: 'reference', value: sent.photo_file_id };
          await repo.rememberPhotoFileId(this.deps.db, this.mailing.id, sent.photo_file_id);
        }
      }
      return { kind: 'sent' };
    } catch (error) {
      if (!(error instanceof TelegramError)) throw error;
      return outcomeOfSendError(error, recipient.attempts);
    }
  }

  private async apply(recipient: repo.ClaimedRecipient, outcome: RecipientOutcome): Promise<void> {
    const { db } = this.deps;
    const { id } = this.mailing;
    const botId = this.bot!.id;
    switch (outcome.kind) {
      case 'sent':
        return repo.finishRecipient(db, id, recipient.chatId, { sent: true });
      case 'failed':
        return repo.finishRecipient(db, id, recipient.chatId, { sent: false, error: outcome.error });
      case 'retry':
        if (outcome.pauseBotMs > 0) await repo.pauseBot(db, botId, outcome.pauseBotMs);
        return repo.retryRecipientLater(db, id, recipient.chatId, outcome.delayMs, outcome.error);
      case 'stop_mailing':
        this.stopped = true;
        this.deps.log.warn({ mailingId: id }, 'mailing stopped: Telegram refused the bot token');
        await repo.stopMailing(db, id, { status: 'failed', error: outcome.error });
    }
  }
}

async function photoOf(deps: DeliveryDeps, mailing: MailingRow): Promise<Photo> {
  if (mailing.photoFileId) return { kind: 'reference', value: mailing.photoFileId };
  if (!mailing.imageUrl) return { kind: 'none' };
  const own = await deps.loadOwnImage(mailing.userId, mailing.imageUrl);
  // A picture from elsewhere goes to Telegram by its address; Telegram fetches it once per send.
  return own ? { kind: 'upload', ...own } : { kind: 'reference', value: mailing.imageUrl };
}

/**
 * The mailing's inline keyboard for one recipient: its button (a link goes through the recipient's
 * counted redirect; the shop's Mini App opens directly, as Telegram signs its launch), then
 * «Отписаться от рассылок» (38-ФЗ ст. 18): a press the action's bot answers, or, for the mailing
 * bot, which receives no updates, the recipient's unsubscribe page.
 */
function replyMarkupOf(mailing: MailingRow, chatId: number, publicUrl: string): { reply_markup?: ReplyMarkup } {
  const link = mailing.linkKey === null ? null : { key: mailing.linkKey, mailingId: mailing.id, chatId };
  const rows: InlineKeyboardButton[][] = [];
  if (mailing.button) rows.push([buttonOf(mailing.button, link && recipientLink(publicUrl, link))]);
  const unsubscribe = messages.mailingConsent.unsubscribeButton;
  if (mailing.projectId !== null) rows.push([{ text: unsubscribe, callback_data: UNSUBSCRIBE_CALLBACK }]);
  else if (link) rows.push([{ text: unsubscribe, url: unsubscribeLink(publicUrl, link) }]);
  return rows.length === 0 ? {} : { reply_markup: { inline_keyboard: rows } };
}

function buttonOf(button: StoredMailingButton, countedUrl: string | null): InlineKeyboardButton {
  if ('web_app_url' in button) return { text: button.text, web_app: { url: button.web_app_url } };
  return { text: button.text, url: countedUrl ?? button.url };
}
