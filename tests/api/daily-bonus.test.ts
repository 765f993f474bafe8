import { afterEach, describe, expect, it } from 'vitest';
import { formatPoints } from '../../src/contract/format.js';
import { fillMessage, messages } from '../../src/contract/messages.js';
import { addDays, moscowDay } from '../../src/server/modules/analytics/period.js';
import { backends } from '../support/backends.js';
import { actionWithBot, initDataOf, shopperActs, shopperSays, type BotAction } from '../support/bot.js';
import { advance, clockCall } from '../support/clock.js';
import { createFundedSeller, verifyData } from '../support/operator.js';
import { freshReceipt, registerReceipt } from '../support/receipts.js';
import { ApiClient } from '../support/api-client.js';
import { eventually, newChatId, telegramMessages } from '../support/telegram.js';

const m = messages.dailyBonus;
const BUTTON = messages.botFeatures.nameDailyBonus;
const DAY = 24 * 60 * 60;

async function serverNow(url: string): Promise<Date> {
  return new Date((await clockCall(url, 'GET')).body.now);
}

async function bonusAction(url: string, range: { min_points: number; max_points: number }): Promise<BotAction> {
  const bot = await actionWithBot(url);
  const saved = await bot.seller.api.request('PUT', `/projects/${bot.projectId}/features`, {
    body: { daily_bonus: { enabled: true, ...range } },
  });
  expect(saved.status, saved.text).toBe(200);
  return bot;
}

/** A shopper with one successful receipt (178 points), who has the menu open. */
async function buyer(url: string, bot: BotAction): Promise<string> {
  const chat = newChatId();
  const [checked] = await shopperSays(url, bot, chat, { text: await registerReceipt(url, freshReceipt('wb-aurora-cosmetics')) });
  expect(checked!.text).toContain('Начислено баллов: 178.');
  await shopperSays(url, bot, chat, { text: '/menu' });
  return chat;
}

/** 'DD.MM' of the Moscow day after the server's now. */
async function tomorrow(url: string): Promise<string> {
  const day = addDays(moscowDay(await serverNow(url)), 1);
  return `${day.slice(8, 10)}.${day.slice(5, 7)}`;
}

async function bonusPoints(bot: BotAction, chat: string): Promise<number[]> {
  const card = await bot.seller.api.get(`/buyers/${chat}?project_id=${bot.projectId}`);
  expect(card.status).toBe(200);
  return (card.body.ledger as { kind: string; delta: number }[]).filter((row) => row.kind === 'daily_bonus').map((row) => row.delta);
}

