import { randomInt } from 'node:crypto';
import { moscowDay } from '../analytics/period.js';

/** A uniform whole number in [min, max] from a cryptographic source (tests pass their own). */
export type RandomInt = (min: number, maxExclusive: number) => number;

export function drawBonus(range: { min_points: number; max_points: number }, random: RandomInt = randomInt): number {
  return random(range.min_points, range.max_points + 1);
}

const DAY_MS = 86_400_000;

/** The Moscow day of the bonus ('YYYY-MM-DD') and the next one's date as the shopper reads it ('27.11'). */
export function bonusDays(now: Date): { day: string; next: string } {
  const day = moscowDay(now);
  const tomorrow = new Date(Date.parse(`${day}T12:00:00Z`) + DAY_MS).toISOString();
  return { day, next: `${tomorrow.slice(8, 10)}.${tomorrow.slice(5, 7)}` };
}

/**
 * The wheel's sector, drawn in proportion to the weights among the sectors `allowed` keeps (the
 * whole wheel, or its points sectors once the code pool is empty): its index on the wheel.
 */
export function drawSector(
  sectors: readonly { weight: number }[],
  allowed: (index: number) => boolean = () => true,
  random: RandomInt = randomInt,
): number {
  const candidates = sectors.flatMap((sector, index) => (allowed(index) ? [{ index, weight: sector.weight }] : []));
  let ticket = random(
    0,
    candidates.reduce((total, sector) => total + sector.weight, 0),
  );
  for (const sector of candidates) {
    if (ticket < sector.weight) return sector.index;
    ticket -= sector.weight;
  }
  throw new Error('the wheel has no sector to draw');
}
