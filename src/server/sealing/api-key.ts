import { createHash, randomBytes } from 'node:crypto';

/** 256 bits, URL-safe: the credential a bot platform uses for this action's checks. */
export function newApiKey(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * What the database keeps of a key (0039): its SHA-256, enough for 256 random bits (no salt or
 * slow hash needed: there is nothing to guess), and its last 4 characters for the cabinet.
 */
export function hashApiKey(apiKey: string): string {
  return createHash('sha256').update(apiKey, 'utf8').digest('hex');
}

export function apiKeyColumns(apiKey: string): { apiKeyHash: string; apiKeyLast4: string } {
  return { apiKeyHash: hashApiKey(apiKey), apiKeyLast4: apiKey.slice(-4) };
}
