import { z } from '../../contract/zod-setup.js';

/**
 * What the auth screens pass each other in router state: where to return after
 * signing in, and the registration result for the login screen (SPEC §2).
 */
const authLocationStateSchema = z.object({
  from: z.string().optional(),
  message: z.string().optional(),
  email: z.string().optional(),
});
export type AuthLocationState = z.infer<typeof authLocationStateSchema>;

export function readAuthLocationState(state: unknown): AuthLocationState {
  const parsed = authLocationStateSchema.safeParse(state);
  return parsed.success ? parsed.data : {};
}

export const DEFAULT_AFTER_SIGN_IN = '/dashboard';

/** Only a path inside this app: '//host' or 'https://…' would leave it. */
export function safeReturnPath(from: string | undefined): string {
  return from?.startsWith('/') && !from.startsWith('//') ? from : DEFAULT_AFTER_SIGN_IN;
}
