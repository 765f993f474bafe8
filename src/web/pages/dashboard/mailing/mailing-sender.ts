import type { Action } from '../../../../contract/actions.js';
import { fillMessage, messages } from '../../../../contract/messages.js';

const s = messages.mailingScreen;

/** The seller's mailing bot (SPEC §2), as opposed to an action's own bot (its id). */
export const MAILING_BOT = 'mailing-bot';
export type MailingSender = typeof MAILING_BOT | number;

export interface SenderOption {
  value: MailingSender;
  label: string;
}

/** «Через бота акции …» for every action with its own bot, then the mailing bot. */
export function senderOptions(
  actions: readonly Pick<Action, 'id' | 'name' | 'telegram_bot_token' | 'telegram_bot_username'>[],
): SenderOption[] {
  const actionBots = actions
    .filter((action) => action.telegram_bot_token !== null)
    .map((action) => ({
      value: action.id,
      label: action.telegram_bot_username
        ? fillMessage(s.senderActionBotUsername, { name: action.name, username: action.telegram_bot_username })
        : fillMessage(s.senderActionBot, { name: action.name }),
    }));
  return [...actionBots, { value: MAILING_BOT, label: s.senderMailingBot }];
}

/**
 * The sender in effect: the seller's pick while it is still offered; else the mailing bot once
 * one is saved, else the first action's bot (shoppers of such a seller wrote to it).
 */
export function currentSender(picked: MailingSender | null, options: readonly SenderOption[], hasMailingBot: boolean): MailingSender {
  if (picked !== null && options.some((option) => option.value === picked)) return picked;
  const firstAction = options.find((option) => option.value !== MAILING_BOT);
  return hasMailingBot || !firstAction ? MAILING_BOT : firstAction.value;
}
