import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_KEY_FILE, loadKeyring } from './keyring.js';
import { SecretsKeyError, secretsKey } from '../sealing/sealed.js';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'scanapp-keyring-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

describe('the secrets keyring', () => {
  it('demo mode without SECRETS_KEY makes a key once in DATA_DIR, readable by its owner only, and reuses it', async () => {
    const dataDir = tempDir();
    const config = { mode: 'demo' as const, dataDir, secrets: { key: undefined, previousKey: undefined } };
    const first = await loadKeyring(config);
    const file = path.join(dataDir, DEMO_KEY_FILE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect((await loadKeyring(config)).current.id).toBe(first.current.id);
    expect(first.previous).toBeUndefined();
  });

  it('SECRETS_KEY and SECRETS_KEY_PREVIOUS are used as given, and no key file is made', async () => {
    const dataDir = tempDir();
    const key = Buffer.alloc(32, 3);
    const previousKey = Buffer.alloc(32, 4);
    const keyring = await loadKeyring({ mode: 'demo', dataDir, secrets: { key, previousKey } });
    expect(keyring.current.id).toBe(secretsKey(key).id);
    expect(keyring.previous?.id).toBe(secretsKey(previousKey).id);
    expect(existsSync(path.join(dataDir, DEMO_KEY_FILE))).toBe(false);
  });

  it('production never generates a key', async () => {
    const dataDir = tempDir();
    await expect(loadKeyring({ mode: 'production', dataDir, secrets: { key: undefined, previousKey: undefined } })).rejects.toThrow(
      SecretsKeyError,
    );
    expect(existsSync(path.join(dataDir, DEMO_KEY_FILE))).toBe(false);
  });
});
