import type { InlineKeyboardButton, Message, Update } from 'grammy/types';
import { formatDate, formatPoints } from '../../../contract/format.js';
import { fillMessage, messages } from '../../../contract/messages.js';
import { receiptStatusLabel, shownReceiptStatus } from '../../../contract/receipts.js';
import type { ReplyMarkup } from '../../integrations/telegram/client.js';
import { parseFiscalQr } from '../receipts/qr.js';
import { checkReceipt } from '../receipts/service.js';
import { readBalance } from '../points/repository.js';
import type { AnsweringBot, ConversationDeps } from './answering.js';
import type { FeatureReply } from '../../platform/bot-feature.js';
import {
  awardLines,
  balanceLines,
  commandFeature,
  dialogPress,
  type DispatchContext,
  featureContext,
  looseFeature,
  menuButtons,
  pressFeature,
  startFeatures,
  stepFeature,
} from './dispatch.js';
import { menuPage, MORE_DATA } from './menu.js';
import { decodeReceiptQr } from './qr-photo.js';
import * as repo from './repository.js';
import type { BotReply } from './repository.js';
import { shopUrl } from './setup.js';

const b = messages.bot;
const RECEIPTS_SHOWN = 5;
/** Telegram photos are at most 10 MB; a document bigger than this is not a phone photo of a receipt. */
const MAX_IMAGE_BYTES = 20 * 1024 * 1024;

/** What a shopper wrote, reduced to what the bot acts on. */
export type ShopperRequest =
  | { kind: 'start'; payload: string }
  | { kind: 'menu' }
  | { kind: 'press'; data: string }
  | { kind: 'balance' }
  | { kind: 'photo'; fileId: string; fileSize: number | undefined; caption?: string }
  | { kind: 'text'; text: string }
  | { kind: 'contact'; phoneNumber: string; userId: number | undefined }
  | { kind: 'unsupported' };

/** Reads a message (pure). The largest photo size is the one worth decoding. */
export function readShopperRequest(message: Message): ShopperRequest {
  const text = message.text?.trim();
  if (text !== undefined) {
    const start = text.match(/^\/start(?:@\w+)?(?:\s+(\S+))?\s*$/);
    if (start) return { kind: 'start', payload: start[1] ?? '' };
    if (/^\/menu(\s|@|$)/.test(text)) return { kind: 'menu' };
    if (/^\/balance(\s|@|$)/.test(text) || text === b.balanceButton) return { kind: 'balance' };
    return { kind: 'text', text };
  }
  if (message.contact) return { kind: 'contact', phoneNumber: message.contact.phone_number, userId: message.contact.user_id };
  // A picture's caption is a bot function's comment (moderation); a receipt's check ignores it.
  const caption = message.caption?.trim() ? { caption: message.caption.trim() } : {};
  const largest = message.photo?.at(-1);
  if (largest) return { kind: 'photo', fileId: largest.file_id, fileSize: largest.file_size, ...caption };
  const document = message.document;
  if (document && /^image\/(jpeg|png|webp)$/.test(document.mime_type ?? ''))
    return { kind: 'photo', fileId: document.file_id, fileSize: document.file_size, ...caption };
  return { kind: 'unsupported' };
}

/** A QR string typed or pasted, also inside a link (`https://…?t=…&s=…`). */
export function qrFromText(text: string): string | null {
  if (parseFiscalQr(text)) return text;
  const query = text.match(/[?&]?(t=\d{8}T\d{4,6}[^\s]*)/)?.[1];
  return query && parseFiscalQr(query) ? query : null;
}

/** Callback data of the greeting's «Мои баллы» inline button. */
export const BALANCE_CALLBACK = 'balance';

/** The private chat an update comes from, its sender, and what they asked; null for anything else. */
function readUpdate(update: Update): { chatId: number; from: NonNullable<Message['from']>; request: ShopperRequest } | null {
  const query = update.callback_query;
  if (query) {
    const chat = query.message?.chat;
    if (!chat || chat.type !== 'private') return null;
    const data = query.data ?? '';
    return { chatId: chat.id, from: query.from, request: data === BALANCE_CALLBACK ? { kind: 'balance' } : { kind: 'press', data } };
  }
  const message = update.message;
  if (!message?.from || message.chat.type !== 'private') return null;
  return { chatId: message.chat.id, from: message.from, request: readShopperRequest(message) };
}

