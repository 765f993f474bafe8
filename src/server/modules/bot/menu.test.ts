import { describe, expect, it } from 'vitest';
import { messages } from '../../../contract/messages.js';
import { arrangeMenu, menuPage } from './menu.js';

const buttons = Array.from({ length: 12 }, (_, n) => ({ text: `Ф${n + 1}`, callback_data: `f${n + 1}:go` }));
const texts = (list: { text: string }[]) => list.map((button) => button.text);
const more = messages.botFeatures.moreButton;

describe('the bot menu’s pages', () => {
  it('puts the seller’s order first and the others after them as the module list has them; unknown keys change nothing', () => {
    expect(texts(arrangeMenu(buttons.slice(0, 4), ['f3:go', 'gone:1', 'f1:go']))).toEqual(['Ф3', 'Ф1', 'Ф2', 'Ф4']);
    expect(arrangeMenu(buttons, [])).toEqual(buttons);
  });

  it('shows at most 8 buttons a message with «Мои баллы» and the shop, the rest under «Ещё», page after page', () => {
    expect(texts(menuPage(buttons.slice(0, 6), 0, 2))).toEqual(['Ф1', 'Ф2', 'Ф3', 'Ф4', 'Ф5', 'Ф6']);
    const first = menuPage(buttons, 0, 2);
    expect(texts(first)).toEqual(['Ф1', 'Ф2', 'Ф3', 'Ф4', 'Ф5', more]);
    expect(first.at(-1)).toEqual({ text: more, callback_data: 'menu:more:5' });
    // Without a shop one more fits; «Ещё» shows the rest, up to 8 a message.
    expect(texts(menuPage(buttons, 0, 1))).toEqual(['Ф1', 'Ф2', 'Ф3', 'Ф4', 'Ф5', 'Ф6', more]);
    expect(texts(menuPage(buttons, 5, 0))).toEqual(['Ф6', 'Ф7', 'Ф8', 'Ф9', 'Ф10', 'Ф11', 'Ф12']);
    expect(texts(menuPage([...buttons, ...buttons.slice(0, 4)], 5, 0))).toEqual(['Ф6', 'Ф7', 'Ф8', 'Ф9', 'Ф10', 'Ф11', 'Ф12', more]);
  });
});
