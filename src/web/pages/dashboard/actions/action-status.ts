import type { Action } from '../../../../contract/actions.js';
import { fillMessage, messages } from '../../../../contract/messages.js';
import { formatDate } from '../../../lib/format.js';

/**
 * SPEC §4: 'Активна до {date}' when active with an end date, else the status message, else
 * 'Неактивна'. An active action whose seller cannot pay for the next receipt says so first: its
 * checks are refused, so «Активна» would not be true.
 */
export function actionStatusText(action: Pick<Action, 'is_active' | 'is_suspended' | 'subscription_end_date' | 'status_message'>): string {
  if (action.is_suspended) return messages.actions.suspended;
  if (action.is_active && action.subscription_end_date) {
    return fillMessage(messages.actions.activeUntil, { date: formatDate(action.subscription_end_date) });
  }
  return action.status_message || messages.actions.inactive;
}
