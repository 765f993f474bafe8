import { describe, expect, it } from 'vitest';
import { BILLING_DEFAULTS } from '../../src/contract/billing.js';
import { messages } from '../../src/contract/messages.js';
import type { Seller } from '../support/api-client.js';
import { backends } from '../support/backends.js';
import { actionWithBot, shopperSays, WB_SELLER } from '../support/bot.js';
import { newChatId, type EmulatedMessage } from '../support/telegram.js';
import { createFundedSeller } from '../support/operator.js';

const m = messages.botFeatures;
const FUNDS = BILLING_DEFAULTS.project_subscription_price + 100;

const DEFAULTS = {
  referral: { enabled: false, referrer_points: 100, friend_points: 50, monthly_cap: 10 },
  birthday: { enabled: false, points: 100, min_days_known: 30 },
  daily_bonus: { enabled: false, min_points: 1, max_points: 10, wheel: [] },
  reviews: { enabled: false, points: 50 },
  photos: { enabled: false, points: 50 },
  support: { enabled: false },
  phone: { enabled: false },
};

async function sellerWithAction(url: string): Promise<{ seller: Seller; path: string }> {
  const seller = await createFundedSeller(url, FUNDS);
  const created = await seller.api.post('/projects', { name: 'Aurora', project_inns: WB_SELLER });
  if (created.status !== 201) throw new Error(created.text);
  return { seller, path: `/projects/${created.body.project_id}/features` };
}

const put = (seller: Seller, path: string, body: unknown) => seller.api.request('PUT', path, { body });

/** Each bad value, the section it is sent in, and the message it gets. */
const refusals: [string, Record<string, unknown>, string][] = [
  ['a switch that is not true or false', { referral: { enabled: 'да' } }, m.enabledInvalid],
  ['negative points', { reviews: { enabled: true, points: -5 } }, m.pointsInvalid],
  ['fractional points', { photos: { points: 2.5 } }, m.pointsInvalid],
  ['a switch that is not a boolean', { support: { enabled: 'yes' } }, m.enabledInvalid],
  ['points over a million', { referral: { referrer_points: 1_000_001 } }, m.pointsInvalid],
  ['points that are not a number', { birthday: { points: 'сто' } }, m.pointsInvalid],
  ['a monthly cap over 10 000', { referral: { monthly_cap: 10_001 } }, m.monthlyCapInvalid],
  ['a birthday notice over 366 days', { birthday: { min_days_known: 400 } }, m.minDaysKnownInvalid],
  ['a daily minimum above the maximum', { daily_bonus: { min_points: 20, max_points: 10 } }, m.dailyRangeInvalid],
  ['a section that is not an object', { reviews: 5 }, m.settingsInvalid],
  ['an unknown section', { quizzes: { enabled: true } }, m.settingsInvalid],
];

