import { and, eq, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/connection.js';
import { apiIdempotency } from '../../db/schema.js';

export interface StoredAnswer {
  requestHash: string;
  /** Null while the first request is still at work. */
  status: number | null;
  response: unknown;
}

/**
 * Takes (key, Idempotency-Key) for a request: true when this request is to do the work. The row
 * is inserted first, under its primary key, so of two requests at once one inserts and the other
 * finds it; a row older than `expiredBefore` is taken over as if it were not there.
 */
export async function claimIdempotencyKey(
  db: Executor,
  claim: { apiKeyId: number; idempotencyKey: string; requestHash: string; at: Date; expiredBefore: Date },
): Promise<boolean> {
  const taken = await db
    .insert(apiIdempotency)
    .values({ apiKeyId: claim.apiKeyId, idempotencyKey: claim.idempotencyKey, requestHash: claim.requestHash, createdAt: claim.at })
    .onConflictDoUpdate({
      target: [apiIdempotency.apiKeyId, apiIdempotency.idempotencyKey],
      set: { requestHash: claim.requestHash, status: null, response: null, createdAt: claim.at },
      setWhere: lt(apiIdempotency.createdAt, claim.expiredBefore),
    })
    .returning({ apiKeyId: apiIdempotency.apiKeyId });
  return taken.length > 0;
}

export async function readStoredAnswer(db: Executor, apiKeyId: number, idempotencyKey: string): Promise<StoredAnswer | undefined> {
  const [row] = await db
    .select({ requestHash: apiIdempotency.requestHash, status: apiIdempotency.status, response: apiIdempotency.response })
    .from(apiIdempotency)
    .where(and(eq(apiIdempotency.apiKeyId, apiKeyId), eq(apiIdempotency.idempotencyKey, idempotencyKey)));
  return row;
}

export async function storeAnswer(
  db: Executor,
  apiKeyId: number,
  idempotencyKey: string,
  status: number,
  response: unknown,
): Promise<void> {
  await db
    .update(apiIdempotency)
    .set({ status, response: sql`${JSON.stringify(response)}::jsonb` })
    .where(and(eq(apiIdempotency.apiKeyId, apiKeyId), eq(apiIdempotency.idempotencyKey, idempotencyKey)));
}

/** Frees the key after a failure that answered nothing lasting (a 5xx): the client may try again. */
export async function releaseIdempotencyKey(db: Executor, apiKeyId: number, idempotencyKey: string): Promise<void> {
  await db.delete(apiIdempotency).where(and(eq(apiIdempotency.apiKeyId, apiKeyId), eq(apiIdempotency.idempotencyKey, idempotencyKey)));
}

export async function sweepIdempotencyKeys(db: Executor, expiredBefore: Date): Promise<number> {
  const swept = await db
    .delete(apiIdempotency)
    .where(lt(apiIdempotency.createdAt, expiredBefore))
    .returning({ apiKeyId: apiIdempotency.apiKeyId });
  return swept.length;
}
