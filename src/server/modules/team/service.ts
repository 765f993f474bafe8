import { TEAM_INVITATION_PATH, TEAM_INVITATION_TTL_MS } from '../../../contract/constants.js';
import { fillMessage, messages } from '../../../contract/messages.js';
import type { AcceptInvitationResponse, MemberRole, Membership, TeamInvitation, TeamMember } from '../../../contract/team.js';
import type { Executor } from '../../db/connection.js';
import type { TeamInvitationRow } from '../../db/schema.js';
import { AppError, PG_UNIQUE_VIOLATION, postgresErrorCode } from '../../errors.js';
import { accountLink } from '../account/link-state.js';
import { recordAudit } from '../audit/record.js';
import { ACCOUNT_POLICY, MAIL_PER_RECIPIENT_POLICY } from '../auth/login-throttle.js';
import { hashPassword, verifyPassword } from '../auth/passwords.js';
import { presentUser } from '../auth/presenter.js';
import * as authRepo from '../auth/repository.js';
import { enforceThrottle, type AuthDeps } from '../auth/service.js';
import { hashSessionToken, newSessionToken } from '../auth/tokens.js';
import { queueMail } from '../mail/outbox.js';
import { teamInvitationMail } from '../mail/templates.js';
import * as repo from './repository.js';

export interface TeamDeps extends AuthDeps {
  /** The product's clock: an invitation's 7 days (the demo clock may move them on). */
  now: () => Date;
  publicUrl: string;
  onMailQueued: () => void;
}

const t = messages.team;
const ROLE_TITLES: Record<MemberRole, string> = { manager: messages.teamScreen.roleManager, analyst: messages.teamScreen.roleAnalyst };

async function sellerOrThrow(db: Executor, sellerId: number) {
  const seller = await authRepo.findUserById(db, sellerId);
  if (!seller) throw new AppError('not_found', messages.common.userNotFound);
  return seller;
}

/** The owner (the seller's own account) first, then the people invited, in the order they joined. */
export async function listTeam(deps: Pick<TeamDeps, 'db'>, sellerId: number): Promise<TeamMember[]> {
  const owner = await sellerOrThrow(deps.db, sellerId);
  const members = await repo.listMembers(deps.db, sellerId);
  return [{ user_id: owner.id, name: owner.name, email: owner.email, role: 'owner', joined_at: null }, ...members.map(presentMember)];
}

function presentMember(member: repo.MemberRow): TeamMember {
  return { user_id: member.userId, name: member.name, email: member.email, role: member.role, joined_at: member.joinedAt.toISOString() };
}

function presentInvitation(row: TeamInvitationRow, now: Date): TeamInvitation {
  const status = row.acceptedAt ? 'accepted' : row.revokedAt ? 'revoked' : row.expiresAt <= now ? 'expired' : 'pending';
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    status,
    created_at: row.createdAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
  };
}

export async function listInvitations(deps: Pick<TeamDeps, 'db' | 'now'>, sellerId: number): Promise<TeamInvitation[]> {
  const now = deps.now();
  return (await repo.listInvitations(deps.db, sellerId)).map((row) => presentInvitation(row, now));
}

/**
 * The owner invites a person by e-mail: a one-time link valid for 7 days goes to the address (its
 * token is kept only hashed). The owner's own address, a member and a live invitation to the same
 * address are refused, and a seller may send only a few invitations to one address an hour.
 */
export async function inviteMember(
  deps: TeamDeps,
  input: { sellerId: number; actorId: number; email: string; role: MemberRole },
): Promise<TeamInvitation> {
  const now = deps.now();
  const seller = await sellerOrThrow(deps.db, input.sellerId);
  if (seller.email === input.email) throw new AppError('bad_request', t.inviteSelf);
  const invitee = await authRepo.findUserByEmail(deps.db, input.email);
  if (invitee && (await repo.findMember(deps.db, input.sellerId, invitee.id))) throw new AppError('conflict', t.alreadyMember);
  if (await repo.findPendingInvitation(deps.db, input.sellerId, input.email, now)) throw new AppError('conflict', t.invitationPending);
  await enforceThrottle(
    deps.db,
    `team-invite:${input.sellerId}:${input.email}`,
    MAIL_PER_RECIPIENT_POLICY,
    deps.realNow(),
    messages.account.tooManyRequests,
  );

  const token = newSessionToken();
  const invitation = await deps.db.transaction(async (tx) => {
    const row = await repo.insertInvitation(tx, {
      sellerId: input.sellerId,
      email: input.email,
      role: input.role,
      tokenHash: hashSessionToken(token),
      expiresAt: new Date(now.getTime() + TEAM_INVITATION_TTL_MS),
    });
    const url = accountLink(deps.publicUrl, TEAM_INVITATION_PATH, token);
    await queueMail(tx, teamInvitationMail({ to: input.email, seller: seller.name, role: ROLE_TITLES[input.role], url }));
    await recordAudit(tx, {
      sellerId: input.sellerId,
      actor: { userId: input.actorId },
      action: 'team.invite',
      subject: input.email,
      before: null,
      after: { email: input.email, role: input.role },
    });
    return row;
  });
  deps.onMailQueued();
  return presentInvitation(invitation, now);
}

/** Revokes a pending invitation: its link stops working at once. */
export async function revokeInvitation(
  deps: Pick<TeamDeps, 'db' | 'now'>,
  input: { sellerId: number; actorId: number; invitationId: number },
): Promise<void> {
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const revoked = await repo.revokeInvitation(tx, input.sellerId, input.invitationId, now);
    if (!revoked) {
      const known = (await repo.listInvitations(tx, input.sellerId)).some((row) => row.id === input.invitationId);
      throw known ? new AppError('conflict', t.invitationNotPending) : new AppError('not_found', t.invitationNotFound);
    }
    await recordAudit(tx, {
      sellerId: input.sellerId,
      actor: { userId: input.actorId },
      action: 'team.invitation_revoke',
      subject: revoked.email,
      before: { email: revoked.email, role: revoked.role },
      after: null,
    });
  });
}

