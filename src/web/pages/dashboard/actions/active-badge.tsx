import { messages } from '../../../../contract/messages.js';
import { StatusBadge } from '../../../components/status-badge.js';

/** 'Активна' / 'Неактивна': the word carries the state, the colour only repeats it. */
export function ActiveBadge({ active }: { active: boolean }) {
  return (
    <StatusBadge tone={active ? 'success' : 'neutral'}>
      {active ? messages.actionScreens.activeBadge : messages.actions.inactive}
    </StatusBadge>
  );
}
