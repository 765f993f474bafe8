import { z } from './zod-setup.js';
import { userIdSchema } from './auth.js';
import { messages } from './messages.js';
import { buyerLevelSchema, nearestExpirySchema, POINTS_RULES } from './points.js';
import { buyerFlagBadgeSchema, suspiciousFilterSchema } from './trust.js';

/** Verdicts of a receipt check. The first eight are SPEC §4's; the rest are ours (docs/decisions.md). */
export const RECEIPT_STATUSES = [
  'success',
  'already_scanned',
  'not_recognized',
  'error',
  'failed',
  'too_old',
  'no_items',
  'subscription_inactive',
  'no_matching_product',
  'below_min_total',
  'seller_balance_low',
  /** Every item of the seller's is a prepayment or an advance: the goods have not been handed over yet. */
  'prepayment',
  /** The shopper sent more receipts in the last 7 days than the action allows: refused before the tax lookup, free. */
  'limit_reached',
  /** The seller blocked the shopper in the action: refused before the tax lookup, free. */
  'blocked',
  /** A successful receipt whose points the seller took back (a return); the history shows it so. */
  'cancelled',
] as const;
export type ReceiptStatus = (typeof RECEIPT_STATUSES)[number];

/** SPEC §4 labels, and ours for the added statuses. */
export const RECEIPT_STATUS_LABELS: Record<ReceiptStatus, string> = {
  success: 'Успешно',
  already_scanned: 'Повторный чек',
  not_recognized: 'Не распознан',
  error: 'Ошибка',
  failed: 'Ошибка',
  too_old: 'Чек слишком старый',
  no_items: 'Нет ваших товаров',
  subscription_inactive: 'Акция не активна',
  no_matching_product: 'Нет нужного товара',
  below_min_total: 'Сумма меньше минимальной',
  seller_balance_low: 'Акция приостановлена',
  prepayment: 'Предоплата',
  limit_reached: 'Лимит чеков',
  blocked: 'Покупатель заблокирован',
  cancelled: 'Отменён',
};
export const UNKNOWN_STATUS_LABEL = 'Статус неизвестен';

export function receiptStatusLabel(status: string | null | undefined): string {
  return (RECEIPT_STATUS_LABELS as Record<string, string>)[status ?? ''] ?? UNKNOWN_STATUS_LABEL;
}

/**
 * The status a receipt is shown with: a cancelled one keeps its stored verdict 'success' (the check
 * was made and paid) and reads «Отменён» everywhere it is listed.
 */
export function shownReceiptStatus(receipt: { status: string; cancelledAt: Date | string | null }): string {
  return receipt.cancelledAt === null ? receipt.status : 'cancelled';
}

export type ItemStatus = 'counted' | 'not_counted' | 'unknown';

/** SPEC §4 item status normalisation. */
export function normalizeItemStatus(value: unknown): ItemStatus {
  const text = typeof value === 'string' ? value.trim().toLowerCase() : '';
  if (text === 'counted' || text === 'учитывается') return 'counted';
  if (text === 'not_counted' || text === 'not-counted' || text === 'не учитывается') return 'not_counted';
  return 'unknown';
}

const r = messages.receipts;

export const checkRequestSchema = z.object({
  qrurl: z.string({ error: r.qrRequired }).trim().min(1, r.qrRequired).max(2000, r.qrTooLong),
  user_id: userIdSchema.optional(),
  project_id: z.coerce
    .number({ error: messages.actionPage.invalidId })
    .int(messages.actionPage.invalidId)
    .positive(messages.actionPage.invalidId)
    .max(2_147_483_647, messages.actionPage.invalidId),
  /** A Telegram user id: a positive integer (up to 2^52, so at most 16 digits), sent as text or a number. */
  user_id_tg: z
    .union([z.string(), z.number()], { error: r.buyerIdRequired })
    .transform((value) => String(value).trim())
    .pipe(
      z
        .string()
        .min(1, r.buyerIdRequired)
        .regex(/^[1-9][0-9]{0,15}$/, r.buyerIdInvalid),
    ),
  /** A bot platform (PuzzleBot) may send the action's API key in the body instead of a header. */
  api_key: z.string().max(200).optional(),
});