function untouchableOwner(sellerId: number, memberId: number): void {
  if (sellerId === memberId) throw new AppError('bad_request', t.ownerUntouchable);
}

export async function changeMemberRole(
  deps: Pick<TeamDeps, 'db'>,
  input: { sellerId: number; actorId: number; memberId: number; role: MemberRole },
): Promise<TeamMember> {
  untouchableOwner(input.sellerId, input.memberId);
  return deps.db.transaction(async (tx) => {
    const member = await repo.findMember(tx, input.sellerId, input.memberId);
    if (!member) throw new AppError('not_found', t.memberNotFound);
    await repo.setMemberRole(tx, input.sellerId, input.memberId, input.role);
    await recordAudit(tx, {
      sellerId: input.sellerId,
      actor: { userId: input.actorId },
      action: 'team.role_change',
      subject: `${member.name} (${member.email})`,
      before: { role: member.role },
      after: { role: input.role },
    });
    return presentMember({ ...member, role: input.role });
  });
}

/** Removes a person from the team: their next call for this seller is refused (the role check reads the team each time). */
export async function removeMember(
  deps: Pick<TeamDeps, 'db'>,
  input: { sellerId: number; actorId: number; memberId: number },
): Promise<void> {
  untouchableOwner(input.sellerId, input.memberId);
  await deps.db.transaction(async (tx) => {
    const member = await repo.findMember(tx, input.sellerId, input.memberId);
    if (!member) throw new AppError('not_found', t.memberNotFound);
    await repo.deleteMember(tx, input.sellerId, input.memberId);
    await recordAudit(tx, {
      sellerId: input.sellerId,
      actor: { userId: input.actorId },
      action: 'team.remove',
      subject: `${member.name} (${member.email})`,
      before: { role: member.role },
      after: null,
    });
  });
}

/** The teams the person is in, for the header's switch. */
export async function listMemberships(deps: Pick<TeamDeps, 'db'>, personId: number): Promise<Membership[]> {
  return (await repo.listMemberships(deps.db, personId)).map((row) => ({ user_id: row.sellerId, name: row.name, role: row.role }));
}

const INVITATION_LINK_MESSAGES = { unknown: t.invitationLinkInvalid, used: t.invitationLinkUsed, expired: t.invitationLinkExpired };

function invitationProblem(row: TeamInvitationRow | undefined, now: Date): keyof typeof INVITATION_LINK_MESSAGES | null {
  if (!row) return 'unknown';
  if (row.acceptedAt || row.revokedAt) return 'used';
  return row.expiresAt <= now ? 'expired' : null;
}

/**
 * The invitation page's «Принять приглашение»: the link's token proves the mailbox. A person
 * without an account gets one (the name and password they chose); an account that already has the
 * invitation's address joins with its own password (docs/decisions.md, "A team with roles"). Both
 * are signed in with a new session. The link works once.
 */
export async function acceptInvitation(
  deps: TeamDeps,
  input: { token: string; password: string; name?: string },
): Promise<AcceptInvitationResponse> {
  const now = deps.now();
  const tokenHash = hashSessionToken(input.token);
  const invitation = await repo.findInvitationByToken(deps.db, tokenHash);
  const problem = invitationProblem(invitation, now);
  if (problem) throw new AppError('bad_request', INVITATION_LINK_MESSAGES[problem]);
  const { email, sellerId, role } = invitation!;

  const existing = await authRepo.findUserByEmail(deps.db, email);
  let passwordHash: string | undefined;
  if (existing) {
    const accountKey = `login-account:${email}`;
    await enforceThrottle(deps.db, accountKey, ACCOUNT_POLICY, deps.realNow());
    if (!(await verifyPassword(existing.passwordHash, input.password))) {
      throw new AppError('unauthorized', fillMessage(t.existingAccountPassword, { email }));
    }
    await authRepo.clearAttempts(deps.db, accountKey);
  } else {
    if (!input.name) throw new AppError('bad_request', messages.validation.nameRequired);
    passwordHash = await hashPassword(input.password);
  }

  const token = newSessionToken();
  try {
    return await deps.db.transaction(async (tx) => {
      const userId = existing?.id ?? (await authRepo.insertUser(tx, { name: input.name!, email, passwordHash: passwordHash! }));
      // The seller may have taken the invited address as their own meanwhile.
      if (userId === sellerId) throw new AppError('bad_request', t.inviteSelf);
      if (!(await repo.claimInvitation(tx, tokenHash, userId, now))) throw new AppError('bad_request', t.invitationLinkUsed);
      await repo.insertMember(tx, { sellerId, memberId: userId, role });
      await recordAudit(tx, { sellerId, actor: { userId }, action: 'team.join', subject: email, before: null, after: { email, role } });
      await authRepo.insertSession(tx, {
        tokenHash: hashSessionToken(token),
        userId,
        expiresAt: new Date(deps.realNow().getTime() + deps.sessionTtlMs),
      });
      const user = (await authRepo.findUserById(tx, userId))!;
      const seller = (await authRepo.findUserById(tx, sellerId))!;
      return {
        message: fillMessage(t.invitationAccepted, { seller: seller.name }),
        token,
        user: presentUser(user),
        membership: { user_id: sellerId, name: seller.name, role },
      };
    });
  } catch (error) {
    // Someone registered the address between the check and the insert.
    if (postgresErrorCode(error) === PG_UNIQUE_VIOLATION) throw new AppError('conflict', messages.auth.emailTaken);
    throw error;
  }
}
