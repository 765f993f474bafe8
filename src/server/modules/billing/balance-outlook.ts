/** Below this many days of receipts at the recent rate, the seller is told the balance runs low. */
export const RUNNING_LOW_DAYS = 3;
/** The recent rate: what receipt checks cost over this many days. */
export const RATE_WINDOW_DAYS = 7;

export type BalanceOutlook = { state: 'suspended' } | { state: 'running_low'; daysLeft: number; perDayKopecks: number } | { state: 'ok' };

/**
 * Where a seller's balance is heading (pure): it cannot pay the next receipt (every check is
 * refused), or at the last week's spending it lasts less than RUNNING_LOW_DAYS, or neither.
 */
export function balanceOutlook(input: { balanceKopecks: number; nextReceiptKopecks: number; windowFeesKopecks: number }): BalanceOutlook {
  if (input.balanceKopecks < input.nextReceiptKopecks) return { state: 'suspended' };
  const perDayKopecks = input.windowFeesKopecks / RATE_WINDOW_DAYS;
  if (perDayKopecks <= 0) return { state: 'ok' };
  const daysLeft = Math.floor(input.balanceKopecks / perDayKopecks);
  return daysLeft < RUNNING_LOW_DAYS ? { state: 'running_low', daysLeft, perDayKopecks: Math.round(perDayKopecks) } : { state: 'ok' };
}