export const checkResponseSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  data: z.object({
    points_awarded: z.number().int(),
    status: z.enum(RECEIPT_STATUSES),
    error: z.string().nullable(),
    /** On a success: the rule the points were earned by and its percent. */
    points_rule: z.enum(POINTS_RULES).optional(),
    points_percentage: z.number().optional(),
    /** The loyalty level the shopper held when the receipt earned (null: the action has no levels). */
    points_level: z.string().nullable().optional(),
    /** On a success that lifted the shopper to a new loyalty level: that level. */
    level_up: z.object({ name: z.string(), points_percentage: z.number() }).optional(),
    /** The shopper's promo code for the next purchase, when the action gives one for this receipt. */
    promo_code: z.string().optional(),
    /** When the receipt's points are held for the marketplaces' return window: when they become available. */
    points_held_until: z.string().optional(),
  }),
});
export type CheckResponse = z.infer<typeof checkResponseSchema>;

export const receiptItemSchema = z.object({
  name: z.string(),
  price: z.number(),
  quantity: z.number(),
  sum: z.number(),
  providerInn: z.string().nullable(),
  status: z.enum(['counted', 'not_counted', 'unknown']),
});
export type ReceiptItem = z.infer<typeof receiptItemSchema>;

export const receiptSchema = z.object({
  id: z.number().int(),
  project_id: z.number().int().nullable(),
  project_name: z.string(),
  project_inns: z.array(z.string()),
  user_id_tg: z.string(),
  fiscalDriveNumber: z.string().nullable(),
  fiscalDocumentNumber: z.string().nullable(),
  fiscalSign: z.string().nullable(),
  totalSum: z.number().nullable(),
  points_awarded: z.number().int(),
  scanned_at: z.string(),
  dateTime: z.string().nullable(),
  status: z.enum(RECEIPT_STATUSES),
  message: z.string().nullable(),
  retailPlace: z.string().nullable(),
  seller: z.string().nullable(),
  items: z.array(receiptItemSchema),
  /**
   * Not in SPEC: a success for a receipt (same ФН, ФД, ФП) that already succeeded earlier
   * in this action, possible while duplicates are allowed. It earned and was charged again.
   */
  repeat: z.boolean().optional(),
  /** The rule a successful receipt earned by and its percent and level; null on others and on receipts from before. */
  points_rule: z.enum(POINTS_RULES).nullable(),
  points_percentage: z.number().nullable(),
  points_level: z.string().nullable(),
  /** A cancelled receipt (status `cancelled`): when, why, and the points taken back; null on every other. */
  cancelled_at: z.string().nullable(),
  cancel_reason: z.string().nullable(),
  points_cancelled: z.number().int().nullable(),
});
export type Receipt = z.infer<typeof receiptSchema>;

/**
 * The history's status filter: one status. `success` lists accepted receipts that were not
 * cancelled, `cancelled` the cancelled ones; 'failed' is SPEC's word, never written by our checks.
 */
export const RECEIPT_FILTER_STATUSES = RECEIPT_STATUSES.filter((status) => status !== 'failed');
export const receiptStatusFilterSchema = z.enum(RECEIPT_STATUSES, { error: messages.receiptCancel.statusFilterInvalid });
export type ReceiptStatusFilter = z.infer<typeof receiptStatusFilterSchema>;

export const RECEIPT_PAGE_SIZE = 10;

