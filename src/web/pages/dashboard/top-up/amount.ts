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
 * What is wrong with an amount, or null when it can be paid. SPEC §5: nothing above 0 is
 * 'Введите сумму пополнения'; a negative number was typed, so it gets the minimum's
 * text, which says what to type instead. The custom input's min 100 and step 100 (SPEC §9)
 * each have their own message: 150 is refused ('Сумма должна быть кратна 100 ₽'), not
 * silently rounded, so the seller never pays a sum they did not type. The server's own
 * ceiling (1 000 000 ₽) is checked here as well, so it never needs a round trip.
 */
export function amountProblem(amount: number): string | null {
  if (amount < 0) return fillMessage(t.amountTooSmall, { min: formatRubles(TOP_UP_CUSTOM_MIN) });
  if (!(amount > 0)) return messages.payments.amountRequired;
  if (amount < TOP_UP_CUSTOM_MIN) return fillMessage(t.amountTooSmall, { min: formatRubles(TOP_UP_CUSTOM_MIN) });
  if (amount % TOP_UP_CUSTOM_STEP !== 0) return fillMessage(t.amountStep, { step: formatRubles(TOP_UP_CUSTOM_STEP) });
  if (amount > TOP_UP_MAX) return fillMessage(t.amountTooLarge, { max: formatRubles(TOP_UP_MAX) });
  return null;
}

/** Whether 'Оплатить' may go ahead: a payable amount and a known seller (SPEC §5). */
export function checkTopUp(choice: AmountChoice, userId: number | undefined): TopUpCheck {
  const amount = amountOf(choice);
  if (userId === undefined) return { ok: false, message: messages.payments.amountRequired };
  const problem = amountProblem(amount);
  return problem ? { ok: false, message: problem } : { ok: true, amount, userId };
}

/**
 * The 'К оплате' figure: 0 while nothing is chosen, the amount once it can be paid, and
 * null (shown as a dash) for an amount that cannot: a negative or off-step sum is never
 * presented as due.
 */
export function amountDue(choice: AmountChoice): number | null {
  const amount = amountOf(choice);
  if (choice.preset === null && choice.custom.trim() === '') return 0;
  return amountProblem(amount) === null ? amount : null;
}

/**
 * The top-up that covers a refused charge: the missing amount rounded up to the custom
 * amount's step (SPEC §9: 100 ₽), never below the minimum nor above the ceiling.
 */
export function topUpFor(shortfall: number): number {
  const rounded = Math.ceil(shortfall / TOP_UP_CUSTOM_STEP) * TOP_UP_CUSTOM_STEP;
  return Math.min(TOP_UP_MAX, Math.max(TOP_UP_CUSTOM_MIN, rounded));
}

/** The dialog's starting choice: the amount in the custom field, or nothing. */
export function initialChoice(amount: number | undefined): AmountChoice {
  return amount === undefined ? NO_AMOUNT : typeCustom(String(amount));
}
