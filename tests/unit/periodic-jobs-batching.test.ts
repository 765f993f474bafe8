import { createHash, randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drawWinners } from '../../src/contract/draw-fairness.js';
import { formatDate } from '../../src/contract/format.js';
import { fillMessage, messages } from '../../src/contract/messages.js';
import { pgliteDatabase, type Database } from '../../src/server/db/connection.js';
import { migrate } from '../../src/server/db/migrate.js';
import { rowsOf } from '../../src/server/db/rows.js';
import { projects, type ExpiringPoints } from '../../src/server/db/schema.js';
import { TelegramError } from '../../src/server/integrations/telegram/errors.js';
import { verifyInvariants } from '../../src/server/modules/admin/invariants.js';
import { GREETING_BATCH, greetBirthdays } from '../../src/server/modules/birthday/service.js';
import { clearClosedEntrants, keepEntrants } from '../../src/server/modules/draws/entrants.js';
import { writeHolders } from '../../src/server/modules/draws/holders.js';
import { drawsInvariants } from '../../src/server/modules/draws/invariants.js';
import { freezeTickets, lockUndrawnDraw, serialisedTicketsAfter, storedPool } from '../../src/server/modules/draws/repository.js';
import { deliverBuyerNotices } from '../../src/server/modules/bot/notice-delivery.js';
import { claimDueNotices } from '../../src/server/modules/notices/repository.js';
import { expireDuePoints, expiryReminderText, remindExpiringPoints } from '../../src/server/modules/points/expiry.js';
import { findDueLots } from '../../src/server/modules/points/expiry-repository.js';
import { pointsInvariants } from '../../src/server/modules/points/invariants.js';
import { releaseDueHolds } from '../../src/server/modules/points/release.js';
import { installKeyring } from '../../src/server/sealing/column.js';
import { secretsKey } from '../../src/server/sealing/sealed.js';
import { blankPglite } from '../support/blank-pglite.js';
import { explainingTransactions, SORT_NODE, updatePlan } from '../support/explain.js';

// The periodic jobs over more rows than one batch (200): each finishes in several batches, with the
// result one pass over all of them would give, and the points' invariants hold after it. The scale
// bench (docs/benchmarks.md, "Scale") measures the same jobs at a million shoppers.

/** Two batches of shoppers (and three of their lots, two each). */
const SHOPPERS = GREETING_BATCH + 50;
/** Each test writes hundreds of ledger rows one job transaction at a time: seconds on a busy machine. */
const TIMEOUT_MS = 60_000;
const DAY_MS = 86_400_000;
/** 12:00 in Moscow: birthdays are greeted from 10:00. */
const NOW = new Date('2027-03-10T09:00:00Z');

let database: Database;
let projectId: number;

beforeAll(async () => {
  // An action's bot token is a sealed column: the app installs its keyring at start-up.
  installKeyring({ current: secretsKey(randomBytes(32)) });
  database = pgliteDatabase(await blankPglite());
  await migrate(database);
  const [seller] = await database.query<{ id: number }>(
    `INSERT INTO users (name, email, password_hash) VALUES ('Продавец', 'batches@example.test', 'x') RETURNING id`,
  );
  const [action] = await database.query<{ id: number }>(
    `INSERT INTO projects (user_id, name, project_inns, points_percentage, receipt_validity_days, check_duplicates, api_key_hash, api_key_last4,
                           expiry_reminder_days, bot_features)
     VALUES ($1, 'Пачки', '{072196655529}', 10, 60, 0, 'hash', 'last', 7,
             '{"birthday": {"enabled": true, "points": 5, "min_days_known": 30}}') RETURNING id`,
    [seller!.id],
  );
  projectId = action!.id;
}, 120_000);

afterAll(async () => {
  await database?.close();
});

const jobDeps = (now: Date) => ({ db: database.db, now: () => now });
const count = async (sql: string) => Number((await database.query<{ n: string }>(sql))[0]!.n);
const pointsViolations = async () => (await verifyInvariants(database.db, pointsInvariants)).violations;
/** How many times each shoppers' table has been vacuumed (PGlite has no autovacuum: each is a job's own). */
const vacuums = async () =>
  Object.fromEntries(
    (
      await database.query<{ relname: string; vacuum_count: string }>(
        `SELECT relname, vacuum_count FROM pg_stat_user_tables WHERE relname IN ('buyer_points', 'buyer_stats') ORDER BY relname`,
      )
    ).map((row) => [row.relname, Number(row.vacuum_count)]),
  );

