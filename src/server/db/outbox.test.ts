import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { bigint, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { blankPglite } from '../../../tests/support/blank-pglite.js';
import type { Db } from './connection.js';
import {
  backoffMs,
  claimDue,
  markDone,
  markFailed,
  markRetry,
  nextDueAt,
  nextTry,
  outboxesWithDueRows,
  outboxRetry,
  renewClaims,
  type OutboxTable,
} from './outbox.js';
import { rowsOf } from './rows.js';

const at = (iso: string) => new Date(iso);
const T0 = at('2026-11-26T10:00:00Z');
const plus = (ms: number) => new Date(T0.getTime() + ms);

describe('backoff', () => {
  it('doubles from the base and stops at the cap', () => {
    expect([1, 2, 3, 4, 5, 12, 40].map((attempts) => backoffMs(attempts, { baseMs: 1000, maxMs: 60_000 }))).toEqual([
      1000, 2000, 4000, 8000, 16_000, 60_000, 60_000,
    ]);
    expect(backoffMs(0, { baseMs: 500, maxMs: 10_000 })).toBe(500);
  });

  it('retries until the last allowed try fails, then gives up', () => {
    const policy = { maxAttempts: 3, baseMs: 1000, maxMs: 60_000 };
    expect([1, 2, 3, 4].map((attempts) => nextTry(attempts, policy))).toEqual([{ delayMs: 1000 }, { delayMs: 2000 }, null, null]);
  });

  it('gives the delivery outboxes 20 tries from the configured base up to an hour apart, unless one says otherwise', () => {
    const policy = outboxRetry(5000);
    expect(policy).toEqual({ baseMs: 5000, maxAttempts: 20, maxMs: 3_600_000 });
    expect([1, 2, 10, 11, 19, 20].map((attempts) => nextTry(attempts, policy))).toEqual([
      { delayMs: 5000 },
      { delayMs: 10_000 },
      { delayMs: 2_560_000 },
      { delayMs: 3_600_000 },
      { delayMs: 3_600_000 },
      null,
    ]);
    expect(outboxRetry(5000, { maxAttempts: 12 })).toEqual({ baseMs: 5000, maxAttempts: 12, maxMs: 3_600_000 });
    expect(outboxRetry(1, { maxMs: 60_000 })).toEqual({ baseMs: 1, maxAttempts: 20, maxMs: 60_000 });
  });
});

// Three shapes of outbox the product has: a lease by the due time (mail, shop notifications),
// a lease column (PuzzleBot pushes) and a lease column with a claimed status (mailing recipients).
const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const letters = pgTable('letters', {
  id: bigint('id', { mode: 'number' }).primaryKey(),
  status: text('status').notNull().default('pending'),
  attempts: integer('attempts').notNull().default(0),
  nextAttemptAt: timestamptz('next_attempt_at').notNull(),
  lastError: text('last_error'),
  sentAt: timestamptz('sent_at'),
});
const pushes = pgTable('pushes', {
  id: bigint('id', { mode: 'number' }).primaryKey(),
  status: text('status').notNull().default('pending'),
  attempts: integer('attempts').notNull().default(0),
  nextAttemptAt: timestamptz('next_attempt_at').notNull(),
  lockedUntil: timestamptz('locked_until'),
  lastError: text('last_error'),
});
const recipients = pgTable(
  'recipients',
  {
    listId: integer('list_id').notNull(),
    chatId: bigint('chat_id', { mode: 'number' }).notNull(),
    state: text('state').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamptz('next_attempt_at').notNull(),
    claimedUntil: timestamptz('claimed_until'),
    error: text('error'),
  },
  (table) => [primaryKey({ columns: [table.listId, table.chatId] })],
);

const letterOutbox: OutboxTable = {
  table: letters,
  key: [letters.id],
  status: letters.status,
  doneStatus: 'sent',
  attempts: letters.attempts,
  nextAttemptAt: letters.nextAttemptAt,
  lastError: letters.lastError,
};
const pushOutbox: OutboxTable = {
  ...letterOutbox,
  table: pushes,
  key: [pushes.id],
  status: pushes.status,
  attempts: pushes.attempts,
  nextAttemptAt: pushes.nextAttemptAt,
  lastError: pushes.lastError,
  lease: { column: pushes.lockedUntil },
};
const recipientOutbox: OutboxTable = {
  table: recipients,
  key: [recipients.listId, recipients.chatId],
  status: recipients.state,
  doneStatus: 'sent',
  attempts: recipients.attempts,
  nextAttemptAt: recipients.nextAttemptAt,
  lastError: recipients.error,
  lease: { column: recipients.claimedUntil, claimedStatus: 'sending' },
};

let client: PGlite;
let db: Db;

beforeAll(async () => {
  client = await blankPglite();
  db = drizzle({ client }) as unknown as Db;
  await client.exec(`
    CREATE TABLE letters (id bigint PRIMARY KEY, status text NOT NULL DEFAULT 'pending', attempts int NOT NULL DEFAULT 0,
                          next_attempt_at timestamptz NOT NULL, last_error text, sent_at timestamptz);
    CREATE TABLE pushes (id bigint PRIMARY KEY, status text NOT NULL DEFAULT 'pending', attempts int NOT NULL DEFAULT 0,
                         next_attempt_at timestamptz NOT NULL, locked_until timestamptz, last_error text);
    CREATE TABLE recipients (list_id int NOT NULL, chat_id bigint NOT NULL, state text NOT NULL DEFAULT 'pending', attempts int NOT NULL DEFAULT 0,
                             next_attempt_at timestamptz NOT NULL, claimed_until timestamptz, error text, PRIMARY KEY (list_id, chat_id));`);
}, 60_000);

afterAll(async () => {
  await client.close();
});

beforeEach(async () => {
  await client.exec('TRUNCATE letters, pushes, recipients');
});

const claimLetters = (now: Date, limit = 10) =>
  claimDue<{ id: string; attempts: number }>(db, letterOutbox, {
    limit,
    leaseMs: 60_000,
    orderBy: [letters.id],
    returning: [letters.id, letters.attempts],
    now,
  });
// Read back by PGlite itself, which answers timestamps as dates (drizzle's raw execute leaves them text).
const letter = async (id: number) =>
  (
    await client.query<{ status: string; attempts: number; next_attempt_at: Date; last_error: string | null; sent_at: Date | null }>(
      'SELECT * FROM letters WHERE id = $1',
      [id],
    )
  ).rows[0]!;

describe('an outbox leased by its due time', () => {
  beforeEach(async () => {
    await db.insert(letters).values([
      { id: 3, nextAttemptAt: T0 },
      { id: 1, nextAttemptAt: T0 },
      { id: 2, nextAttemptAt: plus(5_000) },
      { id: 4, nextAttemptAt: T0, status: 'sent' },
    ]);
  });

  it('claims the due pending rows in order, up to the limit, counting the try', async () => {
    expect(await claimLetters(T0, 1)).toEqual([{ id: 1, attempts: 1 }]);
    expect(await claimLetters(T0)).toEqual([{ id: 3, attempts: 1 }]);
    expect((await letter(1)).next_attempt_at).toEqual(plus(60_000));
  });

  it('frees a claimed row when its lease runs out, as a crashed worker leaves it', async () => {
    await claimLetters(T0);
    expect(await claimLetters(plus(59_999))).toEqual([{ id: 2, attempts: 1 }]);
    expect((await claimLetters(plus(60_000))).map((row) => [Number(row.id), row.attempts])).toEqual([
      [1, 2],
      [3, 2],
    ]);
  });

  it('marks a row done, clearing its last error, and sets the table’s own columns', async () => {
    await db.execute(markRetry(letterOutbox, sql`${letters.id} = 1`, { delayMs: 0, error: 'timeout', now: T0 }));
    await db.execute(markDone(letterOutbox, sql`${letters.id} = 1`, sql`sent_at = ${plus(1)}`));
    expect(await letter(1)).toMatchObject({ status: 'sent', last_error: null, sent_at: plus(1) });
  });

  it('makes a row due again after the wait, keeping at most 500 characters of the error', async () => {
    await claimLetters(T0);
    await db.execute(markRetry(letterOutbox, sql`${letters.id} = 1`, { delayMs: 4000, error: 'x'.repeat(600), now: plus(10) }));
    expect(await letter(1)).toMatchObject({ status: 'pending', attempts: 1, next_attempt_at: plus(4010), last_error: 'x'.repeat(500) });
    expect(await nextDueAt(db, letterOutbox)).toEqual(plus(4010));
    expect(await claimLetters(plus(4009))).toEqual([]);
    expect(await claimLetters(plus(4010))).toEqual([{ id: 1, attempts: 2 }]);
  });

  it('gives a row up for good with its reason, never claimed again', async () => {
    await db.execute(markFailed(letterOutbox, sql`${letters.id} = 3`, '550 no such mailbox'));
    expect(await letter(3)).toMatchObject({ status: 'failed', last_error: '550 no such mailbox' });
    expect((await claimLetters(plus(3_600_000))).map((row) => Number(row.id))).toEqual([1, 2]);
  });

  it('answers when the next pending row is due, or null when none waits', async () => {
    expect(await nextDueAt(db, letterOutbox)).toEqual(T0);
    await db.execute(sql`UPDATE letters SET status = 'sent'`);
    expect(await nextDueAt(db, letterOutbox)).toBeNull();
  });
});

describe('an outbox with a lease column', () => {
  const claimPushes = (now: Date) =>
    claimDue<{ id: string }>(db, pushOutbox, { limit: 10, leaseMs: 60_000, orderBy: [pushes.id], returning: [pushes.id], now });
  const push = async () =>
    (await client.query<{ status: string; locked_until: Date | null; next_attempt_at: Date }>('SELECT * FROM pushes WHERE id = 1'))
      .rows[0]!;

  beforeEach(async () => {
    await db.insert(pushes).values({ id: 1, nextAttemptAt: T0 });
  });

  it('holds a claimed row until the lease ends, leaving its due time alone', async () => {
    expect(await claimPushes(T0)).toHaveLength(1);
    expect(await push()).toMatchObject({ locked_until: plus(60_000), next_attempt_at: T0 });
    expect(await claimPushes(plus(60_000))).toEqual([]);
    expect(await claimPushes(plus(60_001))).toHaveLength(1);
  });

  it('releases the lease when the row is retried, done or given up', async () => {
    await claimPushes(T0);
    await db.execute(markRetry(pushOutbox, sql`${pushes.id} = 1`, { delayMs: 1000, error: 'busy', now: plus(5) }));
    expect(await push()).toMatchObject({ status: 'pending', locked_until: null, next_attempt_at: plus(1005) });
    expect(await claimPushes(plus(1005))).toHaveLength(1);
    await db.execute(markFailed(pushOutbox, sql`${pushes.id} = 1`, 'not configured'));
    expect(await push()).toMatchObject({ status: 'failed', locked_until: null });
  });
});

describe('an outbox whose claimed rows show a status', () => {
  // The claimed rows come back in no particular order: sorted here by chat.
  const claimList = async (listId: number, now: Date, limit = 10) =>
    (
      await claimDue<{ chat_id: string; attempts: number }>(db, recipientOutbox, {
        limit,
        leaseMs: 30_000,
        where: sql`${recipients.listId} = ${listId}`,
        orderBy: [recipients.nextAttemptAt, recipients.chatId],
        returning: [recipients.chatId, recipients.attempts],
        now,
      })
    ).sort((a, b) => Number(a.chat_id) - Number(b.chat_id));
  const states = async () =>
    rowsOf<{ chat_id: string; state: string; error: string | null }>(
      await db.execute(sql`SELECT chat_id, state, error FROM recipients WHERE list_id = 1 ORDER BY chat_id`),
    );
  const chat = (chatId: number) => sql`${recipients.listId} = 1 AND ${recipients.chatId} = ${chatId}`;

  beforeEach(async () => {
    await db.insert(recipients).values([
      { listId: 1, chatId: 20, nextAttemptAt: T0 },
      { listId: 1, chatId: 10, nextAttemptAt: plus(1) },
      { listId: 2, chatId: 10, nextAttemptAt: T0 },
    ]);
  });

  it('claims only the rows the caller narrows to, by due time, and marks them as being sent', async () => {
    expect(await claimList(1, plus(1), 1)).toEqual([{ chat_id: 20, attempts: 1 }]);
    expect(await claimList(1, plus(1))).toEqual([{ chat_id: 10, attempts: 1 }]);
    expect((await states()).map((row) => row.state)).toEqual(['sending', 'sending']);
    expect(await nextDueAt(db, recipientOutbox, sql`${recipients.listId} = 1`)).toEqual(plus(30_001));
  });

  it('claims a row again when its worker’s lease ran out', async () => {
    await claimList(1, plus(1));
    expect(await claimList(1, plus(30_001))).toEqual([]);
    expect(await claimList(1, plus(30_002))).toEqual([
      { chat_id: 10, attempts: 2 },
      { chat_id: 20, attempts: 2 },
    ]);
  });

  it('changes only a row still being sent: a cancelled one stays cancelled', async () => {
    await claimList(1, plus(1));
    await db.execute(sql`UPDATE recipients SET state = 'cancelled' WHERE chat_id = 20`);
    const done = rowsOf(await db.execute(sql`${markDone(recipientOutbox, chat(20))} RETURNING 1`));
    expect(done).toEqual([]);
    await db.execute(markFailed(recipientOutbox, chat(10), 'blocked'));
    expect(await states()).toEqual([
      { chat_id: 10, state: 'failed', error: 'blocked' },
      { chat_id: 20, state: 'cancelled', error: null },
    ]);
  });
});

describe('a working pass’s renewal of its claims', () => {
  const secondsAhead = async (table: 'letters' | 'pushes', column: string, id: number) =>
    Number(
      (await client.query<{ ahead: number }>(`SELECT extract(epoch FROM ${column} - now()) AS ahead FROM ${table} WHERE id = $1`, [id]))
        .rows[0]!.ahead,
    );

  it('moves the lease of the rows still claimed, and leaves finished or retried-later rows alone', async () => {
    await client.exec(`
      INSERT INTO letters (id, status, attempts, next_attempt_at) VALUES
        (1, 'pending', 1, now() + interval '2 seconds'),
        (2, 'pending', 1, now() + interval '1 hour'),
        (3, 'sent', 1, now() + interval '2 seconds');`);
    await renewClaims(db, letterOutbox, [1, 2, 3], 10_000);
    expect(await secondsAhead('letters', 'next_attempt_at', 1)).toBeGreaterThan(9);
    expect(await secondsAhead('letters', 'next_attempt_at', 2)).toBeGreaterThan(3000);
    expect(await secondsAhead('letters', 'next_attempt_at', 3)).toBeLessThan(3);
  });

  it('renews a lease column only while the row holds a lease', async () => {
    await client.exec(`
      INSERT INTO pushes (id, next_attempt_at, locked_until) VALUES (1, now(), now() + interval '2 seconds'), (2, now(), NULL);`);
    await renewClaims(db, pushOutbox, [1, 2], 10_000);
    expect(await secondsAhead('pushes', 'locked_until', 1)).toBeGreaterThan(9);
    expect((await client.query('SELECT locked_until FROM pushes WHERE id = 2')).rows).toEqual([{ locked_until: null }]);
  });
});

describe('the watch’s look for due rows', () => {
  const outboxes = [
    { name: 'letters', outbox: letterOutbox },
    { name: 'pushes', outbox: pushOutbox },
  ];

  it('names each outbox with a row due now: never claimed, due for a retry, or a claim whose lease ran out', async () => {
    expect(await outboxesWithDueRows(db, outboxes, T0)).toEqual([]);
    await db.insert(letters).values([
      { id: 1, nextAttemptAt: plus(10_000) },
      { id: 2, nextAttemptAt: T0, status: 'sent' },
    ]);
    await db.insert(pushes).values({ id: 1, nextAttemptAt: T0, lockedUntil: plus(10_000) });
    // A claimed letter (its due time moved past the lease) and a leased push: nothing is due yet.
    expect(await outboxesWithDueRows(db, outboxes, T0)).toEqual([]);
    expect(await outboxesWithDueRows(db, outboxes, plus(10_000))).toEqual(['letters']);
    expect(await outboxesWithDueRows(db, outboxes, plus(10_001))).toEqual(['letters', 'pushes']);
  });
});
