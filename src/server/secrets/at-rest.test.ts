import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { blankPglite } from '../../../tests/support/blank-pglite.js';
import { pgliteDatabase, type Database } from '../db/connection.js';
import { migrate } from '../db/migrate.js';
import { seal, SecretsKeyError, secretsKey, type Keyring } from '../sealing/sealed.js';
import { prepareSecrets, rotateSecrets } from './at-rest.js';

const keyA = secretsKey(randomBytes(32));
const keyB = secretsKey(randomBytes(32));
const keyC = secretsKey(randomBytes(32));

let database: Database;

beforeAll(async () => {
  database = pgliteDatabase(await blankPglite());
  await migrate(database);
}, 120_000);

afterAll(async () => {
  await database?.close();
});

// Each case starts from a database no instance has started on.
beforeEach(async () => {
  await database.query('DELETE FROM secrets_key_check');
  await database.query('DELETE FROM users');
});

/** Sellers whose mailing bot tokens are stored as given (sealed under some key, or plain). */
async function storeTokens(values: string[]): Promise<void> {
  for (const value of values) {
    await database.query("INSERT INTO users (name, email, password_hash, mailing_bot_token) VALUES ('Анна', $1, 'x', $2)", [
      `seller-${randomBytes(4).toString('hex')}@example.test`,
      value,
    ]);
  }
}

const refusal = async (keyring: Keyring): Promise<string> => {
  const error = await prepareSecrets(database, keyring).then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(SecretsKeyError);
  return (error as SecretsKeyError).message;
};

const storedTokens = async () =>
  (await database.query<{ mailing_bot_token: string }>('SELECT mailing_bot_token FROM users ORDER BY id')).map(
    (row) => row.mailing_bot_token,
  );

describe('the start-up check of the key that sealed the secrets', () => {
  it('a database is sealed under the key of its first start: another key is refused before any token is saved', async () => {
    await prepareSecrets(database, { current: keyA });
    const message = await refusal({ current: keyB });
    expect(message).toBe(
      `SECRETS_KEY не подходит к этой базе: её секреты запечатаны ключом ${keyA.id}, а SECRETS_KEY/SECRETS_KEY_PREVIOUS — ключи ${keyB.id}. ` +
        'Запечатанных токенов, которые этими ключами не открыть: 0 из 0. ' +
        'Запустите с тем SECRETS_KEY, которым запечатана база (или укажите его в SECRETS_KEY_PREVIOUS). ' +
        `SECRETS_KEY does not fit this database: its secrets are sealed under key ${keyA.id}, which neither SECRETS_KEY nor SECRETS_KEY_PREVIOUS (${keyB.id}) is. ` +
        'Sealed tokens these keys cannot open: 0 of 0. ' +
        'Start with the SECRETS_KEY the database is sealed under (or give it as SECRETS_KEY_PREVIOUS).',
    );
    // The same key again, or the new key with the old one beside it, starts.
    await prepareSecrets(database, { current: keyA });
    await prepareSecrets(database, { current: keyB, previous: keyA });
  });

  it('counts exactly the tokens the keys cannot open, naming each key they are under, and writes nothing', async () => {
    await prepareSecrets(database, { current: keyA });
    const tokens = [seal({ current: keyA }, '1:a'), seal({ current: keyA }, '2:b'), seal({ current: keyC }, '3:c'), 'plain:d'];
    await storeTokens(tokens);

    expect(await refusal({ current: keyA })).toContain(
      `запечатаны ключом ${keyC.id}, а SECRETS_KEY/SECRETS_KEY_PREVIOUS — ключи ${keyA.id}.`,
    );
    expect(await refusal({ current: keyA })).toContain('которые этими ключами не открыть: 1 из 3.');
    const withNeither = await refusal({ current: keyB });
    expect(withNeither).toContain(`запечатаны ключами ${[keyA.id, keyC.id].sort().join(', ')}, а`);
    expect(withNeither).toContain('Sealed tokens these keys cannot open: 3 of 3.');
    // Refused before the plain token was sealed: nothing changed.
    expect(await storedTokens()).toEqual(tokens);

    await prepareSecrets(database, { current: keyA, previous: keyC });
    expect((await storedTokens()).every((token) => token.startsWith('v1:'))).toBe(true);
  });

  it('a rotation seals the key check under the new key too: the old key alone is refused after it', async () => {
    await prepareSecrets(database, { current: keyA });
    await storeTokens([seal({ current: keyA }, '1:a')]);
    await prepareSecrets(database, { current: keyB, previous: keyA });
    expect(await rotateSecrets(database, { current: keyB, previous: keyA })).toEqual({ resealed: 1, skipped: 0 });
    expect(await refusal({ current: keyA })).toContain(
      `запечатаны ключом ${keyB.id}, а SECRETS_KEY/SECRETS_KEY_PREVIOUS — ключи ${keyA.id}.`,
    );
    await prepareSecrets(database, { current: keyB });
  });
});
