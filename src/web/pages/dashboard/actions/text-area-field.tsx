import { useId, type TextareaHTMLAttributes } from 'react';
import type { FieldError } from 'react-hook-form';
import '../../../components/text-field.css';

type TextAreaProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'aria-invalid' | 'aria-describedby'>;

/** TextField's multi-line twin, for bot replies that may span lines. */
export function TextAreaField({ label, error, ...textarea }: TextAreaProps & { label: string; error?: FieldError | undefined }) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="text-field">
      <label className="text-field__label" htmlFor={id}>
        {label}
      </label>
      <textarea
        rows={2}
        {...textarea}
        id={id}
        className="text-field__input text-field__input--multiline"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
      />
      {error?.message && (
        <p className="text-field__error" id={errorId}>
          {error.message}
        </p>
      )}
    </div>
  );
}
