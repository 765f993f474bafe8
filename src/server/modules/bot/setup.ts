import { messages } from '../../../contract/messages.js';
import type { BotCommand, UpdateKind } from '../../integrations/telegram/client.js';

/** What the bot answers: shoppers' messages and presses of its inline buttons. */
export const BOT_UPDATE_KINDS: UpdateKind[] = ['message', 'callback_query'];

/**
 * Raised whenever what a bot asks Telegram for changes (1: callback queries for the inline
 * buttons; 2: the command list; 3: /stop), so connections made by an older version are set up again once.
 */
export const BOT_SETUP_VERSION = 3;

const b = messages.bot;

/** What the chat's «Menu» lists: the commands the bot answers, so a shopper need not guess them. */
export const BOT_COMMANDS: readonly BotCommand[] = [
  { command: 'start', description: b.commandStart },
  { command: 'menu', description: b.commandMenu },
  { command: 'balance', description: b.commandBalance },
  { command: 'warranty', description: b.commandWarranty },
  { command: 'stop', description: messages.mailingConsent.commandStop },
];

/** The shop's Mini App address, which the bot's buttons open. */
export function shopUrl(publicUrl: string, shopToken: string): string {
  return `${publicUrl}/shop/${shopToken}`;
}
