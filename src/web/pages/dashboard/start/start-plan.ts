import { ACTION_SUBSCRIPTION_DAYS } from '../../../../contract/billing.js';
import { fillMessage, messages } from '../../../../contract/messages.js';
import { TOP_UP_CUSTOM_MIN, TOP_UP_CUSTOM_STEP, TOP_UP_MAX } from '../../../../contract/payments.js';
import { RECEIPT_WORDS } from '../../../../contract/format.js';
import { formatCount, formatDays, formatRubles } from '../../../lib/format.js';

const g = messages.guidedStart;

/** Receipts the first payment keeps in reserve, so the first shoppers' receipts are paid for. */
export const RESERVE_RECEIPTS = 100;

export interface StartPrices {
  activation: number;
  subscription: number;
  /** The price of the seller's next receipt (their current tier). */
  receipt: number;
}

export interface StartLine {
  label: string;
  /** Rubles; negative for what the balance already covers. */
  amount: number;
}

export interface StartPlan {
  lines: StartLine[];
  /** What the balance must hold to start: activation (if due) + the first month + the reserve. */
  needed: number;
  /** The card payment: what is missing, rounded up to the top-up step (0 when the balance suffices). */
  toPay: number;
}

/** One payment for everything needed to start, explained line by line (pure). */
export function startPlan({ prices, activated, balance }: { prices: StartPrices; activated: boolean; balance: number }): StartPlan {
  const reserve = Math.round(prices.receipt * RESERVE_RECEIPTS * 100) / 100;
  const lines: StartLine[] = [
    ...(activated ? [] : [{ label: g.lineActivation, amount: prices.activation }]),
    { label: fillMessage(g.lineSubscription, { days: formatDays(ACTION_SUBSCRIPTION_DAYS) }), amount: prices.subscription },
    {
      label: fillMessage(g.lineReserve, { count: formatCount(RESERVE_RECEIPTS, RECEIPT_WORDS), price: formatRubles(prices.receipt) }),
      amount: reserve,
    },
  ];
  const needed = lines.reduce((sum, line) => sum + line.amount, 0);
  const covered = Math.min(Math.max(0, balance), needed);
  if (covered > 0) lines.push({ label: g.lineBalance, amount: -covered });
  const missing = needed - covered;
  const toPay =
    missing <= 0 ? 0 : Math.min(TOP_UP_MAX, Math.max(TOP_UP_CUSTOM_MIN, Math.ceil(missing / TOP_UP_CUSTOM_STEP) * TOP_UP_CUSTOM_STEP));
  return { lines, needed, toPay };
}

/** A well-formed bot token for the Telegram emulator (demo mode only: it names no real bot). */
export function demoBotToken(random: (size: number) => Uint8Array): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-';
  const digits = Array.from(random(10), (byte, index) => (index === 0 ? 1 + (byte % 9) : byte % 10)).join('');
  const secret = Array.from(random(35), (byte) => alphabet[byte % alphabet.length]).join('');
  return `${digits}:${secret}`;
}