/** `lotsEach` lots of 10 points for each of `shoppers` shoppers, earned 30 days before `at`, expiring three days after it. */
async function seedLots(prefix: string, { shoppers = SHOPPERS, lotsEach = 2, at = NOW } = {}): Promise<void> {
  await database.query(
    `INSERT INTO points_ledger (project_id, buyer_tg_id, delta, reason, reference, created_at, kind, actor, expires_at)
     SELECT $1, $2 || (g / ${lotsEach}), 10, 'Чек', 'receipt:' || $2 || g, $3::timestamptz, 'receipt', 'system', $4::timestamptz
       FROM generate_series(0, ${lotsEach * shoppers - 1}) AS g`,
    [projectId, prefix, new Date(at.getTime() - 30 * DAY_MS).toISOString(), new Date(at.getTime() + 3 * DAY_MS).toISOString()],
  );
  await database.query(
    `INSERT INTO points_lots (ledger_id, project_id, buyer_tg_id, expires_at, remaining)
     SELECT id, project_id, buyer_tg_id, expires_at, delta FROM points_ledger WHERE buyer_tg_id LIKE $1 || '%'`,
    [prefix],
  );
  await database.query(
    `INSERT INTO buyer_points (project_id, buyer_tg_id, balance)
     SELECT project_id, buyer_tg_id, sum(delta) FROM points_ledger WHERE buyer_tg_id LIKE $1 || '%' GROUP BY 1, 2`,
    [prefix],
  );
}

