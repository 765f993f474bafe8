import { numberLike, z } from './zod-setup.js';
import { actionSettingsFields, userIdSchema } from './auth.js';
import { ACTION_DEFAULT_POINTS_PERCENT, ACTION_DEFAULT_VALIDITY_DAYS } from './constants.js';
import { isValidInn } from './inn.js';
import { fillMessage, messages } from './messages.js';
import {
  EXPIRY_REMINDER_DEFAULT_DAYS,
  expiryReminderDaysSchema,
  levelsSchema,
  pointsLifetimeDaysSchema,
  repeatPointsPercentageSchema,
} from './points.js';
import {
  maxPointsPerReceiptSchema,
  maxReceiptsPerWeekSchema,
  pointsHoldDaysSchema,
  suspiciousReceiptsPerHourSchema,
  SUSPICIOUS_RECEIPTS_PER_HOUR_DEFAULT,
} from './trust.js';

// An "action" (promotion) is called a project in the API (SPEC §3, §7).

const m = messages.actions;
const MAX_INNS = 50;
const MAX_TEXT = 4000;

/** A Russian taxpayer number: 10 digits (organisation) or 12 (individual, sole proprietor). */
export const INN_PATTERN = /^(\d{10}|\d{12})$/;

/** Comma-separated text (the form) or a list; items trimmed, empties and repeats dropped (SPEC §5). */
export function splitInns(value: string | readonly string[]): string[] {
  const parts = (typeof value === 'string' ? value.split(',') : value).map((inn) => inn.trim()).filter(Boolean);
  return [...new Set(parts)];
}

export const innListSchema = z
  .union([z.string(), z.array(z.string())], { error: m.innsRequired })
  .transform(splitInns)
  .superRefine((inns, ctx) => {
    if (inns.length === 0) ctx.addIssue({ code: 'custom', message: m.innsRequired });
    if (inns.length > MAX_INNS) ctx.addIssue({ code: 'custom', message: m.tooManyInns });
    const wrong = inns.find((inn) => !INN_PATTERN.test(inn));
    if (wrong !== undefined) ctx.addIssue({ code: 'custom', message: fillMessage(m.innInvalid, { inn: wrong.slice(0, 20) }) });
    // A mistyped INN would silently match no receipt's goods: the FNS check digits catch most typos.
    const mistyped = wrong === undefined ? inns.find((inn) => !isValidInn(inn)) : undefined;
    if (mistyped !== undefined) ctx.addIssue({ code: 'custom', message: fillMessage(m.innChecksum, { inn: mistyped }) });
  });

export const pointsPercentSchema = numberLike(m.pointsPercentRange).pipe(
  z.number().min(0, m.pointsPercentRange).max(100, m.pointsPercentRange),
);
export const validityDaysSchema = numberLike(m.validityDaysMin).pipe(
  z.number().int(m.validityDaysMin).min(1, m.validityDaysMin).max(3650, m.validityDaysMin),
);
export const checkDuplicatesSchema = z
  .union([z.literal(0), z.literal(1), z.literal('0'), z.literal('1'), z.boolean()], { error: m.checkDuplicatesInvalid })
  .transform((value) => (value === 1 || value === '1' || value === true ? 1 : 0));

/** «Продлевать автоматически»: a boolean, or 0/1 as the other toggles accept. */
export const autoRenewSchema = z
  .union([z.boolean(), z.literal(0), z.literal(1), z.literal('0'), z.literal('1')], { error: m.autoRenewInvalid })
  .transform((value) => value === true || value === 1 || value === '1');

/** Product keywords (SPEC §1 "a product is present by name"): comma-separated or a list. */
export const keywordListSchema = z
  .union([z.string(), z.array(z.string())], { error: m.keywordsInvalid })
  .transform((value) => [...new Set((typeof value === 'string' ? value.split(',') : value).map((k) => k.trim()).filter(Boolean))])
  .pipe(z.array(z.string().max(100, m.keywordsInvalid)).max(20, m.keywordsInvalid));

