import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { uploadMessages } from '../../src/contract/uploads.js';
import { S3Storage } from '../../src/server/modules/uploads/s3-storage.js';
import { createSeller, type Seller } from '../support/api-client.js';
import { startAppInProcess, type InProcessApp } from '../support/app-in-process.js';
import { withPostgres } from '../support/backends.js';
import { runAdminCli } from '../support/operator.js';
import { createDatabase } from '../support/postgres-cluster.js';
import { startLocalS3, type LocalS3 } from '../support/s3-server.js';

// Issue 31: images any instance can serve. Instances of their own on one fresh PostgreSQL database
// each, the bucket a local s3rver; the operator's `uploads:migrate` through the real CLI.

const postgres = inject('postgres');
const UPLOAD_PATH = '/lk/api/shop/products/upload-image';
const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

async function upload(baseUrl: string, seller: Seller, color: number): Promise<string> {
  const picture = await sharp({ create: { width: 40, height: 30, channels: 3, background: { r: color, g: 90, b: 160 } } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(picture)], { type: 'image/png' }), 'picture.png');
  const response = await fetch(`${baseUrl}${UPLOAD_PATH}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${seller.api.token}`, 'x-forwarded-for': seller.api.address },
    body: form,
  });
  const body = (await response.json()) as { image_url?: string; message?: string };
  expect(response.status, body.message).toBe(201);
  return body.image_url!;
}

/** The same image's address on another instance (a demo server's URLs follow the address asked). */
const on = (app: InProcessApp, imageUrl: string) => `${app.url}${new URL(imageUrl).pathname}`;
const keyOf = (imageUrl: string) => new URL(imageUrl).pathname.replace('/lk/uploads/', '');

async function fetchImage(imageUrl: string, headers: Record<string, string> = {}) {
  const response = await fetch(imageUrl, { headers });
  return { status: response.status, headers: response.headers, data: Buffer.from(await response.arrayBuffer()) };
}

/**
 * Every test here starts instances (and runs of the operator CLI) of its own: 15 s on a quiet
 * machine, over 30 s at a load of 10–20 (three of them ran over 30 s in full runs).
 */
const PROCESSES_TIMEOUT_MS = 90_000;

