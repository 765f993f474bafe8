import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/connection.js';
import { accountTokens, sessions, users, type AccountTokenRow, type UserRow } from '../../db/schema.js';

export type LinkPurpose = AccountTokenRow['purpose'];

export async function insertLinkToken(
  db: Executor,
  values: { tokenHash: string; userId: number; purpose: LinkPurpose; newEmail?: string; expiresAt: Date },
): Promise<void> {
  await db.insert(accountTokens).values(values);
}

export async function findLinkToken(db: Executor, tokenHash: string, purpose: LinkPurpose): Promise<AccountTokenRow | undefined> {
  const [row] = await db
    .select()
    .from(accountTokens)
    .where(and(eq(accountTokens.tokenHash, tokenHash), eq(accountTokens.purpose, purpose)))
    .limit(1);
  return row;
}

/**
 * Marks a live link used and answers it; undefined when it is unknown, used or expired. One
 * UPDATE, so two requests racing with the same link cannot both get it.
 */
export async function claimLinkToken(
  db: Executor,
  tokenHash: string,
  purpose: LinkPurpose,
  now: Date,
): Promise<AccountTokenRow | undefined> {
  const [row] = await db
    .update(accountTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(accountTokens.tokenHash, tokenHash),
        eq(accountTokens.purpose, purpose),
        isNull(accountTokens.usedAt),
        gt(accountTokens.expiresAt, now),
      ),
    )
    .returning();
  return row;
}

/** Ends the seller's other open links of a kind (a new password makes older reset mails worthless). */
export async function closeOpenLinks(db: Executor, userId: number, purpose: LinkPurpose, now: Date): Promise<void> {
  await db
    .update(accountTokens)
    .set({ usedAt: now })
    .where(and(eq(accountTokens.userId, userId), eq(accountTokens.purpose, purpose), isNull(accountTokens.usedAt)));
}

export async function setPasswordHash(db: Executor, userId: number, passwordHash: string): Promise<void> {
  await db.update(users).set({ passwordHash }).where(eq(users.id, userId));
}

export async function setName(db: Executor, userId: number, name: string): Promise<UserRow | undefined> {
  const [row] = await db.update(users).set({ name }).where(eq(users.id, userId)).returning();
  return row;
}

/** Raises the unique violation of users_email_unique when the address is taken meanwhile. */
export async function setEmail(db: Executor, userId: number, email: string): Promise<void> {
  await db.update(users).set({ email }).where(eq(users.id, userId));
}

/** Revokes the seller's live sessions, all of them or all but the one making the call. */
export async function revokeSessions(db: Executor, userId: number, now: Date, keepTokenHash?: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        keepTokenHash === undefined ? sql`true` : ne(sessions.tokenHash, keepTokenHash),
      ),
    );
}
