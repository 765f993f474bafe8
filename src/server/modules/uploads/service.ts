import { randomBytes } from 'node:crypto';
import { UPLOADS_PER_SELLER_PER_HOUR, uploadMessages, type UploadImageResponse } from '../../../contract/uploads.js';
import type { Executor } from '../../db/connection.js';
import { AppError } from '../../errors.js';
import { normaliseImage } from './image.js';
import { CONTENT_TYPES, imageUrlFor, KEY_RANDOM_BYTES, parseStorageKey, storageKeyFor, storageKeyFromUrl } from './image-rules.js';
import { countSellerUploadsSince, findSellerUpload, findUploadByKey, insertUpload } from './repository.js';
import type { ImageStorage, StoredImageFacts } from './storage.js';

export interface UploadDeps {
  db: Executor;
  storage: ImageStorage;
  /** Base of the absolute image URLs we hand out (config.publicUrl). */
  publicUrl: string;
  now: () => Date;
  randomKeyBytes?: (size: number) => Buffer;
}

const HOUR_MS = 60 * 60 * 1000;

/**
 * Checks and re-encodes a seller's image, stores it and answers its absolute URL.
 * File first, then the row; if the row fails the file is removed. A crash in between
 * leaves a file without a row, which is never served (serving goes through the row).
 */
export async function uploadImage(deps: UploadDeps, { sellerId, data }: { sellerId: number; data: Buffer }): Promise<UploadImageResponse> {
  if (data.length === 0) throw new AppError('bad_request', uploadMessages.fileEmpty);
  // Not atomic under concurrent uploads of one seller (a few may slip past): a guard, not a quota.
  const recent = await countSellerUploadsSince(deps.db, sellerId, new Date(deps.now().getTime() - HOUR_MS));
  if (recent >= UPLOADS_PER_SELLER_PER_HOUR) throw new AppError('too_many_requests', uploadMessages.tooManyUploads);

  const result = await normaliseImage(data);
  if (!result.ok) throw new AppError('bad_request', result.message);
  const { image } = result;

  const random = (deps.randomKeyBytes ?? randomBytes)(KEY_RANDOM_BYTES);
  const key = storageKeyFor(sellerId, random, image.format);
  const contentType = CONTENT_TYPES[image.format];
  await deps.storage.put(key, image.data, contentType);
  let uploadId: number;
  try {
    uploadId = await insertUpload(deps.db, {
      userId: sellerId,
      storageKey: key,
      contentType,
      byteSize: image.data.length,
      width: image.width,
      height: image.height,
    });
  } catch (error) {
    await deps.storage.delete(key).catch(() => undefined);
    throw error;
  }
  return { image_url: imageUrlFor(deps.publicUrl, key), upload_id: uploadId };
}

/** The strong ETag of an image: its SHA-256, which never changes under a key. */
export const etagOf = (facts: Pick<StoredImageFacts, 'sha256'>) => `"${facts.sha256}"`;

/** `If-None-Match` names this ETag (a list, or `*`); weak validators compare too (RFC 9110 §13.1.2). */
function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === etag);
}

export type ServedImage = ({ notModified: true } & StoredImageFacts) | ({ notModified: false; data: Buffer } & StoredImageFacts);

/**
 * An image to serve by its key, or null for anything we did not store (including malformed keys).
 * When the client already has these bytes (`If-None-Match`), only the facts are read.
 */
export async function openStoredImage(
  deps: { db: Executor; storage: ImageStorage },
  key: string,
  ifNoneMatch?: string,
): Promise<ServedImage | null> {
  if (!parseStorageKey(key)) return null;
  const row = await findUploadByKey(deps.db, key);
  if (!row) return null;
  if (ifNoneMatch) {
    const facts = await deps.storage.head(key);
    if (!facts) return null;
    if (matchesEtag(ifNoneMatch, etagOf(facts))) return { notModified: true, ...facts };
  }
  const image = await deps.storage.get(key);
  if (!image) return null;
  return { notModified: false, ...image };
}

/** Whether a URL has the shape of one of our uploaded images (`…/lk/uploads/<key>`), whoever owns it. */
export function isOwnUploadUrl(url: string): boolean {
  return storageKeyFromUrl(url) !== undefined;
}

/**
 * The bytes behind one of THIS seller's image URLs, for the mailing worker and the shop: they
 * send the file itself to Telegram rather than have Telegram fetch it (which fails for
 * localhost and private deployments). Another seller's image or a foreign URL → null.
 */
export async function findOwnUpload({
  db,
  storage,
  sellerId,
  imageUrl,
}: {
  db: Executor;
  storage: ImageStorage;
  sellerId: number;
  imageUrl: string;
}): Promise<{ data: Buffer; contentType: string; filename: string } | null> {
  const key = storageKeyFromUrl(imageUrl);
  const parsed = key ? parseStorageKey(key) : undefined;
  if (!key || !parsed || parsed.sellerId !== sellerId) return null;
  const row = await findSellerUpload(db, sellerId, key);
  if (!row) return null;
  const image = await storage.get(key);
  if (!image) return null;
  return { data: image.data, contentType: row.contentType, filename: parsed.filename };
}
