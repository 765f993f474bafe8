import { levelAt } from '../../../contract/points.js';
import type { ProjectRow } from '../../db/schema.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** When points earned at `earnedAt` expire: `points_lifetime_days` later, or never (null) when the action sets 0. */
export function pointsExpiry(action: Pick<ProjectRow, 'pointsLifetimeDays'>, earnedAt: Date): Date | null {
  return action.pointsLifetimeDays > 0 ? new Date(earnedAt.getTime() + action.pointsLifetimeDays * DAY_MS) : null;
}

/** The level a shopper holds with `spentKopecks` of counted purchases, at its percent (the first level's is the action's); null without levels. */
export function heldLevel(
  action: Pick<ProjectRow, 'levels' | 'pointsPercentage'>,
  spentKopecks: number,
): { name: string; points_percentage: number } | null {
  const held = levelAt(action.levels, spentKopecks);
  if (!held) return null;
  return { name: held.level.name, points_percentage: held.index === 0 ? action.pointsPercentage : held.level.points_percentage };
}

/** The level a receipt of `countedKopecks` lifts the shopper to, or null when it lifts them to none. */
export function reachedLevel(
  action: Pick<ProjectRow, 'levels' | 'pointsPercentage'>,
  spentBefore: number,
  countedKopecks: number,
): { name: string; points_percentage: number } | null {
  const before = levelAt(action.levels, spentBefore);
  const after = levelAt(action.levels, spentBefore + countedKopecks);
  if (!after || after.index === 0 || after.index === before?.index) return null;
  return { name: after.level.name, points_percentage: after.level.points_percentage };
}
