import { CONFIRM_EMAIL_PATH, EMAIL_CHANGE_TTL_MS, PASSWORD_RESET_TTL_MS, RESET_PASSWORD_PATH } from '../../../contract/constants.js';
import type { User } from '../../../contract/auth.js';
import { messages } from '../../../contract/messages.js';
import { AppError, PG_UNIQUE_VIOLATION, postgresErrorCode } from '../../errors.js';
import { ACCOUNT_POLICY, MAIL_PER_ADDRESS_POLICY, MAIL_PER_RECIPIENT_POLICY } from '../auth/login-throttle.js';
import { hashPassword, verifyPassword } from '../auth/passwords.js';
import { presentUser } from '../auth/presenter.js';
import * as authRepo from '../auth/repository.js';
import { enforceThrottle, type AuthDeps } from '../auth/service.js';
import { hashSessionToken, newSessionToken } from '../auth/tokens.js';
import { queueMail } from '../mail/outbox.js';
import { emailChangedMail, emailChangeMail, passwordResetMail } from '../mail/templates.js';
import { accountLink, linkProblem, type LinkProblem } from './link-state.js';
import * as repo from './repository.js';

export interface AccountDeps extends AuthDeps {
  publicUrl: string;
  /** Wakes the mail job once a transaction that queued a mail has committed. */
  onMailQueued: () => void;
}

const a = messages.account;
const RESET_LINK_MESSAGES: Record<LinkProblem, string> = {
  unknown: a.resetLinkInvalid,
  used: a.resetLinkUsed,
  expired: a.resetLinkExpired,
};
const EMAIL_LINK_MESSAGES: Record<LinkProblem, string> = {
  unknown: a.emailLinkInvalid,
  used: a.emailLinkUsed,
  expired: a.emailLinkExpired,
};

/**
 * «Забыли пароль?»: a single-use link valid for an hour, by mail. The caller hears the same
 * whether or not the address has an account (the route answers one message), and the mail itself
 * leaves from the job, so the answer's time does not depend on the mail server either.
 */
export async function requestPasswordReset(deps: AccountDeps, input: { email: string; clientAddress: string }): Promise<void> {
  const now = deps.realNow();
  await enforceThrottle(deps.db, `forgot-address:${input.clientAddress}`, MAIL_PER_ADDRESS_POLICY, now, a.tooManyRequests);
  await enforceThrottle(deps.db, `forgot-email:${input.email}`, MAIL_PER_RECIPIENT_POLICY, now, a.tooManyRequests);
  const user = await authRepo.findUserByEmail(deps.db, input.email);
  if (!user) return;
  const token = newSessionToken();
  await deps.db.transaction(async (tx) => {
    await repo.insertLinkToken(tx, {
      tokenHash: hashSessionToken(token),
      userId: user.id,
      purpose: 'password_reset',
      expiresAt: new Date(now.getTime() + PASSWORD_RESET_TTL_MS),
    });
    await queueMail(
      tx,
      passwordResetMail({ to: user.email, name: user.name, url: accountLink(deps.publicUrl, RESET_PASSWORD_PATH, token) }),
    );
  });
  deps.onMailQueued();
}

/** Sets the new password from a reset link; the link and the seller's other reset links end, and so does every session. */
export async function resetPassword(deps: AccountDeps, input: { token: string; password: string }): Promise<void> {
  const now = deps.realNow();
  const tokenHash = hashSessionToken(input.token);
  // Checked before hashing, so a bad link costs no password hash.
  const problem = linkProblem(await repo.findLinkToken(deps.db, tokenHash, 'password_reset'), now);
  if (problem) throw new AppError('bad_request', RESET_LINK_MESSAGES[problem]);
  const passwordHash = await hashPassword(input.password);
  const user = await deps.db.transaction(async (tx) => {
    const link = await repo.claimLinkToken(tx, tokenHash, 'password_reset', now);
    // A parallel request with the same link got it first.
    if (!link) throw new AppError('bad_request', a.resetLinkUsed);
    await repo.setPasswordHash(tx, link.userId, passwordHash);
    await repo.closeOpenLinks(tx, link.userId, 'password_reset', now);
    await repo.revokeSessions(tx, link.userId, now);
    return authRepo.findUserById(tx, link.userId);
  });
  // Whoever was locked out by failed sign-ins may try at once with the new password.
  if (user) await authRepo.clearAttempts(deps.db, `login-account:${user.email}`);
}