describe.runIf(postgres)('images any instance can serve (PostgreSQL)', { timeout: PROCESSES_TIMEOUT_MS }, () => {
  const apps: InProcessApp[] = [];
  let s3: LocalS3;
  const freshDatabase = () => createDatabase(postgres!.clusterUrl, `scanapp_images_${randomBytes(6).toString('hex')}`, postgres!.template);
  const start = async (env: Record<string, string>) => {
    const app = await startAppInProcess(env);
    apps.push(app);
    return app;
  };

  beforeAll(async () => {
    s3 = await startLocalS3();
  });

  afterAll(async () => {
    await Promise.all(apps.map((app) => app.stop()));
    await s3?.stop();
  });

  it('an image uploaded through one instance is served by another on the same database, with its ETag and 304', async () => {
    const DATABASE_URL = freshDatabase();
    const [first, second] = await Promise.all([start({ DATABASE_URL }), start({ DATABASE_URL })]);
    const seller = await createSeller(first.url);
    const imageUrl = await upload(first.url, seller, 10);

    const there = await fetchImage(on(second, imageUrl));
    expect(there.status).toBe(200);
    expect(there.headers.get('content-type')).toBe('image/jpeg');
    expect(there.headers.get('etag')).toBe(`"${sha256(there.data)}"`);
    expect(there.data.equals((await fetchImage(on(first, imageUrl))).data)).toBe(true);
    expect((await fetchImage(on(second, imageUrl), { 'if-none-match': there.headers.get('etag')! })).status).toBe(304);
    // Neither instance wrote it to its own disk.
    for (const app of [first, second]) expect(existsSync(path.join(app.dataDir, 'uploads', String(seller.id)))).toBe(false);
  });

  it('uploads:migrate --to db copies the folder’s images into the database, then any instance serves them; a second run skips them all', async () => {
    const DATABASE_URL = freshDatabase();
    const old = await start({ DATABASE_URL, IMAGE_STORAGE: 'local' });
    const seller = await createSeller(old.url);
    const imageUrls = [await upload(old.url, seller, 20), await upload(old.url, seller, 30), await upload(old.url, seller, 40)];
    const other = await start({ DATABASE_URL });
    expect((await fetchImage(on(other, imageUrls[0]!))).status).toBe(404);

    const migrated = await runAdminCli(old.url, ['uploads:migrate', '--to', 'db']);
    expect(migrated, migrated.stderr).toMatchObject({ code: 0 });
    expect(migrated.stdout).toContain('Изображения → db: скопировано 3, уже были 0, не найдено 0, не совпал хеш 0');
    for (const imageUrl of imageUrls) {
      const served = await fetchImage(on(other, imageUrl));
      expect(served.status).toBe(200);
      expect(served.data.equals((await fetchImage(on(old, imageUrl))).data)).toBe(true);
    }

    const again = await runAdminCli(old.url, ['uploads:migrate', '--to', 'db']);
    expect(again.stdout).toContain('скопировано 0, уже были 3, не найдено 0, не совпал хеш 0');
    expect(again.code).toBe(0);
  });

  it('uploads:migrate --to s3 copies the database’s images into the bucket with their hashes, while the bucket-backed instance serves throughout', async () => {
    const DATABASE_URL = freshDatabase();
    const before = await start({ DATABASE_URL, ...s3.env, IMAGE_STORAGE: 'db' });
    const seller = await createSeller(before.url);
    const imageUrls = [await upload(before.url, seller, 50), await upload(before.url, seller, 60)];
    // Switched before the copy: reads fall through to the database until the images are in the bucket.
    const after = await start({ DATABASE_URL, ...s3.env });
    for (const imageUrl of imageUrls) expect((await fetchImage(on(after, imageUrl))).status).toBe(200);
    const bucket = new S3Storage(s3.settings);
    expect(await bucket.head(keyOf(imageUrls[0]!))).toBeNull();

    const migrated = await runAdminCli(after.url, ['uploads:migrate', '--to', 's3']);
    expect(migrated, migrated.stderr).toMatchObject({ code: 0 });
    expect(migrated.stdout).toContain('Изображения → s3: скопировано 2, уже были 0, не найдено 0, не совпал хеш 0');
    for (const imageUrl of imageUrls) {
      const served = await fetchImage(on(after, imageUrl));
      expect(served.status).toBe(200);
      expect(await bucket.head(keyOf(imageUrl))).toEqual({
        contentType: 'image/jpeg',
        byteSize: served.data.length,
        sha256: sha256(served.data),
      });
    }
    // A new image on the bucket-backed instance goes to the bucket only.
    const fresh = await upload(after.url, seller, 70);
    expect(await bucket.head(keyOf(fresh))).not.toBeNull();
    const inDatabase = await withPostgres(
      { name: 'postgres', url: after.url, dataDir: after.dataDir, databaseUrl: DATABASE_URL },
      async (db) => (await db.query('SELECT count(*)::int AS n FROM upload_blobs WHERE storage_key = $1', [keyOf(fresh)])).rows[0].n,
    );
    expect(inDatabase).toBe(0);
  });

  it('uploads:migrate replaces a copy in the bucket whose bytes differ from the source', async () => {
    const DATABASE_URL = freshDatabase();
    const app = await start({ DATABASE_URL, ...s3.env, IMAGE_STORAGE: 'db' });
    const seller = await createSeller(app.url);
    const imageUrl = await upload(app.url, seller, 110);
    const bucket = new S3Storage(s3.settings);
    await bucket.put(keyOf(imageUrl), Buffer.from('not the picture'), 'image/jpeg');

    const migrated = await runAdminCli(app.url, ['uploads:migrate', '--to', 's3']);
    expect(migrated.stdout).toContain('скопировано 1, уже были 0, не найдено 0, не совпал хеш 0');
    const original = (await fetchImage(imageUrl)).data;
    expect((await bucket.get(keyOf(imageUrl)))?.data.equals(original)).toBe(true);
  });

  it('uploads:migrate counts an image that is in no store, and exits with 2', async () => {
    const DATABASE_URL = freshDatabase();
    const app = await start({ DATABASE_URL });
    const seller = await createSeller(app.url);
    await upload(app.url, seller, 80);
    const key = `${seller.id}/${'B'.repeat(24)}.jpg`;
    await withPostgres({ name: 'postgres', url: app.url, dataDir: app.dataDir, databaseUrl: DATABASE_URL }, (db) =>
      db.query(
        `INSERT INTO uploads (user_id, storage_key, content_type, byte_size, width, height) VALUES ($1, $2, 'image/jpeg', 1, 1, 1)`,
        [seller.id, key],
      ),
    );
    expect((await fetchImage(`${app.url}/lk/uploads/${key}`)).status).toBe(404);

    const migrated = await runAdminCli(app.url, ['uploads:migrate', '--to', 'db']);
    expect(migrated.stdout).toContain('скопировано 0, уже были 1, не найдено 1, не совпал хеш 0');
    expect(migrated.code).toBe(2);
  });

  it('uploads:migrate refuses a store that is not configured, or is not a store, with a clear message', async () => {
    const app = await start({ DATABASE_URL: freshDatabase() });
    const toBucket = await runAdminCli(app.url, ['uploads:migrate', '--to', 's3']);
    expect(toBucket.code).toBe(1);
    expect(toBucket.stderr).toContain(uploadMessages.migrationTargetMissing);
    const toDisk = await runAdminCli(app.url, ['uploads:migrate', '--to', 'disk']);
    expect(toDisk.code).toBe(1);
    expect(toDisk.stderr).toContain(uploadMessages.migrationTargetInvalid);
  });

  it('a missing object in the bucket answers 404, an unreachable bucket 503 in Russian, never 500', async () => {
    const bucketDown = await startLocalS3();
    const DATABASE_URL = freshDatabase();
    const app = await start({ DATABASE_URL, ...bucketDown.env });
    const seller = await createSeller(app.url);
    const imageUrl = await upload(app.url, seller, 90);
    await new S3Storage(bucketDown.settings).delete(keyOf(imageUrl));
    expect((await fetchImage(on(app, imageUrl))).status).toBe(404);

    const kept = await upload(app.url, seller, 100);
    await bucketDown.stop();
    const answer = await fetchImage(on(app, kept));
    expect(answer.status).toBe(503);
    expect(JSON.parse(answer.data.toString())).toEqual({ message: uploadMessages.storageUnavailable });
    // An upload cannot be kept either: 503, and nothing half-written (no row without its image).
    const picture = await sharp({ create: { width: 8, height: 8, channels: 3, background: 'red' } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(picture)], { type: 'image/png' }), 'picture.png');
    const refused = await fetch(`${app.url}${UPLOAD_PATH}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${seller.api.token}`, 'x-forwarded-for': seller.api.address },
      body: form,
    });
    expect(refused.status).toBe(503);
    expect(await refused.json()).toEqual({ message: uploadMessages.storageUnavailable });
    const rows = await withPostgres(
      { name: 'postgres', url: app.url, dataDir: app.dataDir, databaseUrl: DATABASE_URL },
      async (db) => (await db.query('SELECT count(*)::int AS n FROM uploads WHERE user_id = $1', [seller.id])).rows[0].n,
    );
    expect(rows).toBe(2);
  });
});