export const receiptsQuerySchema = z.object({
  user_id: userIdSchema.optional(),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(RECEIPT_PAGE_SIZE),
  /**
   * Keyset paging, an addition to `page`: the receipts after (older than) this receipt ID,
   * as fast on page 100 000 as on page 1. Pass `pagination.next_after` of the previous page
   * (and its page number + 1 as `page`, which then only labels the answer).
   */
  after: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
  project_id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  status: receiptStatusFilterSchema.optional(),
  /** Same as project_id; 'all' (or empty) means every action. */
  project_filter: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value && value !== 'all' ? Number(value) : undefined))
    .refine((id) => id === undefined || (Number.isInteger(id) && id > 0 && id <= 2_147_483_647), messages.actionPage.invalidId),
});

export const paginationSchema = z.object({
  current_page: z.number().int(),
  total_pages: z.number().int(),
  total_receipts: z.number().int(),
  limit: z.number().int(),
  has_next: z.boolean(),
  has_prev: z.boolean(),
  /** The `after` cursor of the next page (the last receipt's ID); null on the last page. */
  next_after: z.number().int().nullable().optional(),
});

export const receiptsResponseSchema = z.object({ receipts: z.array(receiptSchema), pagination: paginationSchema });
export type ReceiptsResponse = z.infer<typeof receiptsResponseSchema>;

/** SPEC §9 buyer periods by last receipt date. */
export const BUYER_PERIOD_DAYS = [7, 30, 90] as const;
export const BUYER_SORT_FIELDS = ['buyer_id', 'successful_receipts_count', 'total_amount', 'last_receipt_at'] as const;

export const buyersQuerySchema = z.object({
  user_id: userIdSchema.optional(),
  project_id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  /** Optional server-side filtering, sorting and paging for large bases; without them every buyer is returned. */
  period_days: z.coerce
    .number()
    .int()
    .refine((days) => (BUYER_PERIOD_DAYS as readonly number[]).includes(days), r.periodInvalid)
    .optional(),
  sort: z.enum(BUYER_SORT_FIELDS).optional(),
  order: z.enum(['asc', 'desc']).default('desc'),
  limit: z.coerce.number().int().min(1).max(100_000).optional(),
  offset: z.coerce.number().int().min(0).default(0),
  suspicious: suspiciousFilterSchema,
});

export const buyerSchema = z.object({
  buyer_id: z.string(),
  successful_receipts_count: z.number().int(),
  total_amount: z.number(),
  last_receipt_at: z.string(),
  /** The shopper's Telegram name, known once they wrote to an action's bot (ScanApp's shoppers' bot). */
  first_name: z.string().nullable(),
  username: z.string().nullable(),
  /** With one action chosen: the buyer's level, balance and nearest expiry in it; null over every action. */
  level: buyerLevelSchema,
  points: z.number().int().nullable(),
  /** Points held for the marketplaces' return window, not spendable yet (null over every action). */
  held_points: z.number().int().nullable(),
  nearest_expiry: nearestExpirySchema,
  /** The shopper's flags as suspicious: in the chosen action, or over every action in any of the seller's. */
  flags: z.array(buyerFlagBadgeSchema),
});
export type Buyer = z.infer<typeof buyerSchema>;

export const buyersResponseSchema = z.object({
  buyers: z.array(buyerSchema),
  summary: z.object({ buyers_count: z.number().int(), successful_receipts: z.number().int(), total_amount: z.number() }),
});
export type BuyersResponse = z.infer<typeof buyersResponseSchema>;

/** Demo mode only: a test receipt for an action, registered in the tax-service emulator. */
export const demoReceiptRequestSchema = z.object({
  user_id: userIdSchema.optional(),
  project_id: z.coerce
    .number({ error: messages.actionPage.invalidId })
    .int(messages.actionPage.invalidId)
    .positive(messages.actionPage.invalidId)
    .max(2_147_483_647, messages.actionPage.invalidId),
});
export const demoReceiptResponseSchema = z.object({ qrurl: z.string() });
/** Demo mode only: the QR picture of a receipt's QR string, to photograph or upload in the demo chat. */
export const demoReceiptQrQuerySchema = z.object({
  user_id: userIdSchema.optional(),
  qr: z.string({ error: r.qrRequired }).trim().min(1, r.qrRequired).max(2000, r.qrTooLong),
});
