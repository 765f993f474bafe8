import { numberLike, z } from './zod-setup.js';
import { messages } from './messages.js';

// The action's guards against points that are not real purchases (docs/decisions.md, "Trust").

const m = messages.trust;

export const POINTS_HOLD_MAX_DAYS = 60;
/** What the guided start proposes: the marketplaces' return window with a margin. */
export const POINTS_HOLD_PROPOSED_DAYS = 14;
export const SUSPICIOUS_RECEIPTS_PER_HOUR_DEFAULT = 5;

const wholeNumber = (min: number, max: number, message: string) =>
  numberLike(message).pipe(z.number().int(message).min(min, message).max(max, message));

/** An optional cap: empty (or null) = no cap. */
const optionalCap = (max: number, message: string) =>
  z.union([z.literal(''), z.null(), wholeNumber(1, max, message)], { error: message }).transform((value) => (value === '' ? null : value));

export const pointsHoldDaysSchema = wholeNumber(0, POINTS_HOLD_MAX_DAYS, m.holdDaysRange);
export const maxReceiptsPerWeekSchema = optionalCap(1000, m.maxReceiptsPerWeekRange);
export const maxPointsPerReceiptSchema = optionalCap(10_000_000, m.maxPointsPerReceiptRange);
export const suspiciousReceiptsPerHourSchema = wholeNumber(1, 1000, m.suspiciousPerHourRange);
