import { customType } from 'drizzle-orm/pg-core';
import { open, seal, SecretsKeyError, type Keyring } from './sealed.js';

/**
 * The keyring the sealed columns use, set once at start-up (`prepareSecrets`). Process-wide
 * because a drizzle column type has no per-connection context; every app in one process runs
 * under the same SECRETS_KEY (docs/decisions.md, "Secrets at rest"). Handed down by a setter
 * because db/schema.ts imports this file while at-rest.ts stands on db/: this file imports
 * nothing of db/, at-rest.ts or config.ts.
 */
let installed: Keyring | undefined;

export function installKeyring(keyring: Keyring): void {
  installed = keyring;
}

export function installedKeyring(): Keyring {
  if (!installed) throw new SecretsKeyError('the secrets keyring is not installed (prepareSecrets runs at start-up)');
  return installed;
}

/** Opens a sealed value read by raw SQL (drizzle's column type opens the ones it selects). */
export function openSecret(value: string): string;
export function openSecret(value: string | null): string | null;
export function openSecret(value: string | null): string | null {
  return value === null ? null : open(installedKeyring(), value);
}

/**
 * A text column holding a secret: sealed on write, opened on read, so repositories and the code
 * above them see plain tokens. Never compared by value in SQL (each seal has its own IV).
 */
export const sealedText = customType<{ data: string; driverData: string }>({
  dataType: () => 'text',
  toDriver: (value) => seal(installedKeyring(), value),
  fromDriver: (value) => open(installedKeyring(), value),
});
