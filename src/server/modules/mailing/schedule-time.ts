import type { MailingRepeat } from '../../../contract/mailing-schedule.js';

// When a regular mailing runs next (pure). Moscow keeps UTC+3 all year, so its wall clock is UTC shifted.

const MOSCOW_MS = 3 * 3600_000;
const WEEK_MS = 7 * 24 * 3600_000;

/** The `index`-th monthly run: the first run's Moscow day and time, in a month with fewer days on its last day. */
function monthlyRun(first: Date, index: number): Date {
  const wall = new Date(first.getTime() + MOSCOW_MS);
  const year = wall.getUTCFullYear();
  const month = wall.getUTCMonth() + index;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const day = Math.min(wall.getUTCDate(), lastDay);
  const at = Date.UTC(year, month, day, wall.getUTCHours(), wall.getUTCMinutes(), wall.getUTCSeconds());
  return new Date(at - MOSCOW_MS);
}

/**
 * The first run of the series after `after`. Runs missed while nothing ran (the service was down)
 * are not made up: the series goes on from its next time, so shoppers never get a burst of repeats.
 */
export function nextRunAfter(first: Date, repeat: MailingRepeat, after: Date): Date {
  if (repeat === 'weekly') {
    const passed = Math.max(0, Math.floor((after.getTime() - first.getTime()) / WEEK_MS) + 1);
    return new Date(first.getTime() + passed * WEEK_MS);
  }
  const firstWall = new Date(first.getTime() + MOSCOW_MS);
  const afterWall = new Date(after.getTime() + MOSCOW_MS);
  let index = Math.max(
    1,
    (afterWall.getUTCFullYear() - firstWall.getUTCFullYear()) * 12 + afterWall.getUTCMonth() - firstWall.getUTCMonth(),
  );
  while (monthlyRun(first, index) <= after) index += 1;
  return monthlyRun(first, index);
}
