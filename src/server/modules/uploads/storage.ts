import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { ImageStoreKind } from '../../config.js';
import { parseStorageKey } from './image-rules.js';

/** What a store knows of an image without its bytes; the hash is its strong ETag. */
export interface StoredImageFacts {
  contentType: string;
  byteSize: number;
  /** Hex SHA-256 of the stored bytes. */
  sha256: string;
}

export interface StoredImage extends StoredImageFacts {
  data: Buffer;
}

/**
 * Where uploaded images live. Keys are `<sellerId>/<random>.<ext>` (image-rules.ts); every store
 * refuses anything else. A missing image is null, never an error; a store that cannot be reached
 * throws ImageStorageUnavailable (served as 503).
 */
export interface ImageStorage {
  readonly kind: ImageStoreKind;
  /** Stores the bytes under `key`, all or nothing: a reader never sees a half-written image. Storing the same key again replaces it. */
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  head(key: string): Promise<StoredImageFacts | null>;
  get(key: string): Promise<StoredImage | null>;
  /** Removing a missing image is not an error. */
  delete(key: string): Promise<void>;
}

export const sha256Hex = (data: Buffer) => createHash('sha256').update(data).digest('hex');

export function assertStorageKey(key: string): void {
  if (!parseStorageKey(key)) throw new Error(`not a storage key: ${JSON.stringify(key)}`);
}

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/** The folder keeps bytes only: the type follows from the key's extension (image-rules.ts issues .jpg and .png only). */
const contentTypeOfKey = (key: string) => (key.endsWith('.png') ? 'image/png' : 'image/jpeg');

/** `DATA_DIR/uploads/<sellerId>/<random>.<ext>` on the local disk: one instance only. */
export class FolderStorage implements ImageStorage {
  readonly kind = 'local';
  constructor(readonly root: string) {}

  /** The file's path; the strict key format makes `..` or an absolute path impossible. */
  private pathOf(key: string): string {
    assertStorageKey(key);
    return path.join(this.root, ...key.split('/'));
  }

  async put(key: string, data: Buffer, _contentType: string): Promise<void> {
    const target = this.pathOf(key);
    await mkdir(path.dirname(target), { recursive: true });
    // Write beside the target, then rename: rename within one file system is atomic.
    const temporary = `${target}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      await writeFile(temporary, data, { flag: 'wx' });
      await rename(temporary, target);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }

  /** The folder keeps no hash beside the file: it is computed from the bytes (images are small and re-encoded). */
  async head(key: string): Promise<StoredImageFacts | null> {
    const image = await this.get(key);
    if (!image) return null;
    return { contentType: image.contentType, byteSize: image.byteSize, sha256: image.sha256 };
  }

  async get(key: string): Promise<StoredImage | null> {
    try {
      const data = await readFile(this.pathOf(key));
      return { data, contentType: contentTypeOfKey(key), byteSize: data.length, sha256: sha256Hex(data) };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }
}

/**
 * Writes go to the current store; reads try it first, then the stores images were kept in before,
 * so a switch of store (and `uploads:migrate` copying behind it) never makes an image a 404.
 */
export class ReadThroughStorage implements ImageStorage {
  readonly kind: ImageStoreKind;
  constructor(
    readonly current: ImageStorage,
    readonly previous: ImageStorage[],
  ) {
    this.kind = current.kind;
  }

  put(key: string, data: Buffer, contentType: string): Promise<void> {
    return this.current.put(key, data, contentType);
  }

  async head(key: string): Promise<StoredImageFacts | null> {
    for (const store of [this.current, ...this.previous]) {
      const facts = await store.head(key);
      if (facts) return facts;
    }
    return null;
  }

  async get(key: string): Promise<StoredImage | null> {
    for (const store of [this.current, ...this.previous]) {
      const image = await store.get(key);
      if (image) return image;
    }
    return null;
  }

  /** From every store, so a deleted image cannot come back through an older one. */
  async delete(key: string): Promise<void> {
    for (const store of [this.current, ...this.previous]) await store.delete(key);
  }
}
