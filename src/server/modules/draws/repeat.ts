import type { DRAW_REPEATS } from '../../../contract/draws.js';

const WEEK_MS = 7 * 86_400_000;
/** Moscow is UTC+3 all year: a monthly draw keeps its Moscow day and time. */
const MOSCOW_OFFSET_MS = 3 * 3_600_000;

/**
 * When a repeating draw's next run closes: a week or a calendar month after the run before (the
 * 31st becomes the month's last day), and later still if that has passed already (the job ran
 * after a long stop), so the next run always lies ahead.
 */
export function nextRunClosesAt(previous: Date, repeat: (typeof DRAW_REPEATS)[number], now: Date): Date {
  let closesAt = previous;
  do closesAt = repeat === 'weekly' ? new Date(closesAt.getTime() + WEEK_MS) : addMonth(closesAt);
  while (closesAt <= now);
  return closesAt;
}

function addMonth(date: Date): Date {
  const moscow = new Date(date.getTime() + MOSCOW_OFFSET_MS);
  const year = moscow.getUTCFullYear();
  const month = moscow.getUTCMonth() + 1;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  moscow.setUTCFullYear(year, month, Math.min(moscow.getUTCDate(), lastDay));
  return new Date(moscow.getTime() - MOSCOW_OFFSET_MS);
}
