import { messages } from '../../../../contract/messages.js';
import { BUYER_PERIOD_DAYS } from '../../../../contract/receipts.js';
import type { BuyerPeriod } from '../../../api/buyers.js';

const s = messages.receiptScreens;

const PERIOD_LABELS: Record<BuyerPeriod, string> = { 7: s.periodWeek, 30: s.periodMonth, 90: s.periodQuarter };

/** SPEC §9: by the last receipt's date, within a week, a month or a quarter; '' is all time. */
export const buyerPeriodOptions = [
  { value: '', label: s.periodAll },
  ...BUYER_PERIOD_DAYS.map((days) => ({ value: String(days), label: PERIOD_LABELS[days] })),
];

export function parseBuyerPeriod(raw: string | null): BuyerPeriod | null {
  return BUYER_PERIOD_DAYS.find((days) => String(days) === raw) ?? null;
}
