import { fillMessage, messages } from '../../../contract/messages.js';
import { OTHERS_RECEIPTS_TO_FLAG } from '../../../contract/trust.js';
import type { DueFlag } from '../trust/repository.js';
import type { ReceiptStatus } from '../../../contract/receipts.js';

// The action's guards on a check, as pure rules (docs/decisions.md, "Trust: holds, caps, cancels
// and blocks"): the weekly cap's window and the flags a check raises. The points cap per receipt
// is part of the verdict (verdict.ts, capPoints).

const t = messages.trust;

const HOUR_MS = 60 * 60 * 1000;
/** Whose success already holds a receipt in the action (duplicates refused): this shopper's only, or another's. */
export type EarnedBy = 'this' | 'another';

/** The weekly cap counts a shopper's accepted receipts scanned in the last 7 × 24 hours. */
export const WEEKLY_CAP_WINDOW_MS = 7 * 24 * HOUR_MS;
/** `suspicious_receipts_per_hour` counts every receipt the shopper sent in the last hour. */
export const SUSPICIOUS_WINDOW_MS = HOUR_MS;

/**
 * When the next receipt counts again under the weekly cap: once the cap-th newest counted receipt
 * (`capFullSince` is when it was scanned) leaves the 7-day window.
 */
export function nextReceiptCountsAt(capFullSince: Date): Date {
  return new Date(capFullSince.getTime() + WEEKLY_CAP_WINDOW_MS);
}

/**
 * The flags a check's verdict makes due: more receipts within the hour than the action's
 * threshold (the check's read saw the burst), and a receipt refused because it already earned for
 * another shopper (raised once such refusals reach OTHERS_RECEIPTS_TO_FLAG, counted by the write).
 */
export function dueFlags(check: {
  verdict: ReceiptStatus;
  alreadyEarned: EarnedBy | null;
  manyPerHourDue: boolean;
  suspiciousReceiptsPerHour: number;
}): DueFlag[] {
  const due: DueFlag[] = [];
  if (check.manyPerHourDue) {
    due.push({ kind: 'many_per_hour', detail: fillMessage(t.flagManyPerHourDetail, { limit: check.suspiciousReceiptsPerHour }) });
  }
  if (check.verdict === 'already_scanned' && check.alreadyEarned === 'another') {
    due.push({ kind: 'others_receipts', detail: fillMessage(t.flagOthersReceiptsDetail, { count: OTHERS_RECEIPTS_TO_FLAG }) });
  }
  return due;
}
