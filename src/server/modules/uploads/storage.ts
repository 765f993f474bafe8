import { randomBytes } from 'node:crypto';
import { mkdir, open, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { parseStorageKey } from './image-rules.js';

/**
 * Where uploaded images live. One small interface so the folder can be swapped for an
 * S3-compatible bucket when several instances run without a shared disk (README, Production).
 * Keys are `<sellerId>/<random>.<ext>` (image-rules.ts); implementations refuse anything else.
 */
export interface ImageStorage {
  /** Stores the bytes under `key`, all or nothing: a reader never sees a half-written file. */
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** The whole file, or null when there is none. */
  read(key: string): Promise<Buffer | null>;
  /** A stream of the file for serving, or null when there is none. */
  createReadStream(key: string): Promise<Readable | null>;
  /** Removes the file; removing a missing file is not an error. */
  delete(key: string): Promise<void>;
}

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/** `DATA_DIR/uploads/<sellerId>/<random>.<ext>` on the local disk. */
export class FolderStorage implements ImageStorage {
  constructor(readonly root: string) {}

  /** The file's path; the strict key format makes `..` or an absolute path impossible. */
  private pathOf(key: string): string {
    if (!parseStorageKey(key)) throw new Error(`not a storage key: ${JSON.stringify(key)}`);
    return path.join(this.root, ...key.split('/'));
  }

  /** The content type is not kept here: serving reads it from the uploads row (a bucket would store it). */
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

  async read(key: string): Promise<Buffer | null> {
    try {
      return await readFile(this.pathOf(key));
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async createReadStream(key: string): Promise<Readable | null> {
    try {
      // Opening first turns "no such file" into null instead of a stream error mid-response.
      const handle = await open(this.pathOf(key), 'r');
      return handle.createReadStream();
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }
}
