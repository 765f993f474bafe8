import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/connection.js';
import { uploadBlobs } from '../../db/schema.js';
import { CONTENT_TYPES } from './image-rules.js';
import { assertStorageKey, sha256Hex, type ImageStorage, type StoredImage, type StoredImageFacts } from './storage.js';

type ImageContentType = (typeof uploadBlobs.$inferInsert)['contentType'];
const isImageContentType = (value: string): value is ImageContentType => (Object.values(CONTENT_TYPES) as string[]).includes(value);

/**
 * Images in the `upload_blobs` table: every instance on the database serves every image, with
 * nothing else to run. Re-encoded images are at most a few hundred kilobytes, well within a row.
 */
export class DatabaseStorage implements ImageStorage {
  readonly kind = 'db';
  constructor(private readonly db: Executor) {}

  async put(key: string, data: Buffer, contentType: string): Promise<void> {
    assertStorageKey(key);
    if (!isImageContentType(contentType)) throw new Error(`not an image content type: ${contentType}`);
    const row = { contentType, byteSize: data.length, sha256: sha256Hex(data), data };
    // One statement: a reader sees the old row or the new one, never half of either.
    await this.db
      .insert(uploadBlobs)
      .values({ storageKey: key, ...row })
      .onConflictDoUpdate({ target: uploadBlobs.storageKey, set: row });
  }

  async head(key: string): Promise<StoredImageFacts | null> {
    assertStorageKey(key);
    const [row] = await this.db
      .select({ contentType: uploadBlobs.contentType, byteSize: uploadBlobs.byteSize, sha256: uploadBlobs.sha256 })
      .from(uploadBlobs)
      .where(eq(uploadBlobs.storageKey, key))
      .limit(1);
    return row ?? null;
  }

  async get(key: string): Promise<StoredImage | null> {
    assertStorageKey(key);
    const [row] = await this.db
      .select({ contentType: uploadBlobs.contentType, byteSize: uploadBlobs.byteSize, sha256: uploadBlobs.sha256, data: uploadBlobs.data })
      .from(uploadBlobs)
      .where(eq(uploadBlobs.storageKey, key))
      .limit(1);
    return row ?? null;
  }

  async delete(key: string): Promise<void> {
    assertStorageKey(key);
    await this.db.delete(uploadBlobs).where(eq(uploadBlobs.storageKey, key));
  }
}
