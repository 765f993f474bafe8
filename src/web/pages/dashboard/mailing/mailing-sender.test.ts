import { describe, expect, it } from 'vitest';
import { currentSender, MAILING_BOT, senderOptions } from './mailing-sender.js';

const actions = [
  { id: 1, name: 'Aurora', telegram_bot_token: '12345…abcd', telegram_bot_username: 'aurora_bot' },
  { id: 2, name: 'Без бота', telegram_bot_token: null, telegram_bot_username: null },
  { id: 3, name: 'Весна', telegram_bot_token: '67890…efgh', telegram_bot_username: null },
];

describe('the mailing sender', () => {
  it('offers every action with its own bot, then the mailing bot', () => {
    expect(senderOptions(actions)).toEqual([
      { value: 1, label: 'Через бота акции «Aurora» (@aurora_bot)' },
      { value: 3, label: 'Через бота акции «Весна»' },
      { value: MAILING_BOT, label: 'Через бота для рассылок' },
    ]);
  });

  it('keeps the seller’s pick while it is offered', () => {
    const options = senderOptions(actions);
    expect(currentSender(3, options, true)).toBe(3);
    expect(currentSender(MAILING_BOT, options, false)).toBe(MAILING_BOT);
  });

  it('defaults to the saved mailing bot, else to the first action’s bot', () => {
    const options = senderOptions(actions);
    expect(currentSender(null, options, true)).toBe(MAILING_BOT);
    expect(currentSender(null, options, false)).toBe(1);
    // An action that lost its bot is no longer offered.
    expect(currentSender(2, options, false)).toBe(1);
    expect(currentSender(null, senderOptions([]), false)).toBe(MAILING_BOT);
  });
});
