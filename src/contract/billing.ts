import { z } from './zod-setup.js';
import { userIdSchema } from './auth.js';
import { messages } from './messages.js';

export { TIER_KEYS, BILLING_SETTING_KEYS, BILLING_DEFAULTS, RECEIPT_TIERS, type TierKey, type BillingSettingKey } from './tariffs.js';
import { BILLING_SETTING_KEYS } from './tariffs.js';

/** Subscription period of an action (SPEC §9). */
export const ACTION_SUBSCRIPTION_DAYS = 30;

const settingKeySchema = z.enum(BILLING_SETTING_KEYS, { error: messages.billing.unknownSetting });

/**
 * `?setting_key=K` reads one setting; several keys (repeated, or comma-separated)
 * read them all in one call.
 */
export const billingSettingsQuerySchema = z.object({
  setting_key: z
    .union([z.string(), z.array(z.string())], { error: messages.billing.settingKeyRequired })
    .transform((value) =>
      (Array.isArray(value) ? value : [value])
        .flatMap((part) => part.split(','))
        .map((key) => key.trim())
        .filter(Boolean),
    )
    .pipe(z.array(settingKeySchema).min(1, messages.billing.settingKeyRequired)),
});

export const settingValueSchema = z.object({ value: z.number() });
export const billingSettingsResponseSchema = z.union([settingValueSchema, z.record(z.string(), settingValueSchema)]);

export const settingValueInputSchema = z.coerce
  .number({ error: messages.billing.settingValueInvalid })
  .min(0, messages.billing.settingValueInvalid)
  .max(10_000_000, messages.billing.settingValueInvalid)
  .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, messages.billing.settingValueInvalid);

export const activateRequestSchema = z.object({ user_id: userIdSchema });

/** Kinds of balance ledger rows. Credits are positive amounts, charges negative. */
export const LEDGER_KINDS = ['card_deposit', 'bank_transfer', 'activation', 'action_subscription', 'receipt_fee'] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

export const ledgerEntrySchema = z.object({
  id: z.number().int(),
  kind: z.enum(LEDGER_KINDS),
  amount: z.number(),
  balance_after: z.number(),
  description: z.string(),
  created_at: z.string(),
});
export type LedgerEntry = z.infer<typeof ledgerEntrySchema>;

export const operationsQuerySchema = z.object({
  user_id: userIdSchema.optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

export const operationsResponseSchema = z.object({
  operations: z.array(ledgerEntrySchema),
  pagination: z.object({
    current_page: z.number().int(),
    total_pages: z.number().int(),
    total_operations: z.number().int(),
    limit: z.number().int(),
    has_next: z.boolean(),
    has_prev: z.boolean(),
  }),
});

const ledgerIdSchema = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/**
 * The statement the Balance screen shows: receipt charges made one after another on one Moscow
 * day are one line (a busy day is thousands of them), everything else a line of its own. Paged
 * newest first by a keyset cursor: `before` is the previous page's `next_before`.
 */
export const statementQuerySchema = z.object({
  user_id: userIdSchema.optional(),
  before: ledgerIdSchema.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

export const statementLineSchema = ledgerEntrySchema.extend({
  /** Ledger rows on the line: 1, or the receipt charges it folds. */
  entries: z.number().int().positive(),
  /** The line's oldest ledger row (`id` is its newest): the detail call's range. */
  first_id: z.number().int(),
  first_created_at: z.string(),
});
export type StatementLine = z.infer<typeof statementLineSchema>;

export const statementResponseSchema = z.object({
  lines: z.array(statementLineSchema),
  next_before: z.number().int().nullable(),
});
export type StatementResponse = z.infer<typeof statementResponseSchema>;

/** The receipt charges behind one folded line, newest first, paged like the statement. */
export const statementChargesQuerySchema = z
  .object({
    user_id: userIdSchema.optional(),
    from_id: ledgerIdSchema,
    to_id: ledgerIdSchema,
    before: ledgerIdSchema.optional(),
    limit: z.coerce.number().int().min(1).max(100).default(50),
  })
  .refine((query) => query.from_id <= query.to_id, { message: messages.billing.statementRangeInvalid, path: ['from_id'] });

export const statementChargesResponseSchema = z.object({
  operations: z.array(ledgerEntrySchema),
  next_before: z.number().int().nullable(),
});
export type StatementChargesResponse = z.infer<typeof statementChargesResponseSchema>;

export const adminCreditRequestSchema = z.object({
  email: z.string().trim().toLowerCase().min(1),
  rubles: z.coerce.number().positive(messages.billing.amountInvalid).max(10_000_000, messages.billing.amountInvalid),
  reason: z.string().trim().max(500).optional(),
  /** The bank payment order number, or any id: the same reference never credits twice. */
  reference: z.string().trim().min(1).max(200),
});
/** `invoice`: the bank invoice (счёт на оплату) the reference named and paid. */
export const adminCreditResponseSchema = z.object({
  message: z.string(),
  balance: z.number(),
  credited: z.boolean(),
  invoice: z.string().optional(),
});
