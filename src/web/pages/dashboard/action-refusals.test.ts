import { describe, expect, it } from 'vitest';
import { fillMessage, messages } from '../../../contract/messages.js';
import { fieldOfServerError } from './action-refusals.js';

const p = messages.points;

describe('the field of a server refusal', () => {
  it('places the server’s token refusals at the token field, other refusals nowhere', () => {
    expect(fieldOfServerError(messages.bot.tokenTaken)).toBe('telegram_bot_token');
    expect(fieldOfServerError(messages.mailing.tokenRejected)).toBe('telegram_bot_token');
    expect(fieldOfServerError(messages.actions.saveFailed)).toBeUndefined();
  });

  it("places the server's points refusals at their fields", () => {
    expect(fieldOfServerError(p.lifetimeRange)).toBe('points_lifetime_days');
    expect(fieldOfServerError(p.reminderRange)).toBe('expiry_reminder_days');
    expect(fieldOfServerError(p.repeatPercentRange)).toBe('repeat_points_percentage');
    expect(fieldOfServerError(p.levelThresholdsIncrease)).toBe('levels');
    expect(fieldOfServerError(fillMessage(p.levelFirstPercent, { percent: 7.5 }))).toBe('levels');
  });
});
