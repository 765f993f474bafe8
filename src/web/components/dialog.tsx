import { useId, useLayoutEffect, useRef, type ReactNode } from 'react';
import './dialog.css';

/**
 * A modal dialog on the native <dialog>: the browser keeps focus inside, closes it on
 * Esc and makes the page behind inert. Focus starts on the first control and goes
 * back to whatever opened the dialog.
 */
export function Dialog({
  title,
  onClose,
  children,
  actions,
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Buttons row; receives `close`, which closes the dialog the same way Esc does. */
  actions: (close: () => void) => ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    return () => {
      // Close before giving focus back: while a modal dialog is open the page behind is inert.
      dialog.close();
      opener?.focus();
    };
  }, []);

  const close = () => ref.current?.close();
  // The close event arrives a task later; by then a remount (React's development
  // double effects) may have opened the dialog again, and that dialog stays.
  const handleClose = () => {
    if (!ref.current?.open) onClose();
  };

  return (
    <dialog ref={ref} className="dialog" aria-labelledby={titleId} aria-modal="true" onClose={handleClose}>
      <h2 className="dialog__title" id={titleId}>
        {title}
      </h2>
      <div className="dialog__body">{children}</div>
      <div className="dialog__actions">{actions(close)}</div>
    </dialog>
  );
}
