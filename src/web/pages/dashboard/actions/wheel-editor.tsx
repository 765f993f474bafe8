import { useId, useRef } from 'react';
import { flushSync } from 'react-dom';
import { WHEEL_SECTORS_MAX, type WheelSector } from '../../../../contract/bot-features.js';
import { fillMessage, messages } from '../../../../contract/messages.js';
import { TextField } from '../../../components/text-field.js';

const p = messages.botFeaturesPage;

/** A sector as typed: the numbers as strings, so a wrong one stays on screen with its message. */
export interface WheelSectorDraft {
  label: string;
  prize: 'points' | 'promo_code';
  points: string;
  weight: string;
}

export const wheelDraftOf = (wheel: readonly WheelSector[]): WheelSectorDraft[] =>
  wheel.map((sector) => ({
    label: sector.label,
    prize: sector.promo_code ? 'promo_code' : 'points',
    points: String(sector.points ?? ''),
    weight: String(sector.weight),
  }));

/** What the API takes: a sector is either points or a promo code. */
export const wheelUpdateOf = (drafts: readonly WheelSectorDraft[]) =>
  drafts.map(({ label, prize, points, weight }) =>
    prize === 'promo_code' ? { label, promo_code: true as const, weight } : { label, points, weight },
  );

/**
 * The daily bonus's «Колесо фортуны»: up to 12 rows of label, prize (points or a promo code) and
 * weight. The contract's message for the wheel (it names the sector) shows under the rows.
 */
export function WheelEditor({
  sectors,
  error,
  onChange,
}: {
  sectors: readonly WheelSectorDraft[];
  error: string | null;
  onChange: (sectors: WheelSectorDraft[]) => void;
}) {
  const hintId = useId();
  const addButton = useRef<HTMLButtonElement>(null);
  const update = (index: number, change: Partial<WheelSectorDraft>) =>
    onChange(sectors.map((sector, at) => (at === index ? { ...sector, ...change } : sector)));
  const handleAdd = () => onChange([...sectors, { label: '', prize: 'points', points: '', weight: '1' }]);
  const handleRemove = (index: number) => {
    // The removed row held the focus: the add button takes it.
    flushSync(() => onChange(sectors.filter((_, at) => at !== index)));
    addButton.current?.focus();
  };

  return (
    <fieldset className="levels-editor wheel-editor" aria-describedby={hintId}>
      <legend className="form-subsection__title levels-editor__title">{p.wheelTitle}</legend>
      <p className="text-field__hint" id={hintId}>
        {p.wheelHint}
      </p>
      {sectors.length > 0 && (
        <ol className="levels-editor__rows">
          {sectors.map((sector, index) => {
            const number = index + 1;
            return (
              <li key={index} className="levels-editor__row">
                <fieldset className="levels-editor__level wheel-editor__sector">
                  <legend className="levels-editor__legend">{fillMessage(p.sectorLegend, { number })}</legend>
                  <TextField
                    label={p.sectorLabel}
                    autoComplete="off"
                    value={sector.label}
                    onChange={(event) => update(index, { label: event.target.value })}
                  />
                  <label className="text-field">
                    <span className="text-field__label">{p.sectorPrize}</span>
                    <select
                      className="text-field__input"
                      value={sector.prize}
                      onChange={(event) => update(index, { prize: event.target.value as WheelSectorDraft['prize'] })}
                    >
                      <option value="points">{p.prizePoints}</option>
                      <option value="promo_code">{p.prizePromoCode}</option>
                    </select>
                  </label>
                  {sector.prize === 'points' ? (
                    <TextField
                      label={p.sectorPoints}
                      inputMode="numeric"
                      value={sector.points}
                      onChange={(event) => update(index, { points: event.target.value })}
                    />
                  ) : (
                    // Keeps the weight and the button in their columns.
                    <span aria-hidden="true" />
                  )}
                  <TextField
                    label={p.sectorWeight}
                    inputMode="numeric"
                    value={sector.weight}
                    onChange={(event) => update(index, { weight: event.target.value })}
                  />
                  <button
                    type="button"
                    className="button button--secondary levels-editor__remove"
                    aria-label={fillMessage(p.removeSectorNamed, { number })}
                    onClick={() => handleRemove(index)}
                  >
                    {p.removeSector}
                  </button>
                </fieldset>
              </li>
            );
          })}
        </ol>
      )}
      {error && (
        <p className="text-field__error" role="alert">
          {error}
        </p>
      )}
      {sectors.length < WHEEL_SECTORS_MAX && (
        <p>
          <button ref={addButton} type="button" className="button button--secondary" onClick={handleAdd}>
            {p.addSector}
          </button>
        </p>
      )}
    </fieldset>
  );
}
