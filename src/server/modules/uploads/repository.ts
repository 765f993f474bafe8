import { and, asc, count, eq, gt } from 'drizzle-orm';
import type { Executor } from '../../db/connection.js';
import { uploads, type UploadRow } from '../../db/schema.js';

export type NewUpload = Omit<typeof uploads.$inferInsert, 'id' | 'createdAt'>;

export async function insertUpload(db: Executor, upload: NewUpload): Promise<number> {
  const [row] = await db.insert(uploads).values(upload).returning({ id: uploads.id });
  return row!.id;
}

/** The row of a stored image, whoever owns it: serving is public (the key is unguessable). */
export async function findUploadByKey(db: Executor, storageKey: string): Promise<UploadRow | undefined> {
  const [row] = await db.select().from(uploads).where(eq(uploads.storageKey, storageKey)).limit(1);
  return row;
}

/** The row of a stored image only when it belongs to this seller. */
export async function findSellerUpload(db: Executor, sellerId: number, storageKey: string): Promise<UploadRow | undefined> {
  const [row] = await db
    .select()
    .from(uploads)
    .where(and(eq(uploads.userId, sellerId), eq(uploads.storageKey, storageKey)))
    .limit(1);
  return row;
}

export async function countSellerUploadsSince(db: Executor, sellerId: number, since: Date): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(uploads)
    .where(and(eq(uploads.userId, sellerId), gt(uploads.createdAt, since)));
  return row?.total ?? 0;
}

/** The next page of stored images' keys in upload order, for `uploads:migrate`. */
export async function listUploadKeysAfter(db: Executor, afterId: number, limit: number): Promise<{ id: number; storageKey: string }[]> {
  return db
    .select({ id: uploads.id, storageKey: uploads.storageKey })
    .from(uploads)
    .where(gt(uploads.id, afterId))
    .orderBy(asc(uploads.id))
    .limit(limit);
}
