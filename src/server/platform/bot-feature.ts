import type { BotFeatures } from '../../contract/bot-features.js';
import type { CheckResponse } from '../../contract/receipts.js';
import type { Db } from '../db/connection.js';
import type { ProjectRow } from '../db/schema.js';
import type { InlineKeyboardButton, KeyboardButton } from 'grammy/types';
import type { TelegramClient } from '../integrations/telegram/client.js';

/**
 * What a module's part of the action's bot plugs into the conversation: its manifest's `bot`
 * (platform/manifest.ts). The bot adapter (modules/bot) knows only this interface and the list it is
 * handed, so adding a function touches neither the conversation nor the other functions.
 *
 * Its buttons carry callback data `<key>:<anything>` (at most 64 bytes, Telegram's limit); a step it
 * waits for (a typed date, a free-text answer, a photo) is kept by `setStep` and comes back to
 * `onText`/`onPhoto`. A reward it gives is a points movement with a reference unique to what earned
 * it, so a redelivered update or a second instance never pays twice.
 */
export interface BotFeature {
  /** Callback prefix and chat-step name; for a settings-driven function also its section in `features`. */
  key: string;
  /** The menu's buttons of this function for this shopper (none when it is off). */
  menuButtons?(context: FeatureContext): Promise<InlineKeyboardButton[]>;
  /** A press of one of its buttons: `data` is what follows `<key>:`. */
  onCallback?(context: FeatureContext, data: string): Promise<FeatureReply | null>;
  /**
   * What a press of one of its buttons is to its open dialog: `answer` answers the question the bot
   * asked last (the flood guard does not count it: the dialog's length bounds it), `stale` is a
   * repeated or old press of that dialog (ignored, uncounted); undefined: an ordinary press.
   */
  dialogPress?(context: FeatureContext, data: string): Promise<DialogPress | undefined>;
  /** Slash commands this function answers (without the slash, e.g. `warranty` for `/warranty`). */
  commands?: readonly string[];
  /** One of its `commands` sent by the shopper (any waiting step stays as it was). */
  onCommand?(context: FeatureContext, command: string): Promise<FeatureReply>;
  /** `/start <payload>` (a deep link): answers lines to put above the greeting, or nothing. */
  onStart?(context: FeatureContext, payload: string): Promise<string[]>;
  /** A text that is not a receipt while the shopper's step is this function's. */
  onText?(context: FeatureContext, text: string, step: Record<string, unknown>): Promise<FeatureReply | null>;
  /** A picture while the shopper's step is this function's (instead of decoding a receipt's QR code). */
  onPhoto?(
    context: FeatureContext,
    photo: { fileId: string; fileSize: number | undefined; caption?: string },
    step: Record<string, unknown>,
  ): Promise<FeatureReply | null>;
  /**
   * A text that is neither a receipt nor any function's step: a function may take it (the support
   * inbox's open thread). Undefined passes it on; the first function that takes it answers.
   */
  onLooseText?(context: FeatureContext, text: string): Promise<FeatureReply | null | undefined>;
  /**
   * A contact the shopper sent: Telegram's «share my number» button (`userId` is the sender's) or any
   * contact card. As `onLooseText`: the first function that takes it answers.
   */
  onContact?(context: FeatureContext, contact: { phoneNumber: string; userId: number | undefined }): Promise<FeatureReply | undefined>;
  /** A picture with no step waiting and no receipt's QR code on it, already downloaded: as `onLooseText`. */
  onLoosePhoto?(context: FeatureContext, photo: { bytes: Buffer; caption?: string }): Promise<FeatureReply | null | undefined>;
  /** Lines of «Мои баллы» under the balance (the nearest expiry, the level). */
  balanceLines?(context: FeatureContext): Promise<string[]>;
  /** Lines under a successful receipt's answer, after the new balance (the rule earned by, a promo code). */
  awardLines?(context: FeatureContext, award: CheckResponse['data']): string[];
}

export type DialogPress = 'answer' | 'stale';

/** What a bot function's answer may use: the database, the demo-movable clock, the shopper's files. */
export interface BotFeatureDeps {
  db: Db;
  now: () => Date;
  telegram: Pick<TelegramClient, 'getFile' | 'downloadFile'>;
  /** Wakes the delivery of buyer notices a function queued while answering (the support inbox's acknowledgement). */
  onNoticesQueued?: () => void;
}

export interface FeatureContext {
  deps: BotFeatureDeps;
  action: ProjectRow;
  /** The action's settings of the settings-driven functions, defaults filled in. */
  features: BotFeatures;
  botToken: string;
  chatId: number;
  buyer: { tgId: string; firstName: string | null; username: string | null };
  /** The shop's Mini App address, when the action has a shop and Telegram may open it from a button; else null. */
  miniAppUrl: string | null;
  /** Telegram's id of the update being answered: part of a reward's reference where one press earns it. */
  updateId: number;
  now: Date;
  /** Keeps what the function waits for from this shopper (replacing any other function's step). */
  setStep(step: Record<string, unknown>): Promise<void>;
  clearStep(): Promise<void>;
}

export interface FeatureReply {
  text: string;
  /** Inline buttons under the answer; none: the reply keyboard. */
  buttons?: InlineKeyboardButton[][];
  /** A reply keyboard of its own instead (Telegram's «share my number» button lives only there). */
  keyboard?: KeyboardButton[][];
}
