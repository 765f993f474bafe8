import { uploadMessages } from '../../../contract/uploads.js';
import type { Executor } from '../../db/connection.js';
import { AppError } from '../../errors.js';
import { listUploadKeysAfter } from './repository.js';
import type { ImageStoreKind } from '../../config.js';
import { ReadThroughStorage, sha256Hex } from './storage.js';
import type { ImageStores } from './stores.js';

export interface ImageMigrationPage {
  copied: number;
  /** Already in the target with the same bytes (or only there: uploaded after the switch). */
  skipped: number;
  /** An uploads row whose image is in no store. */
  missing: number;
  /** The copy read back from the target did not match the source's hash. */
  failed: number;
  /** The id to continue after; null when this page was the last. */
  nextAfterId: number | null;
}

/**
 * Copies one page of images (in upload order) into `target` from whichever other store holds
 * them, idempotently: an image already in the target with the same SHA-256 is left alone, a copy is
 * read back and its hash compared. Pages keep each operator call short; the app serves throughout,
 * reading through every store (stores.ts), so the order of copy and switch does not matter.
 */
export async function migrateImagesPage({
  db,
  stores,
  to,
  afterId,
  limit,
}: {
  db: Executor;
  stores: ImageStores;
  to: ImageStoreKind;
  afterId: number;
  limit: number;
}): Promise<ImageMigrationPage> {
  const target = stores.byKind[to];
  if (!target) throw new AppError('bad_request', uploadMessages.migrationTargetMissing);
  // The app's own store first (it has the newest images), then the rest; never the target itself.
  const [first, ...rest] = [stores.storage.current, ...stores.storage.previous].filter((store) => store !== target);
  if (!first) throw new AppError('bad_request', uploadMessages.migrationTargetMissing);
  const source = new ReadThroughStorage(first, rest);
  const page: ImageMigrationPage = { copied: 0, skipped: 0, missing: 0, failed: 0, nextAfterId: null };
  const rows = await listUploadKeysAfter(db, afterId, limit);
  for (const { storageKey: key } of rows) {
    const there = await target.head(key);
    const original = await source.get(key);
    if (!original) {
      page[there ? 'skipped' : 'missing'] += 1;
      continue;
    }
    const hash = sha256Hex(original.data);
    if (there?.sha256 === hash) {
      page.skipped += 1;
      continue;
    }
    await target.put(key, original.data, original.contentType);
    const copy = await target.get(key);
    page[copy && sha256Hex(copy.data) === hash ? 'copied' : 'failed'] += 1;
  }
  page.nextAfterId = rows.length === limit ? rows[rows.length - 1]!.id : null;
  return page;
}
