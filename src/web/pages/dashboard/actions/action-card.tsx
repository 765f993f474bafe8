import { useId } from 'react';
import { Link } from 'react-router';
import type { Action } from '../../../../contract/actions.js';
import { fillMessage, messages } from '../../../../contract/messages.js';
import { renewLabel } from './action-command-dialog.js';
import { ActionFacts } from './action-facts.js';
import { actionStatusText } from './action-status.js';
import { ActiveBadge, SuspendedNote } from './active-badge.js';

const s = messages.actionScreens;

/**
 * One action in My actions (SPEC §2). The name's link stretches over the whole card, so
 * a click anywhere opens the action; the buttons sit above it and work on their own.
 */
export function ActionCard({
  action,
  renewPrice,
  onDelete,
  onRenew,
}: {
  action: Action;
  /** The 30-day price; the renew button shows once it is known. */
  renewPrice: number | undefined;
  onDelete: () => void;
  onRenew: (price: number) => void;
}) {
  const nameId = useId();
  return (
    <article className="action-card" aria-labelledby={nameId}>
      <div className="action-card__head">
        <h2 className="action-card__name" id={nameId}>
          <Link to={`/dashboard/action/${action.id}`} className="action-card__link">
            {action.name}
          </Link>
        </h2>
        <ActiveBadge action={action} />
      </div>
      <p className="action-card__status">{actionStatusText(action)}</p>
      <SuspendedNote action={action} />
      <ActionFacts action={action} />
      <div className="action-card__buttons">
        {!action.is_active && renewPrice !== undefined && (
          <button type="button" className="button button--primary" onClick={() => onRenew(renewPrice)}>
            {renewLabel(renewPrice)}
          </button>
        )}
        <Link
          to={`/dashboard/action/${action.id}/edit`}
          className="button button--secondary"
          aria-label={fillMessage(s.editNamed, { name: action.name })}
        >
          {s.edit}
        </Link>
        <button
          type="button"
          className="button button--danger"
          aria-label={fillMessage(s.deleteNamed, { name: action.name })}
          onClick={onDelete}
        >
          {s.delete}
        </button>
      </div>
    </article>
  );
}
