import { describe, expect, it } from 'vitest';
import { BILLING_DEFAULTS } from '../../src/contract/billing.js';
import { messages } from '../../src/contract/messages.js';
import type { Seller } from '../support/api-client.js';
import { backends } from '../support/backends.js';
import { WB_SELLER } from '../support/bot.js';
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
