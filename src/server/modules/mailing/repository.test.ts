import { randomBytes } from 'node:crypto';
import { blankPglite } from '../../../../tests/support/blank-pglite.js';
import { explainingTransactions, SORT_NODE, updatePlan } from '../../../../tests/support/explain.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgliteDatabase, type Database } from '../../db/connection.js';
import { migrate } from '../../db/migrate.js';
import { installKeyring } from '../../sealing/column.js';
import { secretsKey } from '../../sealing/sealed.js';
import { sql } from 'drizzle-orm';
import type { ShopperBatch } from '../segments/repository.js';
import {
  claimRecipients,
  insertMailing,
  listSendingMailingIds,
  renewMailingWork,
  retryRecipientLater,
  stopMailing,
  writeNextSegmentBatch,
} from './repository.js';

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

  it('a claim reads its batch from the open recipients’ index in the claim’s order, without sorting the mailing’s recipients', async () => {
    // One due time for all, as a mailing's recipients are written; index pages made dear, so a sort looks cheaper.
    const id = await mailing(
      Array.from({ length: 300 }, (_, index) => 300 - index),
      30,
    );
    const plans: string[] = [];
    const claimed = await claimRecipients(explainingTransactions(database.db, plans, { random_page_cost: '1000' }), id, 10, 10_000);
    expect(claimed.map((recipient) => recipient.chatId).sort((a, b) => a - b)).toEqual(Array.from({ length: 10 }, (_, index) => index + 1));
    expect(updatePlan(plans)).toContain('"Index Name":"mailing_recipients_open"');
    expect(updatePlan(plans)).not.toMatch(SORT_NODE);
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

describe('a segment’s recipients written in the background', () => {
  /** A segment's batches over fixed shoppers, as segments' `matchingIdsQuery` answers them. */
  const shoppersOf =
    (ids: number[]): ShopperBatch =>
    (after, limit) =>
      sql`SELECT id::text AS buyer_tg_id FROM unnest(${`{${ids.join(',')}}`}::bigint[]) AS id
           WHERE ${after}::text IS NULL OR id::text > ${after}::text ORDER BY 1 LIMIT ${limit}::int`;
  const SEGMENT = [21, 22, 23, 24, 25, 26, 27];
  const BATCH = 2;

  async function segmentMailing(chatIds: number[]) {
    const [{ id: projectId }] = (await database.query<{ id: number }>(
      `INSERT INTO projects (user_id, name, project_inns, points_percentage, receipt_validity_days, check_duplicates, api_key_hash, api_key_last4)
       VALUES ($1, 'Акция', '{7700000000}', 10, 60, 0, md5(random()::text), '0000') RETURNING id`,
      [sellerId],
    )) as [{ id: number }];
    return insertMailing(database.db, {
      sellerId,
      sender: { projectId },
      botId: 123,
      text: 'Акция!',
      parseMode: null,
      imageUrl: null,
      button: null,
      chatIds: chatIds.map(String),
      segment: { shoppers: shoppersOf(SEGMENT), batch: BATCH, rest: { conditions: {}, asOf: new Date() } },
    });
  }

  const stateOf = async (mailingId: number) =>
    (
      await database.query<{ total: number; opted_out: number; segment_conditions: unknown; segment_after: string | null }>(
        'SELECT total, opted_out, segment_conditions, segment_after FROM mailings WHERE id = $1',
        [mailingId],
      )
    )[0];

  it('goes on from its cursor after a worker stops between batches: every shopper once, none lost, the opted-out skipped', async () => {
    await database.query('INSERT INTO mailing_opt_outs (user_id, buyer_tg_id) VALUES ($1, 26) ON CONFLICT DO NOTHING', [sellerId]);
    // The request: 23 given by hand, and the first batch (21, 22); more may follow.
    const written = await segmentMailing([23]);
    expect(written).toMatchObject({ total: 3, preparing: true });
    // A worker writes one batch (23 is there already, 24 is new) and dies before the next.
    expect(await writeNextSegmentBatch(database.db, written.id, shoppersOf(SEGMENT), BATCH)).toBe('more');
    expect(await stateOf(written.id)).toMatchObject({ total: 4, segment_after: '24' });
    // Untouched since, it is an orphan for a survivor's watch, though none of its recipients is due.
    await database.query(`UPDATE mailings SET last_worked_at = now() - interval '1 minute' WHERE id = $1`, [written.id]);
    await database.query(`UPDATE mailing_recipients SET state = 'sent' WHERE mailing_id = $1`, [written.id]);
    expect(await listSendingMailingIds(database.db, IDLE_MS)).toContain(written.id);
    // Two workers after the restart: they take turns on the cursor.
    const drain = async () => {
      while ((await writeNextSegmentBatch(database.db, written.id, shoppersOf(SEGMENT), BATCH)) === 'more');
    };
    await Promise.all([drain(), drain()]);
    expect((await recipientsOf(written.id)).map((recipient) => recipient.chatId)).toEqual(SEGMENT);
    expect(await stateOf(written.id)).toEqual({ total: 7, opted_out: 1, segment_conditions: null, segment_after: null });
    expect((await recipientsOf(written.id)).find((recipient) => recipient.chatId === 26)?.state).toBe('opted_out');
  });

  it('a mailing stopped while its segment is written gets no more recipients', async () => {
    const written = await segmentMailing([]);
    expect(written).toMatchObject({ total: 2, preparing: true });
    expect(await stopMailing(database.db, written.id, { status: 'cancelled', error: 'рассылка остановлена' })).toBe(true);
    expect(await writeNextSegmentBatch(database.db, written.id, shoppersOf(SEGMENT), BATCH)).toBe('done');
    expect(await recipientsOf(written.id)).toHaveLength(2);
    expect(await stateOf(written.id)).toMatchObject({ total: 2, segment_conditions: null });
  });
});
