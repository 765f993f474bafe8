import type { Database } from '../db/connection.js';
import { MIGRATION_LOCK_KEY } from '../db/migrate.js';
import { installKeyring } from '../sealing/column.js';
import { isSealed, open, seal, SEALED_PREFIX, SecretsKeyError, unknownKeyMessage, type Keyring } from '../sealing/sealed.js';

/** Every column holding a seller's bot token (schema.ts: `sealedText`); each table's key is `id`. */
export const SEALED_COLUMNS = [
  { table: 'users', column: 'puzzle_bot_token' },
  { table: 'users', column: 'mailing_bot_token' },
  { table: 'projects', column: 'puzzle_bot_token' },
  { table: 'projects', column: 'telegram_bot_token' },
  { table: 'mailings', column: 'bot_token' },
  { table: 'mailing_schedules', column: 'bot_token' },
  { table: 'shop_settings', column: 'puzzle_bot_token' },
  { table: 'shop_settings', column: 'telegram_bot_token' },
] as const;

/** Rows read and rewritten per statement by the start-up sealing and by a rotation. */
export const RESEAL_BATCH = 500;

export interface ResealCounts {
  /** Values written again under the current key. */
  resealed: number;
  /** Values changed by someone else between our read and our write (theirs is kept; it is already under the current key). */
  skipped: number;
}

/**
 * At start-up, before anything reads a token: refuses when a stored value is sealed under a key
 * that is neither SECRETS_KEY nor SECRETS_KEY_PREVIOUS (nothing is written then), seals values
 * still plain (an upgrade from before sealing), under the migrations' lock so instances starting
 * together do it once, and installs the keyring for the sealed columns.
 */
export async function prepareSecrets(database: Database, keyring: Keyring): Promise<ResealCounts> {
  await assertKeysKnown(database, keyring);
  const counts = await database.withAdvisoryLock(MIGRATION_LOCK_KEY, () => reseal(database, keyring, 'plain'));
  installKeyring(keyring);
  return counts;
}

/** `secrets:rotate`: every value not under the current key (sealed under the previous one, or plain) is sealed under it. */
export async function rotateSecrets(database: Database, keyring: Keyring): Promise<ResealCounts> {
  await assertKeysKnown(database, keyring);
  return reseal(database, keyring, 'not-current');
}

async function assertKeysKnown(database: Database, keyring: Keyring): Promise<void> {
  const known = new Set([keyring.current.id, keyring.previous?.id]);
  for (const { table, column } of SEALED_COLUMNS) {
    const rows = await database.query<{ key_id: string }>(
      `SELECT DISTINCT split_part(${column}, ':', 2) AS key_id FROM ${table} WHERE starts_with(${column}, $1)`,
      [SEALED_PREFIX],
    );
    const unknown = rows.find((row) => !known.has(row.key_id));
    if (unknown) throw new SecretsKeyError(unknownKeyMessage(unknown.key_id, keyring));
  }
}

/**
 * Walks each column by id in batches and rewrites the chosen values; each row's update is
 * conditional on the value read, so a seller saving a new token meanwhile is never overwritten.
 */
async function reseal(database: Database, keyring: Keyring, which: 'plain' | 'not-current'): Promise<ResealCounts> {
  const counts: ResealCounts = { resealed: 0, skipped: 0 };
  // Plain values only at start-up; a rotation also takes those under the previous key.
  const keep = which === 'plain' ? SEALED_PREFIX : `${SEALED_PREFIX}${keyring.current.id}:`;
  for (const { table, column } of SEALED_COLUMNS) {
    for (let after = 0; ;) {
      const rows = await database.query<{ id: number; value: string }>(
        `SELECT id, ${column} AS value FROM ${table}
          WHERE id > $1 AND ${column} IS NOT NULL AND NOT starts_with(${column}, $2) ORDER BY id LIMIT ${RESEAL_BATCH}`,
        [after, keep],
      );
      if (rows.length === 0) break;
      const resealed = rows.map((row) => seal(keyring, isSealed(row.value) ? open(keyring, row.value) : row.value));
      const updated = await database.query(
        `UPDATE ${table} t SET ${column} = v.sealed
           FROM unnest($1::bigint[], $2::text[], $3::text[]) AS v(id, old, sealed)
          WHERE t.id = v.id AND t.${column} = v.old RETURNING t.id`,
        [rows.map((row) => row.id), rows.map((row) => row.value), resealed],
      );
      counts.resealed += updated.length;
      counts.skipped += rows.length - updated.length;
      after = Number(rows.at(-1)!.id);
    }
  }
  return counts;
}
