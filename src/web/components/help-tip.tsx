import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { fillMessage, messages } from '../../contract/messages.js';
import './help-tip.css';

/**
 * A «?» beside a field that is not obvious: the button shows or hides a short explanation
 * (tied to the button by aria-describedby while shown); Escape hides it and keeps focus on
 * the button. The wrapper is `display: contents`, so in a wrapping row (`.help-row`, or a
 * field's label row) the button sits beside the label and the text takes the next line.
 */
export function HelpTip({ topic, children }: { topic: string; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const textId = useId();
  const button = useRef<HTMLButtonElement>(null);

  const handleKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !open) return;
    // Only the explanation closes: not a dialog or a menu around it.
    event.stopPropagation();
    setOpen(false);
    button.current?.focus();
  };

  return (
    <span className="help-tip" onKeyDown={handleKeyDown}>
      <button
        ref={button}
        type="button"
        className="help-tip__button"
        aria-label={fillMessage(messages.help.tipLabel, { topic })}
        aria-expanded={open}
        aria-controls={textId}
        aria-describedby={open ? textId : undefined}
        onClick={() => setOpen((shown) => !shown)}
      >
        ?
      </button>
      <span id={textId} className="help-tip__text" hidden={!open}>
        {children}
      </span>
    </span>
  );
}
