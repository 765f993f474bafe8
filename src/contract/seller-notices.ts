import { userIdSchema } from './auth.js';
import { sellerNoticesMessages as m } from './messages/seller-notices.js';
import { z } from './zod-setup.js';

/**
 * What ScanApp tells a seller about their business, each switchable per channel in the profile
 * (`GET/PUT /profile/notifications`). Each occurrence of an event is told at most once per channel.
 */
export const SELLER_NOTICE_EVENTS = [
  'shop_order',
  'support_waiting',
  'moderation_waiting',
  'promo_codes_low',
  'suspicious_shopper',
  'balance_low',
  'action_suspended',
  'subscription_ending',
  'subscription_ended',
  'mailing_finished',
  'daily_digest',
  'webhook_disabled',
] as const;
export type SellerNoticeEvent = (typeof SELLER_NOTICE_EVENTS)[number];

/** The operator's setting (`npm run admin -- settings:set notify_bot_token …`): the notification bot's token. */
export const NOTIFY_BOT_TOKEN_SETTING = 'notify_bot_token';

export const SELLER_NOTICE_CHANNELS = ['email', 'telegram'] as const;
export type SellerNoticeChannel = (typeof SELLER_NOTICE_CHANNELS)[number];

const switchOf = () => z.boolean({ error: m.switchInvalid });

/** `{ <event>: true|false }` for every event: a switch per event of one channel. */
export const noticeSwitchesSchema = z.object(
  Object.fromEntries(SELLER_NOTICE_EVENTS.map((event) => [event, switchOf()])) as Record<SellerNoticeEvent, z.ZodBoolean>,
);
export type NoticeSwitches = z.infer<typeof noticeSwitchesSchema>;

/** A PUT names the switches it changes; the others keep their state. An unknown event is refused. */
const switchChangesSchema = z.strictObject(
  Object.fromEntries(SELLER_NOTICE_EVENTS.map((event) => [event, switchOf().optional()])) as Record<
    SellerNoticeEvent,
    z.ZodOptional<z.ZodBoolean>
  >,
  { error: m.unknownEvent },
);

export const noticeSettingsQuerySchema = z.object({ user_id: userIdSchema.optional() });

export const updateNoticeSettingsRequestSchema = z.strictObject(
  {
    user_id: userIdSchema.optional(),
    email: switchChangesSchema.optional(),
    telegram: switchChangesSchema.optional(),
  },
  { error: m.unknownChannel },
);
export type UpdateNoticeSettingsRequest = z.infer<typeof updateNoticeSettingsRequestSchema>;

export const noticeSettingsSchema = z.object({
  user_id: z.number().int(),
  email: noticeSwitchesSchema,
  telegram: noticeSwitchesSchema,
  /** The seller's Telegram linked to the notification bot (`username` may be absent in Telegram). */
  telegram_link: z.object({ linked: z.boolean(), username: z.string().nullable() }),
  /** Whether the operator set up the notification bot: without it Telegram cannot be linked. */
  telegram_available: z.boolean(),
});
export type NoticeSettings = z.infer<typeof noticeSettingsSchema>;

export const telegramLinkRequestSchema = z.strictObject({ user_id: userIdSchema.optional() });
export const telegramLinkResponseSchema = z.object({ url: z.string() });