describe('periodic jobs over more rows than one batch', () => {
  it('reminds each shopper once of the day their lots expire, then expires every lot', { timeout: TIMEOUT_MS }, async () => {
    await seedLots('lot');
    expect(await remindExpiringPoints(jobDeps(NOW))).toBe(SHOPPERS);
    expect(await count(`SELECT count(*) AS n FROM buyer_notices WHERE reference LIKE 'expiry-reminder:%'`)).toBe(SHOPPERS);
    expect(await count(`SELECT count(DISTINCT buyer_tg_id) AS n FROM buyer_notices WHERE reference LIKE 'expiry-reminder:%'`)).toBe(
      SHOPPERS,
    );
    expect(await count(`SELECT count(*) AS n FROM points_lots WHERE reminded_at IS NULL`)).toBe(0);
    expect(await remindExpiringPoints(jobDeps(NOW))).toBe(0);

    const expiredAt = new Date(NOW.getTime() + 3 * DAY_MS + 60_000);
    const before = await vacuums();
    // A run of as many lots as the day's vacuums the balances it changed; one of fewer leaves them to autovacuum.
    expect(await expireDuePoints(jobDeps(expiredAt), undefined, 2 * SHOPPERS)).toBe(2 * SHOPPERS * 10);
    expect(await vacuums()).toEqual({ buyer_points: before.buyer_points! + 1, buyer_stats: before.buyer_stats });
    // What the lot-by-lot expiry wrote: one row per lot, in the lots' order, each naming its lot and when it was earned.
    const inLotOrder = `SELECT count(*) AS n
         FROM (SELECT row_number() OVER (ORDER BY e.id) AS expiry_order, row_number() OVER (ORDER BY l.expires_at, l.ledger_id) AS lot_order
                 FROM points_ledger e JOIN points_lots l ON e.reference = 'expiry:' || l.ledger_id JOIN points_ledger c ON c.id = l.ledger_id
                WHERE e.kind = 'expiry' AND e.delta = -c.delta AND e.actor = 'system' AND e.created_at = $1 AND e.reason = $2
                  AND l.remaining = 0) matched
        WHERE expiry_order = lot_order`;
    const reason = fillMessage(messages.points.reasonExpiry, { date: formatDate(new Date(NOW.getTime() - 30 * DAY_MS)) });
    expect(await count(`SELECT count(*) AS n FROM points_ledger WHERE kind = 'expiry'`)).toBe(2 * SHOPPERS);
    const [written] = await database.query<{ n: string }>(inLotOrder, [expiredAt.toISOString(), reason]);
    expect(Number(written!.n)).toBe(2 * SHOPPERS);
    expect(await count(`SELECT count(*) AS n FROM buyer_points WHERE buyer_tg_id LIKE 'lot%' AND balance <> 0`)).toBe(0);
    expect(await expireDuePoints(jobDeps(expiredAt), undefined, 1)).toBe(0);
    expect(await vacuums()).toEqual({ buyer_points: before.buyer_points! + 1, buyer_stats: before.buyer_stats });
    expect(await pointsViolations()).toEqual([]);
  });

  it('a batch of the expiry reads its own lots from the index, from the last batch’s, without sorting the day’s', async () => {
    // The scale bench's 100 000 lots of one day expire at one moment: by their time alone, every batch read and sorted all of them.
    const plan = await database.db.transaction(async (tx) => {
      // At a few lots any plan is cheap: only the index read in the batch's order can avoid the sorts made dear here.
      await tx.execute(sql`SELECT set_config('enable_seqscan', 'off', true), set_config('enable_bitmapscan', 'off', true),
                                  set_config('enable_sort', 'off', true), set_config('enable_incremental_sort', 'off', true)`);
      const batch = findDueLots(tx, NOW, 200, { expiresAt: NOW, ledgerId: 1 });
      return JSON.stringify(rowsOf(await tx.execute(sql`EXPLAIN (FORMAT JSON) ${batch.getSQL()}`)));
    });
    expect(plan).toMatch(
      /"Index Name":"points_lots_due","Relation Name":"points_lots".*"Index Cond":"[^"]*ROW\(expires_at, ledger_id\) > /,
    );
    expect(plan).not.toMatch(SORT_NODE);
  });

  it('the previous release’s expire_lot() still expires one lot, once, through the batch function', async () => {
    await seedLots('old', { shoppers: 1 });
    const [lot] = await database.query<{ id: string }>(
      `SELECT ledger_id AS id FROM points_lots WHERE buyer_tg_id = 'old0' ORDER BY ledger_id LIMIT 1`,
    );
    const expire = () =>
      database.query<{ n: number }>(`SELECT expire_lot($1, now(), 'Сгорание') AS n`, [lot!.id]).then((rows) => rows[0]!.n);
    expect(await expire()).toBe(10);
    expect(await expire()).toBe(0);
    expect(await count(`SELECT balance AS n FROM buyer_points WHERE buyer_tg_id = 'old0'`)).toBe(10);
    expect(await pointsViolations()).toEqual([]);
  });

  it('a batch of reminders that ends inside a shopper’s lots of a day takes all of them: one reminder each', async () => {
    // Three lots a shopper, two batches of four lots each: the batch's last shopper is cut after one lot.
    const at = new Date(NOW.getTime() + 40 * DAY_MS);
    await seedLots('split', { shoppers: 3, lotsEach: 3, at });
    expect(await remindExpiringPoints(jobDeps(at), 4)).toBe(3);
    const notices = await database.query<{ buyer_tg_id: string; text: string | null; expiring: ExpiringPoints }>(
      `SELECT buyer_tg_id, text, expiring FROM buyer_notices WHERE buyer_tg_id LIKE 'split%' ORDER BY buyer_tg_id`,
    );
    expect(notices.map((notice) => notice.buyer_tg_id)).toEqual(['split0', 'split1', 'split2']);
    // Queued with its points and date; the text is written when it is sent, with the action's name then.
    const expiresAt = new Date(at.getTime() + 3 * DAY_MS);
    for (const notice of notices) {
      expect(notice.text).toBeNull();
      expect({ points: notice.expiring.points, expiresAt: new Date(notice.expiring.expires_at) }).toEqual({ points: 30, expiresAt });
      expect(expiryReminderText('Пачки', notice.expiring)).toBe(
        `В акции «Пачки» 30 баллов сгорят ${formatDate(expiresAt)}. Успейте обменять их в магазине.`,
      );
    }
    expect(await count(`SELECT count(*) AS n FROM points_lots WHERE buyer_tg_id LIKE 'split%' AND reminded_at IS NULL`)).toBe(0);
  });

  it('a run that fails inside a batch leaves that batch unwritten, and the next run reminds the rest, each shopper once', async () => {
    const at = new Date(NOW.getTime() + 80 * DAY_MS);
    await seedLots('cut', { shoppers: 5, lotsEach: 2, at });
    // The second batch (shoppers cut2 and cut3) fails after its statement ran, before it committed.
    let batches = 0;
    const failingDb = new Proxy(database.db, {
      get(target, key, receiver) {
        if (key !== 'execute') return Reflect.get(target, key, receiver) as unknown;
        return (statement: Parameters<typeof target.execute>[0]) => {
          if ((batches += 1) !== 2) return target.execute(statement);
          return target.transaction(async (tx) => {
            await tx.execute(statement);
            throw new Error('the instance stopped');
          });
        };
      },
    });
    await expect(remindExpiringPoints({ db: failingDb, now: () => at }, 4)).rejects.toThrow('the instance stopped');
    const reminded = `SELECT count(*) AS n FROM points_lots WHERE buyer_tg_id LIKE 'cut%' AND reminded_at IS NOT NULL`;
    expect(await count(reminded)).toBe(4);
    expect(await count(`SELECT count(*) AS n FROM buyer_notices WHERE buyer_tg_id LIKE 'cut%'`)).toBe(2);

    expect(await remindExpiringPoints(jobDeps(at), 4)).toBe(3);
    const notices = await database.query<{ buyer_tg_id: string }>(
      `SELECT buyer_tg_id FROM buyer_notices WHERE buyer_tg_id LIKE 'cut%' ORDER BY buyer_tg_id`,
    );
    expect(notices.map((notice) => notice.buyer_tg_id)).toEqual(['cut0', 'cut1', 'cut2', 'cut3', 'cut4']);
    expect(await count(reminded)).toBe(10);
  });

  it(
    'releases every hold due, each once, with its notice, in batches that each start after the last',
    { timeout: TIMEOUT_MS },
    async () => {
      await database.query(
        `INSERT INTO points_ledger (project_id, buyer_tg_id, delta, held_delta, reason, reference, created_at, kind, actor)
       SELECT $1, 'held' || g, 0, 10, 'Чек', 'receipt:held' || g, $2::timestamptz, 'receipt', 'system' FROM generate_series(0, ${SHOPPERS - 1}) AS g`,
        [projectId, new Date(NOW.getTime() - 14 * DAY_MS).toISOString()],
      );
      // Two release moments a batch boundary falls inside (many holds share one, as a day's receipts do).
      await database.query(
        `INSERT INTO points_holds (ledger_id, project_id, buyer_tg_id, receipt_id, release_at, remaining)
       SELECT id, project_id, buyer_tg_id, id, $1::timestamptz - CASE WHEN id % 3 = 0 THEN interval '1 hour' ELSE interval '0' END, held_delta
         FROM points_ledger WHERE held_delta > 0`,
        [new Date(NOW.getTime() - 60_000).toISOString()],
      );
      await database.query(
        `INSERT INTO buyer_points (project_id, buyer_tg_id, balance, held)
       SELECT project_id, buyer_tg_id, 0, sum(held_delta) FROM points_ledger WHERE buyer_tg_id LIKE 'held%' GROUP BY 1, 2`,
      );
      const before = await vacuums();
      expect(await releaseDueHolds(jobDeps(NOW), 60, SHOPPERS)).toBe(SHOPPERS);
      expect(await count(`SELECT count(*) AS n FROM buyer_points WHERE buyer_tg_id LIKE 'held%' AND (held <> 0 OR balance <> 10)`)).toBe(0);
      expect(await count(`SELECT count(*) AS n FROM buyer_notices WHERE reference LIKE 'release:%'`)).toBe(SHOPPERS);
      const vacuumed = { buyer_points: before.buyer_points! + 1, buyer_stats: before.buyer_stats! + 1 };
      expect(await vacuums()).toEqual(vacuumed);
      expect(await releaseDueHolds(jobDeps(NOW), 60, 1)).toBe(0);
      expect(await vacuums()).toEqual(vacuumed);
      expect(await pointsViolations()).toEqual([]);
    },
  );

  it(
    'greets every birthday of the day once, skipping dates given too late wherever they fall in the batches',
    { timeout: TIMEOUT_MS },
    async () => {
      // Every fifth date was given yesterday: not known 30 days before, so never greeted this year.
      await database.query(
        `INSERT INTO buyer_birthdays (project_id, buyer_tg_id, month, day, given_at)
       SELECT $1, 'born' || lpad(g::text, 4, '0'), 3, 10, CASE WHEN g % 5 = 0 THEN $2::timestamptz ELSE $3::timestamptz END
         FROM generate_series(0, ${SHOPPERS - 1}) AS g`,
        [projectId, new Date(NOW.getTime() - DAY_MS).toISOString(), new Date(NOW.getTime() - 400 * DAY_MS).toISOString()],
      );
      const known = SHOPPERS - Math.ceil(SHOPPERS / 5);
      expect(await greetBirthdays(jobDeps(NOW))).toBe(known);
      expect(await count(`SELECT count(*) AS n FROM birthday_greetings`)).toBe(known);
      expect(await count(`SELECT count(*) AS n FROM points_ledger WHERE kind = 'birthday' AND delta = 5`)).toBe(known);
      expect(await greetBirthdays(jobDeps(NOW))).toBe(0);
      expect(await pointsViolations()).toEqual([]);
    },
  );
});

