import { blankPglite } from '../../../../tests/support/blank-pglite.js';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalS3, type LocalS3 } from '../../../../tests/support/s3-server.js';
import { pgliteDatabase, type Database } from '../../db/connection.js';
import { migrate } from '../../db/migrate.js';
import { DatabaseStorage } from './database-storage.js';
import { needsPathStyle, S3Storage } from './s3-storage.js';
import { ImageStorageUnavailable } from '../../errors.js';
import { FolderStorage, ReadThroughStorage, sha256Hex, type ImageStorage } from './storage.js';

let sequence = 0;
/** A fresh key per test: the stores outlive single tests. */
const nextKey = (extension = 'jpg') => `7/${String(++sequence).padStart(24, 'A')}.${extension}`;
const JPEG = Buffer.from('jpeg bytes of a picture');

let database: Database;
let s3: LocalS3;
let folderRoot: string;

beforeAll(async () => {
  folderRoot = mkdtempSync(path.join(os.tmpdir(), 'scanapp-uploads-'));
  [database, s3] = await Promise.all([
    (async () => {
      const db = pgliteDatabase(await blankPglite());
      await migrate(db);
      return db;
    })(),
    startLocalS3(),
  ]);
}, 120_000);

afterAll(async () => {
  await Promise.all([database?.close(), s3?.stop()]);
  rmSync(folderRoot, { recursive: true, force: true });
});

const stores: { name: string; open: () => ImageStorage }[] = [
  { name: 'the folder', open: () => new FolderStorage(folderRoot) },
  { name: 'the database', open: () => new DatabaseStorage(database.db) },
  { name: 'the S3 bucket', open: () => new S3Storage(s3.settings) },
];

describe.each(stores)('image storage contract: $name', ({ open }) => {
  it('gives back the stored bytes with their type, size and SHA-256', async () => {
    const storage = open();
    const key = nextKey();
    await storage.put(key, JPEG, 'image/jpeg');
    const image = await storage.get(key);
    expect(image).toEqual({ data: JPEG, contentType: 'image/jpeg', byteSize: JPEG.length, sha256: sha256Hex(JPEG) });
  });

  it('answers the same facts from head as from get, without the bytes (the hash is the ETag)', async () => {
    const storage = open();
    const key = nextKey('png');
    const png = Buffer.from('png bytes');
    await storage.put(key, png, 'image/png');
    expect(await storage.head(key)).toEqual({ contentType: 'image/png', byteSize: png.length, sha256: sha256Hex(png) });
  });

  it('replaces an image stored under the same key again', async () => {
    const storage = open();
    const key = nextKey();
    await storage.put(key, Buffer.from('first'), 'image/jpeg');
    await storage.put(key, Buffer.from('second'), 'image/jpeg');
    expect((await storage.get(key))?.data.toString()).toBe('second');
    expect((await storage.head(key))?.sha256).toBe(sha256Hex(Buffer.from('second')));
  });

  it('answers null for a missing image, and deletes idempotently', async () => {
    const storage = open();
    const key = nextKey();
    expect(await storage.get(key)).toBeNull();
    expect(await storage.head(key)).toBeNull();
    await storage.put(key, JPEG, 'image/jpeg');
    await storage.delete(key);
    await storage.delete(key);
    expect(await storage.get(key)).toBeNull();
    expect(await storage.head(key)).toBeNull();
  });

  it.each(['../outside.jpg', '7/../../outside.jpg', '/etc/passwd', '7/AAAAAAAAAAAAAAAAAAAAAAAA.jpg.tmp'])(
    'refuses a key that is not one we issue: %s',
    async (key) => {
      const storage = open();
      await expect(storage.put(key, JPEG, 'image/jpeg')).rejects.toThrow(/not a storage key/);
      await expect(storage.get(key)).rejects.toThrow(/not a storage key/);
      await expect(storage.head(key)).rejects.toThrow(/not a storage key/);
    },
  );
});

describe('the folder store', () => {
  it('keeps a file under the seller’s folder, leaving no temporary file behind', async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'scanapp-uploads-'));
    try {
      const key = '7/AAAAAAAAAAAAAAAAAAAAAAAA.jpg';
      await new FolderStorage(root).put(key, JPEG, 'image/jpeg');
      expect(readdirSync(path.join(root, '7'))).toEqual(['AAAAAAAAAAAAAAAAAAAAAAAA.jpg']);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('the S3 store', () => {
  it('hashes an object that was put without our SHA-256 metadata', async () => {
    const key = nextKey();
    const client = new S3Client({
      endpoint: s3.settings.endpoint,
      region: s3.settings.region,
      forcePathStyle: true,
      credentials: { accessKeyId: s3.settings.accessKeyId, secretAccessKey: s3.settings.secretAccessKey },
    });
    await client.send(new PutObjectCommand({ Bucket: s3.settings.bucket, Key: key, Body: JPEG, ContentType: 'image/jpeg' }));
    expect(await new S3Storage(s3.settings).head(key)).toEqual({
      contentType: 'image/jpeg',
      byteSize: JPEG.length,
      sha256: sha256Hex(JPEG),
    });
  });

  it('reports an unreachable bucket as unavailable, not as a missing image', async () => {
    const closed = await startLocalS3();
    await closed.stop();
    const storage = new S3Storage(closed.settings);
    await expect(storage.get(nextKey())).rejects.toBeInstanceOf(ImageStorageUnavailable);
    await expect(storage.head(nextKey())).rejects.toBeInstanceOf(ImageStorageUnavailable);
    await expect(storage.put(nextKey(), JPEG, 'image/jpeg')).rejects.toBeInstanceOf(ImageStorageUnavailable);
  });

  // s3rver checks the access key id but not SigV4 signatures, so the unknown key stands for wrong credentials.
  it('reports refused credentials as unavailable, not as a missing image', async () => {
    const storage = new S3Storage({ ...s3.settings, accessKeyId: 'NOT-A-KEY' });
    await expect(storage.get(nextKey())).rejects.toBeInstanceOf(ImageStorageUnavailable);
  });

  it('addresses the bucket in the path everywhere but on AWS', () => {
    expect(needsPathStyle('http://127.0.0.1:9000')).toBe(true);
    expect(needsPathStyle('https://storage.yandexcloud.net')).toBe(true);
    expect(needsPathStyle('https://s3.eu-central-1.amazonaws.com')).toBe(false);
  });
});

describe('reading through the previous stores', () => {
  it('writes to the current store and reads an older image from the store it was kept in', async () => {
    const current = new DatabaseStorage(database.db);
    const previous = new FolderStorage(folderRoot);
    const storage = new ReadThroughStorage(current, [previous]);
    const old = nextKey();
    await previous.put(old, JPEG, 'image/jpeg');
    const fresh = nextKey();
    await storage.put(fresh, Buffer.from('new'), 'image/jpeg');

    expect(await previous.get(fresh)).toBeNull();
    expect((await storage.get(fresh))?.data.toString()).toBe('new');
    expect((await storage.get(old))?.data).toEqual(JPEG);
    expect((await storage.head(old))?.sha256).toBe(sha256Hex(JPEG));
    expect(await storage.get(nextKey())).toBeNull();

    await storage.delete(old);
    expect(await previous.get(old)).toBeNull();
  });
});
