import { z } from './zod-setup.js';
import { userIdSchema } from './auth.js';
import { messages } from './messages.js';

/** SPEC §9 top-up presets and the custom amount's rules (rubles). */
export const TOP_UP_PRESETS = [500, 1000, 2000, 5000] as const;
export const TOP_UP_CUSTOM_MIN = 100;
export const TOP_UP_CUSTOM_STEP = 100;
export const TOP_UP_MAX = 1_000_000;

const m = messages.payments;

export const depositRequestSchema = z.object({
  user_id: userIdSchema,
  amount: z
    .number({ error: m.amountRequired })
    .positive(m.amountRequired)
    .min(1, m.amountRange)
    .max(TOP_UP_MAX, m.amountRange)
    .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, m.amountRange),
  enable_recurring: z.boolean().default(false),
  is_test: z.boolean().optional(),
});
export type DepositRequest = z.input<typeof depositRequestSchema>;

export const depositResponseSchema = z.object({ payment_url: z.string(), invoice_id: z.number().int() });

/** `/dashboard?payment=…` after the provider returns the browser (SPEC §2 Payment result notice). */
export const PAYMENT_RESULT_STATUSES = ['success', 'failed', 'error', 'pending'] as const;
export type PaymentResultStatus = (typeof PAYMENT_RESULT_STATUSES)[number];

/** Where Robokassa sends its notices and the shopper's browser back, under the API's base (the emulator in demo mode too). */
export const ROBOKASSA_PATHS = {
  result: '/payments/robokassa/result',
  success: '/payments/robokassa/success',
  fail: '/payments/robokassa/fail',
} as const;