describe('the buyer notices’ delivery over more notices than one batch', () => {
  const notices = (prefix: string, project: number, count: number) =>
    database.query(
      `INSERT INTO buyer_notices (project_id, buyer_tg_id, text, reference)
       SELECT $1, $2 || g, 'Напоминание', 'batch:' || $2 || g FROM generate_series(0, ${count - 1}) AS g`,
      [project, prefix],
    );
  const byStatus = async (prefix: string) =>
    Object.fromEntries(
      (
        await database.query<{ status: string; n: string }>(
          `SELECT status, count(*) AS n FROM buyer_notices WHERE buyer_tg_id LIKE $1 || '%' GROUP BY status`,
          [prefix],
        )
      ).map((row) => [row.status, Number(row.n)]),
    );
  const quiet = { warn: () => undefined };

  it('sends each notice once, in batches, retries the one Telegram could not take, and gives up an action without a bot’s notices together', async () => {
    const [seller] = await database.query<{ id: number }>(
      `INSERT INTO users (name, email, password_hash) VALUES ('С ботом', 'notices@example.test', 'x') RETURNING id`,
    );
    const [withBot] = await database.query<{ id: number }>(
      `INSERT INTO projects (user_id, name, project_inns, points_percentage, receipt_validity_days, check_duplicates, api_key_hash, api_key_last4)
       VALUES ($1, 'С ботом', '{072196655529}', 10, 60, 0, 'hash2', 'ast2') RETURNING id`,
      [seller!.id],
    );
    await database.db.update(projects).set({ telegramBotToken: '123456:bot-of-the-action' }).where(eq(projects.id, withBot!.id));
    // The first action (beforeAll) has no bot, nor does its seller have a mailing bot.
    await notices('nobot', projectId, 25);
    await notices('bot', withBot!.id, 12);
    const sent: string[] = [];
    const telegram = {
      sendMessage: async (_token: string, input: { chat_id: number | string }) => {
        if (input.chat_id === 'bot7')
          throw new TelegramError({ kind: 'server', method: 'sendMessage', description: 'Bad Gateway', errorCode: 502 });
        sent.push(String(input.chat_id));
        return { message_id: sent.length };
      },
      sendDocument: () => Promise.reject(new Error('no files here')),
      sendVideo: () => Promise.reject(new Error('no files here')),
    };
    const deps = { db: database.db, telegram, publicUrl: 'http://127.0.0.1', webAppButtons: false, retryBaseMs: 60_000, log: quiet };

    // Batches of 5: the first claim names the action without a bot, whose 25 notices end together.
    let passes = 0;
    while ((await deliverBuyerNotices(deps, 5)) > 0) passes += 1;
    expect(passes).toBeLessThanOrEqual(4);
    expect(await byStatus('nobot')).toEqual({ failed: 25 });
    expect(await count(`SELECT count(*) AS n FROM buyer_notices WHERE buyer_tg_id LIKE 'nobot%' AND attempts <> 1`)).toBe(0);
    expect(await byStatus('bot')).toEqual({ sent: 11, pending: 1 });
    expect([...sent].sort()).toEqual(
      Array.from({ length: 12 }, (_, g) => `bot${g}`)
        .filter((chat) => chat !== 'bot7')
        .sort(),
    );
    const [retried] = await database.query<{ last_error: string; attempts: number; due_in_s: number }>(
      `SELECT last_error, attempts, extract(epoch FROM next_attempt_at - now())::int AS due_in_s FROM buyer_notices WHERE buyer_tg_id = 'bot7'`,
    );
    expect(retried).toMatchObject({ last_error: 'Telegram sendMessage: 502 Bad Gateway', attempts: 1 });
    expect(retried!.due_in_s).toBeGreaterThan(50);
  });

  it('claims its batch in the due index’s order, without sorting every due notice, even where a sort looks cheaper', async () => {
    await notices('order', projectId, 300);
    // Explained in the claim's own transaction, where an index page costs a thousand times a page read
    // in sequence: a sort of every due notice looks cheaper than the index read, as it did to the
    // planner after a draw queued a million results.
    const plans: string[] = [];
    const db = explainingTransactions(database.db, plans, { random_page_cost: '1000' });
    const claimed = await claimDueNotices(db, 100, 60_000);
    // The oldest 100 (one due time, so the first ids); RETURNING gives no order.
    expect(claimed.map((notice) => notice.buyerTgId).sort()).toEqual(Array.from({ length: 100 }, (_, g) => `order${g}`).sort());
    expect(updatePlan(plans)).toContain('"Index Name":"buyer_notices_due"');
    expect(updatePlan(plans)).not.toMatch(SORT_NODE);
  });
});

