import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Sellers' bot tokens at rest: AES-256-GCM under SECRETS_KEY, each value tagged with the id of
 * the key that sealed it, `v1:<key id>:<iv>:<tag>:<ciphertext>` (base64url parts). The id lets a
 * rotation tell which values still need the new key, and a start-up with the wrong key refuse
 * before anything is written (docs: README, production).
 */
export const SEALED_PREFIX = 'v1:';
const ALGORITHM = 'aes-256-gcm';
const IV_BYTES = 12;
export const SECRETS_KEY_BYTES = 32;

export interface SecretsKey {
  /** The first 8 hex digits of the key's SHA-256: public, names the key without revealing it. */
  id: string;
  bytes: Buffer;
}

export interface Keyring {
  current: SecretsKey;
  /** SECRETS_KEY_PREVIOUS: still opens what it sealed until `secrets:rotate` has run. */
  previous?: SecretsKey;
}

export class SecretsKeyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SecretsKeyError';
  }
}

export function secretsKey(bytes: Buffer): SecretsKey {
  if (bytes.length !== SECRETS_KEY_BYTES) throw new SecretsKeyError(`a secrets key is ${SECRETS_KEY_BYTES} bytes, got ${bytes.length}`);
  return { id: createHash('sha256').update(bytes).digest('hex').slice(0, 8), bytes };
}

export function isSealed(value: string): boolean {
  return value.startsWith(SEALED_PREFIX);
}

export function seal(keyring: Keyring, plain: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv(ALGORITHM, keyring.current.bytes, iv);
  const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  const parts = [iv, cipher.getAuthTag(), ciphertext].map((part) => part.toString('base64url'));
  return `${SEALED_PREFIX}${keyring.current.id}:${parts.join(':')}`;
}

/**
 * The plain text of a sealed value. A plain value (no prefix: written before sealing, by an
 * instance not yet upgraded) comes back as it is; start-up seals those. A value under neither key,
 * or altered, is refused: reading on would hand a bot client garbage.
 */
export function open(keyring: Keyring, value: string): string {
  if (!isSealed(value)) return value;
  const [, keyId, iv, tag, ciphertext, ...rest] = value.split(':');
  const key = [keyring.current, keyring.previous].find((candidate) => candidate?.id === keyId);
  if (!key) throw new SecretsKeyError(unknownKeyMessage(keyId ?? '', keyring));
  if (iv === undefined || tag === undefined || ciphertext === undefined || rest.length > 0) {
    throw new SecretsKeyError('a sealed value is malformed');
  }
  try {
    const decipher = createDecipheriv(ALGORITHM, key.bytes, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    throw new SecretsKeyError(`a value sealed under key ${key.id} does not open: it was altered`);
  }
}

export function unknownKeyMessage(keyId: string, keyring: Keyring): string {
  const known = [keyring.current.id, keyring.previous?.id].filter(Boolean).join(', ');
  return (
    `Секреты в базе зашифрованы ключом ${keyId}, а SECRETS_KEY/SECRETS_KEY_PREVIOUS — ключи ${known}. ` +
    `Secrets in the database are sealed under key ${keyId}, which neither SECRETS_KEY nor SECRETS_KEY_PREVIOUS (${known}) is.`
  );
}
