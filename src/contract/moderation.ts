import { userIdSchema } from './auth.js';
import { API_BASE } from './constants.js';
import { messages } from './messages.js';
import { z } from './zod-setup.js';
import { bigIdParam, intIdParam } from './ids.js';

// Points for reviews and for photos with the product: what a shopper sends the bot
// waits in a moderation queue; `GET /lk/api/moderation`, `POST /lk/api/moderation/{id}/approve`,
// `POST /lk/api/moderation/{id}/reject`, `GET /lk/api/moderation/pending`.

const m = messages.moderation;
/** An item's kind is its ledger kind; its settings are the functions' sections `reviews` and `photos`. */
export const MODERATION_KINDS = ['review', 'photo'] as const;
export type ModerationKind = (typeof MODERATION_KINDS)[number];
export const MODERATION_SETTINGS_KEY = { review: 'reviews', photo: 'photos' } as const satisfies Record<ModerationKind, string>;
export const MODERATION_KIND_LABELS: Record<ModerationKind, string> = { review: m.kindReview, photo: m.kindPhoto };

export const MODERATION_STATUSES = ['pending', 'approved', 'rejected'] as const;

/** Telegram's own limit of a photo's caption. */
export const MODERATION_COMMENT_MAX = 1024;
export const MODERATION_REASON_MAX = 500;
/** A page of the queue (pending items oldest first, then decided ones newest first); at most MODERATION_PAGE_MAX. */
export const MODERATION_PAGE = 50;
export const MODERATION_PAGE_MAX = 200;
/** A shopper's successful receipts shown beside each item. */
export const MODERATION_RECEIPTS_SHOWN = 10;

const projectIdSchema = z.preprocess((value) => (value === '' || value === null ? undefined : value), intIdParam(m.projectRequired));

export const moderationQuerySchema = z.object({
  user_id: userIdSchema.optional(),
  project_id: projectIdSchema,
  /** `next_cursor` of the previous page; none: the first page. */
  cursor: z.string().min(1, m.cursorInvalid).max(200, m.cursorInvalid).optional(),
  limit: z.coerce
    .number({ error: m.limitInvalid })
    .int(m.limitInvalid)
    .min(1, m.limitInvalid)
    .max(MODERATION_PAGE_MAX, m.limitInvalid)
    .default(MODERATION_PAGE),
});

export const moderationItemParamsSchema = z.object({
  id: bigIdParam(m.itemNotFound),
});

export const moderationDecisionQuerySchema = z.object({ user_id: userIdSchema.optional() });

export const approveRequestSchema = z.object({ user_id: userIdSchema.optional() }).optional();

export const rejectReasonSchema = z
  .string({ error: m.reasonRequired })
  .trim()
  .min(1, m.reasonRequired)
  .max(MODERATION_REASON_MAX, m.reasonTooLong);

export const rejectRequestSchema = z.object({ user_id: userIdSchema.optional(), reason: rejectReasonSchema }, { error: m.reasonRequired });

export const moderationItemSchema = z.object({
  id: z.number().int(),
  kind: z.enum(MODERATION_KINDS),
  kind_label: z.string(),
  status: z.enum(MODERATION_STATUSES),
  buyer: z.object({ tg_id: z.string(), name: z.string().nullable(), username: z.string().nullable() }),
  comment: z.string().nullable(),
  /** The picture, for the signed-in seller only: fetched with the session like any API call. */
  image_url: z.string(),
  created_at: z.string(),
  decided_at: z.string().nullable(),
  reason: z.string().nullable(),
  points: z.number().int().nullable(),
  /** The shopper's successful receipts on the action, and how many items of this kind were already rewarded. */
  successful_receipts: z.number().int(),
  rewarded: z.number().int(),
  receipts: z.array(
    z.object({ id: z.number().int(), total: z.number().nullable(), points_awarded: z.number().int(), scanned_at: z.string() }),
  ),
});
export type ModerationItem = z.infer<typeof moderationItemSchema>;

export const moderationQueueSchema = z.object({
  pending: z.number().int(),
  items: z.array(moderationItemSchema),
  /** Pass as `cursor` for the next page; null: this was the last one. */
  next_cursor: z.string().nullable(),
});
export type ModerationQueue = z.infer<typeof moderationQueueSchema>;

/** `GET /lk/api/moderation/pending`: the items waiting in all of the seller's live actions (the sidebar's «Модерация»). */
export const moderationPendingSchema = z.object({ pending: z.number().int() });
export type ModerationPending = z.infer<typeof moderationPendingSchema>;

export const moderationDecisionResponseSchema = z.object({ message: z.string(), item: moderationItemSchema });
export type ModerationDecisionResponse = z.infer<typeof moderationDecisionResponseSchema>;

/** An item's picture: an API call, so only the signed-in seller of its action can read it. */
export const moderationImageUrl = (id: number) => `${API_BASE}/moderation/${id}/image`;
