import type { UpdateKind } from '../../integrations/telegram/client.js';

/** What the bot answers: shoppers' messages and presses of its inline buttons. */
export const BOT_UPDATE_KINDS: UpdateKind[] = ['message', 'callback_query'];

/**
 * Raised whenever what a bot asks Telegram for changes (1: callback queries for the inline
 * buttons), so connections made by an older version are set up again once.
 */
export const BOT_SETUP_VERSION = 1;

/** The shop's Mini App address, which the bot's buttons open. */
export function shopUrl(publicUrl: string, shopToken: string): string {
  return `${publicUrl}/shop/${shopToken}`;
}
