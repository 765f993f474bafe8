import { drizzle } from 'drizzle-orm/node-postgres';
import { afterEach, describe, expect, it } from 'vitest';
import { BILLING_DEFAULTS } from '../../src/contract/billing.js';
import { fillMessage, messages } from '../../src/contract/messages.js';
import * as schema from '../../src/server/db/schema.js';
import { vacuumAfterRun } from '../../src/server/db/vacuum.js';
import { backends, withPostgres } from '../support/backends.js';
import { advance, clockCall } from '../support/clock.js';
import { actionWithBot, shopperSays, WB_SELLER, type BotAction } from '../support/bot.js';
import { verifyData } from '../support/operator.js';
import { freshReceipt, registerReceipt } from '../support/receipts.js';
import { eventually, newChatId, startChats, telegramMessages } from '../support/telegram.js';

const m = messages.segments;
const FUNDS = BILLING_DEFAULTS.project_subscription_price * 2 + 50 * BILLING_DEFAULTS.receipt_price_tier1;
/** The fixture's counted goods are 1 786 ₽; at 10 % a receipt earns 178 points. */
const LEVELS = [
  { name: 'Базовый', min_sum: 0, points_percentage: 10 },
  { name: 'Серебро', min_sum: 3000, points_percentage: 15 },
  { name: 'Золото', min_sum: 5000, points_percentage: 20 },
];
/** A dialog is a dozen round trips through the emulator (as in bot.test.ts). */
const DIALOG = { timeout: 120_000 };
/** The table test seeds a set of shoppers and reads every condition and each kept table's check back: over 30 s on a loaded machine. */
const TABLE = { timeout: 120_000 };
/** The columns a seeded shopper's statistics row is written with. */
const BUYER_STATS_COLUMNS = {
  user_id: 'int',
  project_id: 'int',
  buyer_tg_id: 'text',
  successful_receipts: 'int',
  total_kopecks: 'bigint',
  last_receipt_at: 'timestamptz',
};

type Conditions = Record<string, unknown>;

/** A successful receipt of the action for this shopper, bought `daysAgo` days ago; `names` replaces its items' names. */
async function receipt(url: string, bot: BotAction, buyer: string, options: { daysAgo?: number; names?: string[] } = {}) {
  const names = options.names;
  const change = names
    ? (r: Record<string, any>) => r.items.forEach((item: { name: string }, i: number) => (item.name = names[i % names.length]!))
    : undefined;
  const qrurl = await registerReceipt(url, freshReceipt('wb-aurora-cosmetics', options.daysAgo ?? 1, change));
  const answer = await bot.seller.api.post('/check', { qrurl, project_id: bot.projectId, user_id_tg: buyer });
  expect(answer.body.success, answer.text).toBe(true);
}

async function preview(bot: BotAction, conditions: Conditions): Promise<number> {
  const answer = await bot.seller.api.post('/segments/preview', { project_id: bot.projectId, conditions });
  expect(answer.status, answer.text).toBe(200);
  return answer.body.count;
}

/** Saves a segment and reads its shoppers; checks the preview, the saved count and the list agree. */
async function matching(bot: BotAction, conditions: Conditions): Promise<string[]> {
  const live = await preview(bot, conditions);
  const saved = await bot.seller.api.post('/segments', { project_id: bot.projectId, name: 'Проверка', conditions });
  expect(saved.status, saved.text).toBe(201);
  expect(saved.body.segment.count).toBe(live);
  const listed = await bot.seller.api.get(`/segments/${saved.body.segment.id}/buyers`);
  expect(listed.status, listed.text).toBe(200);
  const ids = (listed.body.buyers as { tg_id: string }[]).map((buyer) => buyer.tg_id).sort();
  expect(ids).toHaveLength(live);
  return ids;
}

const sorted = (...ids: string[]) => [...ids].sort();

