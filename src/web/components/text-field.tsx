import { useId, type InputHTMLAttributes } from 'react';
import type { FieldError } from 'react-hook-form';
import './text-field.css';

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'aria-invalid' | 'aria-describedby'>;

/** A labelled input with its validation message tied to it for screen readers. */
export function TextField({ label, error, ...input }: InputProps & { label: string; error?: FieldError | undefined }) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="text-field">
      <label className="text-field__label" htmlFor={id}>
        {label}
      </label>
      <input
        {...input}
        id={id}
        className="text-field__input"
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
