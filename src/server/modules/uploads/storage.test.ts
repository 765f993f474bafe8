import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FolderStorage } from './storage.js';

const KEY = '7/AAAAAAAAAAAAAAAAAAAAAAAA.jpg';

describe('folder storage', () => {
  let root: string;
  let storage: FolderStorage;
  beforeEach(() => {
    root = mkdtempSync(path.join(os.tmpdir(), 'scanapp-uploads-'));
    storage = new FolderStorage(root);
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('keeps a file under the seller’s folder, leaving no temporary file behind', async () => {
    await storage.put(KEY, Buffer.from('image bytes'), 'image/jpeg');
    expect(readdirSync(path.join(root, '7'))).toEqual(['AAAAAAAAAAAAAAAAAAAAAAAA.jpg']);
    expect((await storage.read(KEY))?.toString()).toBe('image bytes');
  });

  it('streams a stored file', async () => {
    await storage.put(KEY, Buffer.from('streamed'), 'image/jpeg');
    const stream = await storage.createReadStream(KEY);
    const chunks: Buffer[] = [];
    for await (const chunk of stream!) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe('streamed');
  });

  it('answers null for a missing file and deletes idempotently', async () => {
    expect(await storage.read(KEY)).toBeNull();
    expect(await storage.createReadStream(KEY)).toBeNull();
    await storage.put(KEY, Buffer.from('x'), 'image/jpeg');
    await storage.delete(KEY);
    await storage.delete(KEY);
    expect(await storage.read(KEY)).toBeNull();
  });

  it.each(['../outside.jpg', '7/../../outside.jpg', '/etc/passwd', '7/AAAAAAAAAAAAAAAAAAAAAAAA.jpg.tmp'])(
    'refuses a key that is not one we issue: %s',
    async (key) => {
      await expect(storage.put(key, Buffer.from('x'), 'image/jpeg')).rejects.toThrow(/not a storage key/);
      await expect(storage.read(key)).rejects.toThrow(/not a storage key/);
      expect(readdirSync(root)).toEqual([]);
    },
  );
});
