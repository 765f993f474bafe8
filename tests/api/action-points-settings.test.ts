import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { BILLING_DEFAULTS } from '../../src/contract/billing.js';
import { EXPORT_HEADERS } from '../../src/contract/exports.js';
import { fillMessage, messages } from '../../src/contract/messages.js';
import { type Seller } from '../support/api-client.js';
import { backends } from '../support/backends.js';
import { createFundedSeller } from '../support/operator.js';
import { freshReceipt, registerReceipt } from '../support/receipts.js';

// The action's points settings (issue 28): lifetime, reminder, loyalty levels, repeat-purchase percent.

const PRICE = BILLING_DEFAULTS.project_subscription_price;
const m = messages.points;
const validAction = { name: 'Баллы с уровнями', project_inns: '7707083893' };
const twoLevels = [
  { name: 'Базовый', min_sum: 0, points_percentage: 10 },
  { name: 'Золотой', min_sum: 5000, points_percentage: 15 },
];
const balanceOf = async (seller: Seller) => (await seller.api.get('/profile')).body.user.balance as number;
const actionOf = async (seller: Seller, id: number) => (await seller.api.get(`/projects/${id}`)).body.project;
const WB_SELLER = '072196655529';
const nbsp = (text: string) => text.replace(/ %/g, '\u00a0%');
const level = (name: string, min_sum: number | string, points_percentage: number | string) => ({ name, min_sum, points_percentage });

/** Each bad value, with the message the seller reads; `body` is merged into a valid action. */
const refusals: [string, Record<string, unknown>, string][] = [
  ['a negative lifetime', { points_lifetime_days: -1 }, m.lifetimeRange],
  ['a lifetime over ten years', { points_lifetime_days: 3651 }, m.lifetimeRange],
  ['a fractional lifetime', { points_lifetime_days: 1.5 }, m.lifetimeRange],
  ['a lifetime in words', { points_lifetime_days: 'abc' }, m.lifetimeRange],
  ['a negative reminder', { expiry_reminder_days: -1 }, m.reminderRange],
  ['a reminder over a year', { expiry_reminder_days: 366 }, m.reminderRange],
  ['a fractional reminder', { expiry_reminder_days: 2.5 }, m.reminderRange],
  [
    'six levels',
    { levels: [0, 100, 200, 300, 400, 500].map((sum, i) => level(`Уровень ${i + 1}`, sum, i === 0 ? 10 : 10 + i)) },
    m.levelsTooMany,
  ],
  ['levels not a list', { levels: 'Золотой' }, m.levelsInvalid],
  ['a first level not from 0', { levels: [level('Базовый', 100, 10)] }, m.levelFirstFromZero],
  [
    'decreasing thresholds',
    { levels: [level('Базовый', 0, 10), level('Серебряный', 5000, 12), level('Золотой', 3000, 15)] },
    m.levelThresholdsIncrease,
  ],
  ['equal thresholds', { levels: [level('Базовый', 0, 10), level('Золотой', 0, 15)] }, m.levelThresholdsIncrease],
  ['a negative threshold', { levels: [level('Базовый', 0, 10), level('Золотой', -5, 15)] }, m.levelThresholdInvalid],
  ['a level percent over 100', { levels: [level('Базовый', 0, 10), level('Золотой', 5000, 101)] }, m.levelPercentRange],
  ['an empty level name', { levels: [level('Базовый', 0, 10), level('   ', 5000, 15)] }, m.levelNameInvalid],
  ['a level name over 40 characters', { levels: [level('Базовый', 0, 10), level('Я'.repeat(41), 5000, 15)] }, m.levelNameInvalid],
  ['repeated level names', { levels: [level('Золотой', 0, 10), level('золотой', 5000, 15)] }, m.levelNamesRepeat],
  [
    "a first level's percent other than the action's",
    { points_percentage: 10, levels: [level('Базовый', 0, 12), level('Золотой', 5000, 15)] },
    fillMessage(m.levelFirstPercent, { percent: 10 }),
  ],
  ['a repeat percent over 100', { repeat_points_percentage: 101 }, m.repeatPercentRange],
  ['a repeat percent in words', { repeat_points_percentage: 'x' }, m.repeatPercentRange],
];

