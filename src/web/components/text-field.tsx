import { useId, type ComponentPropsWithRef, type ReactNode } from 'react';
import type { FieldError } from 'react-hook-form';
import './help-tip.css';
import './text-field.css';

/** The field's problem: react-hook-form's error, or a message the screen worked out itself. */
type FieldProblem = FieldError | string | null | undefined;

interface FieldProps {
  label: string;
  error?: FieldProblem;
  /** A line under the control (a rule, a counter), read out with the field. */
  hint?: ReactNode;
  /** Replaces the hint's look, e.g. a counter that turns red. */
  hintClassName?: string;
  /** More under the field that is not part of its description, e.g. a link. */
  extra?: ReactNode;
  /** A «?» explanation (HelpTip) shown beside the label. */
  help?: ReactNode;
}

/** What a control needs to be tied to its label, hint and message. */
interface ControlLinks {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

type Controlled<Props> = Omit<Props, keyof ControlLinks | 'className'>;

/** A labelled input with its hint and validation message tied to it for screen readers. */
export function TextField({
  label,
  error,
  hint,
  hintClassName,
  extra,
  help,
  ...input
}: Controlled<ComponentPropsWithRef<'input'>> & FieldProps) {
  return (
    <Field label={label} error={error} hint={hint} hintClassName={hintClassName} extra={extra} help={help}>
      {(links) => <input {...input} {...links} className="text-field__input" />}
    </Field>
  );
}

/** TextField's multi-line twin: bot replies, mailing texts, lists of IDs. */
export function TextAreaField({
  label,
  error,
  hint,
  hintClassName,
  extra,
  help,
  ...textarea
}: Controlled<ComponentPropsWithRef<'textarea'>> & FieldProps) {
  return (
    <Field label={label} error={error} hint={hint} hintClassName={hintClassName} extra={extra} help={help}>
      {(links) => <textarea rows={2} {...textarea} {...links} className="text-field__input text-field__input--multiline" />}
    </Field>
  );
}

/** TextField's twin for a choice among a few options (a native select). */
export function SelectField({
  label,
  error,
  hint,
  hintClassName,
  extra,
  help,
  ...select
}: Controlled<ComponentPropsWithRef<'select'>> & FieldProps) {
  return (
    <Field label={label} error={error} hint={hint} hintClassName={hintClassName} extra={extra} help={help}>
      {(links) => <select {...select} {...links} className="text-field__input" />}
    </Field>
  );
}

function Field({
  label,
  error,
  hint,
  hintClassName = 'text-field__hint',
  extra,
  help,
  children,
}: FieldProps & { children: (links: ControlLinks) => ReactNode }) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const message = typeof error === 'string' ? error : error?.message;
  const describedBy = [hint !== undefined ? hintId : null, error ? errorId : null].filter((part) => part !== null).join(' ');
  return (
    <div className="text-field">
      {help ? (
        <div className="help-row">
          <label className="text-field__label" htmlFor={id}>
            {label}
          </label>
          {help}
        </div>
      ) : (
        <label className="text-field__label" htmlFor={id}>
          {label}
        </label>
      )}
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy || undefined })}
      {hint !== undefined && (
        <p className={hintClassName} id={hintId}>
          {hint}
        </p>
      )}
      {message && (
        <p className="text-field__error" id={errorId}>
          {message}
        </p>
      )}
      {extra}
    </div>
  );
}