describe.each(backends())('segments of an action’s shoppers on $name', (backend) => {
  const url = backend.url;
  /** A mailing's recipients as written, one row each. */
  const recipientsOf = async (mailingId: number) =>
    (await backend.query!<{ chat_id: string }>('SELECT chat_id::text FROM mailing_recipients WHERE mailing_id = $1', [mailingId]))
      .map((row) => row.chat_id)
      .sort();
  /** Each run's recipients of a schedule, the first run first. */
  const recipientsOfMailings = async (scheduleId: number) => {
    const runs = await backend.query!<{ id: number }>('SELECT id FROM mailings WHERE schedule_id = $1 ORDER BY id', [scheduleId]);
    return Promise.all(runs.map((run) => recipientsOf(Number(run.id))));
  };

  /** The mailing once the job has written all its segment's recipients. */
  const writtenMailing = (bot: BotAction, mailingId: number) =>
    eventually(async () => {
      const { body } = await bot.seller.api.get(`/mailing/${mailingId}`);
      return body.mailing.preparing ? undefined : (body.mailing as Record<string, unknown>);
    });

  // The scheduled mailing's test moves the demo clock a week; «within N days» must not feel it.
  afterEach(async () => {
    expect((await clockCall(url, 'DELETE')).status).toBe(200);
  });

  it('each purchase, level and points condition matches its shoppers only, and conditions combine with AND', DIALOG, async () => {
    const bot = await actionWithBot(url, { levels: LEVELS, points_percentage: 10 }, FUNDS);
    const [ira, oleg, vera, dima] = [newChatId(), newChatId(), newChatId(), newChatId()];
    await receipt(url, bot, ira, { daysAgo: 2, names: ['Крем ночной «Ёлка»'] }); // 1 786 ₽, Базовый, 178 points
    await receipt(url, bot, oleg, { daysAgo: 40 });
    await receipt(url, bot, oleg, { daysAgo: 5 }); // 3 572 ₽, Серебро, 356 points
    await receipt(url, bot, vera, { daysAgo: 40 }); // 1 786 ₽, lapsed
    for (let i = 0; i < 3; i++) await receipt(url, bot, dima); // 5 358 ₽, Золото, over 400 points

    expect(await matching(bot, {})).toEqual(sorted(ira, oleg, vera, dima));
    // The item's text ignores case, «ё» and runs of spaces, as the action's keywords do.
    expect(await matching(bot, { item_contains: 'НОЧНОЙ   «елка»' })).toEqual([ira]);
    expect(await matching(bot, { item_contains: 'ШАМПУНЬ' })).toEqual(sorted(oleg, vera, dima));
    expect(await matching(bot, { total_min: 3000 })).toEqual(sorted(oleg, dima));
    expect(await matching(bot, { total_max: 2000 })).toEqual(sorted(ira, vera));
    expect(await matching(bot, { total_min: '3572', total_max: 3572 })).toEqual([oleg]);
    expect(await matching(bot, { last_purchase_within_days: 10 })).toEqual(sorted(ira, oleg, dima));
    expect(await matching(bot, { last_purchase_not_within_days: 30 })).toEqual([vera]);
    expect(await matching(bot, { last_purchase_within_days: 30, last_purchase_not_within_days: 3 })).toEqual([oleg]);
    // A level is its threshold up to the next level's.
    expect(await matching(bot, { level: 'Золото' })).toEqual([dima]);
    expect(await matching(bot, { level: 'серебро' })).toEqual([oleg]);
    expect(await matching(bot, { level: 'Базовый' })).toEqual(sorted(ira, vera));
    expect(await matching(bot, { points_min: 300 })).toEqual(sorted(oleg, dima));
    expect(await matching(bot, { points_min: 400 })).toEqual([dima]);
    expect(await matching(bot, { item_contains: 'крем', total_max: 2000, last_purchase_within_days: 10 })).toEqual([ira]);
    expect(await matching(bot, { item_contains: 'крем', last_purchase_within_days: 10, points_min: 300 })).toEqual(sorted(oleg, dima));
    expect(await matching(bot, { item_contains: 'ёлка', level: 'Золото' })).toEqual([]);

    const saved = (await bot.seller.api.get(`/segments?project_id=${bot.projectId}`)).body.segments;
    const gold = saved.find((segment: { conditions: Conditions }) => segment.conditions.level === 'Золото');
    const card = (await bot.seller.api.get(`/segments/${gold.id}/buyers`)).body;
    expect(card.buyers).toEqual([
      {
        tg_id: dima,
        name: null,
        points: expect.any(Number),
        level: 'Золото',
        receipts: 3,
        total: 5358,
        last_purchase_at: expect.any(String),
      },
    ]);
    expect(card.buyers[0].points).toBeGreaterThan(400);
    expect(card.pagination).toEqual({ current_page: 1, total_pages: 1, per_page: 50 });
  });

  it(
    'every condition alone and combined matches what a direct reading of a seeded set of shoppers says, in the list’s order',
    TABLE,
    async () => {
      const query = backend.query!;
      const bot = await actionWithBot(url, { levels: LEVELS }, FUNDS);
      const now = Date.parse((await clockCall(url, 'GET')).body.now as string);
      const p = bot.projectId;
      // Shoppers 0…23 of the action, some with purchases (stats), some with points only, and three
      // outsiders who gave a birthday but bought nothing and hold no points. A ticket is only ever a
      // buyer's: a closed draw's tickets are written from the action's successful receipts.
      const shoppers = Array.from({ length: 27 }, (_, i) => {
        const outsider = i >= 24;
        const stats = !outsider && i % 7 !== 6;
        return {
          tg: newChatId(),
          stats,
          points: !outsider && (!stats || i % 3 !== 0) ? (i * 37) % 500 : null,
          spentKopecks: stats ? ((i % 6) * 1000 + 500) * 100 : 0,
          lastDaysAgo: stats ? 0.5 + ((i * 29) % 400) : null, // never a whole day: no shopper on a boundary
          item: stats ? (i % 3 === 0 ? 'Шампунь' : `Крем №${i % 3}`) : null,
          month: i % 4 === 0 ? 3 : i % 4 === 1 ? 4 : null,
          tickets: stats && i % 3 === 1 ? 1 + (i % 2) : 0,
          surveyDone: i % 5 === 0 ? true : i % 5 === 1 ? false : null,
          rewardedInvites: i < 6 ? i : 0,
        };
      });
      const survey = await bot.seller.api.post('/surveys', {
        project_id: p,
        title: 'Опрос',
        kind: 'survey',
        points: 0,
        questions: [
          { text: 'Понравился?', options: ['Да', 'Нет'] },
          { text: 'Купите ещё?', options: ['Да', 'Нет'] },
        ],
      });
      const surveyId = survey.body.survey.id as number;
      const closes = new Date(now + 24 * 3600_000).toISOString();
      const draw = await bot.seller.api.post('/draws', { project_id: p, title: 'Закрытый', winners: 1, closes_at: closes });
      const drawId = draw.body.draw.id as number;
      await query(
        `UPDATE draws SET closed_at = created_at + interval '1 minute', tickets_hash = repeat('a', 64), tickets_count = $2, shoppers_count = $3
          WHERE id = $1`,
        [drawId, shoppers.reduce((count, s) => count + s.tickets, 0), shoppers.filter((s) => s.tickets > 0).length],
      );
      // One statement per table: the rows as JSON, read back by jsonb_to_recordset.
      const insert = async (table: string, columns: Record<string, string>, rows: Record<string, unknown>[], returning = '') =>
        query<{ id: string; fd: string }>(
          `INSERT INTO ${table} (${Object.keys(columns).join(', ')}) SELECT ${Object.keys(columns).join(', ')}
           FROM jsonb_to_recordset($1::jsonb) AS x(${Object.entries(columns)
             .map(([name, type]) => `${name} ${type}`)
             .join(', ')}) ${returning}`,
          [JSON.stringify(rows)],
        );
      const lastOf = (s: (typeof shoppers)[number]) => new Date(now - (s.lastDaysAgo ?? 0) * 86_400_000).toISOString();
      // Each shopper's receipt (successful when they bought) and, for a second ticket, another refused one.
      const receiptRows = shoppers.flatMap((s, i) =>
        [s.stats ? 'success' : 'error', ...(s.tickets > 1 ? ['error'] : [])].map((status, n) => ({
          user_id: bot.seller.id,
          project_id: p,
          buyer_tg_id: s.tg,
          fd: `${i}-${n}`,
          scanned_at: lastOf(s),
          total_kopecks: s.spentKopecks,
          status,
        })),
      );
      const receiptIds = new Map(
        (
          await insert(
            'receipts',
            {
              user_id: 'int',
              project_id: 'int',
              project_name: 'text',
              project_inns: 'text[]',
              buyer_tg_id: 'text',
              qr_raw: 'text',
              fn: 'text',
              fd: 'text',
              fp: 'text',
              issued_at: 'timestamptz',
              total_kopecks: 'bigint',
              status: 'text',
              message: 'text',
              counted_kopecks: 'bigint',
              scanned_at: 'timestamptz',
            },
            receiptRows.map((row) => ({
              ...row,
              project_name: 'Aurora',
              project_inns: [],
              qr_raw: 'seeded',
              fn: '1',
              fp: '1',
              issued_at: row.scanned_at,
              message: 'seeded',
              counted_kopecks: row.total_kopecks,
            })),
            'RETURNING id, fd',
          )
        ).map((row) => [row.fd, row.id]),
      );
      const receiptOf = (i: number, n = 0) => receiptIds.get(`${i}-${n}`)!;
      await insert(
        'receipt_items',
        {
          receipt_id: 'bigint',
          position: 'int',
          name: 'text',
          price_kopecks: 'bigint',
          quantity: 'numeric',
          sum_kopecks: 'bigint',
          status: 'text',
        },
        shoppers.map((s, i) => ({
          receipt_id: receiptOf(i),
          position: 0,
          name: s.item ?? 'Крем №1',
          price_kopecks: 100,
          quantity: 1,
          sum_kopecks: 100,
          status: 'counted',
        })),
      );
      await insert(
        'buyer_stats',
        BUYER_STATS_COLUMNS,
        shoppers
          .filter((s) => s.stats)
          .map((s) => ({
            user_id: bot.seller.id,
            project_id: p,
            buyer_tg_id: s.tg,
            successful_receipts: 1,
            total_kopecks: s.spentKopecks,
            last_receipt_at: lastOf(s),
          })),
      );
      await insert(
        'buyer_points',
        { project_id: 'int', buyer_tg_id: 'text', balance: 'int' },
        shoppers.filter((s) => s.points !== null).map((s) => ({ project_id: p, buyer_tg_id: s.tg, balance: s.points })),
      );
      await insert(
        'buyer_birthdays',
        { project_id: 'int', buyer_tg_id: 'text', month: 'smallint', day: 'smallint', given_at: 'timestamptz' },
        shoppers
          .filter((s) => s.month !== null)
          .map((s) => ({ project_id: p, buyer_tg_id: s.tg, month: s.month, day: 10, given_at: new Date(now).toISOString() })),
      );
      // Numbered as the draw's closing numbers them: each holder 1, 2, … in the order of their first ticket.
      const holders = shoppers.filter((s) => s.tickets > 0);
      const tickets = shoppers.flatMap((s, i) =>
        Array.from({ length: s.tickets }, (_, n) => ({
          draw_id: drawId,
          receipt_id: receiptOf(i, n),
          buyer_tg_id: s.tg,
          shopper: holders.indexOf(s) + 1,
        })),
      );
      await insert(
        'draw_tickets',
        { draw_id: 'int', ticket: 'int', receipt_id: 'bigint', buyer_tg_id: 'text', shopper: 'int' },
        tickets.map((row, index) => ({ ...row, ticket: index + 1 })),
      );
      // Their holders, as the closing job writes them from the list (draws/holders.ts).
      await query(
        `INSERT INTO draw_holders (draw_id, buyer_tg_id, tickets)
         SELECT draw_id, buyer_tg_id, array_agg(ticket ORDER BY ticket) FROM draw_tickets WHERE draw_id = $1 GROUP BY draw_id, buyer_tg_id`,
        [drawId],
      );
      await query(`UPDATE draws SET holders_through = tickets_count WHERE id = $1`, [drawId]);
      await insert(
        'survey_runs',
        { survey_id: 'bigint', buyer_tg_id: 'text', started_at: 'timestamptz', completed_at: 'timestamptz' },
        shoppers
          .filter((s) => s.surveyDone !== null)
          .map((s) => ({
            survey_id: surveyId,
            buyer_tg_id: s.tg,
            started_at: new Date(now).toISOString(),
            completed_at: s.surveyDone ? new Date(now).toISOString() : null,
          })),
      );
      // Each shopper's rewarded invitations beside one still joined: only the rewarded count.
      await insert(
        'referral_invitations',
        {
          project_id: 'int',
          inviter_tg_id: 'text',
          friend_tg_id: 'text',
          status: 'text',
          source_update: 'text',
          joined_at: 'timestamptz',
          decided_at: 'timestamptz',
        },
        shoppers.flatMap((s) =>
          Array.from({ length: s.rewardedInvites + 1 }, (_, k) => ({
            project_id: p,
            inviter_tg_id: s.tg,
            friend_tg_id: newChatId(),
            status: k < s.rewardedInvites ? 'rewarded' : 'joined',
            source_update: `seeded:${k}`,
            joined_at: new Date(now).toISOString(),
            decided_at: k < s.rewardedInvites ? new Date(now).toISOString() : null,
          })),
        ),
      );
      type Shopper = (typeof shoppers)[number];
      const inAction = (s: Shopper) => s.stats || s.points !== null;
      const within = (s: Shopper, days: number) => s.lastDaysAgo !== null && s.lastDaysAgo <= days;
      const rubles = (s: Shopper) => s.spentKopecks / 100;
      const cases: [Conditions, (s: Shopper) => boolean][] = [
        [{}, () => true],
        [{ item_contains: 'КРЕМ' }, (s) => s.item?.startsWith('Крем') === true],
        [{ total_min: 2500 }, (s) => rubles(s) >= 2500],
        [{ total_min: 0 }, () => true],
        [{ total_max: 1500 }, (s) => rubles(s) <= 1500],
        [{ last_purchase_within_days: 100 }, (s) => within(s, 100)],
        [{ last_purchase_not_within_days: 200 }, (s) => s.lastDaysAgo !== null && !within(s, 200)],
        [{ level: 'Базовый' }, (s) => rubles(s) < 3000],
        [{ level: 'Серебро' }, (s) => rubles(s) >= 3000 && rubles(s) < 5000],
        [{ level: 'Золото' }, (s) => rubles(s) >= 5000],
        [{ points_min: 0 }, () => true],
        [{ points_min: 250 }, (s) => (s.points ?? 0) >= 250],
        [{ birthday_month: 3 }, (s) => s.month === 3],
        // A set whose shoppers need not have bought: its count looks each up, its list reads the buyers, then the others.
        [{ birthday_month: 4 }, (s) => s.month === 4],
        // Sets of buyers with conditions on their statistics and balance, looked up per shopper in the count.
        [{ took_part: { draw_id: drawId }, total_max: 3000 }, (s) => s.tickets > 0 && rubles(s) <= 3000],
        [{ item_contains: 'крем', points_min: 200 }, (s) => s.item?.startsWith('Крем') === true && (s.points ?? 0) >= 200],
        [{ took_part: { draw_id: drawId } }, (s) => s.tickets > 0],
        [{ took_part: { survey_id: surveyId } }, (s) => s.surveyDone === true],
        [{ invited_min: 2 }, (s) => s.rewardedInvites >= 2],
        [
          { total_min: 1000, last_purchase_within_days: 365, birthday_month: 3, points_min: 100 },
          (s) => rubles(s) >= 1000 && within(s, 365) && s.month === 3 && (s.points ?? 0) >= 100,
        ],
        [{ invited_min: 1, birthday_month: 4, total_max: 4000 }, (s) => s.rewardedInvites >= 1 && s.month === 4 && rubles(s) <= 4000],
        // A month with a minimum balance starts from the month's balances (kept on them by triggers), points-only shoppers among them.
        [{ birthday_month: 4, points_min: 100 }, (s) => s.month === 4 && (s.points ?? 0) >= 100],
        [{ birthday_month: 3, points_min: 1, total_max: 3000 }, (s) => s.month === 3 && (s.points ?? 0) >= 1 && rubles(s) <= 3000],
        [
          { took_part: { draw_id: drawId }, item_contains: 'шампунь', points_min: 1 },
          (s) => s.tickets > 0 && s.item === 'Шампунь' && (s.points ?? 0) >= 1,
        ],
        [{ points_min: 100, total_max: 2000, level: 'Базовый' }, (s) => (s.points ?? 0) >= 100 && rubles(s) <= 2000],
      ];
      // The list's order: the most recent buyers first, then those who never bought, each by Telegram ID.
      const order = (a: Pick<Shopper, 'tg' | 'lastDaysAgo'>, b: Pick<Shopper, 'tg' | 'lastDaysAgo'>) =>
        (a.lastDaysAgo ?? Infinity) - (b.lastDaysAgo ?? Infinity) || (a.tg < b.tg ? -1 : a.tg > b.tg ? 1 : 0);
      const listedAs = async (segmentId: number, conditions: Conditions, expected: Shopper[]) => {
        const listed = await bot.seller.api.get(`/segments/${segmentId}/buyers`);
        expect(listed.body.segment.count, JSON.stringify(conditions)).toBe(expected.length);
        expect(
          listed.body.buyers.map((buyer: { tg_id: string; points: number; total: number }) => [buyer.tg_id, buyer.points, buyer.total]),
          JSON.stringify(conditions),
        ).toEqual(expected.map((s) => [s.tg, s.points ?? 0, rubles(s)]));
      };
      const withSets: [number, Conditions, Shopper[]][] = [];
      for (const [conditions, rule] of cases) {
        const expected = shoppers.filter((s) => inAction(s) && rule(s)).sort(order);
        expect(expected.length, JSON.stringify(conditions)).toBeLessThanOrEqual(50);
        expect(await preview(bot, conditions), JSON.stringify(conditions)).toBe(expected.length);
        const saved = await bot.seller.api.post('/segments', { project_id: p, name: 'Сверка', conditions });
        await listedAs(saved.body.segment.id, conditions, expected);
        const setNamed = ['item_contains', 'birthday_month', 'took_part', 'invited_min'].some((name) => name in conditions);
        if (setNamed) withSets.push([saved.body.segment.id, conditions, expected]);
      }
      // A set matching few of the action's buyers is listed by looking its shoppers up, not in the
      // list's order: the same shoppers in the same order (the action now says a million bought).
      await query(
        `INSERT INTO buyer_summaries (user_id, project_id, buyers, successful_receipts, total_kopecks) VALUES ($1, $2, 1000000, 0, 0)
       ON CONFLICT (user_id, project_id) DO UPDATE SET buyers = EXCLUDED.buyers`,
        [bot.seller.id, p],
      );
      for (const [segmentId, conditions, expected] of withSets) await listedAs(segmentId, conditions, expected);

      // Past the buyers the list goes on with those who only hold points, by Telegram ID, page after
      // page: a page may begin among the buyers and end among them, or lie wholly past them.
      const pointsOnly = Array.from({ length: 70 }, () => ({ tg: newChatId(), points: 7, lastDaysAgo: null }));
      await insert(
        'buyer_points',
        { project_id: 'int', buyer_tg_id: 'text', balance: 'int' },
        pointsOnly.map((s) => ({ project_id: p, buyer_tg_id: s.tg, balance: s.points })),
      );
      const everyone = [...shoppers.filter(inAction), ...pointsOnly].sort(order);
      const all = await bot.seller.api.post('/segments', { project_id: p, name: 'Все', conditions: {} });
      for (const page of [1, 2]) {
        const listed = await bot.seller.api.get(`/segments/${all.body.segment.id}/buyers?page=${page}`);
        expect(listed.body.segment.count).toBe(everyone.length);
        expect(listed.body.buyers.map((buyer: { tg_id: string; points: number }) => [buyer.tg_id, buyer.points])).toEqual(
          everyone.slice((page - 1) * 50, page * 50).map((s) => [s.tg, s.points ?? 0]),
        );
      }

      // A month alone counts its birthdays less those given by people not the action's shoppers yet,
      // kept apart by triggers; with a spending asked too, each shopper is looked up. An outsider whose
      // month changes and who then gets points counts once, in the new month, both ways.
      const [outsider] = shoppers.filter((s) => !inAction(s) && s.month === 4);
      const march = shoppers.filter((s) => inAction(s) && s.month === 3).length;
      const counts = async () => [await preview(bot, { birthday_month: 3 }), await preview(bot, { birthday_month: 3, total_max: 100_000 })];
      // With a minimum balance the count starts from the balances of the month: the month is written on
      // a balance when the birthday is given or moved and when a first balance follows the birthday.
      const marchHolders = shoppers.filter((s) => inAction(s) && s.month === 3 && (s.points ?? 0) >= 5).length;
      const holding = () => preview(bot, { birthday_month: 3, points_min: 5 });
      expect(await holding()).toBe(marchHolders);
      await query(`UPDATE buyer_birthdays SET month = 3 WHERE project_id = $1 AND buyer_tg_id = $2`, [p, outsider!.tg]);
      expect(await counts()).toEqual([march, march]);
      expect(await holding()).toBe(marchHolders);
      await query(`INSERT INTO buyer_points (project_id, buyer_tg_id, balance) VALUES ($1, $2, 5)`, [p, outsider!.tg]);
      expect(await counts()).toEqual([march + 1, march + 1]);
      expect(await holding()).toBe(marchHolders + 1);
      // With a spending or a recency the count starts from the month's buyers: the month is written on
      // a buyer's statistics when the birthday is given or moved and when a first purchase follows it.
      const recent = () => preview(bot, { birthday_month: 3, last_purchase_within_days: 30, points_min: 1 });
      const marchRecent = shoppers.filter((s) => s.stats && s.month === 3 && within(s, 30) && (s.points ?? 0) >= 1).length;
      expect(await recent()).toBe(marchRecent);
      await insert('buyer_stats', BUYER_STATS_COLUMNS, [
        {
          user_id: bot.seller.id,
          project_id: p,
          buyer_tg_id: outsider!.tg,
          successful_receipts: 1,
          total_kopecks: 50_000,
          last_receipt_at: new Date(now).toISOString(),
        },
      ]);
      expect(await counts()).toEqual([march + 1, march + 1]);
      expect(await recent()).toBe(marchRecent + 1);
      const [aprilHolder] = shoppers.filter((s) => s.stats && s.month === 4 && (s.points ?? 0) >= 5);
      await query(`UPDATE buyer_birthdays SET month = 3 WHERE project_id = $1 AND buyer_tg_id = $2`, [p, aprilHolder!.tg]);
      expect(await holding()).toBe(marchHolders + 2);
      expect(await counts()).toEqual([march + 2, march + 2]);
      await query(`UPDATE buyer_birthdays SET month = 4 WHERE project_id = $1 AND buyer_tg_id = $2`, [p, aprilHolder!.tg]);
      expect(await holding()).toBe(marchHolders + 1);
      expect(await counts()).toEqual([march + 1, march + 1]);

      // `admin verify` recounts them: a shopper's birthday kept apart and an outsider's wrong month are named.
      const named = async () =>
        (await verifyData(url)).violations
          .filter((violation) => violation.check === 'birthday_outsiders_equal_birthdays' && violation.detail.startsWith(`акция ${p},`))
          .map((violation) => violation.detail);
      expect(await named()).toEqual([]);
      const [stranger] = shoppers.filter((s) => !inAction(s) && s.month === 3);
      await query(`INSERT INTO buyer_birthday_outsiders (project_id, buyer_tg_id, month) VALUES ($1, $2, 3)`, [p, shoppers[0]!.tg]);
      await query(`UPDATE buyer_birthday_outsiders SET month = 5 WHERE project_id = $1 AND buyer_tg_id = $2`, [p, stranger!.tg]);
      expect((await named()).sort()).toEqual(
        [
          `акция ${p}, покупатель ${shoppers[0]!.tg}: записан месяц 3, по дням рождения и покупателям нет`,
          `акция ${p}, покупатель ${stranger!.tg}: записан месяц 5, по дням рождения и покупателям 3`,
        ].sort(),
      );
      await query(`DELETE FROM buyer_birthday_outsiders WHERE project_id = $1 AND buyer_tg_id = $2`, [p, shoppers[0]!.tg]);
      await query(`UPDATE buyer_birthday_outsiders SET month = 3 WHERE project_id = $1 AND buyer_tg_id = $2`, [p, stranger!.tg]);
      expect(await named()).toEqual([]);

      // … and the month kept on each balance and each buyer's statistics: a wrong one and one missing are named.
      const keptOn = [
        { check: 'balance_birthday_month_equals_birthday', table: 'buyer_points', on: 'баллах', has: (s: Shopper) => s.points !== null },
        { check: 'stats_birthday_month_equals_birthday', table: 'buyer_stats', on: 'покупках', has: (s: Shopper) => s.stats },
      ].map((kept) => ({
        ...kept,
        withMonth: shoppers.find((s) => kept.has(s) && s.month === 3)!,
        withoutMonth: shoppers.find((s) => kept.has(s) && s.month === null)!,
      }));
      const keptMonths = async () =>
        (await verifyData(url)).violations
          .filter((violation) => keptOn.some(({ check }) => violation.check === check) && violation.detail.startsWith(`акция ${p},`))
          .map((violation) => violation.detail)
          .sort();
      const keepMonths = async (withMonth: number | null, withoutMonth: number | null) => {
        for (const kept of keptOn) {
          const update = `UPDATE ${kept.table} SET birthday_month = $3 WHERE project_id = $1 AND buyer_tg_id = $2`;
          await query(update, [p, kept.withMonth.tg, withMonth]);
          await query(update, [p, kept.withoutMonth.tg, withoutMonth]);
        }
      };
      expect(await keptMonths()).toEqual([]);
      await keepMonths(null, 3);
      expect(await keptMonths()).toEqual(
        keptOn
          .flatMap(({ on, withMonth, withoutMonth }) => [
            `акция ${p}, покупатель ${withMonth.tg}: при ${on} месяц нет, день рождения в месяце 3`,
            `акция ${p}, покупатель ${withoutMonth.tg}: при ${on} месяц 3, день рождения в месяце нет`,
          ])
          .sort(),
      );
      await keepMonths(3, null);
      expect(await keptMonths()).toEqual([]);

      // The points-only shoppers «spent up to …» adds to the buyers in range are kept by triggers: one
      // who then buys leaves them (counted once, now as a buyer); `admin verify` names a buyer kept as
      // points-only and a points-only shopper missing.
      const upTo = { total_max: 1500 };
      const before = await preview(bot, upTo);
      await insert('buyer_stats', BUYER_STATS_COLUMNS, [
        {
          user_id: bot.seller.id,
          project_id: p,
          buyer_tg_id: pointsOnly[0]!.tg,
          successful_receipts: 1,
          total_kopecks: 100,
          last_receipt_at: new Date(now).toISOString(),
        },
      ]);
      expect(await preview(bot, upTo)).toBe(before);
      const keptApart = async () =>
        (await verifyData(url)).violations
          .filter((violation) => violation.check === 'points_only_shoppers_equal_balances' && violation.detail.startsWith(`акция ${p},`))
          .map((violation) => violation.detail)
          .sort();
      // Kept apart still, this row would break the table's key: the purchase's trigger removed it.
      await query(`INSERT INTO buyer_points_only (project_id, buyer_tg_id) VALUES ($1, $2)`, [p, pointsOnly[0]!.tg]);
      await query(`DELETE FROM buyer_points_only WHERE project_id = $1 AND buyer_tg_id = $2`, [p, pointsOnly[1]!.tg]);
      expect(await keptApart()).toEqual(
        [
          `акция ${p}, покупатель ${pointsOnly[0]!.tg}: записан без покупок, но покупал или не имеет баллов`,
          `акция ${p}, покупатель ${pointsOnly[1]!.tg}: имеет баллы без покупок, но не записан`,
        ].sort(),
      );
      await query(`DELETE FROM buyer_points_only WHERE project_id = $1 AND buyer_tg_id = $2`, [p, pointsOnly[0]!.tg]);
      await query(`INSERT INTO buyer_points_only (project_id, buyer_tg_id) VALUES ($1, $2)`, [p, pointsOnly[1]!.tg]);
      expect(await keptApart()).toEqual([]);

      // Each inviter's rewarded invitations are counted by triggers: an inviter not the action's
      // shopper is not counted until they get points; an invitation that stops being rewarded or is
      // deleted is uncounted. `admin verify` names a wrong count, a missing inviter and an outsider
      // kept as a shopper.
      const invitedTwice = { invited_min: 2 };
      const inviters = shoppers.filter((s) => s.rewardedInvites >= 2).length;
      const [, , two, three, four] = shoppers;
      const [stranger24, , loner] = shoppers.slice(24);
      const invite = (inviter: string, count: number) =>
        query(
          `INSERT INTO referral_invitations (project_id, inviter_tg_id, friend_tg_id, status, source_update, joined_at, decided_at)
         SELECT $1, $2, 'friend-' || $2 || '-' || k, 'rewarded', 'seeded', now(), now() FROM generate_series(1, $3::int) AS k`,
          [p, inviter, count],
        );
      await invite(loner!.tg, 2);
      await invite(stranger24!.tg, 1);
      expect(await preview(bot, invitedTwice)).toBe(inviters);
      await query(`INSERT INTO buyer_points (project_id, buyer_tg_id, balance) VALUES ($1, $2, 5)`, [p, loner!.tg]);
      expect(await preview(bot, invitedTwice)).toBe(inviters + 1);
      await query(
        `UPDATE referral_invitations SET status = 'refused', refusal = 'monthly_cap'
        WHERE id = (SELECT min(id) FROM referral_invitations WHERE project_id = $1 AND inviter_tg_id = $2 AND status = 'rewarded')`,
        [p, two!.tg],
      );
      await query(
        `DELETE FROM referral_invitations
        WHERE id = (SELECT min(id) FROM referral_invitations WHERE project_id = $1 AND inviter_tg_id = $2 AND status = 'rewarded')`,
        [p, loner!.tg],
      );
      expect(await preview(bot, invitedTwice)).toBe(inviters - 1);
      const inviterViolations = async () =>
        (await verifyData(url)).violations
          .filter((violation) => violation.check === 'inviter_rewards_equal_invitations' && violation.detail.startsWith(`акция ${p},`))
          .map((violation) => violation.detail)
          .sort();
      expect(await inviterViolations()).toEqual([]);
      const kept = (change: string, inviter: string) => query(`${change} WHERE project_id = $1 AND inviter_tg_id = $2`, [p, inviter]);
      await kept('UPDATE referral_inviter_rewards SET rewarded = rewarded + 1', three!.tg);
      await kept('DELETE FROM referral_inviter_rewards', four!.tg);
      await kept('UPDATE referral_inviter_rewards SET shopper = true', stranger24!.tg);
      expect(await inviterViolations()).toEqual(
        [
          `акция ${p}, пригласивший ${three!.tg}: записано вознаграждённых приглашений 4, по приглашениям 3`,
          `акция ${p}, пригласивший ${four!.tg}: записано вознаграждённых приглашений 0, по приглашениям 4`,
          `акция ${p}, пригласивший ${stranger24!.tg}: записан покупателем, но ни покупок, ни баллов в акции нет`,
        ].sort(),
      );
      await kept('UPDATE referral_inviter_rewards SET rewarded = rewarded - 1', three!.tg);
      await query(`INSERT INTO referral_inviter_rewards (project_id, inviter_tg_id, rewarded, shopper) VALUES ($1, $2, 4, true)`, [
        p,
        four!.tg,
      ]);
      await kept('UPDATE referral_inviter_rewards SET shopper = false', stranger24!.tg);
      expect(await inviterViolations()).toEqual([]);
    },
  );

  it('birthday month, a completed survey and a draw’s entry match the shoppers who gave them', DIALOG, async () => {
    const bot = await actionWithBot(url, {}, FUNDS);
    const features = await bot.seller.api.request('PUT', `/projects/${bot.projectId}/features`, { body: { birthday: { enabled: true } } });
    expect(features.status, features.text).toBe(200);
    const [ira, oleg, vera] = [newChatId(), newChatId(), newChatId()];
    for (const chat of [ira, oleg, vera]) await receipt(url, bot, chat);

    // Ира gives 15 March, Олег 2 April.
    for (const [chat, day] of [
      [ira, '15.03'],
      [oleg, '02.04'],
    ] as const) {
      await shopperSays(url, bot, chat, { text: '/menu' });
      await shopperSays(url, bot, chat, { press: messages.botFeatures.nameBirthday });
      await shopperSays(url, bot, chat, { text: day });
    }
    expect(await matching(bot, { birthday_month: 3 })).toEqual([ira]);
    expect(await matching(bot, { birthday_month: '4' })).toEqual([oleg]);

    // Вера completes the survey; Олег starts it and leaves.
    const survey = await bot.seller.api.post('/surveys', {
      project_id: bot.projectId,
      title: 'Как вам крем?',
      kind: 'survey',
      points: 0,
      questions: [
        { text: 'Понравился?', options: ['Да', 'Нет'] },
        { text: 'Купите ещё?', options: ['Конечно', 'Вряд ли'] },
      ],
    });
    const surveyId = survey.body.survey.id as number;
    expect((await bot.seller.api.post(`/surveys/${surveyId}/publish`)).status).toBe(200);
    for (const chat of [vera, oleg]) {
      await shopperSays(url, bot, chat, { text: '/menu' });
      await shopperSays(url, bot, chat, { press: 'Как вам крем?' });
      await shopperSays(url, bot, chat, { press: 'Да' });
    }
    await shopperSays(url, bot, vera, { press: 'Конечно' });
    expect(await matching(bot, { took_part: { survey_id: surveyId } })).toEqual([vera]);

    // Олег buys after the draw opened: his receipt is his entry; the others bought before it.
    const closes = new Date(Date.now() + 24 * 3600_000).toISOString();
    const draw = await bot.seller.api.post('/draws', { project_id: bot.projectId, title: 'Фен за чек', winners: 1, closes_at: closes });
    expect(draw.status, draw.text).toBe(201);
    await receipt(url, bot, oleg);
    expect(await matching(bot, { took_part: { draw_id: draw.body.draw.id } })).toEqual([oleg]);
    expect(await matching(bot, { took_part: { draw_id: draw.body.draw.id }, birthday_month: 4 })).toEqual([oleg]);
    expect(await matching(bot, { took_part: { draw_id: draw.body.draw.id }, birthday_month: 3 })).toEqual([]);

    // Another action's survey or draw is refused, not matched by nobody.
    const other = await actionWithBot(url, {}, FUNDS);
    for (const [tookPart, message] of [
      [{ survey_id: surveyId }, m.surveyUnknown],
      [{ draw_id: draw.body.draw.id }, m.drawUnknown],
    ] as const) {
      const answer = await other.seller.api.post('/segments/preview', { project_id: other.projectId, conditions: { took_part: tookPart } });
      expect(answer.status).toBe(400);
      expect(answer.body.message).toBe(message);
    }
  });

  it('invited_min counts the shopper’s rewarded invitations only', DIALOG, async () => {
    const bot = await actionWithBot(url, {}, FUNDS);
    const features = await bot.seller.api.request('PUT', `/projects/${bot.projectId}/features`, {
      body: { referral: { enabled: true, referrer_points: 100, friend_points: 50, monthly_cap: 10 } },
    });
    expect(features.status, features.text).toBe(200);
    const [inviter, friend, idle] = [newChatId(), newChatId(), newChatId()];
    await shopperSays(url, bot, inviter, { text: '/start' });
    const [invitation] = await shopperSays(url, bot, inviter, { press: messages.botFeatures.nameReferral });
    const code = invitation!.text!.match(/start=r_([\w-]+)/)![1]!;
    await shopperSays(url, bot, friend, { text: `/start r_${code}` });
    await receipt(url, bot, idle);
    expect(await matching(bot, { invited_min: 1 })).toEqual([]); // joined, not yet rewarded

    const qr = await registerReceipt(url, freshReceipt('wb-aurora-cosmetics'));
    await shopperSays(url, bot, friend, { text: qr });
    await eventually(async () => ((await preview(bot, { invited_min: 1 })) === 1 ? true : undefined), 30_000, 'the invitation to pay');
    expect(await matching(bot, { invited_min: 1 })).toEqual([inviter]);
    expect(await matching(bot, { invited_min: 2 })).toEqual([]);
    // The inviter never bought: the invitation's points make them one of the action's shoppers.
    expect(await matching(bot, {})).toEqual(sorted(inviter, friend, idle));
    expect(await matching(bot, { total_max: 0 })).toEqual([inviter]);
  });

  it('the shoppers’ statistics and balances are vacuumed after a hundredth of them changed, so their index-only counts stay index-only', async () => {
    const options = await backend.query!<{ relname: string; reloptions: string[] }>(
      `SELECT relname, reloptions FROM pg_class WHERE relname IN ('buyer_stats', 'buyer_points') ORDER BY relname`,
    );
    const wanted = ['autovacuum_vacuum_scale_factor=0.01', 'autovacuum_vacuum_insert_scale_factor=0.01'];
    expect(options).toEqual([
      { relname: 'buyer_points', reloptions: wanted },
      { relname: 'buyer_stats', reloptions: wanted },
    ]);
  });

  // PGlite's side of the same (its only vacuums are the jobs'): tests/unit/periodic-jobs-batching.test.ts.
  it.runIf(backend.name === 'postgres')('a job’s own vacuum of the shoppers’ tables runs on the pool, outside a transaction', async () => {
    await withPostgres(backend, async (client) => {
      const counts = async () =>
        (
          await client.query<{ n: string }>(
            `SELECT vacuum_count AS n FROM pg_stat_user_tables WHERE relname IN ('buyer_points', 'buyer_stats') ORDER BY relname`,
          )
        ).rows.map((row) => Number(row.n));
      const before = await counts();
      await vacuumAfterRun(drizzle(client, { schema }), ['buyer_points', 'buyer_stats'], 1, 1);
      expect(await counts()).toEqual(before.map((n) => n + 1));
    });
  });

  it('refuses bad inputs with a Russian message and saves nothing', async () => {
    const bot = await actionWithBot(url, { levels: LEVELS }, FUNDS);
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '' }, m.nameInvalid],
      [{ name: 'x'.repeat(81) }, m.nameInvalid],
      [{ conditions: 'все' }, m.conditionsInvalid],
      [{ conditions: { city: 'Москва' } }, m.conditionUnknown],
      [{ conditions: { item_contains: '' } }, m.itemInvalid],
      [{ conditions: { total_min: 'много' } }, m.totalInvalid],
      [{ conditions: { total_max: -1 } }, m.totalInvalid],
      [{ conditions: { total_min: 5000, total_max: 1000 } }, m.totalRangeInvalid],
      [{ conditions: { last_purchase_within_days: 0 } }, m.daysInvalid],
      [{ conditions: { last_purchase_not_within_days: 1.5 } }, m.daysInvalid],
      [{ conditions: { last_purchase_within_days: 10, last_purchase_not_within_days: 30 } }, m.daysRangeInvalid],
      [{ conditions: { level: 'Платина' } }, fillMessage(m.levelUnknown, { level: 'Платина' })],
      [{ conditions: { birthday_month: 13 } }, m.birthdayMonthInvalid],
      [{ conditions: { took_part: { poll_id: 1 } } }, m.tookPartInvalid],
      [{ conditions: { took_part: { survey_id: 999_999 } } }, m.surveyUnknown],
      [{ conditions: { took_part: { draw_id: 999_999 } } }, m.drawUnknown],
      [{ conditions: { invited_min: 0 } }, m.invitedInvalid],
      [{ conditions: { points_min: -5 } }, m.pointsInvalid],
      [{ project_id: 'первая' }, m.projectInvalid],
    ];
    for (const [change, message] of cases) {
      const answer = await bot.seller.api.post('/segments', { project_id: bot.projectId, name: 'Сегмент', conditions: {}, ...change });
      expect(answer.status, JSON.stringify(change)).toBe(400);
      expect(answer.body.message, JSON.stringify(change)).toBe(message);
    }
    expect((await bot.seller.api.get(`/segments?project_id=${bot.projectId}`)).body.segments).toEqual([]);

    const saved = await bot.seller.api.post('/segments', { project_id: bot.projectId, name: 'Постоянные', conditions: { total_min: 100 } });
    const id = saved.body.segment.id;
    const bad = await bot.seller.api.request('PUT', `/segments/${id}`, { body: { name: 'Постоянные', conditions: { birthday_month: 0 } } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(m.birthdayMonthInvalid);
    const page = await bot.seller.api.get(`/segments/${id}/buyers?page=0`);
    expect(page.status).toBe(400);
    expect(page.body.message).toBe(m.pageInvalid);
    expect((await bot.seller.api.get(`/segments?project_id=${bot.projectId}`)).body.segments).toMatchObject([
      { id, name: 'Постоянные', conditions: { total_min: 100 } },
    ]);
  });

  it('a segment can be renamed, changed and deleted; null conditions are unset', async () => {
    const bot = await actionWithBot(url, {}, FUNDS);
    const ira = newChatId();
    await receipt(url, bot, ira);
    const saved = await bot.seller.api.post('/segments', {
      project_id: bot.projectId,
      name: ' Любители крема ',
      conditions: { item_contains: 'крем', total_max: null, level: null },
    });
    expect(saved.status, saved.text).toBe(201);
    expect(saved.body).toMatchObject({
      message: m.created,
      segment: { name: 'Любители крема', conditions: { item_contains: 'крем' }, count: 1 },
    });
    const id = saved.body.segment.id;

    const changed = await bot.seller.api.request('PUT', `/segments/${id}`, {
      body: { name: 'Шампунь', conditions: { item_contains: 'мыло' } },
    });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body).toMatchObject({
      message: m.updated,
      segment: { id, name: 'Шампунь', conditions: { item_contains: 'мыло' }, count: 0 },
    });

    const deleted = await bot.seller.api.request('DELETE', `/segments/${id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body.message).toBe(m.deleted);
    expect((await bot.seller.api.get(`/segments/${id}/buyers`)).status).toBe(404);
    expect((await bot.seller.api.get(`/segments?project_id=${bot.projectId}`)).body.segments).toEqual([]);
  });

  it('another seller’s segment or action is not found', async () => {
    const bot = await actionWithBot(url, {}, FUNDS);
    const stranger = await actionWithBot(url, {}, FUNDS);
    const saved = await bot.seller.api.post('/segments', { project_id: bot.projectId, name: 'Мои', conditions: {} });
    const id = saved.body.segment.id;
    const answers = [
      await stranger.seller.api.get(`/segments/${id}/buyers`),
      await stranger.seller.api.request('PUT', `/segments/${id}`, { body: { name: 'Чужие', conditions: {} } }),
      await stranger.seller.api.request('DELETE', `/segments/${id}`),
    ];
    for (const answer of answers) {
      expect(answer.status).toBe(404);
      expect(answer.body.message).toBe(m.notFound);
    }
    for (const answer of [
      await stranger.seller.api.get(`/segments?project_id=${bot.projectId}`),
      await stranger.seller.api.post('/segments/preview', { project_id: bot.projectId, conditions: {} }),
      await stranger.seller.api.post('/segments', { project_id: bot.projectId, name: 'Чужие', conditions: {} }),
    ]) {
      expect(answer.status).toBe(404);
      expect(answer.body.message).toBe(messages.actions.notFound);
    }
    const mailing = await stranger.seller.api.post('/mailing/send', { project_id: stranger.projectId, segment_id: id, message: 'Привет' });
    expect(mailing.status).toBe(404);
    expect(mailing.body.message).toBe(m.notFound);
    expect((await bot.seller.api.get(`/segments?project_id=${bot.projectId}`)).body.segments).toMatchObject([{ id, name: 'Мои' }]);
  });

  it('a weekly mailing to a segment goes to the segment’s shoppers of each run’s moment', DIALOG, async () => {
    const bot = await actionWithBot(url, {}, FUNDS);
    const [ira, late, later, vera] = [newChatId(), newChatId(), newChatId(), newChatId()];
    await startChats(url, bot.botId, [ira, late, later, vera]);
    await receipt(url, bot, ira, { names: ['Крем ночной'] });
    await receipt(url, bot, vera, { names: ['Шампунь'] });
    const segment = (
      await bot.seller.api.post('/segments', { project_id: bot.projectId, name: 'Крем', conditions: { item_contains: 'крем' } })
    ).body.segment;
    const now = new Date((await clockCall(url, 'GET')).body.now as string);
    const scheduled = await bot.seller.api.post('/mailing/send', {
      project_id: bot.projectId,
      segment_id: segment.id,
      message: 'Крем недели',
      send_at: new Date(now.getTime() + 2 * 60_000).toISOString(),
      repeat: 'weekly',
    });
    expect(scheduled.status, scheduled.text).toBe(200);
    expect(scheduled.body.schedule).toMatchObject({ segment_id: segment.id, total: 0, status: 'scheduled' });
    const receiversOf = (count: number) =>
      eventually(async () => {
        const said = (await telegramMessages(url, { bot_id: bot.botId })).filter((message) => message.text === 'Крем недели');
        return said.length >= count ? said.map((message) => String(message.chat_id)).sort() : undefined;
      });

    await advance(url, 3 * 60);
    expect(await receiversOf(1)).toEqual([ira]);
    // Join the segment before the second run: three shoppers, over one batch of recipients (2 in tests).
    await receipt(url, bot, late, { names: ['Крем для рук'] });
    await receipt(url, bot, later, { names: ['Крем для ног'] });
    await advance(url, 7 * 24 * 3600);
    expect(await receiversOf(4)).toEqual(sorted(ira, ira, late, later));
    const runs = await recipientsOfMailings(scheduled.body.schedule.id);
    expect(runs).toEqual([sorted(ira), sorted(ira, late, later)]);

    // A segment of another action cannot be scheduled either.
    const second = await bot.seller.api.post('/projects', { name: 'Aurora 2', project_inns: WB_SELLER });
    const other = await bot.seller.api.post('/segments', { project_id: second.body.project_id, name: 'Все', conditions: {} });
    const refused = await bot.seller.api.post('/mailing/send', {
      project_id: bot.projectId,
      segment_id: other.body.segment.id,
      message: 'Привет',
      send_at: new Date(Date.parse((await clockCall(url, 'GET')).body.now as string) + 60 * 60_000).toISOString(),
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(m.mailingOtherAction);
  });

  it('a mailing to a segment reaches exactly its shoppers at the moment of sending, through the action’s bot', DIALOG, async () => {
    const bot = await actionWithBot(url, {}, FUNDS);
    const [ira, oleg, vera, late] = [newChatId(), newChatId(), newChatId(), newChatId()];
    await startChats(url, bot.botId, [ira, oleg, vera, late]);
    await receipt(url, bot, ira, { names: ['Крем ночной'] });
    await receipt(url, bot, oleg, { names: ['Крем дневной'] });
    await receipt(url, bot, vera, { names: ['Шампунь'] });
    const segment = (
      await bot.seller.api.post('/segments', { project_id: bot.projectId, name: 'Крем', conditions: { item_contains: 'крем' } })
    ).body.segment;
    await receipt(url, bot, late, { names: ['Крем для рук'] }); // joins the segment after it was saved
    await shopperSays(url, bot, oleg, { text: '/stop' }); // opted out of mailings: skipped and counted

    const sent = await bot.seller.api.post('/mailing/send', {
      project_id: bot.projectId,
      segment_id: segment.id,
      recipient_ids: [late], // ticked too: still one message
      message: 'Новый крем уже в продаже',
    });
    expect(sent.status, sent.text).toBe(200);
    // Over one batch (2 in tests): answered with the first batch written, the rest written by the job.
    expect(sent.body).toMatchObject({ status: 'sending', preparing: true, sent: 0, project_id: bot.projectId });
    expect(await writtenMailing(bot, sent.body.id)).toMatchObject({ total: 3, opted_out: 1 });
    // Every shopper of the segment once, as the live count says.
    expect(await recipientsOf(sent.body.id)).toEqual(sorted(ira, oleg, late));
    expect(await preview(bot, { item_contains: 'крем' })).toBe(3);
    const receivers = await eventually(async () => {
      const said = (await telegramMessages(url, { bot_id: bot.botId })).filter((message) => message.text === 'Новый крем уже в продаже');
      return said.length >= 2 ? said : undefined;
    });
    expect(receivers.map((message) => String(message.chat_id)).sort()).toEqual(sorted(ira, late));

    // A segment of the seller's other action: its shoppers never started this bot.
    const second = await bot.seller.api.post('/projects', { name: 'Aurora 2', project_inns: WB_SELLER });
    const otherSegment = await bot.seller.api.post('/segments', { project_id: second.body.project_id, name: 'Все', conditions: {} });
    const otherAction = await bot.seller.api.post('/mailing/send', {
      project_id: bot.projectId,
      segment_id: otherSegment.body.segment.id,
      message: 'Привет',
    });
    expect(otherAction.status).toBe(400);
    expect(otherAction.body.message).toBe(m.mailingOtherAction);

    const noAction = await bot.seller.api.post('/mailing/send', { segment_id: segment.id, bot_token: bot.token, message: 'Привет' });
    expect(noAction.status).toBe(400);
    expect(noAction.body.message).toBe(m.mailingNeedsProject);

    const nobody = await bot.seller.api.post('/segments', {
      project_id: bot.projectId,
      name: 'Никто',
      conditions: { total_min: 1_000_000 },
    });
    const empty = await bot.seller.api.post('/mailing/send', {
      project_id: bot.projectId,
      segment_id: nobody.body.segment.id,
      message: 'Привет',
    });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe(m.mailingEmpty);

    // One shopper: a batch not full, so the request writes all and nothing is left for the job.
    const one = await bot.seller.api.post('/segments', {
      project_id: bot.projectId,
      name: 'Вера',
      conditions: { item_contains: 'шампунь' },
    });
    const small = await bot.seller.api.post('/mailing/send', {
      project_id: bot.projectId,
      segment_id: one.body.segment.id,
      message: 'Привет',
    });
    expect(small.body).toMatchObject({ total: 1, preparing: false });

    const neither = await bot.seller.api.post('/mailing/send', { project_id: bot.projectId, message: 'Привет' });
    expect(neither.status).toBe(400);
    expect(neither.body.message).toBe(messages.mailing.recipientsRequired);
    expect((await bot.seller.api.get('/mailing/history')).body.mailings).toHaveLength(2);
  });

  it('a mailing now to a segment of several batches is answered at once; the job writes the rest, a batch a transaction, each shopper once', async () => {
    const bot = await actionWithBot(url, {}, FUNDS);
    // Seven shoppers by their statistics rows: the request writes 2, the job 2 + 2 + 1.
    const shoppers = Array.from({ length: 7 }, newChatId);
    await backend.query!(
      `INSERT INTO buyer_stats (user_id, project_id, buyer_tg_id, successful_receipts, total_kopecks, last_receipt_at)
       SELECT $1, $2, tg, 1, 100000, now() - interval '1 day' FROM unnest($3::text[]) AS tg`,
      [bot.seller.id, bot.projectId, shoppers],
    );
    const segment = (await bot.seller.api.post('/segments', { project_id: bot.projectId, name: 'Все', conditions: {} })).body.segment;
    expect(segment.count).toBe(7);
    const sent = await bot.seller.api.post('/mailing/send', { project_id: bot.projectId, segment_id: segment.id, message: 'Всем' });
    expect(sent.status, sent.text).toBe(200);
    expect(sent.body).toMatchObject({ preparing: true, total: 2, sent: 0 });
    expect(await writtenMailing(bot, sent.body.id)).toMatchObject({ total: 7, preparing: false });
    expect(await recipientsOf(sent.body.id)).toEqual(sorted(...shoppers));
    // The audit log does not guess the count while the job writes it.
    const logged = await backend.query!<{ after: { recipients: number | null; segmentId: number } }>(
      `SELECT after FROM audit_log WHERE seller_id = $1 AND action = 'mailing.send'`,
      [bot.seller.id],
    );
    expect(logged.map((row) => row.after)).toMatchObject([{ recipients: null, segmentId: segment.id }]);
  });
});