describe.each(backends())('the daily bonus on $name', (backend) => {
  const url = backend.url;
  afterEach(async () => {
    expect((await clockCall(url, 'DELETE')).status).toBe(200);
  });

  it('pays a buyer once a Moscow day within the range; a second press is told when to come back', { timeout: 90_000 }, async () => {
    const bot = await bonusAction(url, { min_points: 5, max_points: 7 });
    const chat = await buyer(url, bot);
    const next = fillMessage(m.nextBonus, { date: await tomorrow(url) });
    const [paid] = await shopperSays(url, bot, chat, { press: BUTTON });
    const [points] = await bonusPoints(bot, chat);
    expect(points).toBeGreaterThanOrEqual(5);
    expect(points).toBeLessThanOrEqual(7);
    expect(paid!.text).toBe(
      [fillMessage(m.granted, { points: formatPoints(points!), balance: formatPoints(178 + points!) }), next].join('\n'),
    );

    const [again] = await shopperSays(url, bot, chat, { press: BUTTON });
    expect(again!.text).toBe([fillMessage(m.alreadyTaken, { points: formatPoints(points!) }), next].join('\n'));
    expect(again!.text).toMatch(/^.+\nСледующий бонус — завтра, \d\d\.\d\d\.$/);
    expect(await bonusPoints(bot, chat)).toEqual([points]);

    // The next Moscow day: another bonus.
    await advance(url, DAY);
    await shopperSays(url, bot, chat, { press: BUTTON });
    expect(await bonusPoints(bot, chat)).toHaveLength(2);

    const results = await bot.seller.api.get(`/projects/${bot.projectId}/features/daily_bonus/results`);
    expect(results.status).toBe(200);
    expect(results.body.today).toBe(moscowDay(await serverNow(url)));
    expect(results.body.today_totals.shoppers).toBe(1);
    expect(results.body.claims[0]).toMatchObject({ buyer_tg_id: chat, name: 'Ира' });
    expect((await verifyData(url)).violations).toEqual([]);
  });

  it('respects the range: a range of one value always pays it', async () => {
    const bot = await bonusAction(url, { min_points: 3, max_points: 3 });
    const chats = [await buyer(url, bot), await buyer(url, bot)];
    for (const chat of chats) await shopperSays(url, bot, chat, { press: BUTTON });
    for (const chat of chats) expect(await bonusPoints(bot, chat)).toEqual([3]);
    const results = await bot.seller.api.get(`/projects/${bot.projectId}/features/daily_bonus/results`);
    expect(results.body.today_totals).toEqual({ shoppers: 2, points: 6 });
    expect(results.body.month_totals).toEqual({ shoppers: 2, points: 6 });
  });

  it('refuses a shopper without a successful receipt on the action, paying nothing', async () => {
    const bot = await bonusAction(url, { min_points: 1, max_points: 10 });
    const chat = newChatId();
    await shopperSays(url, bot, chat, { text: '/menu' });
    const [refused] = await shopperSays(url, bot, chat, { press: BUTTON });
    expect(refused!.text).toBe(fillMessage(m.noReceipt, { name: 'Aurora' }));
    const card = await bot.seller.api.get(`/buyers/${chat}?project_id=${bot.projectId}`);
    expect(card.status).toBe(404);
  });

  it('a shopper the seller blocked is told so by the bonus and the receipt check and paid nothing; unblocked, the bonus is paid', async () => {
    const bot = await bonusAction(url, { min_points: 4, max_points: 4 });
    const chat = await buyer(url, bot);
    const blocked = await bot.seller.api.post(`/buyers/${chat}/block`, { project_id: bot.projectId, reason: 'Подозрительные чеки' });
    expect(blocked.status, blocked.text).toBe(200);
    const [refused] = await shopperSays(url, bot, chat, { press: BUTTON });
    expect(refused!.text).toBe(messages.receipts.defaultBlocked);
    expect(await bonusPoints(bot, chat)).toEqual([]);
    // A receipt sent to the bot is answered with the block too.
    const [receipt] = await shopperSays(url, bot, chat, { text: await registerReceipt(url, freshReceipt('wb-aurora-cosmetics')) });
    expect(receipt!.text).toBe(messages.receipts.defaultBlocked);

    await bot.seller.api.post(`/buyers/${chat}/unblock`, { project_id: bot.projectId });
    await shopperSays(url, bot, chat, { press: BUTTON });
    expect(await bonusPoints(bot, chat)).toEqual([4]);
  });

  it('pays once when the same press arrives twice at once (a redelivered update, a second instance)', async () => {
    const bot = await bonusAction(url, { min_points: 1, max_points: 10 });
    const chat = await buyer(url, bot);
    const before = (await telegramMessages(url, { bot_id: bot.botId, chat_id: chat })).length;
    const presses = await Promise.all([1, 2].map(() => shopperActs(url, bot.botId, chat, { press: BUTTON })));
    expect(presses.map((press) => press.status)).toEqual([200, 200]);
    const answers = await eventually(async () => {
      const replies = (await telegramMessages(url, { bot_id: bot.botId, chat_id: chat })).slice(before);
      return replies.length >= 2 ? replies : undefined;
    });
    const [points] = await bonusPoints(bot, chat);
    expect(await bonusPoints(bot, chat)).toEqual([points]);
    expect(answers.map((answer) => answer.text).sort()).toEqual(
      [
        [
          fillMessage(m.granted, { points: formatPoints(points!), balance: formatPoints(178 + points!) }),
          fillMessage(m.nextBonus, { date: await tomorrow(url) }),
        ].join('\n'),
        [fillMessage(m.alreadyTaken, { points: formatPoints(points!) }), fillMessage(m.nextBonus, { date: await tomorrow(url) })].join(
          '\n',
        ),
      ].sort(),
    );
  });

  describe('the wheel of fortune', () => {
    const WHEEL = [
      { label: 'Промокод', promo_code: true, weight: 5 },
      { label: '30 баллов', points: 30, weight: 1 },
    ];

    /** The wheel's action with a shop, a buyer with a receipt, and the Mini App the bot's button opens for them. */
    async function wheelBuyer() {
      const bot = await actionWithBot(url);
      const shopToken = (await bot.seller.api.get(`/shop/settings?project_id=${bot.projectId}`)).body.settings.token as string;
      const saved = await bot.seller.api.request('PUT', `/projects/${bot.projectId}/features`, {
        body: { daily_bonus: { enabled: true, wheel: WHEEL } },
      });
      expect(saved.body.features.daily_bonus.wheel, saved.text).toEqual(WHEEL);
      const chat = await buyer(url, bot);
      const opened = await shopperActs(url, bot.botId, chat, { press: BUTTON });
      expect(opened.body.url, JSON.stringify(opened.body)).toContain(`/shop/${shopToken}?wheel=1`);
      const headers = { 'x-telegram-init-data': initDataOf(opened.body.url!) };
      const api = new ApiClient(url);
      return {
        bot,
        chat,
        wheel: () => api.get(`/public/shop/${shopToken}/wheel`, { headers }),
        spin: () => api.post(`/public/shop/${shopToken}/wheel/spin`, {}, { headers }),
      };
    }

    it('opens from the bot’s button; the server’s sector stays on reload, a second spin is refused, the next Moscow day spins again', async () => {
      // 23:58 Moscow time: the next spin is two minutes away.
      const now = await serverNow(url);
      const moscowMidnight = Date.parse(`${addDays(moscowDay(now), 1)}T00:00:00+03:00`);
      await advance(url, Math.round((moscowMidnight - now.getTime()) / 1000) - 120);
      const { bot, chat, wheel, spin } = await wheelBuyer();
      const next = fillMessage(m.nextBonus, { date: await tomorrow(url) });
      expect((await wheel()).body).toEqual({ sectors: [{ label: 'Промокод' }, { label: '30 баллов' }], spin: null, message: null });

      // The pool is empty: the promo-code sector is left out of the draw, the points sector pays.
      const first = await spin();
      expect(first.status, first.text).toBe(200);
      expect(first.body).toEqual({
        message: [fillMessage(m.wheelPoints, { label: '30 баллов', points: '30 баллов', balance: '208 баллов' }), next].join('\n'),
        spin: { sector: 1, label: '30 баллов', points: 30, promo_code: null },
        points: 208,
      });
      const already = [fillMessage(m.wheelAlreadySpun, { label: '30 баллов' }), next].join('\n');
      expect((await wheel()).body).toMatchObject({ spin: first.body.spin, message: already });
      const again = await spin();
      expect([again.status, again.body.message]).toEqual([409, already]);
      expect(await bonusPoints(bot, chat)).toEqual([30]);

      // Past Moscow midnight, with one code in the pool: a new day's spin, whatever sector the server draws.
      await bot.seller.api.post(`/projects/${bot.projectId}/promo-codes`, { codes: ['WHEEL-1'] });
      await advance(url, 180);
      const second = await spin();
      expect(second.status, second.text).toBe(200);
      const landed = second.body.spin as { sector: number; promo_code: string | null };
      expect((await wheel()).body.spin).toEqual(landed);
      if (landed.sector === 0) {
        expect(landed.promo_code).toBe('WHEEL-1');
        expect(await bonusPoints(bot, chat)).toEqual([30]);
        const pool = (await bot.seller.api.get(`/projects/${bot.projectId}/promo-codes`)).body;
        expect(pool.codes_issued).toEqual([expect.objectContaining({ code: 'WHEEL-1', buyer_tg: chat, receipt_id: null })]);
      } else {
        expect(await bonusPoints(bot, chat)).toEqual([30, 30]);
      }
      expect((await spin()).status).toBe(409);
      expect((await verifyData(url)).violations).toEqual([]);
    });

    it('refuses a wrong wheel by the sector’s number and keeps the saved settings; without a shop the bot spins it in words', async () => {
      const bot = await actionWithBot(url);
      const put = (wheel: unknown) =>
        bot.seller.api.request('PUT', `/projects/${bot.projectId}/features`, { body: { daily_bonus: { enabled: true, wheel } } });
      const sector = (fields: Record<string, unknown>) => ({ label: '10 баллов', points: 10, weight: 1, ...fields });
      const f = messages.botFeatures;
      const wrong = (n: number, problem: string) => fillMessage(f.wheelSectorInvalid, { n, problem });
      for (const [wheel, message] of [
        [[sector({})], f.wheelSectorsCount],
        [Array.from({ length: 13 }, () => sector({})), f.wheelSectorsCount],
        [[sector({}), sector({ label: ' ' })], wrong(2, f.wheelLabelInvalid)],
        [[sector({ weight: 0 }), sector({})], wrong(1, f.wheelWeightInvalid)],
        [[sector({}), sector({ weight: 2.5 })], wrong(2, f.wheelWeightInvalid)],
        [[sector({}), sector({ promo_code: true })], wrong(2, f.wheelPrizeInvalid)],
        [[sector({}), sector({ points: undefined })], wrong(2, f.wheelPrizeInvalid)],
        [[sector({ points: -5 }), sector({})], wrong(1, f.wheelPrizeInvalid)],
        [[sector({ points: undefined, promo_code: true }), sector({ points: undefined, promo_code: true })], f.wheelNeedsPoints],
        ['колесо', f.wheelSectorsCount],
      ] as const) {
        const answer = await put(wheel);
        expect([answer.status, answer.body.message], JSON.stringify(wheel)).toEqual([400, message]);
      }
      expect((await bot.seller.api.get(`/projects/${bot.projectId}/features`)).body.features.daily_bonus).toMatchObject({
        enabled: false,
        wheel: [],
      });

      // Without a shop to open the Mini App, the button stays a press: the bot tells where the wheel stopped.
      const saved = await put([sector({ label: '7 баллов', points: 7 }), sector({ label: 'Тоже 7', points: 7 })]);
      expect(saved.status, saved.text).toBe(200);
      const chat = await buyer(url, bot);
      const [spun] = await shopperSays(url, bot, chat, { press: BUTTON });
      expect(spun!.text).toMatch(/^Колесо остановилось на «(7 баллов|Тоже 7)»: \+7 баллов\. Теперь у вас 185 баллов\.\n/);
      const [again] = await shopperSays(url, bot, chat, { press: BUTTON });
      expect(again!.text).toMatch(/^Сегодня колесо уже остановилось на «(7 баллов|Тоже 7)»\.\n/);
      expect(await bonusPoints(bot, chat)).toEqual([7]);
    });
  });

  it('is not in the menu while off, and its results are the action owner’s only', async () => {
    const bot = await actionWithBot(url);
    const [menu] = await shopperSays(url, bot, newChatId(), { text: '/menu' });
    const buttons = ((menu!.reply_markup as { inline_keyboard: { text: string }[][] }).inline_keyboard ?? []).flat();
    expect(buttons.map((button) => button.text)).not.toContain(BUTTON);
    const stranger = await createFundedSeller(url, 0);
    const foreign = await stranger.api.get(`/projects/${bot.projectId}/features/daily_bonus/results`);
    expect(foreign.status).toBe(404);
  });
});