describe('a draw’s close on PGlite', () => {
  it('freezes the tickets under PGlite’s own work_mem: its WebAssembly memory keeps the largest size a statement ever took', async () => {
    const [draw] = await database.query<{ id: number }>(
      `INSERT INTO draws (project_id, title, winners_count, created_at, closes_at, seed, commitment)
       VALUES ($1, 'Розыгрыш', 1, $2, $3, repeat('0', 64), repeat('0', 64)) RETURNING id`,
      [projectId, new Date(NOW.getTime() - DAY_MS).toISOString(), NOW.toISOString()],
    );
    const rules = { id: draw!.id, projectId, createdAt: new Date(NOW.getTime() - DAY_MS), itemContains: null };
    const closed = await database.db.transaction(async (tx) => {
      const frozen = await freezeTickets(tx, 'pglite', rules, NOW);
      const [setting] = rowsOf<{ work_mem: string }>(await tx.execute(sql`SHOW work_mem`));
      return { ...frozen, workMem: setting!.work_mem };
    });
    expect(closed.workMem).toBe('4MB');
    expect(closed).toMatchObject({ count: 0, shoppers: 0 });
  });

  it('draws each shopper once (a winner’s other tickets leave the stored pool, whatever the beacon) and reads the list back a batch at a time', async () => {
    const [seller] = await database.query<{ id: number }>(`SELECT user_id AS id FROM projects WHERE id = $1`, [projectId]);
    const opened = new Date(NOW.getTime() - DAY_MS);
    const [draw] = await database.query<{ id: number }>(
      `INSERT INTO draws (project_id, title, winners_count, created_at, closes_at, seed, commitment)
       VALUES ($1, 'Один против всех', 3, $2, $3, repeat('0', 64), repeat('0', 64)) RETURNING id`,
      [projectId, opened.toISOString(), NOW.toISOString()],
    );
    // Ира holds five of the six tickets, Олег one (the third).
    for (const buyer of ['ira', 'ira', 'oleg', 'ira', 'ira', 'ira'])
      await database.query(
        `INSERT INTO receipts (user_id, project_id, project_name, project_inns, buyer_tg_id, qr_raw, status, scanned_at)
         VALUES ($1, $2, 'Пачки', '{072196655529}', $3, $4, 'success', $5)`,
        [seller!.id, projectId, `draw-${buyer}`, `t=${randomBytes(6).toString('hex')}`, new Date(NOW.getTime() - 3_600_000).toISOString()],
      );
    const rules = { id: draw!.id, projectId, createdAt: opened, itemContains: null };
    const frozen = await database.db.transaction((tx) => freezeTickets(tx, 'pglite', rules, NOW));
    expect(frozen).toMatchObject({ count: 6, shoppers: 2 });
    await database.query(`UPDATE draws SET closed_at = $2, tickets_hash = $3, tickets_count = 6, shoppers_count = 2 WHERE id = $1`, [
      draw!.id,
      NOW.toISOString(),
      frozen.hash,
    ]);

    // The holders, written four tickets at a time: Ира's numbers span both ranges and come out whole
    // and in order, as one range of all six writes them; a run with nothing left reads nothing.
    const holders = async () =>
      (
        await database.query<{ holder: string }>(
          `SELECT buyer_tg_id || ':' || array_to_string(tickets, ',') AS holder FROM draw_holders WHERE draw_id = $1 ORDER BY buyer_tg_id`,
          [draw!.id],
        )
      ).map((row) => row.holder);
    const holdersCheck = drawsInvariants.filter((invariant) => invariant.name === 'draw_holders_equal_list');
    // The winners wait for the holders: a winner's other tickets are read from them.
    const lockedForWinners = () => database.db.transaction((tx) => lockUndrawnDraw(tx, draw!.id));
    expect(await lockedForWinners()).toBeUndefined();
    expect(await writeHolders(database.db, 4)).toBe(6);
    expect(await writeHolders(database.db, 4)).toBe(0);
    expect((await lockedForWinners())?.id).toBe(draw!.id);
    const inRanges = await holders();
    expect(inRanges).toEqual(['draw-ira:1,2,4,5,6', 'draw-oleg:3']);
    await database.query(`DELETE FROM draw_holders WHERE draw_id = $1`, [draw!.id]);
    await database.query(`UPDATE draws SET holders_through = 0 WHERE id = $1`, [draw!.id]);
    expect(await writeHolders(database.db, 100)).toBe(6);
    expect(await holders()).toEqual(inRanges);
    expect((await verifyInvariants(database.db, holdersCheck)).violations).toEqual([]);
    await database.query(`UPDATE draw_holders SET tickets = '{1,2}' WHERE draw_id = $1 AND buyer_tg_id = 'draw-ira'`, [draw!.id]);
    expect((await verifyInvariants(database.db, holdersCheck)).violations.map((violation) => violation.detail)).toEqual([
      `розыгрыш ${draw!.id}, покупатель draw-ira: у держателя билеты № 1, № 2, в списке № 1, № 2, № 4, № 5, № 6`,
    ]);
    await database.query(`UPDATE draw_holders SET tickets = '{1,2,4,5,6}' WHERE draw_id = $1 AND buyer_tg_id = 'draw-ira'`, [draw!.id]);

    // Three places asked of two shoppers: whichever ticket wins first, its shopper's others leave the
    // pool, so the second place is the other shopper's and nobody is left for the third.
    const buyerOf = new Map(
      (
        await database.query<{ ticket: number; buyer_tg_id: string }>('SELECT ticket, buyer_tg_id FROM draw_tickets WHERE draw_id = $1', [
          draw!.id,
        ])
      ).map((row) => [row.ticket, row.buyer_tg_id]),
    );
    for (let beacon = 0; beacon < 8; beacon += 1) {
      const keyHex = beacon.toString(16).padStart(2, '0').repeat(32);
      const won = await drawWinners({
        keyHex,
        ticketsHash: frozen.hash,
        tickets: storedPool(database.db, draw!.id, frozen.count),
        winners: 3,
      });
      expect(won.map((ticket) => buyerOf.get(ticket)).sort(), keyHex).toEqual(['draw-ira', 'draw-oleg']);
    }

    // The published list is read a batch at a time, each batch one text: four tickets, then two, then none.
    const batches = [await serialisedTicketsAfter(database.db, draw!.id, 0, 4)];
    for (let last = batches[0]!.last; last !== null; last = batches.at(-1)!.last)
      batches.push(await serialisedTicketsAfter(database.db, draw!.id, last, 4));
    expect(batches.map(({ count, last }) => [count, last])).toEqual([
      [4, 4],
      [2, 6],
      [0, null],
    ]);
    const text = batches.map((batch) => batch.text).join('');
    expect(text.split('\n')).toHaveLength(7);
    expect(createHash('sha256').update(text).digest('hex')).toBe(frozen.hash);
  });
});

