import { fillMessage, messages } from '../../../contract/messages.js';
import type { User } from '../../../contract/auth.js';
import type { Executor } from '../../db/connection.js';
import { AppError, PG_UNIQUE_VIOLATION, postgresErrorCode } from '../../errors.js';
import { ACCOUNT_POLICY, ADDRESS_POLICY, REGISTRATION_POLICY, minutesToWait, retryAfterMs, type ThrottlePolicy } from './login-throttle.js';
import { burnPasswordCheck, hashPassword, verifyPassword } from './passwords.js';
import { presentUser } from './presenter.js';
import * as repo from './repository.js';
import { hashSessionToken, newSessionToken } from './tokens.js';

export interface AuthDeps {
  db: Executor;
  /**
   * Real time, never the demo clock's: sessions, sign-in throttles and mail links are security
   * lifetimes, and moving the demo's time forward must not sign the seller out.
   */
  realNow: () => Date;
  sessionTtlMs: number;
}

/** Counts an attempt under `key`; past the policy's limit, a 429 with `message` (`{minutes}` filled in). */
export async function enforceThrottle(
  db: Executor,
  key: string,
  policy: ThrottlePolicy,
  now: Date,
  message: string = messages.auth.tooManyAttempts,
): Promise<void> {
  const counter = await repo.countAttempt(db, key, policy.windowMs, now);
  const waitMs = retryAfterMs(counter, policy, now);
  if (waitMs > 0) {
    throw new AppError('too_many_requests', fillMessage(message, { minutes: minutesToWait(waitMs) }), {
      'retry-after': String(Math.ceil(waitMs / 1000)),
    });
  }
}

export async function registerSeller(
  deps: AuthDeps,
  input: { name: string; email: string; password: string; clientAddress: string },
): Promise<{ userId: number }> {
  await enforceThrottle(deps.db, `register-address:${input.clientAddress}`, REGISTRATION_POLICY, deps.realNow());
  const passwordHash = await hashPassword(input.password);
  try {
    const userId = await repo.insertUser(deps.db, { name: input.name, email: input.email, passwordHash });
    return { userId };
  } catch (error) {
    if (postgresErrorCode(error) === PG_UNIQUE_VIOLATION) throw new AppError('conflict', messages.auth.emailTaken);
    throw error;
  }
}

export async function signIn(
  deps: AuthDeps,
  input: { email: string; password: string; clientAddress: string },
): Promise<{ token: string; user: User }> {
  const now = deps.realNow();
  const accountKey = `login-account:${input.email}`;
  const addressKey = `login-address:${input.clientAddress}`;
  await enforceThrottle(deps.db, addressKey, ADDRESS_POLICY, now);
  await enforceThrottle(deps.db, accountKey, ACCOUNT_POLICY, now);

  const user = await repo.findUserByEmail(deps.db, input.email);
  if (!user) {
    await burnPasswordCheck(input.password);
    throw new AppError('unauthorized', messages.auth.wrongCredentials);
  }
  if (!(await verifyPassword(user.passwordHash, input.password))) {
    throw new AppError('unauthorized', messages.auth.wrongCredentials);
  }

  await repo.clearAttempts(deps.db, accountKey);
  await repo.giveBackAttempt(deps.db, addressKey);
  const token = newSessionToken();
  await repo.insertSession(deps.db, {
    tokenHash: hashSessionToken(token),
    userId: user.id,
    expiresAt: new Date(now.getTime() + deps.sessionTtlMs),
  });
  return { token, user: presentUser(user) };
}

export async function signOut(deps: AuthDeps, token: string): Promise<void> {
  await repo.revokeSession(deps.db, hashSessionToken(token), deps.realNow());
}

/** The seller a bearer token belongs to, or an error for a missing, revoked or expired session. */
export async function authenticate(deps: Pick<AuthDeps, 'db' | 'realNow'>, token: string | undefined): Promise<number> {
  if (!token) throw new AppError('unauthorized', messages.common.unauthorized);
  return sessionUserOrThrow(await repo.findLiveSessionUserId(deps.db, hashSessionToken(token), deps.realNow()));
}

/** The user of a live session, or the error for a revoked or expired one. */
export function sessionUserOrThrow(userId: number | null | undefined): number {
  if (userId === undefined || userId === null) throw new AppError('unauthorized', messages.common.sessionExpired);
  return userId;
}

/** A `user_id` named by the call must be the session's own seller. */
export function assertClaimedSeller(sellerId: number, claimedUserId?: number): number {
  if (claimedUserId !== undefined && claimedUserId !== sellerId) throw new AppError('forbidden', messages.common.forbidden);
  return sellerId;
}

export async function getProfile(deps: Pick<AuthDeps, 'db'>, userId: number): Promise<User> {
  const user = await repo.findUserById(deps.db, userId);
  if (!user) throw new AppError('not_found', messages.common.userNotFound);
  return presentUser(user);
}
