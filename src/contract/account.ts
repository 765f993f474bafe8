import { z } from './zod-setup.js';
import { emailSchema, nameSchema, passwordSchema, userSchema } from './auth.js';
import { ACCOUNT_TOKEN_MAX_LENGTH, PASSWORD_MAX_LENGTH } from './constants.js';
import { messages } from './messages.js';

const v = messages.validation;
const a = messages.account;

/**
 * The account calls (docs/decisions.md, "Password reset, profile, e-mail"):
 * POST /password/forgot, POST /password/reset, POST /password/change, PUT /profile,
 * POST /email/change, POST /email/confirm.
 */

/** The token from a mail's link; an unusable one is told apart by the service (unknown, used, expired). */
const linkTokenSchema = (tooLong: string) =>
  z.string({ error: a.tokenRequired }).trim().min(1, a.tokenRequired).max(ACCOUNT_TOKEN_MAX_LENGTH, tooLong);

export const forgotPasswordRequestSchema = z.object({ email: emailSchema });
export type ForgotPasswordRequest = z.input<typeof forgotPasswordRequestSchema>;

export const resetPasswordRequestSchema = z.object({
  token: linkTokenSchema(a.resetLinkInvalid),
  password: passwordSchema,
});
export type ResetPasswordRequest = z.input<typeof resetPasswordRequestSchema>;

const confirmation = z.string({ error: v.confirmPasswordRequired }).min(1, v.confirmPasswordRequired);
const sameAsPassword = { message: v.passwordsMismatch, path: ['confirmPassword'] };

/** The reset screen: the new password twice; the token comes from the address. */
export const resetPasswordFormSchema = z
  .object({ password: passwordSchema, confirmPassword: confirmation })
  .refine((form) => form.password === form.confirmPassword, sameAsPassword);

export const changePasswordRequestSchema = z.object({
  current_password: z
    .string({ error: a.currentPasswordRequired })
    .min(1, a.currentPasswordRequired)
    .max(PASSWORD_MAX_LENGTH, a.currentPasswordWrong),
  password: passwordSchema,
});
export type ChangePasswordRequest = z.input<typeof changePasswordRequestSchema>;

export const changePasswordFormSchema = changePasswordRequestSchema
  .extend({ confirmPassword: confirmation })
  .refine((form) => form.password === form.confirmPassword, sameAsPassword);

export const updateProfileRequestSchema = z.object({ name: nameSchema });
export type UpdateProfileRequest = z.input<typeof updateProfileRequestSchema>;
export const updateProfileResponseSchema = z.object({ message: z.string(), user: userSchema });

export const changeEmailRequestSchema = z.object({ email: emailSchema });
export type ChangeEmailRequest = z.input<typeof changeEmailRequestSchema>;

export const confirmEmailRequestSchema = z.object({ token: linkTokenSchema(a.emailLinkInvalid) });
export type ConfirmEmailRequest = z.input<typeof confirmEmailRequestSchema>;
