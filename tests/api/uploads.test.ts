import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { messages } from '../../src/contract/messages.js';
import { UPLOAD_MAX_BYTES, UPLOADS_PER_SELLER_PER_HOUR, uploadMessages } from '../../src/contract/uploads.js';
import { openDatabase } from '../../src/server/db/connection.js';
import { findOwnUpload, isOwnUploadUrl } from '../../src/server/modules/uploads/service.js';
import { DatabaseStorage } from '../../src/server/modules/uploads/database-storage.js';
import { createSeller, randomAddress, type Seller } from '../support/api-client.js';
import { backends, withPostgres } from '../support/backends.js';

const UPLOAD_PATH = '/lk/api/shop/products/upload-image';
const KEY_URL = /^\/lk\/uploads\/(\d+)\/[A-Za-z0-9_-]{24}\.(jpg|png)$/;

const solid = (width: number, height: number, alpha = 1) =>
  sharp({ create: { width, height, channels: 4, background: { r: 30, g: 120, b: 200, alpha } } });

interface FilePart {
  data: Buffer;
  filename?: string;
  type?: string;
  field?: string;
}

interface UploadOptions {
  token?: string | null;
  fields?: Record<string, string>;
  query?: string;
  files?: FilePart[];
}

interface Answer {
  status: number;
  headers: Headers;
  body: { image_url?: string; upload_id?: number; message?: string };
}