describe.each(backends())('the action’s points settings on $name', (backend) => {
  it('an action created without them never expires points, reminds 7 days before, has no levels and no repeat percent', async () => {
    const seller = await createFundedSeller(backend.url, PRICE);
    const id = (await seller.api.post('/projects', validAction)).body.project_id as number;
    expect(await actionOf(seller, id)).toMatchObject({
      points_lifetime_days: 0,
      expiry_reminder_days: 7,
      levels: [],
      repeat_points_percentage: null,
    });
  });

  it('keeps the four fields it is created with, and GET and the list answer them', async () => {
    const seller = await createFundedSeller(backend.url, PRICE);
    const created = await seller.api.post('/projects', {
      ...validAction,
      points_percentage: 10,
      points_lifetime_days: '365',
      expiry_reminder_days: 14,
      levels: [level(' Базовый ', 0, 10), level('Золотой', '5000.50', '15.5')],
      repeat_points_percentage: '7',
    });
    expect(created.status).toBe(201);
    const expected = {
      points_lifetime_days: 365,
      expiry_reminder_days: 14,
      levels: [level('Базовый', 0, 10), level('Золотой', 5000.5, 15.5)],
      repeat_points_percentage: 7,
    };
    expect(await actionOf(seller, created.body.project_id)).toMatchObject(expected);
    expect((await seller.api.get('/projects')).body.projects[0]).toMatchObject(expected);
  });

  it('an empty repeat percent means "as the level"', async () => {
    const seller = await createFundedSeller(backend.url, PRICE);
    const id = (await seller.api.post('/projects', { ...validAction, repeat_points_percentage: '' })).body.project_id as number;
    expect((await actionOf(seller, id)).repeat_points_percentage).toBeNull();
  });

  it('updates the four fields, keeps them when a PUT leaves them out, and clears the repeat percent and levels', async () => {
    const seller = await createFundedSeller(backend.url, PRICE);
    const id = (await seller.api.post('/projects', validAction)).body.project_id as number;
    const saved = await seller.api.request('PUT', `/projects/${id}`, {
      body: { points_lifetime_days: 90, expiry_reminder_days: 0, levels: twoLevels, repeat_points_percentage: 12 },
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ message: messages.actions.updated });
    const changed = { points_lifetime_days: 90, expiry_reminder_days: 0, levels: twoLevels, repeat_points_percentage: 12 };
    expect(await actionOf(seller, id)).toMatchObject(changed);

    await seller.api.request('PUT', `/projects/${id}`, { body: { name: 'Другое имя' } });
    expect(await actionOf(seller, id)).toMatchObject({ name: 'Другое имя', ...changed });

    await seller.api.request('PUT', `/projects/${id}`, { body: { points_lifetime_days: 0, levels: [], repeat_points_percentage: '' } });
    expect(await actionOf(seller, id)).toMatchObject({ points_lifetime_days: 0, levels: [], repeat_points_percentage: null });
  });

  it("a PUT changing only the action's percent moves the first level's percent with it", async () => {
    const seller = await createFundedSeller(backend.url, PRICE);
    const id = (await seller.api.post('/projects', { ...validAction, points_percentage: 10, levels: twoLevels })).body.project_id as number;
    const saved = await seller.api.request('PUT', `/projects/${id}`, { body: { points_percentage: 8 } });
    expect(saved.status).toBe(200);
    expect((await actionOf(seller, id)).levels).toEqual([level('Базовый', 0, 8), level('Золотой', 5000, 15)]);
  });

  it.each(refusals)('refuses %s on create with its message, creating and charging nothing', async (_what, body, message) => {
    const seller = await createFundedSeller(backend.url, PRICE);
    const answer = await seller.api.post('/projects', { ...validAction, ...body });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ message });
    expect((await seller.api.get('/projects')).body.projects).toEqual([]);
    expect(await balanceOf(seller)).toBe(PRICE);
  });

  it.each(refusals)('refuses %s on update with its message, changing nothing', async (_what, body, message) => {
    const seller = await createFundedSeller(backend.url, PRICE);
    const id = (
      await seller.api.post('/projects', {
        ...validAction,
        points_lifetime_days: 30,
        expiry_reminder_days: 3,
        levels: twoLevels,
        repeat_points_percentage: 12,
      })
    ).body.project_id as number;
    const before = await actionOf(seller, id);
    const answer = await seller.api.request('PUT', `/projects/${id}`, { body: { name: 'Не сохранится', ...body } });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ message });
    expect(await actionOf(seller, id)).toEqual(before);
  });

  it('refuses levels whose first percent disagrees with a new action percent sent with them', async () => {
    const seller = await createFundedSeller(backend.url, PRICE);
    const id = (await seller.api.post('/projects', { ...validAction, points_percentage: 10, levels: twoLevels })).body.project_id as number;
    const answer = await seller.api.request('PUT', `/projects/${id}`, { body: { points_percentage: 5, levels: twoLevels } });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ message: fillMessage(m.levelFirstPercent, { percent: 5 }) });
    expect(await actionOf(seller, id)).toMatchObject({ points_percentage: 10, levels: twoLevels });
  });

  describe('the receipt history', () => {
    const check = async (seller: Seller, projectId: number, buyer: string, qrurl?: string) => {
      const answer = await seller.api.post('/check', {
        qrurl: qrurl ?? (await registerReceipt(backend.url, freshReceipt('wb-aurora-cosmetics'))),
        project_id: projectId,
        user_id_tg: buyer,
      });
      if (answer.status !== 200) throw new Error(answer.text);
      return answer.body.data as { status: string; points_rule?: string; points_percentage?: number };
    };
    const historyOf = async (seller: Seller, projectId: number) =>
      ((await seller.api.get(`/receipts?project_id=${projectId}`)).body.receipts as Record<string, unknown>[]).reverse();

    it('shows the rule each successful receipt earned by, its percent and level, and nothing on a refused one', async () => {
      const seller = await createFundedSeller(backend.url, PRICE * 2 + 100);
      const gold = [level('Базовый', 0, 10), level('Золотой', 1, 15)];
      const withLevels = (await seller.api.post('/projects', { name: 'Уровни', project_inns: WB_SELLER, levels: gold })).body
        .project_id as number;
      const withRepeat = (
        await seller.api.post('/projects', { name: 'Повторные', project_inns: WB_SELLER, levels: gold, repeat_points_percentage: 20 })
      ).body.project_id as number;

      expect(await check(seller, withLevels, '501')).toMatchObject({ status: 'success', points_rule: 'level', points_percentage: 10 });
      expect(await check(seller, withLevels, '501')).toMatchObject({ status: 'success', points_rule: 'level', points_percentage: 15 });
      expect(await check(seller, withLevels, '501', 'это не чек')).toMatchObject({ status: 'not_recognized' });
      expect(await check(seller, withRepeat, '502')).toMatchObject({ points_rule: 'level', points_percentage: 10 });
      expect(await check(seller, withRepeat, '502')).toMatchObject({ points_rule: 'repeat', points_percentage: 20 });

      const rules = (receipts: Record<string, unknown>[]) =>
        receipts.map(({ status, points_rule, points_percentage, points_level }) => ({
          status,
          points_rule,
          points_percentage,
          points_level,
        }));
      expect(rules(await historyOf(seller, withLevels))).toEqual([
        { status: 'success', points_rule: 'level', points_percentage: 10, points_level: 'Базовый' },
        { status: 'success', points_rule: 'level', points_percentage: 15, points_level: 'Золотой' },
        { status: 'not_recognized', points_rule: null, points_percentage: null, points_level: null },
      ]);
      expect(rules(await historyOf(seller, withRepeat))).toEqual([
        { status: 'success', points_rule: 'level', points_percentage: 10, points_level: 'Базовый' },
        { status: 'success', points_rule: 'repeat', points_percentage: 20, points_level: 'Золотой' },
      ]);

      const csv = parse((await seller.api.get(`/receipts/export.csv?project_id=${withLevels}`)).text, {
        bom: true,
        delimiter: ';',
      }) as string[][];
      const ruleColumn = EXPORT_HEADERS.receipts.indexOf(m.ruleField);
      expect(csv[0]![ruleColumn]).toBe('Правило начисления');
      // Newest first, as the history lists them.
      expect(csv.slice(1).map((row) => row[ruleColumn])).toEqual(['', nbsp('Уровень «Золотой», 15 %'), nbsp('Уровень «Базовый», 10 %')]);
      const repeatCsv = parse((await seller.api.get(`/receipts/export.csv?project_id=${withRepeat}`)).text, {
        bom: true,
        delimiter: ';',
      }) as string[][];
      expect(repeatCsv[1]![ruleColumn]).toBe(nbsp('Повторная покупка, 20 %'));
    });
  });
});
