import { z } from './zod-setup.js';
import { bigId, bigIdParam, intId } from './ids.js';
import { userIdSchema } from './auth.js';
import { pluralRu } from './format.js';
import { fillMessage, messages } from './messages.js';
import { checkScheduleFields, mailingScheduleFields, mailingScheduleSummarySchema } from './mailing-schedule.js';
import { parseMarketplaceProduct, type MarketplaceProduct } from './marketplace-link.js';
import { optionalImageUrlSchema } from './uploads.js';

const m = messages.mailing;

/** Telegram's limits on one message: text, and the caption of a photo. */
export const TELEGRAM_TEXT_LIMIT = 4096;
export const TELEGRAM_CAPTION_LIMIT = 1024;
/** Telegram allows a bot 30 messages a second to different chats. */
export const TELEGRAM_MESSAGES_PER_SECOND = 30;
/** One mailing's recipients; a larger base is split into several mailings. */
export const MAILING_MAX_RECIPIENTS = 10_000;
/** Mailings up to this size are delivered within the send request, so its answer is final. */
export const MAILING_INLINE_RECIPIENTS = 10;
export const PARSE_MODES = ['HTML', 'MarkdownV2'] as const;
export type ParseMode = (typeof PARSE_MODES)[number];

/** A Telegram chat id: a user's is positive; groups and channels are negative. */
const CHAT_ID_PATTERN = /^-?\d{1,16}$/;

/**
 * SPEC §5: recipient IDs come from text split on whitespace, commas or semicolons,
 * keeping only numbers; repeats are dropped, the first occurrence keeps its place.
 */
export function parseRecipientIds(text: string): string[] {
  const ids = text.split(/[\s,;]+/).filter((part) => CHAT_ID_PATTERN.test(part));
  return mergeRecipientIds(ids);
}

/** SPEC §5: typed IDs merged with ticked buyers, without duplicates. */
export function mergeRecipientIds(...lists: readonly (readonly string[])[]): string[] {
  return [...new Set(lists.flat().map((id) => id.replace(/^(-?)0+(?=\d)/, '$1')))];
}

/** The longest message text for a mailing with or without a picture. */
export function messageLimit(hasImage: boolean): number {
  return hasImage ? TELEGRAM_CAPTION_LIMIT : TELEGRAM_TEXT_LIMIT;
}

/** Checks text length against Telegram's limit; the error names the limit that applies. */
export function messageLengthError(text: string, hasImage: boolean): string | null {
  const limit = messageLimit(hasImage);
  if (text.length <= limit) return null;
  return fillMessage(hasImage ? m.captionTooLong : m.messageTooLong, { limit });
}

// ---- settings ----

export const mailingSettingsRequestSchema = z.object({
  user_id: userIdSchema.optional(),
  bot_token: z.string({ error: m.tokenRequiredToSave }).trim().min(1, m.tokenRequiredToSave).max(200, m.tokenMalformed),
});

export const mailingSettingsQuerySchema = z.object({ user_id: userIdSchema.optional() });

/** The saved bot: the token masked as SPEC §9 says (it never leaves the server whole) and the bot's @username. */
export const mailingSettingsSchema = z.object({
  bot_token: z.string().nullable(),
  bot_username: z.string().nullable(),
});
export type MailingSettings = z.infer<typeof mailingSettingsSchema>;

export const mailingSettingsResponseSchema = mailingSettingsSchema.extend({ message: z.string() });

// ---- sending ----

const recipientIdsSchema = z
  .union([z.array(z.union([z.string(), z.number()])), z.string()], { error: m.recipientsRequired })
  .transform((value, ctx) => {
    // Text is read as SPEC §5 says (numbers kept, the rest ignored); a list must hold ids only.
    if (typeof value === 'string') return parseRecipientIds(value);
    const ids = value.map((id) => String(id).trim());
    if (ids.some((id) => !CHAT_ID_PATTERN.test(id))) ctx.addIssue({ code: 'custom', message: m.recipientInvalid });
    return mergeRecipientIds(ids);
  })
  .refine((ids) => ids.length > 0, m.recipientsRequired)
  .refine((ids) => ids.length <= MAILING_MAX_RECIPIENTS, fillMessage(m.tooManyRecipients, { max: '10 000' }));

const parseModeSchema = z
  .union([z.enum(PARSE_MODES), z.literal(''), z.null()], { error: m.parseModeInvalid })
  .optional()
  .transform((value) => (value ? value : null));

const imageUrlSchema = optionalImageUrlSchema(m.imageUrlInvalid);

const marketplaceUrlSchema = z
  .union([z.string(), z.null()], { error: messages.mailingSchedule.marketplaceUrlInvalid })
  .optional()
  .transform((value, ctx) => {
    if (!value?.trim()) return null;
    const product = parseMarketplaceProduct(value);
    if (!product) ctx.addIssue({ code: 'custom', message: messages.mailingSchedule.marketplaceUrlInvalid });
    return product;
  });

/** The button under an announcement: to the product's card, named by its marketplace. */
export function announcementButton(product: MarketplaceProduct): { text: string; url: string } {
  const s = messages.mailingSchedule;
  return { text: product.marketplace === 'wildberries' ? s.marketplaceButtonWildberries : s.marketplaceButtonOzon, url: product.url };
}