describe.each(backends())('image uploads on $name', (backend) => {
  const url = backend.url;

  async function upload(seller: Seller | undefined, file: FilePart | null, options: UploadOptions = {}): Promise<Answer> {
    const form = new FormData();
    for (const [name, value] of Object.entries(options.fields ?? {})) form.append(name, value);
    for (const part of [...(file ? [file] : []), ...(options.files ?? [])]) {
      form.append(
        part.field ?? 'file',
        new Blob([new Uint8Array(part.data)], { type: part.type ?? 'image/png' }),
        part.filename ?? 'picture.png',
      );
    }
    const headers: Record<string, string> = { 'x-forwarded-for': seller?.api.address ?? randomAddress() };
    const token = options.token === undefined ? seller?.api.token : options.token;
    if (token) headers.authorization = `Bearer ${token}`;
    const response = await fetch(`${url}${UPLOAD_PATH}${options.query ?? ''}`, { method: 'POST', headers, body: form });
    return { status: response.status, headers: response.headers, body: (await response.json()) as Answer['body'] };
  }

  async function uploaded(seller: Seller, file: FilePart): Promise<string> {
    const answer = await upload(seller, file);
    expect(answer.status, answer.body.message).toBe(201);
    return answer.body.image_url!;
  }

  async function download(imageUrl: string) {
    const response = await fetch(imageUrl);
    return { response, data: Buffer.from(await response.arrayBuffer()) };
  }

  /** The seller's images kept in the database (the image store whenever DATABASE_URL is set). */
  const storedBlobs = (seller: Seller) =>
    withPostgres(
      backend,
      async (db) =>
        (await db.query('SELECT storage_key, sha256, byte_size FROM upload_blobs WHERE storage_key LIKE $1', [`${seller.id}/%`])).rows as {
          storage_key: string;
          sha256: string;
          byte_size: number;
        }[],
    );

  /** What a refused upload must not leave behind: no file in the seller's folder, no image in the database, no row. */
  async function expectNothingStored(seller: Seller) {
    expect(existsSync(path.join(backend.dataDir, 'uploads', String(seller.id)))).toBe(false);
    if (backend.name === 'postgres') {
      const rows = await withPostgres(
        backend,
        async (db) => (await db.query('SELECT count(*)::int AS n FROM uploads WHERE user_id = $1', [seller.id])).rows[0].n,
      );
      expect(rows).toBe(0);
      expect(await storedBlobs(seller)).toEqual([]);
    }
  }

  describe('accepted images', () => {
    it.each([
      ['PNG', 'image.png', () => solid(300, 200).png().toBuffer()],
      ['JPEG', 'photo.jpeg', () => solid(300, 200).jpeg().toBuffer()],
      ['WebP', 'picture.webp', () => solid(300, 200).webp().toBuffer()],
    ])('a %s is stored as a JPEG and answered with its absolute URL', async (_name, filename, make) => {
      const seller = await createSeller(url);
      const answer = await upload(seller, { data: await make(), filename });
      expect(answer.status).toBe(201);
      // The number names the picture where an address will not do (a draw's prize).
      expect(Object.keys(answer.body)).toEqual(['image_url', 'upload_id']);
      expect(answer.body.upload_id).toEqual(expect.any(Number));
      const imageUrl = new URL(answer.body.image_url!);
      expect(imageUrl.origin).toBe(url);
      expect(imageUrl.pathname).toMatch(KEY_URL);
      expect(imageUrl.pathname.startsWith(`/lk/uploads/${seller.id}/`)).toBe(true);

      const { response, data } = await download(answer.body.image_url!);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/jpeg');
      expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(Number(response.headers.get('content-length'))).toBe(data.length);
      expect(await sharp(data).metadata()).toMatchObject({ format: 'jpeg', width: 300, height: 200 });
    });

    it('drops EXIF from a photo and turns it upright', async () => {
      const seller = await createSeller(url);
      const photo = await solid(120, 80)
        .jpeg()
        .withMetadata({ orientation: 6 })
        .withExifMerge({ IFD0: { Copyright: 'seller secret', Make: 'PhoneCam' } })
        .toBuffer();
      expect((await sharp(photo).metadata()).exif).toBeDefined();

      const { data } = await download(await uploaded(seller, { data: photo, filename: 'IMG_0001.jpg', type: 'image/jpeg' }));
      const served = await sharp(data).metadata();
      expect(served.exif).toBeUndefined();
      expect(served.orientation).toBeUndefined();
      expect([served.width, served.height]).toEqual([80, 120]);
      expect(data.includes('seller secret')).toBe(false);
    });

    it('bounds the longest side to 2048 px', async () => {
      const seller = await createSeller(url);
      const { data } = await download(await uploaded(seller, { data: await solid(4000, 1000).jpeg().toBuffer(), type: 'image/jpeg' }));
      expect(await sharp(data).metadata()).toMatchObject({ width: 2048, height: 512 });
    });

    it('keeps a transparent logo as PNG, served as image/png', async () => {
      const seller = await createSeller(url);
      const imageUrl = await uploaded(seller, { data: await solid(64, 64, 0.4).png().toBuffer() });
      expect(imageUrl).toMatch(/\.png$/);
      const { response, data } = await download(imageUrl);
      expect(response.headers.get('content-type')).toBe('image/png');
      expect(await sharp(data).metadata()).toMatchObject({ format: 'png', hasAlpha: true });
    });

    it('accepts the file in the field "image" and the seller’s own user_id in the form or the query', async () => {
      const seller = await createSeller(url);
      const data = await solid(10, 10).png().toBuffer();
      expect((await upload(seller, { data, field: 'image' })).status).toBe(201);
      expect((await upload(seller, { data }, { fields: { user_id: String(seller.id) } })).status).toBe(201);
      expect((await upload(seller, { data }, { query: `?user_id=${seller.id}` })).status).toBe(201);
    });

    it('gives every upload its own unguessable URL, even of the same bytes', async () => {
      const seller = await createSeller(url);
      const data = await solid(10, 10).png().toBuffer();
      const first = await uploaded(seller, { data });
      const second = await uploaded(seller, { data });
      expect(first).not.toBe(second);
    });
  });

  describe('refused uploads write nothing', () => {
    it('a text file named .png and declared image/png', async () => {
      const seller = await createSeller(url);
      const answer = await upload(seller, {
        data: Buffer.from('<html><script>alert(1)</script></html>'),
        filename: 'cat.png',
        type: 'image/png',
      });
      expect(answer).toMatchObject({ status: 400, body: { message: uploadMessages.wrongType } });
      await expectNothingStored(seller);
    });

    it.each([
      ['GIF', () => solid(20, 20).gif().toBuffer()],
      ['SVG', async () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>')],
    ])('a %s', async (_name, make) => {
      const seller = await createSeller(url);
      const answer = await upload(seller, { data: await make(), filename: 'image.png' });
      expect(answer).toMatchObject({ status: 400, body: { message: uploadMessages.wrongType } });
      await expectNothingStored(seller);
    });

    it('a truncated JPEG', async () => {
      const seller = await createSeller(url);
      const whole = await solid(400, 300).jpeg().toBuffer();
      const answer = await upload(seller, {
        data: whole.subarray(0, Math.floor(whole.length / 2)),
        type: 'image/jpeg',
        filename: 'photo.jpg',
      });
      expect(answer).toMatchObject({ status: 400, body: { message: uploadMessages.corrupt } });
      await expectNothingStored(seller);
    });

    it('an empty file, and a form without a file', async () => {
      const seller = await createSeller(url);
      expect(await upload(seller, { data: Buffer.alloc(0) })).toMatchObject({ status: 400, body: { message: uploadMessages.fileEmpty } });
      expect(await upload(seller, null, { fields: { user_id: String(seller.id) } })).toMatchObject({
        status: 400,
        body: { message: uploadMessages.fileMissing },
      });
      await expectNothingStored(seller);
    });

    it('a file in another field, and two files at once', async () => {
      const seller = await createSeller(url);
      const data = await solid(10, 10).png().toBuffer();
      expect(await upload(seller, { data, field: 'photo' })).toMatchObject({
        status: 400,
        body: { message: uploadMessages.unexpectedField },
      });
      expect(await upload(seller, { data }, { files: [{ data, field: 'image' }] })).toMatchObject({
        status: 400,
        body: { message: uploadMessages.oneFileOnly },
      });
      await expectNothingStored(seller);
    });

    it('a file over 10 MB is refused with 413', async () => {
      const seller = await createSeller(url);
      const answer = await upload(seller, { data: Buffer.alloc(UPLOAD_MAX_BYTES + 1, 0x42) });
      expect(answer).toMatchObject({ status: 413, body: { message: uploadMessages.tooLarge } });
      await expectNothingStored(seller);
    });

    it('a JSON body is refused with 415', async () => {
      const seller = await createSeller(url);
      const answer = await seller.api.post('/shop/products/upload-image', { image: 'data:image/png;base64,AAAA' });
      expect(answer).toMatchObject({ status: 415, body: { message: uploadMessages.notMultipart } });
      await expectNothingStored(seller);
    });

    it('an invalid user_id in the form: 400 in Russian', async () => {
      const seller = await createSeller(url);
      const answer = await upload(seller, { data: await solid(10, 10).png().toBuffer() }, { fields: { user_id: 'abc' } });
      expect(answer).toMatchObject({ status: 400, body: { message: messages.validation.userIdInvalid } });
      await expectNothingStored(seller);
    });

    it.each([
      [
        'a form cut short',
        'multipart/form-data; boundary=xyz',
        '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nabc',
      ],
      ['a form without a boundary', 'multipart/form-data', 'abc'],
    ])('%s: 400 in Russian', async (_name, contentType, body) => {
      const seller = await createSeller(url);
      const response = await fetch(`${url}${UPLOAD_PATH}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${seller.api.token}`, 'x-forwarded-for': seller.api.address, 'content-type': contentType },
        body,
      });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ message: uploadMessages.notMultipart });
      await expectNothingStored(seller);
    });

    it('multipart is understood by the upload call only', async () => {
      const form = new FormData();
      form.append('email', 'someone@example.test');
      form.append('password', 'correct horse 42');
      const response = await fetch(`${url}/lk/api/login`, { method: 'POST', headers: { 'x-forwarded-for': randomAddress() }, body: form });
      expect(response.status).toBe(415);
      expect(await response.json()).toEqual({ message: messages.common.unsupportedMediaType });
    });

    it('without a session: 401', async () => {
      const seller = await createSeller(url);
      const answer = await upload(seller, { data: await solid(10, 10).png().toBuffer() }, { token: null });
      expect(answer).toMatchObject({ status: 401, body: { message: messages.common.unauthorized } });
      expect((await upload(seller, { data: await solid(10, 10).png().toBuffer() }, { token: 'not-a-session' })).status).toBe(401);
      await expectNothingStored(seller);
    });

    it('naming another seller in user_id: 403', async () => {
      const seller = await createSeller(url);
      const other = await createSeller(url);
      const data = await solid(10, 10).png().toBuffer();
      expect(await upload(seller, { data }, { fields: { user_id: String(other.id) } })).toMatchObject({
        status: 403,
        body: { message: messages.common.forbidden },
      });
      expect(await upload(seller, { data }, { query: `?user_id=${other.id}` })).toMatchObject({
        status: 403,
        body: { message: messages.common.forbidden },
      });
      await expectNothingStored(seller);
      await expectNothingStored(other);
    });
  });

  describe('serving', () => {
    /** Raw HTTP, so the path reaches the server exactly as written (fetch would normalise `..`). */
    function rawGet(pathname: string): Promise<{ status: number; contentType: string | undefined; body: string }> {
      const { hostname, port } = new URL(url);
      return new Promise((resolve, reject) => {
        http
          .get({ hostname, port, path: pathname }, (response) => {
            let body = '';
            response.setEncoding('utf8');
            response.on('data', (chunk) => (body += chunk));
            response.on('end', () => resolve({ status: response.statusCode ?? 0, contentType: response.headers['content-type'], body }));
          })
          .on('error', reject);
      });
    }

    it('names each image by a strong ETag (its SHA-256) and answers 304 to a client that has it', async () => {
      const seller = await createSeller(url);
      const imageUrl = await uploaded(seller, { data: await solid(60, 40).png().toBuffer() });
      const { response, data } = await download(imageUrl);
      const etag = `"${createHash('sha256').update(data).digest('hex')}"`;
      expect(response.headers.get('etag')).toBe(etag);

      for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
        const again = await fetch(imageUrl, { headers: { 'if-none-match': ifNoneMatch } });
        expect(again.status, ifNoneMatch).toBe(304);
        expect(again.headers.get('etag')).toBe(etag);
        expect(again.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
        expect((await again.arrayBuffer()).byteLength).toBe(0);
      }
      const changed = await fetch(imageUrl, { headers: { 'if-none-match': '"0000"' } });
      expect(changed.status).toBe(200);
      expect(Buffer.from(await changed.arrayBuffer()).equals(data)).toBe(true);
    });

    it('answers 404, not 304, for an unknown key whatever If-None-Match says', async () => {
      const seller = await createSeller(url);
      const response = await fetch(`${url}/lk/uploads/${seller.id}/AAAAAAAAAAAAAAAAAAAAAAAA.jpg`, { headers: { 'if-none-match': '*' } });
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ message: uploadMessages.notFound });
    });

    it('answers 404 in Russian JSON for an unknown key, not the web app', async () => {
      const seller = await createSeller(url);
      const answer = await rawGet(`/lk/uploads/${seller.id}/AAAAAAAAAAAAAAAAAAAAAAAA.jpg`);
      expect(answer.status).toBe(404);
      expect(answer.contentType).toMatch(/^application\/json/);
      expect(JSON.parse(answer.body)).toEqual({ message: uploadMessages.notFound });
      expect((await rawGet('/lk/uploads/')).status).toBe(404);
      expect((await rawGet('/lk/uploads/nothing-here')).status).toBe(404);
    });

    it.each([
      '/lk/uploads/../../package.json',
      '/lk/uploads/..%2F..%2Fpackage.json',
      '/lk/uploads/%2e%2e/%2e%2e/package.json',
      '/lk/uploads/1/..%2F..%2F..%2F..%2Fetc%2Fpasswd',
      '/lk/uploads/%2Fetc%2Fpasswd',
      '/lk/uploads/1/%2e%2e%5c%2e%2e%5cpackage.json',
    ])('never reads outside the uploads folder: %s', async (pathname) => {
      const answer = await rawGet(pathname);
      expect([400, 404]).toContain(answer.status);
      expect(answer.body).not.toContain('"name": "scanapp"');
      expect(answer.body).not.toContain('root:');
    });

    it('is allowed by the page’s Content-Security-Policy (same origin)', async () => {
      const page = await fetch(`${url}/dashboard`);
      expect(page.headers.get('content-security-policy')).toContain("img-src 'self'");
    });
  });

  describe.runIf(backend.name === 'postgres')('in the database and for other modules', () => {
    it('stores one row per image, owned by its seller, with its size and type', async () => {
      const seller = await createSeller(url);
      const imageUrl = await uploaded(seller, { data: await solid(4000, 1000).png().toBuffer() });
      const key = new URL(imageUrl).pathname.replace('/lk/uploads/', '');
      const rows = await withPostgres(
        backend,
        async (db) => (await db.query('SELECT * FROM uploads WHERE user_id = $1', [seller.id])).rows,
      );
      expect(rows).toEqual([
        expect.objectContaining({ user_id: seller.id, storage_key: key, content_type: 'image/jpeg', width: 2048, height: 512 }),
      ]);
      // With DATABASE_URL the image itself is in the database too, not on this instance's disk.
      expect(existsSync(path.join(backend.dataDir, 'uploads', String(seller.id)))).toBe(false);
      const { data } = await download(imageUrl);
      expect(await storedBlobs(seller)).toEqual([
        { storage_key: key, byte_size: data.length, sha256: createHash('sha256').update(data).digest('hex') },
      ]);
      expect(rows[0].byte_size).toBe(data.length);
    });

    it('findOwnUpload gives the seller’s own image bytes, and nothing for another seller or a foreign URL', async () => {
      const seller = await createSeller(url);
      const other = await createSeller(url);
      const imageUrl = await uploaded(seller, { data: await solid(50, 40).png().toBuffer() });
      const database = await openDatabase({ databaseUrl: backend.databaseUrl!, dataDir: backend.dataDir, poolSize: 2 });
      try {
        const storage = new DatabaseStorage(database.db);
        const own = await findOwnUpload({ db: database.db, storage, sellerId: seller.id, imageUrl });
        expect(own).toMatchObject({ contentType: 'image/jpeg', filename: expect.stringMatching(/^[A-Za-z0-9_-]{24}\.jpg$/) });
        expect(own!.data.equals((await download(imageUrl)).data)).toBe(true);
        expect(isOwnUploadUrl(imageUrl)).toBe(true);

        expect(await findOwnUpload({ db: database.db, storage, sellerId: other.id, imageUrl })).toBeNull();
        // Another seller's image under this seller's id in the path: no such row.
        const forged = imageUrl.replace(`/lk/uploads/${seller.id}/`, `/lk/uploads/${other.id}/`);
        expect(await findOwnUpload({ db: database.db, storage, sellerId: other.id, imageUrl: forged })).toBeNull();
        expect(
          await findOwnUpload({ db: database.db, storage, sellerId: seller.id, imageUrl: 'https://cdn.example/photo.jpg' }),
        ).toBeNull();
        expect(isOwnUploadUrl('https://cdn.example/photo.jpg')).toBe(false);
      } finally {
        await database.close();
      }
    });

    it('removes the stored file when its row cannot be written', async () => {
      const seller = await createSeller(url);
      const trigger = `uploads_refuse_${seller.id}`;
      await withPostgres(backend, (db) =>
        db.query(`
          CREATE FUNCTION ${trigger}() RETURNS trigger LANGUAGE plpgsql AS $$
          BEGIN
            IF NEW.user_id = ${seller.id} THEN RAISE EXCEPTION 'refused by the test'; END IF;
            RETURN NEW;
          END $$;
          CREATE TRIGGER ${trigger} BEFORE INSERT ON uploads FOR EACH ROW EXECUTE FUNCTION ${trigger}();`),
      );
      try {
        const answer = await upload(seller, { data: await solid(10, 10).png().toBuffer() });
        expect(answer).toMatchObject({ status: 500, body: { message: messages.common.internal } });
        expect(await storedBlobs(seller)).toEqual([]);
      } finally {
        await withPostgres(backend, (db) => db.query(`DROP TRIGGER ${trigger} ON uploads; DROP FUNCTION ${trigger}();`));
      }
    });

    it(`refuses a seller’s upload number ${UPLOADS_PER_SELLER_PER_HOUR + 1} within an hour`, async () => {
      const seller = await createSeller(url);
      await withPostgres(backend, (db) =>
        db.query(
          `INSERT INTO uploads (user_id, storage_key, content_type, byte_size, width, height)
           SELECT $1, $3 || lpad(n::text, 24, 'A') || '.jpg', 'image/jpeg', 1, 1, 1 FROM generate_series(1, $2) AS n`,
          [seller.id, UPLOADS_PER_SELLER_PER_HOUR, `${seller.id}/`],
        ),
      );
      const answer = await upload(seller, { data: await solid(10, 10).png().toBuffer() });
      expect(answer).toMatchObject({ status: 429, body: { message: uploadMessages.tooManyUploads } });
      expect(existsSync(path.join(backend.dataDir, 'uploads', String(seller.id)))).toBe(false);
      await withPostgres(backend, (db) =>
        db.query("UPDATE uploads SET created_at = now() - interval '61 minutes' WHERE user_id = $1", [seller.id]),
      );
      expect((await upload(seller, { data: await solid(10, 10).png().toBuffer() })).status).toBe(201);
    });
  });
});
