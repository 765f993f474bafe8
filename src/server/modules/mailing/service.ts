import { MAILING_INLINE_RECIPIENTS, type MailingResult, type MailingSettings } from '../../../contract/mailing.js';
import type { MailingButton } from '../../../contract/mailing-schedule.js';
import { maskSecret } from '../../../contract/format.js';
import { fillMessage, messages } from '../../../contract/messages.js';
import type { Db, Executor } from '../../db/connection.js';
import { AppError } from '../../errors.js';
import { botIdOf, isWellFormedBotToken } from '../../integrations/telegram/token.js';
import { findLiveProject } from '../actions/repository.js';
import { changedValues } from '../audit/change.js';
import { recordAudit, type AuditActor } from '../audit/record.js';
import { identifyBot, isSavedToken } from '../bot/bot-token.js';
import { segmentRecipientsQuery } from '../segments/service.js';
import { deliverMailing, type DeliveryDeps } from './delivery.js';
import { presentMailingResult, presentMailingSummary, presentSchedule } from './presenter.js';
import * as repo from './repository.js';
import { checkedButton } from './button.js';
import { listSchedules } from './schedule-repository.js';

const m = messages.mailing;

/** Where the rest of a mailing goes on in the background: given by the caller (the job queue in jobs/). */
export interface MailingQueue {
  /** Delivers the mailing's remaining recipients in the background, not before `startAfter`. */
  deliverLater(mailingId: number, startAfter?: Date): Promise<void>;
}

export interface MailingDeps extends DeliveryDeps {
  queue: MailingQueue;
  /** The product's clock (the demo clock in demo mode): when a scheduled mailing is due, a segment's «within N days». */
  now: () => Date;
  /** Where the shop Mini App lives, and whether Telegram may open it from a button (HTTPS, or the emulator). */
  publicUrl: string;
  webAppButtons: boolean;
}

/** A small mailing is delivered within the request for at most this long; the rest goes on in the background. */
const INLINE_SLICE_MS = 15_000;
const HISTORY_LIMIT = 20;
const ERRORS_SHOWN = 500;

export async function getMailingSettings(db: Db, sellerId: number): Promise<MailingSettings> {
  const bot = await repo.findMailingBot(db, sellerId);
  return { bot_token: bot?.token ? maskSecret(bot.token) : null, bot_username: bot?.username ?? null };
}

const MAILING_BOT_SECRETS = new Set(['token']);

/** Saves the mailing bot's token after Telegram confirmed it; the token never leaves the server whole again. */
export async function saveMailingSettings(deps: Pick<MailingDeps, 'db' | 'telegram'>, sellerId: number, token: string, actor: AuditActor) {
  const bot = await identifyBot(deps.telegram, token);
  await deps.db.transaction(async (tx: Executor) => {
    const before = await repo.findMailingBot(tx, sellerId);
    await repo.saveMailingBot(tx, sellerId, { token, username: bot.username });
    await recordAudit(tx, {
      sellerId,
      actor,
      action: 'mailing.settings',
      subject: messages.audit.subjectMailingBot,
      ...changedValues(before, { token, username: bot.username }, MAILING_BOT_SECRETS),
    });
  });
  return { message: m.tokenSaved, bot_token: maskSecret(token), bot_username: bot.username };
}

/**
 * The token a mailing goes out with. The cabinet knows only the saved token's mask and sends it
 * back; an API client may send a full token, which Telegram must accept first.
 */
export async function resolveSendToken(deps: Pick<MailingDeps, 'db' | 'telegram'>, sellerId: number, given: string): Promise<string> {
  const saved = (await repo.findMailingBot(deps.db, sellerId))?.token ?? null;
  if (isSavedToken(given, saved)) return saved;
  if (!isWellFormedBotToken(given)) throw new AppError('bad_request', saved ? m.tokenMalformed : m.tokenNotSaved);
  await identifyBot(deps.telegram, given);
  return given;
}

/**
 * The action whose own bot sends the mailing: the seller's live action (else 404, as another
 * seller's action is simply not found) with a bot connected (else 400, nothing written).
 */
export async function requireActionBot(db: Db, sellerId: number, projectId: number): Promise<{ projectId: number; botId: number }> {
  const action = await findLiveProject(db, sellerId, projectId);
  if (!action) throw new AppError('not_found', messages.actions.notFound);
  if (!action.telegramBotToken || !action.telegramBotId) throw new AppError('bad_request', m.actionHasNoBot);
  return { projectId: action.id, botId: action.telegramBotId };
}

export interface SendMailingInput {
  /** The mailing bot's token or its mask; ignored when `projectId` names the action whose bot sends. */
  botToken: string | undefined;
  projectId: number | null;
  /** The ids given by hand: at most MAILING_MAX_RECIPIENTS (the request's schema refuses more). */
  recipientIds: string[];
  /** The segment whose shoppers (at this moment, all of them) are added to `recipientIds`; its action must be `projectId`. */
  segmentId: number | null;
  text: string;
  imageUrl: string | null;
  parseMode: 'HTML' | 'MarkdownV2' | null;
  button: MailingButton | null;
  /** «Анонс товара»: the button leads to a marketplace card, and the picture must be the seller's own upload. */
  announcement: boolean;
}

/**
 * Writes the mailing and its recipients first, then delivers: a handful within this request
 * (so the answer is final, as SPEC's screen expects), more in the background, paced and resumable.
 * A segment larger than one batch has its first batch written here and the rest by the background
 * job (`preparing` in the answer): the request's cost is one batch's however large the segment.
 */
