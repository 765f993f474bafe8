import type { Action } from '../../../../contract/actions.js';
import { ACTION_SUBSCRIPTION_DAYS } from '../../../../contract/billing.js';
import { fillMessage, messages } from '../../../../contract/messages.js';
import { useDeleteActionMutation, useRenewActionMutation } from '../../../api/actions.js';
import { formatDays, formatRubles } from '../../../lib/format.js';
import { useSessionState } from '../../../auth/session.js';
import { ChargeSummary } from './charge-summary.js';
import { ConfirmDialog } from '../../../components/confirm-dialog.js';
import { errorNotice, successNotice, type Notice } from '../../../components/notice.js';

const s = messages.actionScreens;

/** A command on an action that needs the seller's confirmation first. */
export type ActionCommand =
  | { kind: 'delete'; action: Pick<Action, 'id' | 'name'> }
  /** `price` is the one the renew button named. */
  | { kind: 'renew'; action: Pick<Action, 'id' | 'name'>; price: number };

/**
 * Asks, then deletes or renews. The dialog stays open (its button waiting) until the
 * server answers; `onDone` gets the answer as a notice even if the seller closed it meanwhile.
 */
export function ActionCommandDialog({
  command,
  onDone,
  onClose,
}: {
  command: ActionCommand;
  onDone: (notice: Notice, command: ActionCommand) => void;
  onClose: () => void;
}) {
  const deleteAction = useDeleteActionMutation();
  const renewAction = useRenewActionMutation();
  const { action } = command;
  const balance = useSessionState().session?.user.balance;

  const run = async () => {
    try {
      const { message } = command.kind === 'delete' ? await deleteAction.mutateAsync(action) : await renewAction.mutateAsync(action);
      onDone(successNotice(message), command);
    } catch (error) {
      onDone(errorNotice(error, command.kind === 'delete' ? messages.actions.deleteFailed : s.renewFailed), command);
    }
  };

  if (command.kind === 'delete') {
    return (
      <ConfirmDialog
        title={s.deleteTitle}
        tone="danger"
        confirmLabel={s.delete}
        pendingLabel={s.deleting}
        pending={deleteAction.isPending}
        onConfirm={run}
        onClose={onClose}
      >
        <p>{messages.actions.deleteConfirm}</p>
      </ConfirmDialog>
    );
  }
  return (
    <ConfirmDialog title={s.renewTitle} pendingLabel={s.renewing} pending={renewAction.isPending} onConfirm={run} onClose={onClose}>
      <p>
        {fillMessage(s.renewText, { name: action.name, days: formatDays(ACTION_SUBSCRIPTION_DAYS), price: formatRubles(command.price) })}
      </p>
      <ChargeSummary price={command.price} balance={balance} />
    </ConfirmDialog>
  );
}

/** 'Продлить на 30 дней за 3 000 ₽'. */
export function renewLabel(price: number): string {
  return fillMessage(s.renew, { days: formatDays(ACTION_SUBSCRIPTION_DAYS), price: formatRubles(price) });
}
