import { messages } from '../../../../contract/messages.js';

/** 'Активна' / 'Неактивна': the word carries the state, the colour only repeats it. */
export function ActiveBadge({ active }: { active: boolean }) {
  return (
    <span className={active ? 'status-badge status-badge--active' : 'status-badge'}>
      {active ? messages.actionScreens.activeBadge : messages.actions.inactive}
    </span>
  );
}