/**
 * Works out the bot's answer to one update (null: nothing to say). Sending it is the caller's
 * job, so a failed send is retried without checking the receipt again.
 */
export async function answerShopper(deps: ConversationDeps, bot: AnsweringBot, update: Update): Promise<BotReply | null> {
  const { action, token: botToken } = bot;
  const read = readUpdate(update);
  if (!read) return null;
  const { chatId, from, request } = read;
  const buyerTgId = String(from.id);
  await repo.rememberBuyer(deps.db, { id: buyerTgId, firstName: from.first_name ?? null, username: from.username ?? null });
  const reply = (text: string, replyMarkup: ReplyMarkup): BotReply => ({ chatId, text, replyMarkup });

  const features = featureContext(deps, bot, update, chatId, from);
  // The guard is against a flood of receipts and messages; a quiz's answers are the bot's own
  // questions (bounded by their number), and a repeated press of one is dropped uncounted.
  const inDialog = request.kind === 'press' ? await dialogPress(features, request.data) : undefined;
  if (inDialog === 'stale') return null;
  if (inDialog !== 'answer') {
    const flooding = deps.isFlooding(action.telegramBotId ?? 0, chatId);
    if (flooding === 'first_over') return reply(b.tooFast, BALANCE_KEYBOARD);
    if (flooding === 'over') return null;
  }

  const featureReply = (answer: FeatureReply | null) => (answer ? reply(answer.text, featureMarkup(answer)) : null);

  switch (request.kind) {
    case 'start': {
      const lines = await startFeatures(features, request.payload);
      const greeting = fillMessage(b.greeting, { name: action.name });
      return reply([...lines, greeting].join('\n\n'), greetingButtons(shopAddress(deps, bot), await menuButtons(features)));
    }
    case 'menu':
      return reply(
        fillMessage(messages.botFeatures.menuIntro, { name: action.name }),
        greetingButtons(shopAddress(deps, bot), await menuButtons(features)),
      );
    case 'press': {
      const more = MORE_DATA.exec(request.data);
      if (more) return moreMenu(await menuButtons(features), Number(more[1]), reply);
      const answer = await pressFeature(features, request.data);
      return answer === undefined ? reply(messages.botFeatures.unknownButton, BALANCE_KEYBOARD) : featureReply(answer);
    }
    case 'balance':
      return reply(await balanceText(deps, features), shopButton(shopAddress(deps, bot)));
    case 'unsupported':
      return reply(b.notAnImage, BALANCE_KEYBOARD);
    case 'contact': {
      const taken = await looseFeature(features, (feature, context) => feature.onContact?.(context, request));
      return taken === undefined ? reply(b.help, BALANCE_KEYBOARD) : featureReply(taken);
    }
    case 'text': {
      const qr = qrFromText(request.text);
      if (qr) return checked(deps, bot, qr, features);
      const command = await commandFeature(features, request.text);
      if (command) return featureReply(command);
      const answer = await stepFeature(features, (feature, context, step) => feature.onText?.(context, request.text, step));
      if (answer !== undefined) return featureReply(answer);
      const taken = await looseFeature(features, (feature, context) => feature.onLooseText?.(context, request.text));
      return taken === undefined ? reply(b.help, BALANCE_KEYBOARD) : featureReply(taken);
    }
    case 'photo': {
      const answer = await stepFeature(features, (feature, context, step) => feature.onPhoto?.(context, request, step));
      if (answer !== undefined) return featureReply(answer);
      if (request.fileSize !== undefined && request.fileSize > MAX_IMAGE_BYTES) return reply(b.notAnImage, BALANCE_KEYBOARD);
      const file = await deps.telegram.getFile(botToken, request.fileId);
      const image = await deps.telegram.downloadFile(botToken, file.file_path);
      const decoded = await decodeReceiptQr(image);
      const qr = decoded ? qrFromText(decoded.text) : null;
      if (qr) return checked(deps, bot, qr, features);
      // A picture without a receipt's QR code may be for a function (a support question's photo).
      const photo = { bytes: image, ...(request.caption !== undefined && { caption: request.caption }) };
      const taken = await looseFeature(features, (feature, context) => feature.onLoosePhoto?.(context, photo));
      return taken === undefined ? reply(b.noQrFound, BALANCE_KEYBOARD) : featureReply(taken);
    }
  }
}

