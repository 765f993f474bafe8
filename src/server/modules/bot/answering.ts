import type { ProjectRow } from '../../db/schema.js';
import type { TelegramClient } from '../../integrations/telegram/client.js';
import type { ReceiptDeps } from '../receipts/service.js';
import type { BotFeature, BotFeatureDeps } from '../../platform/bot-feature.js';

// What answering a shopper needs, below the conversation and its dispatch to the modules' bot parts.

export interface ConversationDeps extends ReceiptDeps, BotFeatureDeps {
  telegram: Pick<TelegramClient, 'getFile' | 'downloadFile'>;
  /** The modules' parts of the bot, in the module list's order (app.ts hands them over). */
  botParts: readonly BotFeature[];
  publicUrl: string;
  /** Web App buttons need an HTTPS address in Telegram (the emulator takes any). */
  webAppButtons: boolean;
  /** Per (bot, chat) flood guard: true when this message is over the limit (the first one over gets told). */
  isFlooding(botId: number, chatId: number): 'ok' | 'first_over' | 'over';
}

/** The action whose bot answers, its token, and its shop's token (null: no shop). */
export interface AnsweringBot {
  action: ProjectRow;
  token: string;
  shopToken: string | null;
}