/** Minimum purchase total of the counted goods, rubles; 0 = no minimum. */
export const minTotalSchema = numberLike(m.minTotalInvalid).pipe(
  z
    .number()
    .min(0, m.minTotalInvalid)
    .max(10_000_000, m.minTotalInvalid)
    .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, m.minTotalInvalid),
);

/** Optional free text: empty means "not set" (the bot then uses a default answer). */
const optionalText = z
  .string()
  .max(MAX_TEXT, m.textTooLong)
  .nullish()
  .transform((value) => (value?.trim() ? value.trim() : null));

const actionSettingsShape = {
  name: z.string({ error: m.nameRequired }).trim().min(1, m.nameRequired).max(200, m.nameTooLong),
  project_inns: innListSchema,
  points_percentage: pointsPercentSchema.default(ACTION_DEFAULT_POINTS_PERCENT),
  receipt_validity_days: validityDaysSchema.default(ACTION_DEFAULT_VALIDITY_DAYS),
  check_duplicates: checkDuplicatesSchema.default(0),
  product_keywords: keywordListSchema.default([]),
  min_total: minTotalSchema.default(0),
  puzzle_bot_token: optionalText,
  puzzle_bot_points_variable: optionalText,
  command_success: optionalText,
  command_not_recognized: optionalText,
  command_already_scanned: optionalText,
  command_too_old: optionalText,
  command_no_items: optionalText,
  points_lifetime_days: pointsLifetimeDaysSchema.default(0),
  expiry_reminder_days: expiryReminderDaysSchema.default(EXPIRY_REMINDER_DEFAULT_DAYS),
  levels: levelsSchema.default([]),
  repeat_points_percentage: repeatPointsPercentageSchema.nullish().transform((value) => value ?? null),
  points_hold_days: pointsHoldDaysSchema.default(0),
  max_receipts_per_week: maxReceiptsPerWeekSchema.default(null),
  max_points_per_receipt: maxPointsPerReceiptSchema.default(null),
  suspicious_receipts_per_hour: suspiciousReceiptsPerHourSchema.default(SUSPICIOUS_RECEIPTS_PER_HOUR_DEFAULT),
  command_limit_reached: optionalText,
  auto_renew: autoRenewSchema.default(true),
};

/** The action's own Telegram bot run by ScanApp; a saved token's mask (as answers show it) keeps it. */
const telegramBotTokenSchema = z
  .string()
  .max(200, messages.mailing.tokenMalformed)
  .nullish()
  .transform((value) => (value?.trim() ? value.trim() : null));

export const createActionRequestSchema = z.object({
  user_id: userIdSchema.optional(),
  ...actionSettingsShape,
  telegram_bot_token: telegramBotTokenSchema,
});
export type ActionSettings = z.output<typeof createActionRequestSchema>;

/** PUT sends "the same fields"; a field left out keeps its value. */
export const updateActionRequestSchema = z.object({
  user_id: userIdSchema.optional(),
  name: actionSettingsShape.name.optional(),
  project_inns: innListSchema.optional(),
  points_percentage: pointsPercentSchema.optional(),
  receipt_validity_days: validityDaysSchema.optional(),
  check_duplicates: checkDuplicatesSchema.optional(),
  product_keywords: keywordListSchema.optional(),
  min_total: minTotalSchema.optional(),
  puzzle_bot_token: optionalText.optional(),
  puzzle_bot_points_variable: optionalText.optional(),
  command_success: optionalText.optional(),
  command_not_recognized: optionalText.optional(),
  command_already_scanned: optionalText.optional(),
  command_too_old: optionalText.optional(),
  command_no_items: optionalText.optional(),
  points_lifetime_days: pointsLifetimeDaysSchema.optional(),
  expiry_reminder_days: expiryReminderDaysSchema.optional(),
  levels: levelsSchema.optional(),
  repeat_points_percentage: repeatPointsPercentageSchema.optional(),
  points_hold_days: pointsHoldDaysSchema.optional(),
  max_receipts_per_week: maxReceiptsPerWeekSchema.optional(),
  max_points_per_receipt: maxPointsPerReceiptSchema.optional(),
  suspicious_receipts_per_hour: suspiciousReceiptsPerHourSchema.optional(),
  command_limit_reached: optionalText.optional(),
  auto_renew: autoRenewSchema.optional(),
  telegram_bot_token: telegramBotTokenSchema.optional(),
});

