import { describe, expect, it } from 'vitest';
import { messages } from '../../../../contract/messages.js';
import { formatDate } from '../../../lib/format.js';
import { actionStatusText } from './action-status.js';

const end = '2030-05-17T12:00:00.000Z';

describe('actionStatusText', () => {
  it("says 'Активна до {date}' for an active action with an end date", () => {
    expect(actionStatusText({ is_active: true, is_suspended: false, subscription_end_date: end, status_message: null })).toBe(
      `Активна до ${formatDate(end)}`,
    );
  });

  it('prefers the active date over a leftover status message', () => {
    expect(actionStatusText({ is_active: true, is_suspended: false, subscription_end_date: end, status_message: 'старое' })).toBe(
      `Активна до ${formatDate(end)}`,
    );
  });

  it("shows the server's status message for an inactive action", () => {
    const status = 'Подписка закончилась 01.05.2030. Продлите акцию, чтобы снова принимать чеки.';
    expect(actionStatusText({ is_active: false, is_suspended: false, subscription_end_date: end, status_message: status })).toBe(status);
  });

  it('says an active action whose seller cannot pay the next receipt is suspended, with the way out', () => {
    expect(actionStatusText({ is_active: true, is_suspended: true, subscription_end_date: end, status_message: null })).toBe(
      'Приостановлена — пополните баланс',
    );
  });

  it.each([
    [{ is_active: false, is_suspended: false, subscription_end_date: end, status_message: null }],
    [{ is_active: false, is_suspended: false, subscription_end_date: null, status_message: '' }],
    [{ is_active: true, is_suspended: false, subscription_end_date: null, status_message: null }],
  ])("falls back to 'Неактивна' (%j)", (action) => {
    expect(actionStatusText(action)).toBe(messages.actions.inactive);
  });
});
