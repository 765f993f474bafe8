import { describe, expect, it } from 'vitest';
import { balanceOutlook } from './balance-outlook.js';

describe('a seller’s balance outlook', () => {
  it('is suspended when the balance does not cover the next receipt, whatever the rate', () => {
    expect(balanceOutlook({ balanceKopecks: 799, nextReceiptKopecks: 800, windowFeesKopecks: 0 })).toEqual({ state: 'suspended' });
  });

  it('runs low when the last week’s spending empties it in under three days', () => {
    // 70 ₽ a week is 10 ₽ a day: 29 ₽ lasts 2 days, 30 ₽ lasts 3.
    expect(balanceOutlook({ balanceKopecks: 2_900, nextReceiptKopecks: 800, windowFeesKopecks: 7_000 })).toEqual({
      state: 'running_low',
      daysLeft: 2,
      perDayKopecks: 1_000,
    });
    expect(balanceOutlook({ balanceKopecks: 3_000, nextReceiptKopecks: 800, windowFeesKopecks: 7_000 })).toEqual({ state: 'ok' });
  });

  it('is fine without recent receipts, however small the balance that still pays one', () => {
    expect(balanceOutlook({ balanceKopecks: 800, nextReceiptKopecks: 800, windowFeesKopecks: 0 })).toEqual({ state: 'ok' });
  });
});
