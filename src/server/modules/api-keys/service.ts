import { randomBytes } from 'node:crypto';
import {
  API_KEYS_PER_SELLER,
  type ApiKey,
  type ApiKeyScope,
  type ApiKeysResponse,
  type CreatedApiKeyResponse,
} from '../../../contract/api-keys.js';
import { fillMessage, messages } from '../../../contract/messages.js';
import type { Db } from '../../db/connection.js';
import type { ApiKeyRow } from '../../db/schema.js';
import { recordAudit, type AuditActor } from '../audit/record.js';
import { AppError } from '../../errors.js';
import * as repo from './repository.js';
import { hashApiKey } from '../../sealing/api-key.js';

const m = messages.apiKeys;

export interface ApiKeyDeps {
  db: Db;
  /** The product's clock: creation and last use are dates the cabinet shows. */
  now: () => Date;
  /** `sk_demo_` keys in demo mode, `sk_live_` otherwise: a key pasted into the wrong system is recognised at a glance. */
  demo: boolean;
}

/** The last use is written at most once a minute per key, so a busy key does not write on every call. */
const LAST_USE_PRECISION_MS = 60_000;
const SELLER_KEY_PREFIXES = ['sk_live_', 'sk_demo_'] as const;

/** A seller key (not an action's): it starts with `sk_live_` or `sk_demo_`. */
export function isSellerKey(presented: string): boolean {
  return SELLER_KEY_PREFIXES.some((prefix) => presented.startsWith(prefix));
}

function presentKey(row: ApiKeyRow): ApiKey {
  return {
    id: row.id,
    name: row.name,
    scopes: row.scopes,
    masked: `${row.keyPrefix}…${row.keyLast4}`,
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
  };
}

export async function createApiKey(
  deps: ApiKeyDeps,
  sellerId: number,
  request: { name: string; scopes: ApiKeyScope[] },
  actor: AuditActor,
): Promise<CreatedApiKeyResponse> {
  const prefix = deps.demo ? 'sk_demo_' : 'sk_live_';
  const key = `${prefix}${randomBytes(32).toString('base64url')}`;
  const row = await deps.db.transaction(async (tx) => {
    await repo.lockSeller(tx, sellerId);
    if ((await repo.countLiveKeys(tx, sellerId)) >= API_KEYS_PER_SELLER) throw new AppError('conflict', m.tooManyKeys);
    const inserted = await repo.insertKey(tx, {
      sellerId,
      name: request.name,
      scopes: request.scopes,
      keyHash: hashApiKey(key),
      keyPrefix: prefix,
      keyLast4: key.slice(-4),
      at: deps.now(),
    });
    await recordAudit(tx, {
      sellerId,
      actor,
      action: 'api_key.create',
      subject: keySubject(inserted.name),
      before: null,
      after: { scopes: inserted.scopes },
    });
    return inserted;
  });
  return { message: m.created, api_key: presentKey(row), key };
}

export async function listApiKeys(deps: Pick<ApiKeyDeps, 'db'>, sellerId: number): Promise<ApiKeysResponse> {
  return { api_keys: (await repo.listLiveKeys(deps.db, sellerId)).map(presentKey) };
}

export async function deleteApiKey(
  deps: Pick<ApiKeyDeps, 'db' | 'now'>,
  sellerId: number,
  keyId: number,
  actor: AuditActor,
): Promise<{ message: string }> {
  await deps.db.transaction(async (tx) => {
    const deleted = await repo.markDeleted(tx, sellerId, keyId, deps.now());
    if (!deleted) throw new AppError('not_found', m.notFound);
    await recordAudit(tx, {
      sellerId,
      actor,
      action: 'api_key.delete',
      subject: keySubject(deleted.name),
      before: { scopes: deleted.scopes },
      after: null,
    });
  });
  return { message: m.deleted };
}

/** How the audit log names a key: by the name the seller gave it (the key itself is never written). */
const keySubject = (name: string) => fillMessage(messages.audit.subjectApiKey, { name });

export interface KeyHolder {
  keyId: number;
  /** The key's name, which the audit log shows as who made a change. */
  name: string;
  sellerId: number;
  scopes: readonly ApiKeyScope[];
}

/**
 * The seller and scopes of a presented key, or 401 for a key that is not a live seller key
 * (unknown, deleted, an action's key). Marks the key used, at most once a minute.
 */
export async function authenticateApiKey(deps: Pick<ApiKeyDeps, 'db' | 'now'>, presented: string): Promise<KeyHolder> {
  const found = isSellerKey(presented) ? await repo.findLiveKeyByHash(deps.db, hashApiKey(presented)) : undefined;
  if (!found) throw new AppError('unauthorized', messages.publicApi.keyInvalid);
  const now = deps.now();
  const since = new Date(now.getTime() - LAST_USE_PRECISION_MS);
  if (!found.lastUsedAt || found.lastUsedAt < since) await repo.touchLastUsed(deps.db, found.id, now, since);
  return { keyId: found.id, name: found.name, sellerId: found.sellerId, scopes: found.scopes };
}

/** The key as the author of a change, for the audit log. */
export const keyActor = (holder: KeyHolder): AuditActor => ({ apiKeyId: holder.keyId, name: holder.name });

/** 403 naming the scope the key lacks. */
export function requireScope(holder: KeyHolder, scope: ApiKeyScope): void {
  if (!holder.scopes.includes(scope)) throw new AppError('forbidden', fillMessage(messages.publicApi.scopeMissing, { scope }));
}
