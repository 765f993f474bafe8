import { describe, expect, it } from 'vitest';
import { isWellFormedBotToken } from '../../../../server/integrations/telegram/token.js';
import { demoBotToken, RESERVE_RECEIPTS, startPlan } from './start-plan.js';

const prices = { activation: 20_000, subscription: 3_000, receipt: 8 };

describe('the guided start’s one payment', () => {
  it('a new seller pays activation, the first month and a reserve of receipts, each line named', () => {
    const plan = startPlan({ prices, activated: false, balance: 0 });
    expect(plan.lines.map((line) => line.amount)).toEqual([20_000, 3_000, 8 * RESERVE_RECEIPTS]);
    expect(plan.lines.map((line) => line.label)).toEqual([
      'Активация аккаунта (один раз)',
      'Акция на 30 дней',
      expect.stringMatching(/^Запас на 100 чеков по 8/),
    ]);
    expect(plan).toMatchObject({ needed: 23_800, toPay: 23_800 });
  });

  it('what the balance holds is subtracted, and the rest rounded up to the top-up step', () => {
    const plan = startPlan({ prices, activated: true, balance: 1_234.5 });
    expect(plan.lines.at(-1)).toEqual({ label: 'Уже на балансе', amount: -1_234.5 });
    expect(plan).toMatchObject({ needed: 3_800, toPay: 2_600 });
  });

  it('nothing to pay when the balance covers it all; a little missing still pays the minimum top-up', () => {
    expect(startPlan({ prices, activated: true, balance: 5_000 })).toMatchObject({ needed: 3_800, toPay: 0 });
    expect(startPlan({ prices, activated: true, balance: 3_790 }).toPay).toBe(100);
  });

  it('the reserve follows the seller’s tier price', () => {
    expect(startPlan({ prices: { ...prices, receipt: 1.5 }, activated: true, balance: 0 }).needed).toBe(3_150);
  });
});

describe('the demo bot token', () => {
  it('is a token the Telegram emulator accepts, and a new one each time', () => {
    let seed = 7;
    const random = (size: number) => Uint8Array.from({ length: size }, () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) % 256);
    const first = demoBotToken(random);
    expect(isWellFormedBotToken(first)).toBe(true);
    expect(demoBotToken(random)).not.toBe(first);
  });
});
