import { and, asc, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { MemberRole } from '../../../contract/team.js';
import type { Executor } from '../../db/connection.js';
import { teamInvitations, teamMembers, users, type TeamInvitationRow } from '../../db/schema.js';

export interface MemberRow {
  userId: number;
  name: string;
  email: string;
  role: MemberRole;
  joinedAt: Date;
}

const memberColumns = { userId: users.id, name: users.name, email: users.email, role: teamMembers.role, joinedAt: teamMembers.joinedAt };

export async function listMembers(db: Executor, sellerId: number): Promise<MemberRow[]> {
  return db
    .select(memberColumns)
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.memberId))
    .where(eq(teamMembers.sellerId, sellerId))
    .orderBy(asc(teamMembers.joinedAt), asc(users.id));
}

export async function findMember(db: Executor, sellerId: number, memberId: number): Promise<MemberRow | undefined> {
  const [row] = await db
    .select(memberColumns)
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.memberId))
    .where(and(eq(teamMembers.sellerId, sellerId), eq(teamMembers.memberId, memberId)))
    .limit(1);
  return row;
}

/** Adds the person to the team; false when they are in it already. */
export async function insertMember(db: Executor, values: { sellerId: number; memberId: number; role: MemberRole }): Promise<boolean> {
  const rows = await db.insert(teamMembers).values(values).onConflictDoNothing().returning({ memberId: teamMembers.memberId });
  return rows.length > 0;
}

export async function setMemberRole(db: Executor, sellerId: number, memberId: number, role: MemberRole): Promise<void> {
  await db
    .update(teamMembers)
    .set({ role })
    .where(and(eq(teamMembers.sellerId, sellerId), eq(teamMembers.memberId, memberId)));
}

export async function deleteMember(db: Executor, sellerId: number, memberId: number): Promise<void> {
  await db.delete(teamMembers).where(and(eq(teamMembers.sellerId, sellerId), eq(teamMembers.memberId, memberId)));
}

/** The sellers whose teams the person is in, with the role and the seller's name. */
export async function listMemberships(db: Executor, memberId: number): Promise<{ sellerId: number; name: string; role: MemberRole }[]> {
  return db
    .select({ sellerId: users.id, name: users.name, role: teamMembers.role })
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.sellerId))
    .where(eq(teamMembers.memberId, memberId))
    .orderBy(asc(users.name), asc(users.id));
}

export async function insertInvitation(
  db: Executor,
  values: { sellerId: number; email: string; role: MemberRole; tokenHash: string; expiresAt: Date },
): Promise<TeamInvitationRow> {
  const [row] = await db.insert(teamInvitations).values(values).returning();
  return row!;
}

export async function listInvitations(db: Executor, sellerId: number): Promise<TeamInvitationRow[]> {
  return db.select().from(teamInvitations).where(eq(teamInvitations.sellerId, sellerId)).orderBy(desc(teamInvitations.id)).limit(200);
}

/** A live invitation to the address: neither accepted, revoked nor expired. */
export async function findPendingInvitation(
  db: Executor,
  sellerId: number,
  email: string,
  now: Date,
): Promise<TeamInvitationRow | undefined> {
  const [row] = await db
    .select()
    .from(teamInvitations)
    .where(
      and(
        eq(teamInvitations.sellerId, sellerId),
        sql`lower(${teamInvitations.email}) = lower(${email})`,
        isNull(teamInvitations.acceptedAt),
        isNull(teamInvitations.revokedAt),
        gt(teamInvitations.expiresAt, now),
      ),
    )
    .limit(1);
  return row;
}

export async function findInvitationByToken(db: Executor, tokenHash: string): Promise<TeamInvitationRow | undefined> {
  const [row] = await db.select().from(teamInvitations).where(eq(teamInvitations.tokenHash, tokenHash)).limit(1);
  return row;
}

/** Revokes the seller's pending invitation; undefined when there is none with that id still pending. */
export async function revokeInvitation(db: Executor, sellerId: number, id: number, now: Date): Promise<TeamInvitationRow | undefined> {
  const [row] = await db
    .update(teamInvitations)
    .set({ revokedAt: now })
    .where(
      and(
        eq(teamInvitations.sellerId, sellerId),
        eq(teamInvitations.id, id),
        isNull(teamInvitations.acceptedAt),
        isNull(teamInvitations.revokedAt),
      ),
    )
    .returning();
  return row;
}

/**
 * Marks a live invitation accepted by `userId` and answers it; undefined when it is unknown,
 * used, revoked or expired. One UPDATE, so two requests racing with the same link cannot both get it.
 */
export async function claimInvitation(db: Executor, tokenHash: string, userId: number, now: Date): Promise<TeamInvitationRow | undefined> {
  const [row] = await db
    .update(teamInvitations)
    .set({ acceptedAt: now, acceptedBy: userId })
    .where(
      and(
        eq(teamInvitations.tokenHash, tokenHash),
        isNull(teamInvitations.acceptedAt),
        isNull(teamInvitations.revokedAt),
        gt(teamInvitations.expiresAt, now),
      ),
    )
    .returning();
  return row;
}
