import { and, eq, gt, isNull, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/connection.js';
import { loginThrottle, sessions, teamMembers, users, type UserRow } from '../../db/schema.js';
import type { MemberRole } from '../../../contract/team.js';
import type { ThrottleCounter } from './login-throttle.js';

export async function insertUser(db: Executor, values: { name: string; email: string; passwordHash: string }): Promise<number> {
  const [row] = await db.insert(users).values(values).returning({ id: users.id });
  return row!.id;
}

export async function findUserByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return row;
}

export async function findUserById(db: Executor, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export async function insertSession(db: Executor, values: { tokenHash: string; userId: number; expiresAt: Date }): Promise<void> {
  await db.insert(sessions).values(values);
}

/** A live session: not revoked, not expired. Values or placeholders of a prepared query. */
export function isLiveSession(tokenHash: string | Placeholder, now: Date | Placeholder): SQL {
  return and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt), gt(sessions.expiresAt, now))!;
}

/** The user a live session belongs to, as a subquery (the receipt check reads it with the action). */
export function liveSessionUserId(tokenHash: Placeholder, now: Placeholder): SQL<number | null> {
  return sql<number | null>`(SELECT ${sessions.userId} FROM ${sessions} WHERE ${isLiveSession(tokenHash, now)})`;
}

/** The user a live (not revoked, not expired) session belongs to. */
export async function findLiveSessionUserId(db: Executor, tokenHash: string, now: Date): Promise<number | undefined> {
  const [row] = await db.select({ userId: sessions.userId }).from(sessions).where(isLiveSession(tokenHash, now)).limit(1);
  return row?.userId;
}

export async function revokeSession(db: Executor, tokenHash: string, now: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt)));
}

/**
 * Counts one attempt atomically (safe under parallel requests on every instance):
 * a window that has ended starts over at 1.
 */
export async function countAttempt(db: Executor, key: string, windowMs: number, now: Date): Promise<ThrottleCounter> {
  const windowStart = new Date(now.getTime() - windowMs);
  const [row] = await db
    .insert(loginThrottle)
    .values({ key, failures: 1, windowStartedAt: now })
    .onConflictDoUpdate({
      target: loginThrottle.key,
      set: {
        failures: sql`CASE WHEN ${loginThrottle.windowStartedAt} <= ${windowStart} THEN 1 ELSE ${loginThrottle.failures} + 1 END`,
        windowStartedAt: sql`CASE WHEN ${loginThrottle.windowStartedAt} <= ${windowStart} THEN ${now} ELSE ${loginThrottle.windowStartedAt} END`,
      },
    })
    .returning({ attempts: loginThrottle.failures, windowStartedAt: loginThrottle.windowStartedAt });
  return row!;
}

export async function clearAttempts(db: Executor, key: string): Promise<void> {
  await db.delete(loginThrottle).where(eq(loginThrottle.key, key));
}

export async function giveBackAttempt(db: Executor, key: string): Promise<void> {
  await db
    .update(loginThrottle)
    .set({ failures: sql`GREATEST(${loginThrottle.failures} - 1, 0)` })
    .where(eq(loginThrottle.key, key));
}

/** The role a person holds in a seller's team, if they are in it (the owner has no row). */
export async function findTeamRole(db: Executor, sellerId: number, memberId: number): Promise<MemberRole | undefined> {
  const [row] = await db
    .select({ role: teamMembers.role })
    .from(teamMembers)
    .where(and(eq(teamMembers.sellerId, sellerId), eq(teamMembers.memberId, memberId)))
    .limit(1);
  return row?.role;
}
