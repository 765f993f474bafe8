import type { ReactNode } from 'react';
import { messages } from '../../contract/messages.js';
import { Dialog } from './dialog.js';

const s = messages.actionScreens;
/** SPEC §2 'Отмена' is one catalogue text, shared with the top-up dialog. */
const cancelLabel = messages.common.cancel;

/**
 * 'Подтвердить' / 'Отмена' before a command that costs money or removes something.
 * 'Отмена' comes first, so the focus the dialog starts with lands on the safe choice.
 * The owner closes the dialog when the command is done (unmounting it); while `pending`
 * the confirm button waits.
 */
export function ConfirmDialog({
  title,
  children,
  confirmLabel = s.confirm,
  pendingLabel,
  pending = false,
  tone = 'primary',
  onConfirm,
  onClose,
}: {
  title: string;
  /** 'danger' for a command that removes something: the confirm button is styled as destructive. */
  tone?: 'primary' | 'danger';
  children: ReactNode;
  confirmLabel?: string;
  pendingLabel?: string;
  pending?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Dialog
      title={title}
      onClose={onClose}
      actions={(close) => (
        <>
          <button type="button" className="button button--secondary" onClick={close}>
            {cancelLabel}
          </button>
          <button
            type="button"
            className={tone === 'danger' ? 'button button--destructive' : 'button button--primary'}
            disabled={pending}
            onClick={onConfirm}
          >
            {pending && pendingLabel ? pendingLabel : confirmLabel}
          </button>
        </>
      )}
    >
      {children}
    </Dialog>
  );
}
