import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { SECRETS_KEY_BYTES, SecretsKeyError, secretsKey, type Keyring } from '../sealing/sealed.js';

/** Demo mode's key, made at the first start and kept beside the embedded database. */
export const DEMO_KEY_FILE = 'secrets.key';

/**
 * The values the keyring is made from, as config.ts parses them (`Config` fits). Declared here so
 * that secrets/ never imports config.ts: config.ts uses the sealing part (the key's length), and
 * one direction keeps it so (docs/architecture.md, "Import layers").
 */
export interface KeyringSettings {
  mode: 'demo' | 'production';
  dataDir: string;
  secrets: { key: Buffer | undefined; previousKey: Buffer | undefined };
}

/**
 * SECRETS_KEY (and SECRETS_KEY_PREVIOUS); demo mode without one generates a key once into
 * DATA_DIR/secrets.key (readable by the owner only) and reads it at every later start. Production
 * never generates one: config refuses to start without SECRETS_KEY.
 */
export async function loadKeyring(config: KeyringSettings): Promise<Keyring> {
  const previous = config.secrets.previousKey && secretsKey(config.secrets.previousKey);
  if (config.secrets.key) return { current: secretsKey(config.secrets.key), previous };
  if (config.mode === 'production') throw new SecretsKeyError('SECRETS_KEY: required when SCANAPP_MODE=production');
  return { current: secretsKey(await demoKey(path.join(config.dataDir, DEMO_KEY_FILE))), previous };
}

async function demoKey(file: string): Promise<Buffer> {
  await mkdir(path.dirname(file), { recursive: true });
  try {
    // `wx`: two processes starting on one folder never both write a key; the second reads the first's.
    await writeFile(file, `${randomBytes(SECRETS_KEY_BYTES).toString('base64')}\n`, { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return Buffer.from((await readFile(file, 'utf8')).trim(), 'base64');
}