export const mailingSendRequestSchema = z
  .object({
    user_id: userIdSchema.optional(),
    /** The mailing bot's token (or its mask); not needed when the mailing goes through an action's bot. */
    bot_token: z.string({ error: m.tokenRequiredToSend }).trim().max(200, m.tokenMalformed).optional(),
    /** Send through this action's own bot: shoppers wrote to it, and Telegram lets a bot write only to people who started it. */
    project_id: intId(m.projectInvalid).nullish(),
    /** Optional with `segment_id`: then added to the segment's shoppers. */
    recipient_ids: recipientIdsSchema.optional(),
    /** The segment's shoppers at the moment of sending, through its action's bot (`project_id`). */
    segment_id: bigId(messages.segments.segmentIdInvalid).nullish(),
    message: z.string({ error: m.messageRequired }).refine((text) => text.trim().length > 0, m.messageRequired),
    image_url: imageUrlSchema,
    parse_mode: parseModeSchema,
    /** «Анонс товара»: a Wildberries or Ozon product card; the mailing's button leads to it, over the seller's picture. */
    marketplace_url: marketplaceUrlSchema,
    ...mailingScheduleFields,
  })
  .superRefine((body, ctx) => {
    checkScheduleFields(body, ctx);
    if (!body.project_id && !body.bot_token) ctx.addIssue({ code: 'custom', path: ['bot_token'], message: m.tokenRequiredToSend });
    if (body.segment_id && !body.project_id) {
      ctx.addIssue({ code: 'custom', path: ['project_id'], message: messages.segments.mailingNeedsProject });
    }
    if (!body.segment_id && !body.recipient_ids) ctx.addIssue({ code: 'custom', path: ['recipient_ids'], message: m.recipientsRequired });
    if (body.marketplace_url && body.button)
      ctx.addIssue({ code: 'custom', path: ['button'], message: messages.mailingSchedule.announcementHasButton });
    if (body.marketplace_url && body.image_url === null)
      ctx.addIssue({ code: 'custom', path: ['image_url'], message: messages.mailingSchedule.announcementNeedsImage });
    const tooLong = messageLengthError(body.message, body.image_url !== null);
    if (tooLong) ctx.addIssue({ code: 'custom', path: ['message'], message: tooLong });
  });

export const MAILING_STATUSES = ['sending', 'done', 'cancelled', 'failed'] as const;
export type MailingStatus = (typeof MAILING_STATUSES)[number];

export const mailingErrorSchema = z.object({ chat_id: z.string(), error: z.string() });
export type MailingError = z.infer<typeof mailingErrorSchema>;

/** One mailing in the history: its figures and what it said. */
export const mailingSummarySchema = z.object({
  id: z.number().int(),
  status: z.enum(MAILING_STATUSES),
  /** The action whose bot sent it, and that action's name; both null: the seller's mailing bot. */
  project_id: z.number().int().nullable(),
  project_name: z.string().nullable(),
  total: z.number().int(),
  sent: z.number().int(),
  failed: z.number().int(),
  /** Recipients skipped because they opted out of the seller's mailings (38-ФЗ ст. 18): never sent. */
  opted_out: z.number().int(),
  /** Recipients who pressed the mailing's link button (each counted once; a shop Mini App button is not counted). */
  clicks: z.number().int(),
  /** Recipients not yet sent to (0 once the mailing is over). */
  pending: z.number().int(),
  /** Estimated seconds until the mailing ends at Telegram's pace; 0 once it is over. */
  eta_seconds: z.number().int(),
  text: z.string(),
  has_image: z.boolean(),
  parse_mode: z.enum(PARSE_MODES).nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
  /** The scheduled or regular mailing whose run this is (null: sent at once). */
  schedule_id: z.number().int().nullable(),
  has_button: z.boolean(),
  /**
   * A segment's shoppers are still being written in the background (a segment larger than one
   * batch, sent now): `total` counts those written so far, and nothing is sent until all are.
   */
  preparing: z.boolean(),
});
export type MailingSummary = z.infer<typeof mailingSummarySchema>;

/**
 * SPEC §3 Mailing result (`success, sent, failed, errors`) plus the mailing's id, status and
 * total, so a large mailing can be followed to its end. `success`: nothing failed (so far).
 */
export const mailingResultSchema = mailingSummarySchema.extend({
  success: z.boolean(),
  errors: z.array(mailingErrorSchema),
});
export type MailingResult = z.infer<typeof mailingResultSchema>;

export const mailingIdParamsSchema = z.object({
  id: bigIdParam(m.notFound),
});
export const mailingQuerySchema = z.object({ user_id: userIdSchema.optional() });
export const mailingHistoryResponseSchema = z.object({
  mailings: z.array(mailingSummarySchema),
  /** Scheduled and regular mailings, the newest first. */
  schedules: z.array(mailingScheduleSummarySchema),
});
export const mailingResponseSchema = z.object({ mailing: mailingResultSchema });
export const mailingCancelResponseSchema = z.object({ message: z.string(), mailing: mailingResultSchema });

/** The text the screen shows for a finished mailing (SPEC §8), in Russian agreeing with the count. */
export function mailingOutcomeMessage(result: Pick<MailingResult, 'sent' | 'failed'>): string {
  if (result.failed !== 0) return fillMessage(m.partlySent, { sent: result.sent, failed: result.failed });
  if (result.sent === 1) return m.allSentToOne;
  return fillMessage(m.allSent, {
    count: result.sent,
    recipients: pluralRu(result.sent, { one: m.recipientsDativeOne, few: m.recipientsDativeMany, many: m.recipientsDativeMany }),
  });
}

/** The confirmation right after a mailing is accepted: «Рассылка запущена для 1 получателя / 5 получателей». */
export function mailingStartedMessage(total: number): string {
  const s = messages.mailingScreen;
  const recipients = pluralRu(total, { one: s.recipientsGenitiveOne, few: s.recipientsGenitiveMany, many: s.recipientsGenitiveMany });
  return fillMessage(s.startedFor, { count: total, recipients });
}
