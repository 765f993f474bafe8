import { z } from './zod-setup.js';
import { EMAIL_MAX_LENGTH, NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './constants.js';
import { messages } from './messages.js';

const v = messages.validation;

/** Emails compare case-insensitively; we store and look them up trimmed and lower-cased. */
export const emailSchema = z
  .string({ error: v.emailRequired })
  .trim()
  .min(1, v.emailRequired)
  .max(EMAIL_MAX_LENGTH, v.emailInvalid)
  .pipe(z.email({ error: v.emailInvalid }))
  .transform((email) => email.toLowerCase());

export const passwordSchema = z
  .string({ error: v.passwordRequired })
  .min(1, v.passwordRequired)
  .min(PASSWORD_MIN_LENGTH, v.passwordTooShort)
  .max(PASSWORD_MAX_LENGTH, v.passwordTooLong);

export const nameSchema = z.string({ error: v.nameRequired }).trim().min(1, v.nameRequired).max(NAME_MAX_LENGTH, v.nameTooLong);

export const registerRequestSchema = z.object({
  name: nameSchema,
  email: emailSchema,
  password: passwordSchema,
});
export type RegisterRequest = z.input<typeof registerRequestSchema>;

/** The register screen adds the confirmation field, which never leaves the browser. */
export const registerFormSchema = registerRequestSchema
  .extend({
    confirmPassword: z.string({ error: v.confirmPasswordRequired }).min(1, v.confirmPasswordRequired),
  })
  .refine((form) => form.password === form.confirmPassword, {
    message: v.passwordsMismatch,
    path: ['confirmPassword'],
  });

export const loginRequestSchema = z.object({
  email: emailSchema,
  // Login only checks presence: the length rule belongs to registration.
  password: z.string({ error: v.passwordRequired }).min(1, v.passwordRequired).max(PASSWORD_MAX_LENGTH, v.passwordTooLong),
});
export type LoginRequest = z.input<typeof loginRequestSchema>;

/**
 * The settings an action has, and the seller's defaults for a new one carry (SPEC §3 User
 * and Project share them).
 */
export const actionSettingsFields = {
  project_inns: z.array(z.string()),
  points_percentage: z.number(),
  puzzle_bot_token: z.string().nullable(),
  puzzle_bot_points_variable: z.string().nullable(),
  command_success: z.string().nullable(),
  command_not_recognized: z.string().nullable(),
  command_already_scanned: z.string().nullable(),
  command_too_old: z.string().nullable(),
  command_no_items: z.string().nullable(),
  receipt_validity_days: z.number().int(),
  check_duplicates: z.number().int(),
};

/** SPEC §3 User: every field, balance in rubles. */
export const userSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  balance: z.number(),
  project_name: z.string().nullable(),
  ...actionSettingsFields,
  scanned_receipts: z.number().int(),
  is_activated: z.boolean(),
  mailing_bot_token: z.string().nullable(),
});
export type User = z.infer<typeof userSchema>;

export const registerResponseSchema = z.object({ message: z.string(), user_id: z.number().int() });
export type RegisterResponse = z.infer<typeof registerResponseSchema>;

export const loginResponseSchema = z.object({ message: z.string(), token: z.string(), user: userSchema });
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** Dashboard calls carry the seller's own id (SPEC §6); it must match the session. */
export const userIdSchema = z.coerce
  .number({ error: v.userIdInvalid })
  .int(v.userIdInvalid)
  .positive(v.userIdInvalid)
  .max(2_147_483_647, v.userIdInvalid);

export const profileQuerySchema = z.object({ user_id: userIdSchema.optional() });
/** SPEC §7 lists the answer's fields: `GET /profile` → `{ user }`. */
export const profileResponseSchema = z.object({ user: userSchema });

export const messageResponseSchema = z.object({ message: z.string() });

export const healthResponseSchema = z.object({
  status: z.literal('ok'),
  mode: z.enum(['demo', 'production']),
  /** The Telegram Mini App script the buyers' shop loads: Telegram's own, or the emulator's demo stand-in. */
  telegram_web_app_script: z.string(),
  /** The mail catcher's inbox page while account mails go to it (demo mode without SMTP_URL), else null. */
  demo_mailbox: z.string().nullable(),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;

/** The balancer's readiness probe: `ok` (200), or why not (503): starting, draining, or the database not answering. */
export const readyResponseSchema = z.object({ status: z.literal('ok') });
export const notReadyResponseSchema = z.object({ status: z.enum(['starting', 'draining', 'database_unavailable']) });
