import type { Database } from '../db/connection.js';
import { MIGRATION_LOCK_KEY } from '../db/migrate.js';
import { installKeyring } from '../sealing/column.js';
import { isSealed, open, seal, SEALED_PREFIX, SecretsKeyError, type Keyring } from '../sealing/sealed.js';

/** Every column holding a secret: bot tokens (the sellers' and the operator's notification bot) and marketplace keys (schema.ts: `sealedText`, besides the key check below); each table's key is `id`. */
export const SEALED_COLUMNS = [
  { table: 'users', column: 'puzzle_bot_token' },
  { table: 'users', column: 'mailing_bot_token' },
  { table: 'projects', column: 'puzzle_bot_token' },
  { table: 'projects', column: 'telegram_bot_token' },
  { table: 'mailings', column: 'bot_token' },
  { table: 'mailing_schedules', column: 'bot_token' },
  { table: 'shop_settings', column: 'puzzle_bot_token' },
  { table: 'shop_settings', column: 'telegram_bot_token' },
  { table: 'seller_notice_bot', column: 'token' },
  { table: 'marketplace_connections', column: 'secret' },
  { table: 'marketplace_connections', column: 'client_id' },
  { table: 'webhook_endpoints', column: 'secret' },
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
 * The database's key check (`secrets_key_check`, one row): a known text sealed under the key of
 * the database's first start. A start with another key is refused by it even before any seller
 * has saved a token: otherwise two instances started with different keys on a new database both
 * ran, and one answered 500 when it read a token the other had sealed.
 */
const KEY_CHECK_TEXT = 'ScanApp secrets key check';

/**
 * At start-up, before anything reads a token, under the migrations' lock (two instances starting
 * together on a new database with different keys: the second sees the first's key check):
 * refuses when a stored value or the key check is sealed under a key that is neither SECRETS_KEY
 * nor SECRETS_KEY_PREVIOUS (nothing is written then), seals values still plain (an upgrade from
 * before sealing), writes the key check at the first start, and installs the keyring for the
 * sealed columns.
 */
export async function prepareSecrets(database: Database, keyring: Keyring): Promise<ResealCounts> {
  const counts = await database.withAdvisoryLock(MIGRATION_LOCK_KEY, async () => {
    await assertKeysOpen(database, keyring);
    const resealed = await reseal(database, keyring, 'plain');
    await database.query('INSERT INTO secrets_key_check (id, sealed) VALUES (1, $1) ON CONFLICT (id) DO NOTHING', [
      seal(keyring, KEY_CHECK_TEXT),
    ]);
    return resealed;
  });
  installKeyring(keyring);
  return counts;
}

/** `secrets:rotate`: every value not under the current key (sealed under the previous one, or plain) is sealed under it, the key check too. */
export async function rotateSecrets(database: Database, keyring: Keyring): Promise<ResealCounts> {
  await assertKeysOpen(database, keyring);
  const counts = await reseal(database, keyring, 'not-current');
  await database.query('UPDATE secrets_key_check SET sealed = $1', [seal(keyring, KEY_CHECK_TEXT)]);
  return counts;
}

/**
 * Counts the stored values by the key that sealed them, in SQL (one aggregate per column: no
 * value leaves the database, none is decrypted), and opens the key check. A key's id is its
 * SHA-256's first 8 hex digits, so a value whose key id the keyring lacks is exactly a value it
 * cannot open; a value under a known id that still does not open was altered, which `open` reports
 * when it is read.
 */
async function assertKeysOpen(database: Database, keyring: Keyring): Promise<void> {
  const known = new Set([keyring.current.id, keyring.previous?.id]);
  const foreignKeys = new Set<string>();
  let stored = 0;
  let unopened = 0;
  for (const { table, column } of SEALED_COLUMNS) {
    const rows = await database.query<{ key_id: string; count: number }>(
      `SELECT split_part(${column}, ':', 2) AS key_id, count(*)::int AS count FROM ${table} WHERE starts_with(${column}, $1) GROUP BY 1`,
      [SEALED_PREFIX],
    );
    for (const row of rows) {
      stored += row.count;
      if (known.has(row.key_id)) continue;
      unopened += row.count;
      foreignKeys.add(row.key_id);
    }
  }
  const [check] = await database.query<{ sealed: string }>('SELECT sealed FROM secrets_key_check');
  if (check) {
    const checkKey = keyIdOf(check.sealed);
    // Under a known id it opens, or open() refuses it as altered.
    if (known.has(checkKey)) open(keyring, check.sealed);
    else foreignKeys.add(checkKey);
  }
  if (foreignKeys.size > 0) throw new SecretsKeyError(wrongKeyMessage([...foreignKeys], keyring, { unopened, stored }));
}

const keyIdOf = (sealed: string) => sealed.split(':')[1] ?? '';

/** The operator's message (main.ts prints it and exits 78): Russian, then English, in one line like the config's problems. */
function wrongKeyMessage(foreignKeys: string[], keyring: Keyring, tokens: { unopened: number; stored: number }): string {
  const known = [keyring.current.id, keyring.previous?.id].filter(Boolean).join(', ');
  const ids = foreignKeys.sort().join(', ');
  const many = foreignKeys.length > 1;
  return (
    `SECRETS_KEY не подходит к этой базе: её секреты запечатаны ${many ? 'ключами' : 'ключом'} ${ids}, а SECRETS_KEY/SECRETS_KEY_PREVIOUS — ключи ${known}. ` +
    `Запечатанных токенов, которые этими ключами не открыть: ${tokens.unopened} из ${tokens.stored}. ` +
    `Запустите с тем SECRETS_KEY, которым запечатана база (или укажите его в SECRETS_KEY_PREVIOUS). ` +
    `SECRETS_KEY does not fit this database: its secrets are sealed under ${many ? 'keys' : 'key'} ${ids}, which neither SECRETS_KEY nor SECRETS_KEY_PREVIOUS (${known}) is. ` +
    `Sealed tokens these keys cannot open: ${tokens.unopened} of ${tokens.stored}. ` +
    `Start with the SECRETS_KEY the database is sealed under (or give it as SECRETS_KEY_PREVIOUS).`
  );
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