describe.each(backends())('the bot functions’ settings on $name', (backend) => {
  const url = backend.url;

  it('a new action has every function off, with its defaults', async () => {
    const { seller, path } = await sellerWithAction(url);
    const answer = await seller.api.get(path);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ features: DEFAULTS });
  });

  it('saving one section replaces it whole (missing fields take defaults) and keeps the others', async () => {
    const { seller, path } = await sellerWithAction(url);
    const referral = { enabled: true, referrer_points: 200, friend_points: 75, monthly_cap: 0 };
    expect((await put(seller, path, { referral, daily_bonus: { enabled: true, min_points: '5', max_points: 5 } })).body).toEqual({
      message: m.saved,
      features: { ...DEFAULTS, referral, daily_bonus: { enabled: true, min_points: 5, max_points: 5, wheel: [] } },
    });
    const saved = await put(seller, path, { reviews: { enabled: true } });
    expect(saved.status).toBe(200);
    const expected = {
      ...DEFAULTS,
      referral,
      daily_bonus: { enabled: true, min_points: 5, max_points: 5, wheel: [] },
      reviews: { enabled: true, points: 50 },
    };
    expect(saved.body.features).toEqual(expected);
    expect((await seller.api.get(path)).body).toEqual({ features: expected });
  });

  it.each(refusals)('refuses %s with its message, changing nothing', async (_what, body, message) => {
    const { seller, path } = await sellerWithAction(url);
    await put(seller, path, { referral: { enabled: true, referrer_points: 300 }, photos: { enabled: true, points: 20 } });
    const before = (await seller.api.get(path)).body;
    // A good section beside the bad one is not saved either.
    const answer = await put(seller, path, { birthday: { enabled: true }, ...body });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ message });
    expect((await seller.api.get(path)).body).toEqual(before);
  });

  it('the bot’s menu shows at most 8 buttons, the rest under «Ещё», in the order the seller sets', { timeout: 120_000 }, async () => {
    const bot = await actionWithBot(url);
    const path = `/projects/${bot.projectId}`;
    const on = { enabled: true };
    await put(bot.seller, `${path}/features`, { referral: on, birthday: on, daily_bonus: on, reviews: on, photos: on, support: on });
    for (const title of ['Опрос 1', 'Опрос 2', 'Опрос 3']) {
      const draft = await bot.seller.api.post('/surveys', {
        project_id: bot.projectId,
        title,
        kind: 'survey',
        points: 1,
        questions: [{ text: 'Да?', options: ['Да', 'Нет'] }],
      });
      await bot.seller.api.post(`/surveys/${draft.body.survey.id}/publish`);
    }
    const menu = await bot.seller.api.get(`${path}/bot-menu`);
    expect(menu.status).toBe(200);
    const entries = menu.body.entries as { key: string; text: string }[];
    expect(entries).toHaveLength(9);
    expect(entries.map((entry) => entry.text).slice(0, 6)).toEqual([
      m.nameReferral,
      m.nameBirthday,
      m.nameDailyBonus,
      messages.moderation.reviewButton,
      messages.moderation.photoButton,
      'Опрос 3',
    ]);

    const buttons = (reply: EmulatedMessage | undefined) =>
      ((reply?.reply_markup as { inline_keyboard?: { text: string }[][] })?.inline_keyboard ?? []).flat().map((b) => b.text);
    const chat = newChatId();
    const shown = buttons((await shopperSays(url, bot, chat, { text: '/menu' })).at(-1));
    expect(shown).toEqual([messages.bot.balanceButton, ...entries.slice(0, 6).map((entry) => entry.text), m.moreButton]);
    const more = (await shopperSays(url, bot, chat, { press: m.moreButton })).at(-1);
    expect(more?.text).toBe(m.moreIntro);
    expect(buttons(more)).toEqual(entries.slice(6).map((entry) => entry.text));

    // The seller moves support and a survey to the top; the rest keep their order after them.
    const order = [entries.find((entry) => entry.text === messages.support.button)!.key, entries[7]!.key];
    const saved = await put(bot.seller, `${path}/bot-menu`, { order });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.message).toBe(m.menuOrderSaved);
    const reordered = [
      entries.find((entry) => entry.key === order[0])!,
      entries[7]!,
      ...entries.filter((entry) => !order.includes(entry.key)),
    ];
    expect(saved.body.entries).toEqual(reordered);
    expect((await bot.seller.api.get(`${path}/bot-menu`)).body.entries).toEqual(reordered);
    expect(buttons((await shopperSays(url, bot, chat, { text: '/menu' })).at(-1)).slice(1, 4)).toEqual(
      reordered.slice(0, 3).map((entry) => entry.text),
    );

    for (const [body, message] of [
      [{ order: 'support:write' }, m.menuOrderInvalid],
      [{ order: [order[0], order[0]] }, m.menuOrderRepeat],
      [{ order: ['x'.repeat(65)] }, m.menuOrderInvalid],
      [{}, m.menuOrderInvalid],
    ] as const) {
      const refused = await put(bot.seller, `${path}/bot-menu`, body);
      expect([refused.status, refused.body.message]).toEqual([400, message]);
    }
    const stranger = await createFundedSeller(url, FUNDS);
    expect((await stranger.api.get(`${path}/bot-menu`)).status).toBe(404);
    expect((await put(stranger, `${path}/bot-menu`, { order: [] })).status).toBe(404);
    expect((await bot.seller.api.get(`${path}/bot-menu`)).body.entries).toEqual(reordered);
  });

  it('another seller’s action is not found, read or written', async () => {
    const { seller, path } = await sellerWithAction(url);
    const stranger = await createFundedSeller(url, FUNDS);
    expect((await stranger.api.get(path)).status).toBe(404);
    const written = await put(stranger, path, { referral: { enabled: true } });
    expect(written.status).toBe(404);
    expect(written.body).toEqual({ message: messages.actions.notFound });
    expect((await seller.api.get(path)).body).toEqual({ features: DEFAULTS });
  });
});
