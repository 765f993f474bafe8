import type { InlineKeyboardButton } from 'grammy/types';
import { MENU_BUTTONS_MAX } from '../../../contract/bot-menu.js';
import { messages } from '../../../contract/messages.js';

// The functions' menu buttons as one message shows them (pure): in the seller's order, at most
// MENU_BUTTONS_MAX buttons a message, the rest one press of «Ещё» away.

/** Callback data of «Ещё»: `menu:more:<index of the first button it shows>`. */
const MORE_PREFIX = 'menu:more:';
export const MORE_DATA = /^menu:more:(\d{1,3})$/;

type MenuButton = InlineKeyboardButton & { callback_data?: string };

/** The seller's order first (by callback data), the others after them in the module list's order. */
export function arrangeMenu<T extends MenuButton>(buttons: readonly T[], order: readonly string[]): T[] {
  const place = (button: T) => {
    const index = button.callback_data === undefined ? -1 : order.indexOf(button.callback_data);
    return index === -1 ? order.length : index;
  };
  return buttons
    .map((button, index) => ({ button, index }))
    .sort((a, b) => place(a.button) - place(b.button) || a.index - b.index)
    .map(({ button }) => button);
}

/**
 * The functions' buttons from `from` on that fit one message beside `fixed` buttons of its own
 * («Мои баллы», the shop); when some are left, the last place is «Ещё» leading to them.
 */
export function menuPage(buttons: readonly InlineKeyboardButton[], from: number, fixed: number): InlineKeyboardButton[] {
  const room = MENU_BUTTONS_MAX - fixed;
  const rest = buttons.slice(from);
  if (rest.length <= room) return rest;
  const shown = rest.slice(0, room - 1);
  return [...shown, { text: messages.botFeatures.moreButton, callback_data: `${MORE_PREFIX}${from + shown.length}` }];
}