export const actionIdParamsSchema = z.object({
  id: z.coerce
    .number({ error: messages.actionPage.invalidId })
    .int(messages.actionPage.invalidId)
    .positive(messages.actionPage.invalidId)
    .max(2_147_483_647, messages.actionPage.invalidId),
});
export const userScopedQuerySchema = z.object({ user_id: userIdSchema.optional() });

/** `GET /projects?include_deleted=1` adds deleted actions (after the live ones): filters of the history and buyers need them. */
export const actionListQuerySchema = userScopedQuerySchema.extend({
  include_deleted: z
    .enum(['0', '1', 'true', 'false'], { error: m.includeDeletedInvalid })
    .optional()
    .transform((value) => value === '1' || value === 'true'),
});

/** SPEC §3 Project. */
export const actionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  ...actionSettingsFields,
  created_at: z.string(),
  receipts_count: z.number().int(),
  is_active: z.boolean(),
  /** Active, but the seller's balance does not cover the next receipt: every check is refused until a top-up. */
  is_suspended: z.boolean(),
  status_message: z.string().nullable(),
  subscription_end_date: z.string().nullable(),
  product_keywords: z.array(z.string()),
  min_total: z.number(),
  /** Points' lifetime in days (0: never expire) and the reminder before they do (0: none). */
  points_lifetime_days: z.number().int(),
  expiry_reminder_days: z.number().int(),
  /** Loyalty levels, lowest first; the first one's percent is `points_percentage`. */
  levels: z.array(z.object({ name: z.string(), min_sum: z.number(), points_percentage: z.number() })),
  /** The percent from a shopper's second receipt on, when higher than their level's; null = as the level. */
  repeat_points_percentage: z.number().nullable(),
  /** Days a receipt's points are held after the purchase (0: none); caps per shopper's week and per receipt (null: none). */
  points_hold_days: z.number().int(),
  max_receipts_per_week: z.number().int().nullable(),
  max_points_per_receipt: z.number().int().nullable(),
  suspicious_receipts_per_hour: z.number().int(),
  command_limit_reached: z.string().nullable(),
  /** «Продлевать автоматически»: on its end date the action renews from the balance. */
  auto_renew: z.boolean(),
  /**
   * The last 4 characters of the key a bot platform sends to POST /lk/api/check on this action's
   * behalf: the whole key is shown once, in the answer that made it (creation or «Создать новый ключ»).
   */
  api_key_last4: z.string(),
  /** ScanApp's shoppers' bot of this action: the token masked (SPEC §9), its @username. */
  telegram_bot_token: z.string().nullable(),
  telegram_bot_username: z.string().nullable(),
  /** The number before the colon in the bot's token (public: it is the bot's user id); the demo chat addresses the bot by it. */
  telegram_bot_id: z.number().int().nullable(),

  /** Only `GET /projects?include_deleted=1` lists deleted actions; everywhere else these are false / null. */
  is_deleted: z.boolean(),
  deleted_at: z.string().nullable(),
});
export type Action = z.infer<typeof actionSchema>;

/** SPEC §7 lists the answers' fields: `GET /projects` → `{ projects }`, `GET /projects/{id}` → `{ project }`. */
export const actionListResponseSchema = z.object({ projects: z.array(actionSchema) });
export const actionResponseSchema = z.object({ project: actionSchema });
export const apiKeyResponseSchema = z.object({ message: z.string(), api_key: z.string() });
/** SPEC §7 lists `project_id, message`; `api_key` is the new action's key, shown this once. */
export const createActionResponseSchema = z.object({ project_id: z.number().int(), message: z.string(), api_key: z.string() });
export const renewActionResponseSchema = z.object({ message: z.string(), subscription_end_date: z.string() });
