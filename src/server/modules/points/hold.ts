import { moscowDay } from '../analytics/period.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Moscow keeps UTC+3 all year: a Moscow day starts at 21:00 UTC of the day before. */
const MOSCOW_OFFSET = '+03:00';

/**
 * When the points of a receipt bought at `purchasedAt` become available, for an action that holds
 * them `holdDays` for the marketplaces' return window: the start of the Moscow day that many days
 * after the purchase's. Null without a hold, or when that moment has come already (an old receipt
 * earns available points at once).
 */
export function holdReleaseAt(holdDays: number, purchasedAt: Date, now: Date): Date | null {
  if (holdDays <= 0) return null;
  const release = new Date(Date.parse(`${moscowDay(purchasedAt)}T00:00:00${MOSCOW_OFFSET}`) + holdDays * DAY_MS);
  return release.getTime() > now.getTime() ? release : null;
}