/** A password change from the profile: the current password first; the seller's other sessions end, this one stays. */
export async function changePassword(
  deps: AccountDeps,
  input: { sellerId: number; sessionToken: string; currentPassword: string; password: string },
): Promise<void> {
  const now = deps.realNow();
  const throttleKey = `password-change:${input.sellerId}`;
  await enforceThrottle(deps.db, throttleKey, ACCOUNT_POLICY, now, a.tooManyPasswordAttempts);
  const user = await sellerOrThrow(deps, input.sellerId);
  if (!(await verifyPassword(user.passwordHash, input.currentPassword))) throw new AppError('bad_request', a.currentPasswordWrong);
  const passwordHash = await hashPassword(input.password);
  await deps.db.transaction(async (tx) => {
    await repo.setPasswordHash(tx, user.id, passwordHash);
    await repo.closeOpenLinks(tx, user.id, 'password_reset', now);
    await repo.revokeSessions(tx, user.id, now, hashSessionToken(input.sessionToken));
  });
  await authRepo.clearAttempts(deps.db, throttleKey);
}

export async function renameSeller(deps: AccountDeps, input: { sellerId: number; name: string }): Promise<User> {
  const row = await repo.setName(deps.db, input.sellerId, input.name);
  if (!row) throw new AppError('not_found', messages.common.userNotFound);
  return presentUser(row);
}

/**
 * A new e-mail counts only once its mailbox confirms it: a link goes to the NEW address, and the
 * address changes when it is opened. Taken addresses are refused at once (and again on confirming).
 */
export async function requestEmailChange(deps: AccountDeps, input: { sellerId: number; email: string }): Promise<void> {
  const now = deps.realNow();
  // Counted before the checks: nobody's mailbox gets flooded through us, and the 409 cannot be
  // used to sweep addresses for accounts.
  await enforceThrottle(deps.db, `email-change:${input.sellerId}`, MAIL_PER_RECIPIENT_POLICY, now, a.tooManyRequests);
  const user = await sellerOrThrow(deps, input.sellerId);
  if (user.email === input.email) throw new AppError('bad_request', a.emailSame);
  if (await authRepo.findUserByEmail(deps.db, input.email)) throw new AppError('conflict', messages.auth.emailTaken);
  const token = newSessionToken();
  await deps.db.transaction(async (tx) => {
    await repo.insertLinkToken(tx, {
      tokenHash: hashSessionToken(token),
      userId: user.id,
      purpose: 'email_change',
      newEmail: input.email,
      expiresAt: new Date(now.getTime() + EMAIL_CHANGE_TTL_MS),
    });
    await queueMail(tx, emailChangeMail({ to: input.email, name: user.name, url: accountLink(deps.publicUrl, CONFIRM_EMAIL_PATH, token) }));
  });
  deps.onMailQueued();
}

/** Opens an e-mail change link: the address switches, the old one gets a notice. Needs no session (the mailbox is the proof). */
export async function confirmEmailChange(deps: AccountDeps, input: { token: string }): Promise<{ email: string }> {
  const now = deps.realNow();
  const tokenHash = hashSessionToken(input.token);
  const problem = linkProblem(await repo.findLinkToken(deps.db, tokenHash, 'email_change'), now);
  if (problem) throw new AppError('bad_request', EMAIL_LINK_MESSAGES[problem]);
  try {
    const email = await deps.db.transaction(async (tx) => {
      const link = await repo.claimLinkToken(tx, tokenHash, 'email_change', now);
      if (!link?.newEmail) throw new AppError('bad_request', a.emailLinkUsed);
      const user = await authRepo.findUserById(tx, link.userId);
      if (!user) throw new AppError('not_found', messages.common.userNotFound);
      await repo.setEmail(tx, user.id, link.newEmail);
      await repo.closeOpenLinks(tx, user.id, 'email_change', now);
      if (user.email !== link.newEmail) await queueMail(tx, emailChangedMail({ to: user.email, name: user.name, newEmail: link.newEmail }));
      return link.newEmail;
    });
    deps.onMailQueued();
    return { email };
  } catch (error) {
    // Someone registered the address after the link was sent; the link stays unused (rolled back).
    if (postgresErrorCode(error) === PG_UNIQUE_VIOLATION) throw new AppError('conflict', messages.auth.emailTaken);
    throw error;
  }
}

async function sellerOrThrow(deps: AccountDeps, sellerId: number) {
  const user = await authRepo.findUserById(deps.db, sellerId);
  if (!user) throw new AppError('not_found', messages.common.userNotFound);
  return user;
}
