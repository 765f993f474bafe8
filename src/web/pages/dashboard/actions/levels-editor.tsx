import { useId, useRef } from 'react';
import { flushSync } from 'react-dom';
import { useFieldArray, useWatch, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import type { ActionSettings } from '../../../../contract/actions.js';
import { fillMessage, messages } from '../../../../contract/messages.js';
import { LEVELS_MAX } from '../../../../contract/points.js';
import { TextField } from '../../../components/text-field.js';
import type { ActionFormValues } from './action-form-model.js';

const p = messages.points;

/**
 * «Уровни лояльности»: up to five rows of name, threshold and percent. The first row is the level
 * every shopper holds: its threshold stays 0 and its percent is the action's, shown, not typed.
 * It can be removed only when it is the last row left, so a list always starts from 0 ₽.
 */
export function LevelsEditor({
  control,
  register,
  errors,
}: {
  control: Control<ActionFormValues, unknown, ActionSettings>;
  register: UseFormRegister<ActionFormValues>;
  errors: FieldErrors<ActionFormValues>;
}) {
  const { fields, append, remove } = useFieldArray({ control, name: 'levels' });
  const actionPercent = useWatch({ control, name: 'points_percentage' });
  const hintId = useId();
  const addButton = useRef<HTMLButtonElement>(null);
  const rowErrors = errors.levels;
  const listError = rowErrors?.root?.message ?? rowErrors?.message;

  const handleAdd = () => append({ name: '', min_sum: fields.length === 0 ? '0' : '', points_percentage: '' });
  const handleRemove = (index: number) => {
    // The removed row held the focus: the add button takes it, rendered again if the list was full.
    flushSync(() => remove(index));
    addButton.current?.focus();
  };

  return (
    <fieldset className="levels-editor" aria-describedby={hintId}>
      <legend className="form-subsection__title levels-editor__title">{p.levelsTitle}</legend>
      <p className="form-section__hint" id={hintId}>
        {p.levelsHint}
      </p>
      {fields.length > 0 && (
        <ol className="levels-editor__rows">
          {fields.map((row, index) => {
            const number = index + 1;
            const first = index === 0;
            const errorsOfRow = rowErrors?.[index];
            return (
              <li key={row.id} className="levels-editor__row">
                <fieldset className="levels-editor__level">
                  <legend className="levels-editor__legend">{fillMessage(p.levelLegend, { number })}</legend>
                  <TextField
                    label={p.levelNameLabel}
                    type="text"
                    autoComplete="off"
                    error={errorsOfRow?.name}
                    {...register(`levels.${index}.name`)}
                  />
                  <TextField
                    label={p.levelThresholdLabel}
                    type="number"
                    inputMode="decimal"
                    min="0"
                    step="0.01"
                    readOnly={first}
                    error={errorsOfRow?.min_sum}
                    {...register(`levels.${index}.min_sum`)}
                  />
                  {first ? (
                    <TextField label={p.levelPercentLabel} type="text" value={actionPercent} readOnly />
                  ) : (
                    <TextField
                      label={p.levelPercentLabel}
                      type="number"
                      inputMode="decimal"
                      min="0"
                      max="100"
                      step="any"
                      error={errorsOfRow?.points_percentage}
                      {...register(`levels.${index}.points_percentage`)}
                    />
                  )}
                  {first && <p className="levels-editor__note">{p.levelFirstNote}</p>}
                  {(!first || fields.length === 1) && (
                    <button
                      type="button"
                      className="button button--secondary levels-editor__remove"
                      aria-label={fillMessage(p.removeLevelNamed, { number })}
                      onClick={() => handleRemove(index)}
                    >
                      {p.removeLevel}
                    </button>
                  )}
                </fieldset>
              </li>
            );
          })}
        </ol>
      )}
      {listError && (
        <p className="text-field__error" role="alert">
          {listError}
        </p>
      )}
      {fields.length < LEVELS_MAX && (
        <p>
          <button ref={addButton} type="button" className="button button--secondary" onClick={handleAdd}>
            {p.addLevel}
          </button>
        </p>
      )}
    </fieldset>
  );
}
