import { randomBytes } from 'node:crypto';
import { blankPglite } from '../../../../tests/support/blank-pglite.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgliteDatabase, type Database } from '../../db/connection.js';
import { migrate } from '../../db/migrate.js';
import { installKeyring } from '../../sealing/column.js';
import { secretsKey } from '../../sealing/sealed.js';
import { claimRecipients, insertMailing, listSendingMailingIds, renewMailingWork, retryRecipientLater } from './repository.js';

// What a survivor's watch counts as a mailing whose worker died, and the worker's heartbeat, on the migrated schema.

let database: Database;
let sellerId: number;
const IDLE_MS = 10_000;

beforeAll(async () => {
  // A mailing's bot token is a sealed column: the app installs its keyring at start-up.
  installKeyring({ current: secretsKey(randomBytes(32)) });
  database = pgliteDatabase(await blankPglite());
  await migrate(database);
  [{ id: sellerId }] = (await database.query<{ id: number }>(
    `INSERT INTO users (name, email, password_hash) VALUES ('Продавец', 'mailing@example.test', 'x') RETURNING id`,
  )) as [{ id: number }];
}, 120_000);

afterAll(async () => {
  await database?.close();
});

/** A mailing queued a minute ago (its recipients due since), last worked on `lastWorkedSecondsAgo`. */
async function mailing(chatIds: number[], lastWorkedSecondsAgo: number | null): Promise<number> {
  const { id } = await insertMailing(database.db, {
    sellerId,
    sender: { botToken: '123:abc' },
    botId: 123,
    text: 'Акция!',
    parseMode: null,
    imageUrl: null,
    button: null,
    chatIds: chatIds.map(String),
  });
  const worked = lastWorkedSecondsAgo === null ? null : new Date(Date.now() - lastWorkedSecondsAgo * 1000);
  await database.query('UPDATE mailings SET last_worked_at = $2 WHERE id = $1', [id, worked]);
  await database.query(`UPDATE mailing_recipients SET next_attempt_at = now() - interval '1 minute' WHERE mailing_id = $1`, [id]);
  return id;
}

const recipientsOf = async (mailingId: number) =>
  (
    await database.query<{ chat_id: string; state: string; claimed_until: Date | null }>(
      'SELECT chat_id, state, claimed_until FROM mailing_recipients WHERE mailing_id = $1 ORDER BY chat_id',
      [mailingId],
    )
  ).map((row) => ({
    chatId: Number(row.chat_id),
    state: row.state,
    leftMs: row.claimed_until && new Date(row.claimed_until).getTime() - Date.now(),
  }));

describe('orphaned mailings', () => {
  it('are those sending, untouched for the idle time, with a recipient due as long or a claim that ran out', async () => {
    const fresh = await mailing([1, 2], 2);
    const neverTouched = await mailing([3], null);
    const idle = await mailing([4, 5], 30);
    // Due just now (its continuation, queued for this moment, is on its way): not orphaned yet.
    const justDue = await mailing([6], 30);
    await database.query(`UPDATE mailing_recipients SET next_attempt_at = now() - interval '1 second' WHERE mailing_id = $1`, [justDue]);
    // Its only recipient waits for a retry in a minute: its worker queued the continuation already.
    const waitingForRetry = await mailing([7], 30);
    await claimRecipients(database.db, waitingForRetry, 10, 10_000);
    await retryRecipientLater(database.db, waitingForRetry, 7, 60_000, '429');
    const heldByDeadWorker = await mailing([8], 30);
    await claimRecipients(database.db, heldByDeadWorker, 10, 10_000);
    await database.query(`UPDATE mailing_recipients SET claimed_until = now() - interval '1 second' WHERE mailing_id = $1`, [
      heldByDeadWorker,
    ]);
    const heldByLiveClaim = await mailing([9], 30);
    await claimRecipients(database.db, heldByLiveClaim, 10, 10_000);
    const cancelled = await mailing([10], 30);
    await database.query(`UPDATE mailings SET status = 'cancelled' WHERE id = $1`, [cancelled]);

    const orphaned = await listSendingMailingIds(database.db, IDLE_MS);
    expect(orphaned).toEqual(expect.arrayContaining([neverTouched, idle, heldByDeadWorker]));
    for (const id of [fresh, justDue, waitingForRetry, heldByLiveClaim, cancelled]) expect(orphaned).not.toContain(id);
    // At start-up every open mailing is resumed, worked on or not.
    expect(await listSendingMailingIds(database.db)).toEqual(expect.arrayContaining([fresh, waitingForRetry, heldByLiveClaim]));
  });

  it('a worker’s heartbeat renews the claims it still holds, none else, and shows it is alive', async () => {
    const id = await mailing([11, 12, 13], 30);
    await claimRecipients(database.db, id, 2, 1_000);
    await renewMailingWork(database.db, id, [11, 13], 10_000);
    const [held, notRenewed, pending] = await recipientsOf(id);
    expect(held).toMatchObject({ chatId: 11, state: 'sending' });
    expect(held!.leftMs).toBeGreaterThan(5_000);
    // Claimed, but not named by this worker (another worker's claim): its own lease stands.
    expect(notRenewed).toMatchObject({ chatId: 12, state: 'sending' });
    expect(notRenewed!.leftMs).toBeLessThanOrEqual(1_000);
    // Named but not claimed: a heartbeat never claims.
    expect(pending).toEqual({ chatId: 13, state: 'pending', leftMs: null });
    expect(await listSendingMailingIds(database.db, IDLE_MS)).not.toContain(id);
  });
});
