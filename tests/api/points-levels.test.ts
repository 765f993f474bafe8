import { describe, expect, it } from 'vitest';
import { formatPoints } from '../../src/contract/format.js';
import { BILLING_DEFAULTS } from '../../src/contract/billing.js';
import { fillMessage, messages } from '../../src/contract/messages.js';
import { backends } from '../support/backends.js';
import { actionWithBot, shopperSays, WB_SELLER } from '../support/bot.js';
import { createFundedSeller, verifyData } from '../support/operator.js';
import { freshReceipt, registerReceipt } from '../support/receipts.js';
import { newChatId } from '../support/telegram.js';

const m = messages.points;
const FUNDS = BILLING_DEFAULTS.project_subscription_price + 20 * BILLING_DEFAULTS.receipt_price_tier1;
/** The fixture's counted goods: 1 786 ₽ of the action's seller. */
const RECEIPT = 'wb-aurora-cosmetics';
const LEVELS = [
  { name: 'Базовый', min_sum: 0, points_percentage: 10 },
  { name: 'Серебро', min_sum: 1000, points_percentage: 15 },
  { name: 'Золото', min_sum: 3000, points_percentage: 20 },
];

describe.each(backends())('loyalty levels and the repeat-purchase percent on $name', (backend) => {
  const url = backend.url;

  it('a receipt earns at the level held before it, the repeat percent when higher, and the answer names the rule and a new level', async () => {
    const seller = await createFundedSeller(url, FUNDS);
    const created = await seller.api.post('/projects', {
      name: 'Aurora',
      project_inns: WB_SELLER,
      points_percentage: 10,
      levels: LEVELS,
      repeat_points_percentage: 17,
    });
    expect(created.status).toBe(201);
    const projectId = created.body.project_id;
    const check = async () =>
      (
        await seller.api.post('/check', {
          qrurl: await registerReceipt(url, freshReceipt(RECEIPT)),
          project_id: projectId,
          user_id_tg: '5101',
        })
      ).body;

    // First receipt: the base level's 10 % of 1 786 ₽; it lifts the shopper to «Серебро».
    expect((await check()).data).toEqual({
      points_awarded: 178,
      status: 'success',
      error: null,
      points_rule: 'level',
      points_percentage: 10,
      points_level: 'Базовый',
      level_up: { name: 'Серебро', points_percentage: 15 },
    });
    // Second: «Серебро» gives 15 %, the repeat purchase 17 %: the repeat wins; 3 572 ₽ lifts to «Золото».
    expect((await check()).data).toMatchObject({
      points_awarded: 303,
      points_rule: 'repeat',
      points_percentage: 17,
      points_level: 'Серебро',
      level_up: { name: 'Золото', points_percentage: 20 },
    });
    // Third: «Золото»'s 20 % beats the repeat 17 %; no new level.
    const third = (await check()).data;
    expect(third).toMatchObject({ points_awarded: 357, points_rule: 'level', points_percentage: 20, points_level: 'Золото' });
    expect(third).not.toHaveProperty('level_up');
    // Another shopper's first receipt is not a repeat purchase.
    const other = await seller.api.post('/check', {
      qrurl: await registerReceipt(url, freshReceipt(RECEIPT)),
      project_id: projectId,
      user_id_tg: '5102',
    });
    expect(other.body.data).toMatchObject({ points_awarded: 178, points_rule: 'level', points_percentage: 10 });
    expect((await verifyData(url)).violations).toEqual([]);
  });

  it('without levels or a repeat percent every receipt earns the action’s percent and the bot adds no rule line', async () => {
    const bot = await actionWithBot(url, {}, FUNDS);
    const chat = newChatId();
    await shopperSays(url, bot, chat, { text: await registerReceipt(url, freshReceipt(RECEIPT)) });
    const [second] = await shopperSays(url, bot, chat, { text: await registerReceipt(url, freshReceipt(RECEIPT)) });
    expect(second!.text).toBe(
      ['Чек принят! Начислено баллов: 178.', fillMessage(messages.bot.newBalance, { points: formatPoints(356) })].join('\n'),
    );
  });

  it('the bot names the rule, congratulates on a new level, and «Мои баллы» shows the level', async () => {
    const bot = await actionWithBot(url, { levels: LEVELS, repeat_points_percentage: 17 }, FUNDS);
    const chat = newChatId();
    const [first] = await shopperSays(url, bot, chat, { text: await registerReceipt(url, freshReceipt(RECEIPT)) });
    expect(first!.text).toBe(
      [
        'Чек принят! Начислено баллов: 178.',
        fillMessage(messages.bot.newBalance, { points: formatPoints(178) }),
        fillMessage(m.ruleLine, { rule: 'Уровень «Базовый»', percent: 10 }),
        fillMessage(m.levelUp, { level: 'Серебро', percent: 15 }),
      ].join('\n'),
    );
    const [second] = await shopperSays(url, bot, chat, { text: await registerReceipt(url, freshReceipt(RECEIPT)) });
    expect(second!.text).toContain(fillMessage(m.ruleLine, { rule: m.ruleRepeat, percent: 17 }));
    expect(second!.text).toContain(fillMessage(m.levelUp, { level: 'Золото', percent: 20 }));

    const [balance] = await shopperSays(url, bot, chat, { text: '/balance' });
    const lines = balance!.text!.split('\n');
    expect(lines[0]).toBe(fillMessage(messages.bot.balance, { name: 'Aurora', points: 481 }));
    expect(lines[1]).toBe(fillMessage(m.levelLine, { level: 'Золото', percent: 20 }));
  });

  it('changing the levels applies from the next receipt; the first level’s percent follows the action’s', async () => {
    const seller = await createFundedSeller(url, FUNDS);
    const projectId = (await seller.api.post('/projects', { name: 'Aurora', project_inns: WB_SELLER, levels: LEVELS })).body.project_id;
    const changed = await seller.api.request('PUT', `/projects/${projectId}`, { body: { points_percentage: 12 } });
    expect(changed.status).toBe(200);
    const { project } = (await seller.api.get(`/projects/${projectId}`)).body;
    expect(project.levels).toEqual([{ ...LEVELS[0], points_percentage: 12 }, LEVELS[1], LEVELS[2]]);
    const answer = await seller.api.post('/check', {
      qrurl: await registerReceipt(url, freshReceipt(RECEIPT)),
      project_id: projectId,
      user_id_tg: '5201',
    });
    // 12 % of 1 786 ₽.
    expect(answer.body.data).toMatchObject({ points_awarded: 214, points_rule: 'level', points_percentage: 12 });
  });
});
