import { describe, expect, it } from 'vitest';
import { formatPoints } from '../../src/contract/format.js';
import { BILLING_DEFAULTS } from '../../src/contract/billing.js';
import { fillMessage, messages } from '../../src/contract/messages.js';
import { BUYER_LEDGER_PAGE, POINTS_KIND_LABELS } from '../../src/contract/points.js';
import { signInitData } from '../../src/server/integrations/telegram/web-app-init-data.js';
import { ApiClient, type Seller } from '../support/api-client.js';
import { backends } from '../support/backends.js';
import { actionWithBot, shopperSays, type BotAction } from '../support/bot.js';
import { createFundedSeller } from '../support/operator.js';
import { freshReceipt, registerReceipt } from '../support/receipts.js';
import { eventually, newChatId, telegramMessages } from '../support/telegram.js';

const m = messages.points;
/** The Wildberries fixture earns 178 points at 10 % (1 780 ₽ counted). */
const RECEIPT_POINTS = 178;
const FUNDS = BILLING_DEFAULTS.project_subscription_price + 50 * BILLING_DEFAULTS.receipt_price_tier1;
const DAY_MS = 86_400_000;

const cardPath = (tgId: string, projectId: number | string) => `/buyers/${tgId}?project_id=${projectId}`;
const card = async (seller: Seller, tgId: string, projectId: number) => (await seller.api.get(cardPath(tgId, projectId))).body;
const adjust = (seller: Seller, tgId: string, body: Record<string, unknown>, headers?: Record<string, string>) =>
  seller.api.post(`/buyers/${tgId}/points`, body, { headers });

async function check(url: string, seller: Seller, projectId: number, buyer: string) {
  const qrurl = await registerReceipt(url, freshReceipt('wb-aurora-cosmetics'));
  const answer = await seller.api.post('/check', { qrurl, project_id: projectId, user_id_tg: buyer });
  if (!answer.body.success) throw new Error(answer.text);
}

/** A shopper who wrote to the action's bot (so it may write back and knows their name) and had `receipts` checked. */
async function shopperOf(url: string, bot: BotAction, receipts: number): Promise<string> {
  const chat = newChatId();
  await shopperSays(url, bot, chat, { text: '/start' });
  for (let i = 0; i < receipts; i++) await check(url, bot.seller, bot.projectId, chat);
  return chat;
}

const ledgerRows = async (seller: Seller, tgId: string, projectId: number) =>
  ((await card(seller, tgId, projectId)).ledger as { delta: number; kind: string; reason: string }[]).map(({ delta, kind, reason }) => ({
    delta,
    kind,
    reason,
  }));