export async function sendMailing(deps: MailingDeps, sellerId: number, input: SendMailingInput, actor: AuditActor): Promise<MailingResult> {
  const sender = input.projectId
    ? await requireActionBot(deps.db, sellerId, input.projectId)
    : await resolveSendToken(deps, sellerId, input.botToken ?? '').then((token) => ({ botToken: token, botId: botIdOf(token) }));
  const { botId, ...senderOnly } = sender;
  await checkAnnouncementImage(deps, sellerId, input);
  const segment = await segmentOf(deps, sellerId, input);
  const button = await checkedButton(deps, input.projectId, input.button);
  const {
    id: mailingId,
    total,
    preparing,
  } = await deps.db.transaction(async (tx: Executor) => {
    const written = await repo.insertMailingIn(tx, {
      sellerId,
      sender: senderOnly,
      botId,
      text: input.text,
      parseMode: input.parseMode,
      imageUrl: input.imageUrl,
      button,
      chatIds: input.recipientIds,
      segment,
    });
    // Rolls the mailing back: nothing is written for a segment with nobody in it.
    if (segment && written.total === 0) throw new AppError('bad_request', messages.segments.mailingEmpty);
    await recordAudit(tx, {
      sellerId,
      actor,
      action: 'mailing.send',
      subject: fillMessage(messages.audit.subjectMailing, { id: written.id }),
      before: null,
      // Still being written: the count is the job's to tell (the mailing's own figure), not this request's.
      after: mailingLogged(input, written.preparing ? null : written.total),
    });
    return written;
  });
  if (!preparing && total <= MAILING_INLINE_RECIPIENTS) {
    const progress = await deliverMailing(deps, mailingId, {
      sliceMs: INLINE_SLICE_MS,
      signal: AbortSignal.timeout(INLINE_SLICE_MS + 5_000),
    });
    if (progress.state === 'continue') await deps.queue.deliverLater(mailingId, progress.at);
  } else {
    await deps.queue.deliverLater(mailingId);
  }
  return (await getMailingResult(deps.db, sellerId, mailingId))!;
}

/** An announcement shows the product's picture the seller uploaded here, never a picture from elsewhere. */
export async function checkAnnouncementImage(deps: Pick<MailingDeps, 'loadOwnImage'>, sellerId: number, input: SendMailingInput) {
  if (!input.announcement) return;
  if (!input.imageUrl || !(await deps.loadOwnImage(sellerId, input.imageUrl)))
    throw new AppError('bad_request', messages.mailingSchedule.announcementNeedsImage);
}

/**
 * The segment's shoppers to write with the ids given, all of them however many: the cap is on the
 * list typed by hand, a segment is the seller's own count (the builder's figure is what goes out).
 * Its conditions and this moment are kept for the batches the background job writes.
 */
async function segmentOf(deps: MailingDeps, sellerId: number, input: SendMailingInput) {
  if (input.segmentId === null || input.projectId === null) return undefined;
  const { shoppers, conditions } = await segmentRecipientsQuery(deps, sellerId, input.segmentId, input.projectId);
  return { shoppers, batch: deps.segmentBatch, rest: { conditions, asOf: deps.now() } };
}

export async function getMailingResult(db: Db, sellerId: number, mailingId: number): Promise<MailingResult | undefined> {
  const found = await repo.findMailingWithProgress(db, sellerId, mailingId);
  if (!found) return undefined;
  const errors = found.mailing.failed > 0 ? await repo.listRecipientErrors(db, mailingId, ERRORS_SHOWN) : [];
  return presentMailingResult(found, errors);
}

export async function requireMailingResult(db: Db, sellerId: number, mailingId: number): Promise<MailingResult> {
  const result = await getMailingResult(db, sellerId, mailingId);
  if (!result) throw new AppError('not_found', m.notFound);
  return result;
}

export async function listMailingHistory(db: Db, sellerId: number) {
  const rows = await repo.listMailings(db, sellerId, HISTORY_LIMIT);
  const schedules = await listSchedules(db, sellerId, HISTORY_LIMIT);
  return { mailings: rows.map(presentMailingSummary), schedules: schedules.map(presentSchedule) };
}

/**
 * What the audit log holds of a mailing (sent or scheduled): its text, picture, button, the bot
 * it goes through (an action's, or the mailing bot: never the token) and how many it reaches.
 */
export function mailingLogged(input: SendMailingInput, recipients: number | null): Record<string, unknown> {
  return {
    projectId: input.projectId,
    segmentId: input.segmentId,
    recipients,
    text: input.text,
    imageUrl: input.imageUrl,
    button: input.button,
  };
}

/** Stops a mailing in progress; recipients already sent stay sent. */
export async function cancelMailing(db: Db, sellerId: number, mailingId: number, actor: AuditActor) {
  const mailing = await repo.findMailing(db, sellerId, mailingId);
  if (!mailing) throw new AppError('not_found', m.notFound);
  const stopped = await db.transaction(async (tx: Executor) => {
    if (!(await repo.stopMailing(tx, mailingId, { status: 'cancelled', error: m.errorCancelled }))) return false;
    await recordAudit(tx, {
      sellerId,
      actor,
      action: 'mailing.cancel',
      subject: fillMessage(messages.audit.subjectMailing, { id: mailingId }),
      before: { status: mailing.status },
      after: { status: 'cancelled' },
    });
    return true;
  });
  if (!stopped) throw new AppError('conflict', m.alreadyFinished);
  return { message: m.cancelled, mailing: await requireMailingResult(db, sellerId, mailingId) };
}
