import { and, count, desc, eq, isNull, lt, or } from 'drizzle-orm';
import type { ApiKeyScope } from '../../../contract/api-keys.js';
import type { Executor } from '../../db/connection.js';
import { apiKeys, users, type ApiKeyRow } from '../../db/schema.js';

const live = (sellerId: number) => and(eq(apiKeys.userId, sellerId), isNull(apiKeys.deletedAt));

/** Locks the seller's row: keys created at once queue here, so the per-seller limit holds. */
export async function lockSeller(db: Executor, sellerId: number): Promise<void> {
  await db.select({ id: users.id }).from(users).where(eq(users.id, sellerId)).for('update');
}

export async function countLiveKeys(db: Executor, sellerId: number): Promise<number> {
  const [row] = await db.select({ keys: count() }).from(apiKeys).where(live(sellerId));
  return row?.keys ?? 0;
}

export async function insertKey(
  db: Executor,
  key: { sellerId: number; name: string; scopes: ApiKeyScope[]; keyHash: string; keyPrefix: string; keyLast4: string; at: Date },
): Promise<ApiKeyRow> {
  const [row] = await db
    .insert(apiKeys)
    .values({
      userId: key.sellerId,
      name: key.name,
      scopes: key.scopes,
      keyHash: key.keyHash,
      keyPrefix: key.keyPrefix,
      keyLast4: key.keyLast4,
      createdAt: key.at,
    })
    .returning();
  return row!;
}

export async function listLiveKeys(db: Executor, sellerId: number): Promise<ApiKeyRow[]> {
  return db.select().from(apiKeys).where(live(sellerId)).orderBy(desc(apiKeys.id));
}

/** Marks a live key of the seller deleted; answers its name and scopes, or undefined when there is none. */
export async function markDeleted(db: Executor, sellerId: number, keyId: number, at: Date) {
  const [row] = await db
    .update(apiKeys)
    .set({ deletedAt: at })
    .where(and(live(sellerId), eq(apiKeys.id, keyId)))
    .returning({ name: apiKeys.name, scopes: apiKeys.scopes });
  return row;
}

export async function findLiveKeyByHash(db: Executor, keyHash: string) {
  const [row] = await db
    .select({ id: apiKeys.id, name: apiKeys.name, sellerId: apiKeys.userId, scopes: apiKeys.scopes, lastUsedAt: apiKeys.lastUsedAt })
    .from(apiKeys)
    .where(and(eq(apiKeys.keyHash, keyHash), isNull(apiKeys.deletedAt)))
    .limit(1);
  return row;
}

/** Writes the last use unless one within `since` is already stored (several instances may race: both writes are fine). */
export async function touchLastUsed(db: Executor, keyId: number, at: Date, since: Date): Promise<void> {
  await db
    .update(apiKeys)
    .set({ lastUsedAt: at })
    .where(and(eq(apiKeys.id, keyId), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, since))));
}
