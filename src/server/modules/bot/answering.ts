import type { ProjectRow } from '../../db/schema.js';
import type { TelegramClient } from '../../integrations/telegram/client.js';
import type { ReceiptDeps } from '../receipts/service.js';

// What answering a shopper needs, below the conversation and the bot's functions (both use it).

export interface ConversationDeps extends ReceiptDeps {
  telegram: Pick<TelegramClient, 'getFile' | 'downloadFile'>;
  publicUrl: string;
  /** Web App buttons need an HTTPS address in Telegram (the emulator takes any). */
  webAppButtons: boolean;
  /** Per (bot, chat) flood guard: true when this message is over the limit (the first one over gets told). */
  isFlooding(botId: number, chatId: number): 'ok' | 'first_over' | 'over';
  /** Wakes the delivery of buyer notices a function queued while answering (the support inbox's acknowledgement). */
  onNoticesQueued?: () => void;
}

/** The action whose bot answers, its token, and its shop's token (null: no shop). */
export interface AnsweringBot {
  action: ProjectRow;
  token: string;
  shopToken: string | null;
}
