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

// ---- suspicious shoppers and blocks ----

/**
 * Why the check flagged a shopper in an action: more receipts within an hour than the action's
 * `suspicious_receipts_per_hour`, or receipts that already earned points for other shoppers sent
 * OTHERS_RECEIPTS_TO_FLAG times. A flag is a note for the seller; the shopper is not blocked.
 */
export const BUYER_FLAG_KINDS = ['many_per_hour', 'others_receipts'] as const;
export type BuyerFlagKind = (typeof BUYER_FLAG_KINDS)[number];
export const BUYER_FLAG_LABELS: Record<BuyerFlagKind, string> = {
  many_per_hour: m.flagManyPerHour,
  others_receipts: m.flagOthersReceipts,
};
export const OTHERS_RECEIPTS_TO_FLAG = 3;

/** A flag as the buyer card shows it; the buyers list carries `kind` and `label` only. */
export const buyerFlagSchema = z.object({
  kind: z.enum(BUYER_FLAG_KINDS),
  label: z.string(),
  flagged_at: z.string(),
  detail: z.string(),
});
export const buyerFlagBadgeSchema = buyerFlagSchema.pick({ kind: true, label: true });

/** `GET /buyers?suspicious=1`: only shoppers with a flag. */
export const suspiciousFilterSchema = z
  .enum(['0', '1', 'true', 'false'], { error: m.suspiciousInvalid })
  .optional()
  .transform((value) => value === '1' || value === 'true');

/** The seller's block of a shopper in an action: why, who (the seller's name, else e-mail) and when. */
export const buyerBlockSchema = z.object({ reason: z.string(), blocked_by: z.string(), blocked_at: z.string() });
export type BuyerBlock = z.infer<typeof buyerBlockSchema>;

export const BLOCK_REASON_MAX = 500;
export const blockReasonSchema = z
  .string({ error: m.blockReasonRequired })
  .trim()
  .min(1, m.blockReasonRequired)
  .max(BLOCK_REASON_MAX, m.blockReasonRequired);
/** Unblocking takes the same request; its reason may be left out. */
export const unblockReasonSchema = z
  .string({ error: m.unblockReasonTooLong })
  .trim()
  .max(BLOCK_REASON_MAX, m.unblockReasonTooLong)
  .optional();

export const blockBuyerResponseSchema = z.object({ message: z.string(), blocked: buyerBlockSchema });
export type BlockBuyerResponse = z.infer<typeof blockBuyerResponseSchema>;
export const unblockBuyerResponseSchema = z.object({ message: z.string() });
export type UnblockBuyerResponse = z.infer<typeof unblockBuyerResponseSchema>;
