import { useId } from 'react';
import { messages } from '../../../../contract/messages.js';
import { MAILING_BOT, type MailingSender, type SenderOption } from './mailing-sender.js';

const s = messages.mailingScreen;

/**
 * Which bot the mailing goes out from: an action's own bot (its shoppers wrote to it) or the
 * mailing bot. One line says why the choice matters: Telegram lets a bot write only to people who started it.
 */
export function SenderChoice({
  options,
  value,
  onChange,
}: {
  options: readonly SenderOption[];
  value: MailingSender;
  onChange: (sender: MailingSender) => void;
}) {
  const hintId = useId();
  const name = useId();
  return (
    <fieldset className="mailing-sender" aria-describedby={hintId}>
      <legend className="mailing-sender__legend">{s.senderLabel}</legend>
      {options.map((option) => (
        <label key={option.value === MAILING_BOT ? 'mailing-bot' : option.value} className="mailing-sender__option">
          <input type="radio" name={name} checked={option.value === value} onChange={() => onChange(option.value)} />
          {option.label}
        </label>
      ))}
      <p id={hintId} className="mailing-hint">
        {s.senderHint}
      </p>
    </fieldset>
  );
}
