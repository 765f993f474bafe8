/**
 * Failed-login throttling, as pure rules. Two counters per attempt:
 * - per account: few tries in a short window, so guessing is slow but an attacker
 *   can keep a seller out for at most one short window;
 * - per client address: more tries over a longer window, so one address cannot
 *   sweep many accounts.
 * Attempts are counted before the password is checked (so parallel guesses are
 * counted too); a successful sign-in clears the account counter and gives back
 * the address's attempt.
 */
export interface ThrottlePolicy {
  maxAttempts: number;
  windowMs: number;
}

export const ACCOUNT_POLICY: ThrottlePolicy = { maxAttempts: 10, windowMs: 5 * 60_000 };
export const ADDRESS_POLICY: ThrottlePolicy = { maxAttempts: 50, windowMs: 15 * 60_000 };
export const REGISTRATION_POLICY: ThrottlePolicy = { maxAttempts: 20, windowMs: 60 * 60_000 };
/** Mails a caller can make us send: per recipient few, so nobody's mailbox is flooded through us. */
export const MAIL_PER_RECIPIENT_POLICY: ThrottlePolicy = { maxAttempts: 5, windowMs: 60 * 60_000 };
export const MAIL_PER_ADDRESS_POLICY: ThrottlePolicy = { maxAttempts: 20, windowMs: 60 * 60_000 };

export interface ThrottleCounter {
  attempts: number;
  windowStartedAt: Date;
}

/** How long the caller must wait, or 0 when this attempt is allowed. */
export function retryAfterMs(counter: ThrottleCounter, policy: ThrottlePolicy, now: Date): number {
  if (counter.attempts <= policy.maxAttempts) return 0;
  return Math.max(0, counter.windowStartedAt.getTime() + policy.windowMs - now.getTime());
}

/** Whole minutes for the message, never "0 мин.". */
export function minutesToWait(ms: number): number {
  return Math.max(1, Math.ceil(ms / 60_000));
}
