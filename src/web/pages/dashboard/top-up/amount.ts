import { fillMessage, messages } from '../../../../contract/messages.js';
import { TOP_UP_CUSTOM_MIN, TOP_UP_CUSTOM_STEP, TOP_UP_MAX } from '../../../../contract/payments.js';
import { formatRubles } from '../../../lib/format.js';

/**
 * What the top-up dialog holds: a preset or the text of the custom amount, never both
 * (SPEC §5: choosing a preset clears the custom amount and vice versa).
 */
export interface AmountChoice {
  preset: number | null;
  custom: string;
}

export const NO_AMOUNT: AmountChoice = { preset: null, custom: '' };

/** Pressing a preset selects it and clears the custom amount; pressing the selected one again releases it. */
export function choosePreset(current: AmountChoice, preset: number): AmountChoice {
  return current.preset === preset ? NO_AMOUNT : { preset, custom: '' };
}

/** Typing a custom amount releases the preset. */
export function typeCustom(custom: string): AmountChoice {
  return { preset: null, custom };
}

/** The custom amount in rubles; empty or non-numeric text counts as 0 (SPEC §5). */
export function parseCustomAmount(text: string): number {
  const trimmed = text.trim().replace(',', '.');
  if (trimmed === '') return 0;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : 0;
}

/** The amount due: the preset, else the custom amount. */
export function amountOf(choice: AmountChoice): number {
  return choice.preset ?? parseCustomAmount(choice.custom);
}

export type TopUpCheck = { ok: true; amount: number; userId: number } | { ok: false; message: string };

const t = messages.topUpDialog;

/**
 * Whether 'Оплатить' may go ahead. SPEC §5: the amount above 0 and the user known, else
 * 'Введите сумму пополнения'. The custom input's min 100 and step 100 (SPEC §9) are
 * enforced too, each with its own message: 150 is refused ('Сумма должна быть кратна
 * 100 ₽'), not silently rounded, so the seller never pays a sum they did not type.
 * The server's own ceiling (1 000 000 ₽) is checked here as well, so it never needs a round trip.
 */
export function checkTopUp(choice: AmountChoice, userId: number | undefined): TopUpCheck {
  const amount = amountOf(choice);
  if (userId === undefined || !(amount > 0)) return { ok: false, message: messages.payments.amountRequired };
  if (amount < TOP_UP_CUSTOM_MIN) {
    return { ok: false, message: fillMessage(t.amountTooSmall, { min: formatRubles(TOP_UP_CUSTOM_MIN) }) };
  }
  if (amount % TOP_UP_CUSTOM_STEP !== 0) {
    return { ok: false, message: fillMessage(t.amountStep, { step: formatRubles(TOP_UP_CUSTOM_STEP) }) };
  }
  if (amount > TOP_UP_MAX) return { ok: false, message: fillMessage(t.amountTooLarge, { max: formatRubles(TOP_UP_MAX) }) };
  return { ok: true, amount, userId };
}
