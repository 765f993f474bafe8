import type { WheelSector } from '../../../contract/bot-features.js';
import { formatDate, formatPoints } from '../../../contract/format.js';
import { fillMessage, messages } from '../../../contract/messages.js';
import type { WheelSpin } from '../../../contract/wheel.js';
import type { Db } from '../../db/connection.js';
import type { ProjectRow } from '../../db/schema.js';
import { pointsExpiry } from '../points/earning.js';
import { movePoints, readBalance } from '../points/repository.js';
import { claimFreeCode } from '../promo-codes/repository.js';
import { bonusDays, drawSector, type RandomInt } from './bonus.js';
import * as repo from './repository.js';

const m = messages.dailyBonus;

type WheelAction = Pick<ProjectRow, 'id' | 'pointsLifetimeDays'>;

/** The day was spun already (a second tab, a double press): the transaction is undone, the code it took goes back. */
class AlreadySpun extends Error {}

/**
 * The day's spin of the wheel of fortune: the server draws the sector (crypto randomness, in
 * proportion to the weights), takes a promo-code sector's code from the action's pool, and stores
 * the claim with the sector and the points' ledger row in one transaction before anything is
 * answered; the wheel in the Mini App only shows where it stopped. An empty pool draws again among
 * the points sectors (the settings require one). The claim's key (action, shopper, Moscow day)
 * makes a second spin that day, from any tab or instance, find the first one instead.
 */
export async function spinWheel(
  db: Db,
  input: { action: WheelAction; buyerTgId: string; wheel: readonly WheelSector[]; now: Date; random?: RandomInt },
): Promise<{ fresh: true; spin: WheelSpin; balance: number } | { fresh: false; spin: WheelSpin }> {
  const { action, buyerTgId, wheel, now, random } = input;
  const { day } = bonusDays(now);
  try {
    const spin = await db.transaction(async (tx) => {
      let sector = drawSector(wheel, undefined, random);
      const code = wheel[sector]!.promo_code ? await claimFreeCode(tx, { projectId: action.id, buyerTg: buyerTgId, now }) : undefined;
      if (wheel[sector]!.promo_code && !code) sector = drawSector(wheel, (index) => !wheel[index]!.promo_code, random);
      const { label, points = 0 } = wheel[sector]!;
      const taken = await repo.takeClaim(tx, {
        projectId: action.id,
        buyerTgId,
        day,
        points,
        claimedAt: now,
        sector,
        sectorLabel: label,
        promoCodeId: code?.id,
      });
      if (!taken) throw new AlreadySpun();
      if (points > 0)
        await movePoints(tx, {
          projectId: action.id,
          buyerTgId,
          delta: points,
          kind: 'daily_bonus',
          actor: 'system',
          reason: fillMessage(m.reason, { date: formatDate(now) }),
          reference: `daily:${action.id}:${buyerTgId}:${day}`,
          at: now,
          expiresAt: pointsExpiry(action, now),
        });
      return { sector, label, points, promo_code: code?.code ?? null };
    });
    return { fresh: true, spin, balance: await readBalance(db, action.id, buyerTgId) };
  } catch (error) {
    if (!(error instanceof AlreadySpun)) throw error;
    return { fresh: false, spin: (await readSpin(db, action.id, buyerTgId, now))! };
  }
}

/** Today's spin of the shopper, if any (a bonus taken before the wheel was set up reads as a points sector). */
export async function readSpin(db: Db, projectId: number, buyerTgId: string, now: Date): Promise<WheelSpin | null> {
  const claim = await repo.readClaim(db, projectId, buyerTgId, bonusDays(now).day);
  if (!claim) return null;
  return {
    sector: claim.sector ?? -1,
    label: claim.sectorLabel ?? formatPoints(claim.points),
    points: claim.points,
    promo_code: claim.promoCode,
  };
}

/** What the shopper reads about a spin: where the wheel stopped and the prize, then when to come back. */
export function spinLines(spin: WheelSpin, now: Date, outcome: { balance: number } | 'already'): string[] {
  const label = spin.label;
  const lines =
    outcome === 'already'
      ? [fillMessage(m.wheelAlreadySpun, { label }), ...(spin.promo_code ? [fillMessage(m.wheelCodeAgain, { code: spin.promo_code })] : [])]
      : [
          spin.promo_code
            ? fillMessage(m.wheelCode, { label, code: spin.promo_code })
            : spin.points > 0
              ? fillMessage(m.wheelPoints, { label, points: formatPoints(spin.points), balance: formatPoints(outcome.balance) })
              : fillMessage(m.wheelNothing, { label }),
        ];
  return [...lines, fillMessage(m.nextBonus, { date: bonusDays(now).next })];
}
