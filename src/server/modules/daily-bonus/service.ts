import type { InlineKeyboardButton } from 'grammy/types';
import type { DailyBonusSettings } from '../../../contract/bot-features.js';
import { WHEEL_QUERY } from '../../../contract/public-shop.js';
import { shopperName, type DailyBonusResults } from '../../../contract/engagement.js';
import { formatDate, formatPoints } from '../../../contract/format.js';
import { fillMessage, messages } from '../../../contract/messages.js';
import type { Executor } from '../../db/connection.js';
import type { ProjectRow } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { pointsExpiry } from '../points/earning.js';
import { movePoints, readBalance } from '../points/repository.js';
import { isBuyerBlocked } from '../trust/repository.js';
import type { FeatureContext, FeatureReply } from '../../platform/bot-feature.js';
import { readStoredFeatures } from '../feature-settings/repository.js';
import { bonusDays, drawBonus, type RandomInt } from './bonus.js';
import * as repo from './repository.js';
import { spinLines, spinWheel } from './wheel.js';

const m = messages.dailyBonus;
export const DAILY_BONUS_KEY = 'daily_bonus';
const TAKE = `${DAILY_BONUS_KEY}:take`;

/** The Mini App opened on the wheel: the shop's address with `?wheel=1`. */
export const wheelUrl = (miniAppUrl: string) => `${miniAppUrl}?${WHEEL_QUERY}=1`;

/**
 * The menu's «Ежедневный бонус»: with a wheel set up and the shop's Mini App at hand, a Mini App
 * button that opens the wheel; otherwise a press the bot answers (the wheel's spin in words, or a
 * random number of points in the range).
 */
export async function dailyBonusMenuButtons(context: FeatureContext): Promise<InlineKeyboardButton[]> {
  const settings = context.features.daily_bonus;
  if (!settings.enabled) return [];
  const name = messages.botFeatures.nameDailyBonus;
  if (settings.wheel.length > 0 && context.miniAppUrl) return [{ text: name, web_app: { url: wheelUrl(context.miniAppUrl) } }];
  return [{ text: name, callback_data: TAKE }];
}

/** Why the shopper gets no bonus today, or null: the function off, a block by the seller, no successful receipt yet. */
export async function bonusRefusal(
  db: Executor,
  action: Pick<ProjectRow, 'id' | 'userId' | 'name'>,
  buyerTgId: string,
  settings: DailyBonusSettings,
): Promise<string | null> {
  if (!settings.enabled) return messages.botFeatures.featureOff;
  if (await isBuyerBlocked(db, action.id, buyerTgId)) return messages.receipts.defaultBlocked;
  if (!(await repo.hasSuccessfulReceipt(db, action.userId, action.id, buyerTgId))) return fillMessage(m.noReceipt, { name: action.name });
  return null;
}

/**
 * «Ежедневный бонус»: a buyer of the action gets a random number of points once per Moscow day
 * (none while the seller has them blocked), or the wheel's sector when the seller set one up.
 * The day's claim and its ledger row are one transaction keyed by action, shopper and day, so a
 * double press, a redelivered update or a second instance pays once; the loser is told it is taken.
 */
export async function takeDailyBonus(context: FeatureContext, random?: RandomInt): Promise<FeatureReply> {
  const { deps, action, buyer, now } = context;
  const settings = context.features.daily_bonus;
  const refusal = await bonusRefusal(deps.db, action, buyer.tgId, settings);
  if (refusal) return { text: refusal };
  if (settings.wheel.length > 0) {
    const spun = await spinWheel(deps.db, { action, buyerTgId: buyer.tgId, wheel: settings.wheel, now, random });
    return { text: spinLines(spun.spin, now, spun.fresh ? { balance: spun.balance } : 'already').join('\n') };
  }

  const { day, next } = bonusDays(now);
  const nextLine = fillMessage(m.nextBonus, { date: next });
  const points = drawBonus(settings, random);
  const taken = await deps.db.transaction(async (tx) => {
    if (!(await repo.takeClaim(tx, { projectId: action.id, buyerTgId: buyer.tgId, day, points, claimedAt: now }))) return false;
    if (points > 0)
      await movePoints(tx, {
        projectId: action.id,
        buyerTgId: buyer.tgId,
        delta: points,
        kind: 'daily_bonus',
        actor: 'system',
        reason: fillMessage(m.reason, { date: formatDate(now) }),
        reference: `daily:${action.id}:${buyer.tgId}:${day}`,
        at: now,
        expiresAt: pointsExpiry(action, now),
      });
    return true;
  });
  if (!taken) {
    const claim = await repo.readClaim(deps.db, action.id, buyer.tgId, day);
    return { text: [fillMessage(m.alreadyTaken, { points: formatPoints(claim?.points ?? 0) }), nextLine].join('\n') };
  }
  if (points === 0) return { text: [m.grantedNothing, nextLine].join('\n') };
  const balance = await readBalance(deps.db, action.id, buyer.tgId);
  return { text: [fillMessage(m.granted, { points: formatPoints(points), balance: formatPoints(balance) }), nextLine].join('\n') };
}

export async function onDailyBonusPress(context: FeatureContext, data: string): Promise<FeatureReply | null> {
  return data === 'take' ? takeDailyBonus(context) : { text: messages.botFeatures.unknownButton };
}

/** The cabinet's list: today's and this month's bonuses. Another seller's action is not found. */
export async function dailyBonusResults(
  deps: { db: Executor; now: () => Date },
  sellerId: number,
  projectId: number,
): Promise<DailyBonusResults> {
  if (!(await readStoredFeatures(deps.db, sellerId, projectId))) throw new AppError('not_found', messages.actions.notFound);
  const { day } = bonusDays(deps.now());
  const monthStart = `${day.slice(0, 7)}-01`;
  const [today, month, claims] = await Promise.all([
    repo.sumClaims(deps.db, projectId, day, day),
    repo.sumClaims(deps.db, projectId, monthStart, day),
    repo.listClaims(deps.db, projectId, monthStart, day),
  ]);
  return {
    today: day,
    today_totals: today,
    month_totals: month,
    claims: claims.map((row) => ({ ...shopperName(row), day: row.day, points: row.points, claimed_at: row.claimedAt.toISOString() })),
  };
}