describe.each(backends())('the buyer card on $name', (backend) => {
  const url = backend.url;

  it('shows the name, level, points with the nearest expiry, every ledger row, receipts, orders and promo codes', async () => {
    const bot = await actionWithBot(
      url,
      {
        points_lifetime_days: 30,
        levels: [
          { name: 'Новичок', min_sum: 0, points_percentage: 10 },
          { name: 'Серебро', min_sum: 3000, points_percentage: 15 },
        ],
      },
      FUNDS,
    );
    await bot.seller.api.post(`/projects/${bot.projectId}/promo-codes`, { codes: ['GIFT-1'] });
    await bot.seller.api.request('PUT', `/projects/${bot.projectId}/promo-codes/settings`, { body: { rule: 'first' } });
    const chat = await shopperOf(url, bot, 2);
    // An exchange in the action's shop: signed by the action's bot, as the Mini App opened from it is.
    const { settings } = (await bot.seller.api.get(`/shop/settings?project_id=${bot.projectId}`)).body;
    const product = await bot.seller.api.post('/shop/products', { project_id: bot.projectId, title: 'Кружка', price_points: 50 });
    const bought = await new ApiClient(url).post(
      `/public/shop/${settings.token}/purchase`,
      { product_id: product.body.product.id, buyer_tg_id: chat },
      { headers: { 'x-telegram-init-data': signInitData({ id: Number(chat), first_name: 'Ира' }, bot.token, new Date()) } },
    );
    expect(bought.status).toBe(200);

    const answer = await bot.seller.api.get(cardPath(chat, bot.projectId));
    expect(answer.status).toBe(200);
    const body = answer.body;
    // Two receipts of about 1 780 ₽ lift the shopper to «Серебро» (from 3 000 ₽); the second still earned at the level held before it.
    const secondPoints = body.receipts[0].points_awarded;
    expect(body).toMatchObject({
      tg_id: chat,
      project_id: bot.projectId,
      project_name: 'Aurora',
      name: 'Ира',
      username: 'ira_buyer',
      level: { name: 'Серебро', min_sum: 3000, points_percentage: 15 },
      successful_receipts: 2,
      points: RECEIPT_POINTS + secondPoints - 50,
    });
    expect(
      body.ledger.map((row: { kind: string; delta: number; balance_after: number }) => [row.kind, row.delta, row.balance_after]),
    ).toEqual([
      ['order', -50, RECEIPT_POINTS + secondPoints - 50],
      ['receipt', secondPoints, RECEIPT_POINTS + secondPoints],
      ['receipt', RECEIPT_POINTS, RECEIPT_POINTS],
    ]);
    expect(body.ledger[2]).toMatchObject({
      kind_label: POINTS_KIND_LABELS.receipt,
      actor: 'shopper',
      reason: `Чек №${body.receipts[1].id}`,
    });
    expect(new Date(body.ledger[2].expires_at).getTime() - new Date(body.ledger[2].created_at).getTime()).toBe(30 * DAY_MS);
    // Both receipts' points expire on the same day (Moscow time); the exchange took 50 of the first.
    expect(body.nearest_expiry).toEqual({ points: RECEIPT_POINTS + secondPoints - 50, expires_at: body.ledger[1].expires_at });
    expect(body.receipts).toHaveLength(2);
    expect(body.receipts[0]).toMatchObject({ status: 'success', status_label: 'Успешно', total: expect.any(Number) });
    expect(body.orders).toEqual([
      {
        id: bought.body.order.id,
        title: 'Кружка',
        price_points: 50,
        status: 'pending',
        status_label: 'Ждёт подтверждения',
        created_at: expect.any(String),
      },
    ]);
    expect(body.promo_codes).toEqual([{ code: 'GIFT-1', receipt_id: body.receipts[1].id, issued_at: expect.any(String) }]);

    // The Buyers list of the action shows the same level, points and nearest expiry; over every action, none.
    const listed = (await bot.seller.api.get(`/buyers?project_id=${bot.projectId}`)).body.buyers[0];
    expect(listed).toMatchObject({ buyer_id: chat, level: body.level, points: body.points, nearest_expiry: body.nearest_expiry });
    const everywhere = (await bot.seller.api.get('/buyers')).body.buyers[0];
    expect(everywhere).toMatchObject({ buyer_id: chat, first_name: 'Ира', level: null, points: null, nearest_expiry: null });
  });

  it('the ledger comes a page at a time, and the balances after each row are the sums of the whole ledger up to it, through held, released, spent, expired and cancelled movements', async () => {
    const seller = await createFundedSeller(url, BILLING_DEFAULTS.project_subscription_price);
    const created = await seller.api.post('/projects', { name: 'Журнал', project_inns: '072196655529' });
    expect(created.status).toBe(201);
    const projectId = created.body.project_id as number;
    const tg = '880001';
    // [kind, available points moved, held points moved], oldest first, as the flows write them.
    const moves: [string, number, number][] = [
      ['receipt', 0, 120], // a credit held for the return window
      ['receipt', 200, 0],
      ['release', 120, -120], // the hold released
      ['order', -50, 0], // spent in the shop
      ['receipt', 0, 80],
      ['cancel', 0, -80], // the held receipt cancelled
      ['receipt', 90, 0],
      ['cancel', -90, 0], // a released receipt cancelled
      ['expiry', -30, 0],
      ['manual', 15, 0],
    ];
    // Eleven rounds of them: 110 rows, over two full pages and a part.
    const rounds = Array.from({ length: 11 }, () => moves).flat();
    const query = backend.query!;
    await query(
      `INSERT INTO points_ledger (project_id, buyer_tg_id, delta, held_delta, kind, actor, reason, reference)
       SELECT $1::int, $2, move.delta, move.held, move.kind, 'system', 'Движение', 'card-balances:' || $1::int || ':' || move.n
         FROM unnest($3::int[], $4::int[], $5::text[]) WITH ORDINALITY AS move(delta, held, kind, n) ORDER BY move.n`,
      [projectId, tg, rounds.map(([, delta]) => delta), rounds.map(([, , held]) => held), rounds.map(([kind]) => kind)],
    );
    const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
    await query('INSERT INTO buyer_points (project_id, buyer_tg_id, balance, held) VALUES ($1, $2, $3, $4)', [
      projectId,
      tg,
      sum(rounds.map(([, delta]) => delta)),
      sum(rounds.map(([, , held]) => held)),
    ]);

    // The whole ledger's running sums, oldest row first, as the card showed them before it read only its page.
    const full = await query<{ id: string; balance_after: string; held_after: string }>(
      `SELECT id, sum(delta) OVER (ORDER BY id) AS balance_after, sum(held_delta) OVER (ORDER BY id) AS held_after
         FROM points_ledger WHERE project_id = $1 AND buyer_tg_id = $2 ORDER BY id DESC`,
      [projectId, tg],
    );
    const body = await card(seller, tg, projectId);
    expect(body.ledger).toHaveLength(BUYER_LEDGER_PAGE);
    type Row = { id: number; kind: string; balance_after: number; held_after: number };
    const shown: Row[] = [...body.ledger];
    const pageSizes = [body.ledger.length];
    // «Показать ещё»: each page from the last one's cursor, until there is none.
    for (let before = body.ledger_next_before; before !== null;) {
      const page = await seller.api.get(`/buyers/${tg}/ledger?project_id=${projectId}&before=${before}`);
      expect(page.status).toBe(200);
      shown.push(...page.body.ledger);
      pageSizes.push(page.body.ledger.length);
      before = page.body.next_before;
    }
    expect(pageSizes).toEqual([BUYER_LEDGER_PAGE, BUYER_LEDGER_PAGE, 10]);
    expect(shown.map((row) => [row.id, row.balance_after, row.held_after])).toEqual(
      full.map((row) => [Number(row.id), Number(row.balance_after), Number(row.held_after)]),
    );
    expect(shown.map((row) => row.kind)).toEqual(rounds.map(([kind]) => kind).reverse());
    expect(body).toMatchObject({ points: 255 * 11, held_points: 0 });
    // Without a cursor the ledger's route answers the card's first page.
    const first = await seller.api.get(`/buyers/${tg}/ledger?project_id=${projectId}`);
    expect(first.body).toEqual({ ledger: body.ledger, next_before: body.ledger_next_before });
  });

  it('a credit is written with the seller’s reason and the action’s lifetime, and the shopper hears it from the bot', async () => {
    const bot = await actionWithBot(url, { points_lifetime_days: 10 }, FUNDS);
    const chat = await shopperOf(url, bot, 1);
    const before = Date.now();
    const credited = await adjust(bot.seller, chat, { project_id: bot.projectId, delta: 25, reason: ' Компенсация за задержку ' });
    expect(credited.status).toBe(200);
    expect(credited.body).toEqual({
      message: fillMessage(m.adjustedCredit, { points: 25, balance: RECEIPT_POINTS + 25 }),
      points: RECEIPT_POINTS + 25,
    });

    const [row] = (await card(bot.seller, chat, bot.projectId)).ledger;
    expect(row).toMatchObject({ delta: 25, kind: 'manual', kind_label: m.kindManual, actor: 'seller', reason: 'Компенсация за задержку' });
    expect(new Date(row.expires_at).getTime()).toBeGreaterThanOrEqual(before + 10 * DAY_MS - 1000);
    expect(new Date(row.expires_at).getTime()).toBeLessThanOrEqual(Date.now() + 10 * DAY_MS);

    const text = fillMessage(m.manualCredited, {
      points: '25 баллов',
      name: 'Aurora',
      reason: 'Компенсация за задержку',
      balance: formatPoints(RECEIPT_POINTS + 25),
    });
    const told = await eventually(
      async () => {
        const sent = await telegramMessages(url, { bot_id: bot.botId, chat_id: chat });
        return sent.find((message) => message.text === text);
      },
      30_000,
      'the bot to tell the shopper',
    );
    expect(told.method).toBe('sendMessage');
  });

  it('a deduction takes the soonest-expiring points first, and the shopper is told', async () => {
    const bot = await actionWithBot(url, { points_lifetime_days: 30 }, FUNDS);
    const chat = await shopperOf(url, bot, 1);
    // A credit that expires sooner than the receipt's points (the lifetime is shorter now).
    expect((await bot.seller.api.request('PUT', `/projects/${bot.projectId}`, { body: { points_lifetime_days: 5 } })).status).toBe(200);
    await adjust(bot.seller, chat, { project_id: bot.projectId, delta: 40, reason: 'Бонус' });
    expect((await card(bot.seller, chat, bot.projectId)).nearest_expiry.points).toBe(40);

    const debited = await adjust(bot.seller, chat, { project_id: bot.projectId, delta: -60, reason: 'Ошибочное начисление' });
    expect(debited.status).toBe(200);
    expect(debited.body).toEqual({
      message: fillMessage(m.adjustedDebit, { points: 60, balance: RECEIPT_POINTS - 20 }),
      points: RECEIPT_POINTS - 20,
    });
    const after = await card(bot.seller, chat, bot.projectId);
    // The 5-day credit is spent whole; the rest came from the receipt's 30-day points.
    expect(after.nearest_expiry).toEqual({ points: RECEIPT_POINTS - 20, expires_at: after.ledger.at(-1).expires_at });
    expect(after.ledger[0]).toMatchObject({ delta: -60, kind: 'manual', expires_at: null, balance_after: RECEIPT_POINTS - 20 });

    const text = fillMessage(m.manualDebited, {
      points: '60 баллов',
      name: 'Aurora',
      reason: 'Ошибочное начисление',
      balance: formatPoints(RECEIPT_POINTS - 20),
    });
    await eventually(
      async () => {
        const sent = await telegramMessages(url, { bot_id: bot.botId, chat_id: chat });
        return sent.find((message) => message.text === text);
      },
      30_000,
      'the bot to tell the shopper',
    );
  });

  it('a deduction below zero is refused with the balance it met, and nothing is written', async () => {
    const bot = await actionWithBot(url, {}, FUNDS);
    const chat = await shopperOf(url, bot, 1);
    const refused = await adjust(bot.seller, chat, { project_id: bot.projectId, delta: -(RECEIPT_POINTS + 1), reason: 'Списание' });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      message: fillMessage(m.adjustBelowZero, { points: formatPoints(RECEIPT_POINTS + 1), balance: formatPoints(RECEIPT_POINTS) }),
    });
    const after = await card(bot.seller, chat, bot.projectId);
    expect(after.points).toBe(RECEIPT_POINTS);
    expect(after.ledger).toHaveLength(1);
    // All of it may go: the balance reaches exactly zero.
    const all = await adjust(bot.seller, chat, { project_id: bot.projectId, delta: -RECEIPT_POINTS, reason: 'Списание' });
    expect(all.body.points).toBe(0);
  });

  it('the same Idempotency-Key moves the points once, even for two requests at once; another adjustment under it is refused', async () => {
    const bot = await actionWithBot(url, {}, FUNDS);
    const chat = await shopperOf(url, bot, 1);
    const body = { project_id: bot.projectId, delta: 7, reason: 'Двойной клик' };
    const headers = { 'idempotency-key': 'click-0001' };
    const answers = await Promise.all([adjust(bot.seller, chat, body, headers), adjust(bot.seller, chat, body, headers)]);
    const again = await adjust(bot.seller, chat, body, headers);
    for (const answer of [...answers, again]) {
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({
        message: fillMessage(m.adjustedCredit, { points: 7, balance: RECEIPT_POINTS + 7 }),
        points: RECEIPT_POINTS + 7,
      });
    }
    const other = await adjust(bot.seller, chat, { ...body, delta: 8 }, headers);
    expect(other.status).toBe(409);
    expect(other.body).toEqual({ message: m.idempotencyKeyReused });
    expect(await ledgerRows(bot.seller, chat, bot.projectId)).toEqual([
      { delta: 7, kind: 'manual', reason: 'Двойной клик' },
      { delta: RECEIPT_POINTS, kind: 'receipt', reason: expect.any(String) },
    ]);
    // Without a key, each request is its own adjustment.
    await adjust(bot.seller, chat, body);
    await adjust(bot.seller, chat, body);
    expect((await card(bot.seller, chat, bot.projectId)).points).toBe(RECEIPT_POINTS + 21);
  });

  it('refuses every bad input with a Russian message and writes nothing', async () => {
    const bot = await actionWithBot(url, {}, FUNDS);
    const chat = await shopperOf(url, bot, 1);
    const good = { project_id: bot.projectId, delta: 10, reason: 'Причина' };
    const refusals: [string, Record<string, unknown>, number, string][] = [
      [chat, { ...good, delta: 0 }, 400, m.adjustDeltaInvalid],
      [chat, { ...good, delta: 1.5 }, 400, m.adjustDeltaInvalid],
      [chat, { ...good, delta: 'десять' }, 400, m.adjustDeltaInvalid],
      [chat, { ...good, delta: 1_000_001 }, 400, m.adjustDeltaInvalid],
      [chat, { ...good, delta: -1_000_001 }, 400, m.adjustDeltaInvalid],
      [chat, { ...good, delta: undefined }, 400, m.adjustDeltaInvalid],
      [chat, { ...good, reason: '' }, 400, m.adjustReasonRequired],
      [chat, { ...good, reason: '   ' }, 400, m.adjustReasonRequired],
      [chat, { ...good, reason: 'я'.repeat(201) }, 400, m.adjustReasonRequired],
      [chat, { ...good, reason: undefined }, 400, m.adjustReasonRequired],
      [chat, { ...good, project_id: undefined }, 400, m.projectRequired],
      [chat, { ...good, project_id: 'abc' }, 400, m.projectRequired],
      [chat, { ...good, project_id: 2_147_483_648 }, 400, messages.actions.notFound],
      ['12ab', good, 400, m.tgIdInvalid],
      ['-5', good, 400, m.tgIdInvalid],
      [newChatId(), good, 404, m.buyerNotFound],
    ];
    for (const [tgId, body, status, message] of refusals) {
      const answer = await adjust(bot.seller, tgId, body);
      expect({ tgId, body, status: answer.status, answer: answer.body }).toEqual({ tgId, body, status, answer: { message } });
    }
    const badKey = await adjust(bot.seller, chat, good, { 'idempotency-key': 'k'.repeat(101) });
    expect(badKey.status).toBe(400);
    expect(badKey.body).toEqual({ message: m.idempotencyKeyInvalid });

    for (const [path, message] of [
      [`/buyers/${chat}`, m.projectRequired],
      [cardPath(chat, ''), m.projectRequired],
      [cardPath('abc', bot.projectId), m.tgIdInvalid],
      [cardPath(chat, 0), messages.actions.notFound],
      [`/buyers/${chat}/ledger?before=5`, m.projectRequired],
      [`/buyers/abc/ledger?project_id=${bot.projectId}`, m.tgIdInvalid],
      ...['0', '-1', '1.5', 'abc', '', '9223372036854775808'].map(
        (before) => [`/buyers/${chat}/ledger?project_id=${bot.projectId}&before=${before}`, m.ledgerCursorInvalid] as const,
      ),
    ] as const) {
      const answer = await bot.seller.api.get(path);
      expect({ path, status: answer.status, body: answer.body }).toEqual({ path, status: 400, body: { message } });
    }
    for (const path of [cardPath(newChatId(), bot.projectId), `/buyers/${newChatId()}/ledger?project_id=${bot.projectId}`]) {
      const stranger = await bot.seller.api.get(path);
      expect({ path, status: stranger.status, body: stranger.body }).toEqual({ path, status: 404, body: { message: m.buyerNotFound } });
    }

    expect(await ledgerRows(bot.seller, chat, bot.projectId)).toEqual([
      { delta: RECEIPT_POINTS, kind: 'receipt', reason: expect.any(String) },
    ]);
  });

  it('another seller’s buyer and action are not found, and nothing of them changes', async () => {
    const bot = await actionWithBot(url, {}, FUNDS);
    const chat = await shopperOf(url, bot, 1);
    const stranger = await createFundedSeller(url, FUNDS);
    const own = (await stranger.api.post('/projects', { name: 'Чужая', project_inns: '072196655529' })).body.project_id as number;
    const notFound = { message: messages.actions.notFound };
    for (const answer of [
      await stranger.api.get(cardPath(chat, bot.projectId)),
      await stranger.api.get(`/buyers/${chat}/ledger?project_id=${bot.projectId}`),
      await adjust(stranger, chat, { project_id: bot.projectId, delta: 10, reason: 'Чужое' }),
      await adjust(stranger, chat, { project_id: bot.projectId, delta: -10, reason: 'Чужое' }),
    ]) {
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual(notFound);
    }
    // The stranger's own action never met this shopper.
    for (const answer of [
      await stranger.api.get(cardPath(chat, own)),
      await adjust(stranger, chat, { project_id: own, delta: 10, reason: 'Чужое' }),
    ]) {
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual({ message: m.buyerNotFound });
    }
    expect((await stranger.api.get(`/buyers/${chat}?project_id=${bot.projectId}&user_id=${bot.seller.id}`)).status).toBe(403);
    expect((await stranger.api.get(`/buyers/${chat}/ledger?project_id=${bot.projectId}&user_id=${bot.seller.id}`)).status).toBe(403);
    expect((await bot.seller.api.get(cardPath(chat, bot.projectId), { token: null })).status).toBe(401);
    expect(await ledgerRows(bot.seller, chat, bot.projectId)).toEqual([
      { delta: RECEIPT_POINTS, kind: 'receipt', reason: expect.any(String) },
    ]);

    // A deleted action's cards stay readable; its points no longer move.
    await bot.seller.api.request('DELETE', `/projects/${bot.projectId}`);
    expect((await bot.seller.api.get(cardPath(chat, bot.projectId))).status).toBe(200);
    const late = await adjust(bot.seller, chat, { project_id: bot.projectId, delta: 10, reason: 'Поздно' });
    expect(late.status).toBe(404);
    expect(late.body).toEqual(notFound);
  });
});