/** The check is POST /lk/api/check's own, with the sender as the buyer; its answer is the action's text for the verdict. */
async function checked(deps: ConversationDeps, bot: AnsweringBot, qr: string, features: DispatchContext): Promise<BotReply> {
  const { action } = bot;
  const { chatId, updateId } = features;
  const buyerTgId = features.buyer.tgId;
  const { response, buyerPoints } = await checkReceipt(deps, {
    caller: { kind: 'seller', sellerId: action.userId },
    projectId: action.id,
    qrText: qr,
    buyerTgId,
    // The award happens once per update, even when the update is checked again after a crash.
    ...(action.telegramBotId !== null && { botUpdate: { botId: action.telegramBotId, updateId } }),
  });
  // A success is an award, and the award answers the buyer's new balance.
  if (!response.success || buyerPoints === null) return { chatId, text: response.message, replyMarkup: BALANCE_KEYBOARD };
  const lines = [response.message, fillMessage(b.newBalance, { points: formatPoints(buyerPoints) })];
  lines.push(...awardLines(features, response.data));
  return { chatId, text: lines.join('\n'), replyMarkup: shopButton(shopAddress(deps, bot)) };
}

async function balanceText(deps: ConversationDeps, features: DispatchContext): Promise<string> {
  const { action } = features;
  const buyerTgId = features.buyer.tgId;
  const [points, partLines, recent] = await Promise.all([
    readBalance(deps.db, action.id, buyerTgId),
    balanceLines(features),
    repo.lastReceipts(deps.db, action.id, buyerTgId, RECEIPTS_SHOWN),
  ]);
  const lines = [fillMessage(b.balance, { name: action.name, points }), ...partLines];
  if (recent.length === 0) lines.push(b.noReceiptsYet);
  else
    lines.push(
      b.lastReceipts,
      ...recent.map((r) =>
        fillMessage(b.receiptLine, { date: formatDate(r.scannedAt), status: receiptStatusLabel(shownReceiptStatus(r)) }),
      ),
    );
  return lines.join('\n');
}

/**
 * The shop's Mini App address, or null when the action has no shop. Telegram opens a Mini App with
 * the shopper's signed identity only from an inline button or the menu button, never from a
 * reply-keyboard button, so the shop is offered only inline (and as the menu button, connection.ts).
 */
function shopAddress(deps: ConversationDeps, bot: AnsweringBot): string | null {
  return deps.webAppButtons && bot.shopToken ? shopUrl(deps.publicUrl, bot.shopToken) : null;
}

/** The reply keyboard: text buttons only. */
const BALANCE_KEYBOARD: ReplyMarkup = { keyboard: [[{ text: b.balanceButton }]], resize_keyboard: true, is_persistent: true };

/** The menu: «Мои баллы», a row per button of the functions that are on (those over 8 buttons under «Ещё»), the shop. */
function greetingButtons(shop: string | null, features: InlineKeyboardButton[] = []): ReplyMarkup {
  const balance = [{ text: b.balanceButton, callback_data: BALANCE_CALLBACK }];
  const rows: InlineKeyboardButton[][] = [balance, ...menuPage(features, 0, shop ? 2 : 1).map((button) => [button])];
  if (shop) rows.push([{ text: b.shopButton, web_app: { url: shop } }]);
  return { inline_keyboard: rows };
}

/** «Ещё»: the functions' buttons from `from` on, a page of them (with its own «Ещё» when more are left). */
function moreMenu(features: InlineKeyboardButton[], from: number, reply: (text: string, markup: ReplyMarkup) => BotReply): BotReply {
  const page = menuPage(features, from, 0);
  if (page.length === 0) return reply(messages.botFeatures.unknownButton, BALANCE_KEYBOARD);
  return reply(messages.botFeatures.moreIntro, { inline_keyboard: page.map((button) => [button]) });
}

function featureMarkup(answer: FeatureReply): ReplyMarkup {
  if (answer.keyboard?.length) return { keyboard: answer.keyboard, resize_keyboard: true, one_time_keyboard: true };
  return answer.buttons?.length ? { inline_keyboard: answer.buttons } : BALANCE_KEYBOARD;
}

/** Under an answer about points: the shop, if the action has one; else the reply keyboard. */
function shopButton(shop: string | null): ReplyMarkup {
  return shop ? { inline_keyboard: [[{ text: b.shopButton, web_app: { url: shop } }]] } : BALANCE_KEYBOARD;
}
