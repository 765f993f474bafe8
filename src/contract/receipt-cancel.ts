import { z } from './zod-setup.js';
import { userIdSchema } from './auth.js';
import { bigIdParam } from './ids.js';
import { messages } from './messages.js';

// The seller takes a successful receipt's points back (a return on the marketplace):
// `GET /lk/api/receipts/{id}/cancel` tells what a cancel would take, `POST` does it
// (docs/decisions.md, "Trust: holds, caps, cancels and blocks").

const m = messages.receiptCancel;

export const CANCEL_REASON_MAX = 500;

export const receiptIdParamsSchema = z.object({ id: bigIdParam(m.receiptNotFound) });

/** Required, 1–500 characters once trimmed: the shopper reads it in the bot's message. */
export const cancelReasonSchema = z
  .string({ error: m.reasonRequired })
  .trim()
  .min(1, m.reasonRequired)
  .max(CANCEL_REASON_MAX, m.reasonRequired);

export const cancelReceiptRequestSchema = z.object(
  { user_id: userIdSchema.optional(), reason: cancelReasonSchema },
  { error: m.reasonRequired },
);

export const cancelPreviewQuerySchema = z.object({ user_id: userIdSchema.optional() });

/**
 * What a cancel would take back now: what is still held of the receipt's points, then from the
 * shopper's available points up to the rest, never below zero; `not_recovered` is what the shopper
 * has already spent. A cheap read, so the dialog shows it before the seller decides.
 */
export const cancelPreviewSchema = z.object({
  receipt_id: z.number().int(),
  points_awarded: z.number().int(),
  held: z.number().int(),
  available: z.number().int(),
  not_recovered: z.number().int(),
});
export type CancelPreview = z.infer<typeof cancelPreviewSchema>;

/**
 * What the cancel took back (`points_cancelled` = `held_cancelled` + `available_cancelled`) and
 * could not (`not_recovered` = the receipt's points − `points_cancelled`). A repeated cancel
 * changes nothing and answers the first one's facts with `already_cancelled: true`.
 */
export const cancelReceiptResponseSchema = z.object({
  message: z.string(),
  receipt_id: z.number().int(),
  points_cancelled: z.number().int(),
  held_cancelled: z.number().int(),
  available_cancelled: z.number().int(),
  not_recovered: z.number().int(),
  cancel_reason: z.string(),
  cancelled_at: z.string(),
  already_cancelled: z.boolean(),
});
export type CancelReceiptResponse = z.infer<typeof cancelReceiptResponseSchema>;
