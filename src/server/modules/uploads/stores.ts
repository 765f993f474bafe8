import path from 'node:path';
import type { Config, ImageStoreKind } from '../../config.js';
import type { Executor } from '../../db/connection.js';
import { DatabaseStorage } from './database-storage.js';
import { S3Storage } from './s3-storage.js';
import { FolderStorage, ReadThroughStorage, type ImageStorage } from './storage.js';

export interface ImageStores {
  /** What the app uses: new images to the configured store, reads falling back to the others. */
  storage: ReadThroughStorage;
  /** Every store this instance can reach, by kind (`s3` only when the bucket is configured). */
  byKind: Partial<Record<ImageStoreKind, ImageStorage>>;
}

/**
 * The configured store first, then every other store this instance can reach: the database always,
 * the folder always (where images lived before there were other stores), the bucket when configured. A missing
 * image is looked up in each, which costs only when the uploads row exists and the image does not.
 */
export function openImageStores(config: Pick<Config, 'dataDir' | 'images'>, db: Executor): ImageStores {
  const byKind: Partial<Record<ImageStoreKind, ImageStorage>> = {
    db: new DatabaseStorage(db),
    local: new FolderStorage(path.join(config.dataDir, 'uploads')),
    ...(config.images.s3 ? { s3: new S3Storage(config.images.s3) } : {}),
  };
  const current = byKind[config.images.store];
  if (!current) throw new Error(`image store ${config.images.store} is not configured`);
  const previous = Object.values(byKind).filter((store): store is ImageStorage => store !== undefined && store !== current);
  return { storage: new ReadThroughStorage(current, previous), byKind };
}
