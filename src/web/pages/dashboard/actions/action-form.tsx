import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { useForm, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import type { ActionSettings } from '../../../../contract/actions.js';
import { HelpTip } from '../../../components/help-tip.js';
import { TextAreaField, TextField } from '../../../components/text-field.js';
import { LevelsEditor } from './levels-editor.js';
import {
  actionFormSchema,
  actionFormSections,
  levelFocusTarget,
  locateErrors,
  type ActionField,
  type ActionFieldName,
  type ActionFormValues,
  type ActionSectionId,
} from './action-form-model.js';

/**
 * The action's settings (create and edit share it), validated with the API's own schema
 * so the seller sees the same SPEC §5 messages the server would answer with. Sections
 * fold away; a section holding an error opens and its first wrong field takes focus.
 */
export function ActionForm({
  defaultValues,
  initiallyOpen,
  submitLabel,
  pendingLabel,
  pending,
  onValid,
  note,
  extraButtons,
  serverFieldError,
  savedBotToken,
  fieldNotes,
}: {
  defaultValues: ActionFormValues;
  initiallyOpen: ActionSectionId[];
  submitLabel: string;
  pendingLabel: string;
  pending: boolean;
  onValid: (settings: ActionSettings) => void;
  /** Shown above the buttons (the create screen's price warning). */
  note?: ReactNode;
  extraButtons?: ReactNode;
  /** The server refused a value of one field (e.g. a bot token another action uses): shown at that field. */
  serverFieldError?: { field: ActionFieldName; message: string } | null;
  /** The saved bot token's mask: after a save the field shows the mask, not the token just typed. */
  savedBotToken?: string | null;
  /** Shown under a field (the connected bot's name and link under its token). */
  fieldNotes?: Partial<Record<ActionFieldName, ReactNode>>;
}) {
  const {
    register,
    control,
    handleSubmit,
    setFocus,
    setError,
    resetField,
    formState: { errors },
  } = useForm<ActionFormValues, unknown, ActionSettings>({
    resolver: zodResolver(actionFormSchema),
    defaultValues,
    shouldFocusError: false,
  });
  const [openSections, setOpenSections] = useState<ReadonlySet<ActionSectionId>>(() => new Set(initiallyOpen));

  const setSectionOpen = (id: ActionSectionId, open: boolean) =>
    setOpenSections((current) => {
      if (current.has(id) === open) return current;
      const next = new Set(current);
      if (open) next.add(id);
      else next.delete(id);
      return next;
    });

  useEffect(() => {
    if (!serverFieldError) return;
    const { sections } = locateErrors([serverFieldError.field]);
    flushSync(() => setOpenSections((current) => new Set([...current, ...sections])));
    if (serverFieldError.field === 'levels') {
      // A refusal of the list as a whole shows under the rows; the first row's name takes focus.
      setError('levels', { type: 'server', message: serverFieldError.message });
      setFocus('levels.0.name');
      return;
    }
    setError(serverFieldError.field, { type: 'server', message: serverFieldError.message }, { shouldFocus: true });
  }, [serverFieldError, setError, setFocus]);

  useEffect(() => {
    if (savedBotToken !== undefined) resetField('telegram_bot_token', { defaultValue: savedBotToken ?? '' });
  }, [savedBotToken, resetField]);

  const handleInvalid = (fieldErrors: FieldErrors<ActionFormValues>) => {
    const { first, sections } = locateErrors(Object.keys(fieldErrors));
    // The field must be visible before it can take focus.
    flushSync(() => setOpenSections((current) => new Set([...current, ...sections])));
    if (first === 'levels') setFocus(levelFocusTarget(fieldErrors.levels));
    else if (first) setFocus(first);
  };

  return (
    <form className="action-form" noValidate onSubmit={handleSubmit(onValid, handleInvalid)}>
      {actionFormSections.map((section) => (
        <details
          key={section.id}
          className="form-section"
          open={openSections.has(section.id)}
          onToggle={(event) => setSectionOpen(section.id, event.currentTarget.open)}
        >
          <summary className="form-section__title">{section.title}</summary>
          <div className="form-section__body">
            {section.hint && <p className="form-section__hint">{section.hint}</p>}
            {section.fields.map((field) =>
              field.startsGroup ? (
                <div key={field.name} className="form-subsection">
                  <h3 className="form-subsection__title">{field.startsGroup.title}</h3>
                  <p className="form-section__hint">{field.startsGroup.hint}</p>
                  <ActionFormField field={field} control={control} register={register} errors={errors} />
                  {fieldNotes?.[field.name]}
                </div>
              ) : (
                <ActionFormField key={field.name} field={field} control={control} register={register} errors={errors} />
              ),
            )}
          </div>
        </details>
      ))}
      {note}
      <div className="action-form__buttons">
        <button type="submit" className="button button--primary" disabled={pending}>
          {pending ? pendingLabel : submitLabel}
        </button>
        {extraButtons}
      </div>
    </form>
  );
}

function ActionFormField({
  field,
  control,
  register,
  errors,
}: {
  field: ActionField;
  control: Control<ActionFormValues, unknown, ActionSettings>;
  register: UseFormRegister<ActionFormValues>;
  errors: FieldErrors<ActionFormValues>;
}) {
  if (field.kind === 'levels') return <LevelsEditor control={control} register={register} errors={errors} />;
  const error = errors[field.name as Exclude<ActionFieldName, 'levels'>];
  const help = field.help ? <HelpTip topic={field.label}>{field.help}</HelpTip> : undefined;
  switch (field.kind) {
    case 'checkbox':
      return <CheckboxField field={field} register={register} />;
    case 'textarea':
      return <TextAreaField label={field.label} error={error} help={help} {...register(field.name)} />;
    case 'number':
      return (
        <TextField
          label={field.label}
          type="number"
          inputMode={field.step === '1' ? 'numeric' : 'decimal'}
          min="0"
          step={field.step}
          required={field.required}
          error={error}
          hint={field.hint}
          help={help}
          {...register(field.name)}
        />
      );
    case 'text':
      return (
        <TextField
          label={field.label}
          type="text"
          autoComplete="off"
          required={field.required}
          error={error}
          help={help}
          {...register(field.name)}
        />
      );
  }
}

/** A toggle, with what each of its positions means under it (tied to it for screen readers). */
function CheckboxField({ field, register }: { field: ActionField; register: UseFormRegister<ActionFormValues> }) {
  const hintId = useId();
  return (
    <div className="checkbox-field__group">
      <div className="help-row">
        <label className="checkbox-field">
          <input type="checkbox" aria-describedby={field.hints ? hintId : undefined} {...register(field.name)} />
          <span>{field.label}</span>
        </label>
        {field.help && <HelpTip topic={field.label}>{field.help}</HelpTip>}
      </div>
      {field.hints && (
        <div id={hintId} className="checkbox-field__hints">
          {field.hints.map((hint) => (
            <p key={hint}>{hint}</p>
          ))}
        </div>
      )}
    </div>
  );
}
