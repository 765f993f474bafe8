import type { Action } from '../../../../contract/actions.js';
import { messages } from '../../../../contract/messages.js';
import { StatusBadge } from '../../../components/status-badge.js';
import { useOpenTopUp } from '../top-up/top-up-context.js';

/** 'Активна' / 'Приостановлена' / 'Неактивна': the word carries the state, the colour only repeats it. */
export function ActiveBadge({ action }: { action: Pick<Action, 'is_active' | 'is_suspended'> }) {
  if (action.is_suspended) return <StatusBadge tone="warning">{messages.actions.suspendedBadge}</StatusBadge>;
  return (
    <StatusBadge tone={action.is_active ? 'success' : 'neutral'}>
      {action.is_active ? messages.actionScreens.activeBadge : messages.actions.inactive}
    </StatusBadge>
  );
}

/** Wherever a suspended action is listed: why, and the way out. */
export function SuspendedNote({ action }: { action: Pick<Action, 'is_suspended'> }) {
  const openTopUp = useOpenTopUp();
  if (!action.is_suspended) return null;
  return (
    <p className="action-suspended">
      <span>{messages.actions.suspendedHint}</span>
      {openTopUp && (
        <button type="button" className="button button--primary button--small" onClick={() => openTopUp()}>
          {messages.actions.suspendedTopUp}
        </button>
      )}
    </p>
  );
}
