import { userIdSchema } from './auth.js';
import { API_BASE } from './constants.js';
import { messages } from './messages.js';
import { buyerLevelSchema } from './points.js';
import { z } from './zod-setup.js';
import { bigIdParam, intIdParam } from './ids.js';

// The support inbox: a shopper writes to the action's bot after «Написать в поддержку»,
// the seller answers from the cabinet's «Сообщения». `GET /lk/api/support/threads`,
// `GET /lk/api/support/threads/{id}`, `POST /lk/api/support/threads/{id}/reply`,
// `POST /lk/api/support/threads/{id}/close`.

const m = messages.support;
export const SUPPORT_THREAD_STATUSES = ['open', 'closed'] as const;
export type SupportThreadStatus = (typeof SUPPORT_THREAD_STATUSES)[number];
export const SUPPORT_AUTHORS = ['shopper', 'seller'] as const;
export type SupportAuthor = (typeof SUPPORT_AUTHORS)[number];
/** A seller's reply goes out as one Telegram message: Telegram's own limit. */
export const SUPPORT_REPLY_MAX = 4096;
/** Telegram's own limit of a photo's caption. */
export const SUPPORT_CAPTION_MAX = 1024;
/** After this long with no message in a thread, the shopper's next one begins a new conversation (and is acknowledged). */
export const SUPPORT_CONVERSATION_SILENCE_MS = 24 * 60 * 60 * 1000;
/** A page of the list, newest activity first («Показать ещё» reads the next); at most SUPPORT_THREADS_PAGE_MAX. */
export const SUPPORT_THREADS_PAGE = 50;
export const SUPPORT_THREADS_PAGE_MAX = 200;
/** The shopper's newest receipts beside a thread. */
export const SUPPORT_RECEIPTS_SHOWN = 5;
/** A thread's preview in the list. */
export const SUPPORT_PREVIEW_CHARS = 120;

/** How a seller's reply went: through the buyer-notices outbox (bot/notices). */
export const SUPPORT_DELIVERIES = ['pending', 'sent', 'failed'] as const;
export type SupportDelivery = (typeof SUPPORT_DELIVERIES)[number];
export const SUPPORT_DELIVERY_LABELS: Record<SupportDelivery, string> = {
  pending: m.deliveryPending,
  sent: m.deliverySent,
  failed: m.deliveryFailed,
};

const projectIdSchema = z.preprocess((value) => (value === '' || value === null ? undefined : value), intIdParam(m.projectRequired));

export const supportThreadsQuerySchema = z.object({
  user_id: userIdSchema.optional(),
  /** One action's threads; none: every action of the seller. */
  project_id: projectIdSchema.optional(),
  /** Open or closed threads; none: both. */
  status: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.enum(SUPPORT_THREAD_STATUSES, { error: m.statusInvalid }).optional(),
  ),
  /** `next_cursor` of the previous page; none: the first page. */
  cursor: z.string().min(1, m.cursorInvalid).max(200, m.cursorInvalid).optional(),
  limit: z.coerce
    .number({ error: m.limitInvalid })
    .int(m.limitInvalid)
    .min(1, m.limitInvalid)
    .max(SUPPORT_THREADS_PAGE_MAX, m.limitInvalid)
    .default(SUPPORT_THREADS_PAGE),
});

const idSchema = bigIdParam;

export const supportThreadParamsSchema = z.object({ id: idSchema(m.threadNotFound) });
export const supportMessageParamsSchema = z.object({ id: idSchema(m.messageNotFound) });
export const supportSellerQuerySchema = z.object({ user_id: userIdSchema.optional() });

export const supportReplyRequestSchema = z.object(
  {
    user_id: userIdSchema.optional(),
    text: z.string({ error: m.replyRequired }).trim().min(1, m.replyRequired).max(SUPPORT_REPLY_MAX, m.replyTooLong),
  },
  { error: m.replyRequired },
);

export const supportCloseRequestSchema = z.object({ user_id: userIdSchema.optional() }).optional();

const shopperSchema = z.object({ tg_id: z.string(), name: z.string().nullable(), username: z.string().nullable() });

export const supportThreadSummarySchema = z.object({
  id: z.number().int(),
  project_id: z.number().int(),
  project_name: z.string(),
  buyer: shopperSchema,
  status: z.enum(SUPPORT_THREAD_STATUSES),
  /** Open and the last message is the shopper's. */
  unanswered: z.boolean(),
  created_at: z.string(),
  last_message_at: z.string(),
  closed_at: z.string().nullable(),
  /** The last message's text, cut to a preview; null for a photo without a caption. */
  last_text: z.string().nullable(),
  messages_count: z.number().int(),
});
export type SupportThreadSummary = z.infer<typeof supportThreadSummarySchema>;

export const supportThreadListSchema = z.object({
  /** Unanswered threads of the seller in the chosen action (all actions when none is chosen), whatever the status filter. */
  unanswered: z.number().int(),
  threads: z.array(supportThreadSummarySchema),
  /** Pass as `cursor` for the next page; null: this was the last one. */
  next_cursor: z.string().nullable(),
});
export type SupportThreadList = z.infer<typeof supportThreadListSchema>;

export const supportMessageSchema = z.object({
  id: z.number().int(),
  author: z.enum(SUPPORT_AUTHORS),
  text: z.string().nullable(),
  /** A shopper's photo, for the signed-in seller only (an API call); null without one. */
  image_url: z.string().nullable(),
  created_at: z.string(),
  /** A seller's reply: how its delivery by the bot went; null for the shopper's messages. */
  delivery: z.enum(SUPPORT_DELIVERIES).nullable(),
  delivery_label: z.string().nullable(),
});
export type SupportMessage = z.infer<typeof supportMessageSchema>;

export const supportThreadSchema = z.object({
  thread: supportThreadSummarySchema,
  messages: z.array(supportMessageSchema),
  /** The shopper in the action: the buyer card's figures. */
  buyer: z.object({
    points: z.number().int(),
    level: buyerLevelSchema,
    receipts: z.array(
      z.object({
        id: z.number().int(),
        status: z.string(),
        status_label: z.string(),
        total: z.number().nullable(),
        scanned_at: z.string(),
      }),
    ),
  }),
});
export type SupportThread = z.infer<typeof supportThreadSchema>;

export const supportActionResponseSchema = z.object({ message: z.string(), thread: supportThreadSchema });
export type SupportActionResponse = z.infer<typeof supportActionResponseSchema>;

export const supportImageUrl = (messageId: number) => `${API_BASE}/support/messages/${messageId}/image`;
