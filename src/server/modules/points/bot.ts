import { fillMessage, messages } from '../../../contract/messages.js';
import { formatDayMonth } from '../../../contract/format.js';
import { expiryPhrase, heldPhrase, levelAt, pointsRuleLabel } from '../../../contract/points.js';
import type { BotFeature } from '../../platform/bot-feature.js';
import { readHeldByDay } from './hold-repository.js';
import { readNearestExpiry, readSpentKopecks } from './repository.js';

// Levels, the repeat-purchase percent and expiry as the action's bot speaks of them. The rules
// themselves are the contract's (contract/points.ts: earningRate, levelAt), shared with the cabinet
// and the Mini App; the receipt check applies them.

const m = messages.points;

export const pointsFeature: BotFeature = {
  key: 'points',
  /**
   * «Мои баллы»: when the nearest points expire ("120 баллов сгорят 12.01.2027"), the points held for
   * the return window by the day they become available, and the level held.
   */
  async balanceLines({ deps, action, buyer }) {
    const [nearest, heldByDay, spent] = await Promise.all([
      readNearestExpiry(deps.db, action.id, buyer.tgId),
      readHeldByDay(deps.db, action.id, buyer.tgId),
      action.levels.length > 0 ? readSpentKopecks(deps.db, action.userId, action.id, buyer.tgId) : 0,
    ]);
    const lines: string[] = [];
    if (nearest) lines.push(expiryPhrase(nearest.points, nearest.expiresAt));
    for (const day of heldByDay) lines.push(heldPhrase(day.points, day.releaseAt));
    const held = levelAt(action.levels, spent);
    if (held) {
      const percent = held.index === 0 ? action.pointsPercentage : held.level.points_percentage;
      lines.push(fillMessage(m.levelLine, { level: held.level.name, percent }));
    }
    return lines;
  },
  /**
   * Under a success answer: the rule the points were earned by, when the action has more than one
   * (levels or a repeat percent), and the congratulation when the receipt lifted the shopper a level.
   */
  awardLines({ action }, data) {
    const lines: string[] = [];
    const hasRules = action.levels.length > 0 || action.repeatPointsPercentage !== null;
    if (hasRules && data.points_rule && data.points_percentage !== undefined) {
      const rule = pointsRuleLabel(data.points_rule, data.points_level ?? null);
      lines.push(fillMessage(m.ruleLine, { rule, percent: data.points_percentage }));
    }
    if (data.points_held_until) lines.push(fillMessage(m.heldUntilLine, { date: formatDayMonth(data.points_held_until) }));
    if (data.level_up) lines.push(fillMessage(m.levelUp, { level: data.level_up.name, percent: data.level_up.points_percentage }));
    return lines;
  },
};