describe('an open draw’s kept shoppers on PGlite', () => {
  const HOUR_MS = 3_600_000;
  /** A window of its own, after every other test's receipts: from NOW + 1 h to NOW + 2 days. */
  const opens = new Date(NOW.getTime() + HOUR_MS);
  const insertDraw = async (fields: { item?: string; closedAt?: Date; kept?: boolean } = {}) =>
    (
      await database.query<{ id: number }>(
        `INSERT INTO draws (project_id, title, winners_count, created_at, closes_at, item_contains, closed_at, entrants_kept, seed, commitment,
                            tickets_hash, tickets_count, shoppers_count)
         SELECT $1, 'Кто участвует', 1, $2, $3, $4, closed, $6, repeat('0', 64), repeat('0', 64),
                CASE WHEN closed IS NOT NULL THEN repeat('0', 64) END, CASE WHEN closed IS NOT NULL THEN 0 END, CASE WHEN closed IS NOT NULL THEN 0 END
           FROM (SELECT $5::timestamptz AS closed) AS c RETURNING id`,
        [
          projectId,
          opens.toISOString(),
          new Date(NOW.getTime() + 2 * DAY_MS).toISOString(),
          fields.item ?? null,
          fields.closedAt?.toISOString() ?? null,
          fields.kept ?? false,
        ],
      )
    )[0]!.id;
  const entrants = async (drawId: number) =>
    (await database.query<{ e: string }>(`SELECT buyer_tg_id || ':' || tickets AS e FROM draw_entrants WHERE draw_id = $1`, [drawId]))
      .map((row) => row.e)
      .sort();
  const windowCheck = drawsInvariants.filter((invariant) => invariant.name === 'draw_entrants_equal_window');

  it('counts the window so far when it starts keeping them, once; a draw with an item keeps none; the check finds a count that disagrees', async () => {
    const [seller] = await database.query<{ id: number }>(`SELECT user_id AS id FROM projects WHERE id = $1`, [projectId]);
    const receipt = (buyer: string, at: Date, cancelledAt: Date | null = null) =>
      database.query(
        `INSERT INTO receipts (user_id, project_id, project_name, project_inns, buyer_tg_id, qr_raw, status, scanned_at, cancelled_at)
         VALUES ($1, $2, 'Пачки', '{072196655529}', $3, $4, 'success', $5, $6)`,
        [seller!.id, projectId, buyer, `t=${randomBytes(6).toString('hex')}`, at.toISOString(), cancelledAt?.toISOString() ?? null],
      );
    const inWindow = new Date(opens.getTime() + HOUR_MS);
    await receipt('keep-vera', new Date(opens.getTime() - 1)); // before the window
    await receipt('keep-ira', inWindow);
    await receipt('keep-ira', inWindow);
    await receipt('keep-oleg', inWindow);
    await receipt('keep-oleg', inWindow, new Date(inWindow.getTime() + HOUR_MS)); // returned before the closing
    const id = await insertDraw();

    expect(await keepEntrants(database.db, id)).toBe(true);
    expect(await entrants(id)).toEqual(['keep-ira:2', 'keep-oleg:1']);
    expect(await keepEntrants(database.db, id)).toBe(false);
    expect(await entrants(id)).toEqual(['keep-ira:2', 'keep-oleg:1']);
    expect((await verifyInvariants(database.db, windowCheck)).violations).toEqual([]);

    await database.query(`UPDATE draw_entrants SET tickets = 3 WHERE draw_id = $1 AND buyer_tg_id = 'keep-ira'`, [id]);
    await database.query(`INSERT INTO draw_entrants (draw_id, buyer_tg_id, tickets) VALUES ($1, 'keep-vera', 1)`, [id]);
    expect((await verifyInvariants(database.db, windowCheck)).violations.map((v) => v.detail).sort()).toEqual([
      `розыгрыш ${id}, покупатель keep-ira: записано билетов 3, в окне 2`,
      `розыгрыш ${id}, покупатель keep-vera: записано билетов 1, в окне 0`,
    ]);
    await database.query(
      `UPDATE draws SET closed_at = $2, tickets_hash = repeat('0', 64), tickets_count = 0, shoppers_count = 0 WHERE id = $1`,
      [id, NOW.toISOString()],
    );

    const withItem = await insertDraw({ item: 'фен' });
    expect(await keepEntrants(database.db, withItem)).toBe(false);
    expect(await entrants(withItem)).toEqual([]);
  });

  it('clears a closed draw’s kept shoppers in several batches, then keeps none', async () => {
    const id = await insertDraw({ closedAt: NOW, kept: true });
    await database.query(
      `INSERT INTO draw_entrants (draw_id, buyer_tg_id, tickets) SELECT $1, 'clear-' || g, 1 FROM generate_series(1, 10) AS g`,
      [id],
    );
    // Batches of 4: three for its ten (and those of the draw the test above closed).
    expect(await clearClosedEntrants(database.db, 4)).toBeGreaterThanOrEqual(10);
    expect(await count(`SELECT count(*) AS n FROM draw_entrants WHERE draw_id = ${id}`)).toBe(0);
    expect((await database.query<{ kept: boolean }>('SELECT entrants_kept AS kept FROM draws WHERE id = $1', [id]))[0]!.kept).toBe(false);
  });
});
