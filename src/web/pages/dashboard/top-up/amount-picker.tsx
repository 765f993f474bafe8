import { useId, type Ref } from 'react';
import { fillMessage, messages } from '../../../../contract/messages.js';
import { TOP_UP_CUSTOM_MIN, TOP_UP_CUSTOM_STEP, TOP_UP_PRESETS } from '../../../../contract/payments.js';
import { TextField } from '../../../components/text-field.js';
import { formatRubles } from '../../../lib/format.js';
import { choosePreset, typeCustom, type AmountChoice } from './amount.js';

const t = messages.topUpDialog;

/** Preset toggle buttons and the custom amount field (SPEC §2 Top-up dialog, §9 presets). */
export function AmountPicker({
  choice,
  onChange,
  onCustomBlur,
  error,
  customRef,
}: {
  choice: AmountChoice;
  onChange: (next: AmountChoice) => void;
  onCustomBlur?: () => void;
  error: string | null;
  customRef: Ref<HTMLInputElement>;
}) {
  const id = useId();
  const presetsLabelId = `${id}-presets`;

  return (
    <>
      <div className="top-up__field">
        <p className="text-field__label" id={presetsLabelId}>
          {t.presetsLabel}
        </p>
        <div className="top-up__presets" role="group" aria-labelledby={presetsLabelId}>
          {TOP_UP_PRESETS.map((preset) => (
            <button
              key={preset}
              type="button"
              className="top-up__preset"
              aria-pressed={choice.preset === preset}
              onClick={() => onChange(choosePreset(choice, preset))}
            >
              {formatRubles(preset)}
            </button>
          ))}
        </div>
      </div>

      <TextField
        ref={customRef}
        label={t.customLabel}
        name="customAmount"
        type="number"
        inputMode="numeric"
        min={TOP_UP_CUSTOM_MIN}
        step={TOP_UP_CUSTOM_STEP}
        value={choice.custom}
        onChange={(event) => onChange(typeCustom(event.target.value))}
        onBlur={onCustomBlur}
        error={error}
        hint={fillMessage(t.customHint, { min: formatRubles(TOP_UP_CUSTOM_MIN), step: formatRubles(TOP_UP_CUSTOM_STEP) })}
      />
    </>
  );
}
