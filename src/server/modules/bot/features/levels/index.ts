// Loyalty levels and the repeat-purchase percent (issue 28), as the action's bot speaks of them:
// the rule a receipt earned by, the congratulation on a new level, the level in «Мои баллы».
// The rules themselves are the contract's (contract/points.ts: earningRate, levelAt), shared with
// the cabinet and the Mini App; the receipt check applies them.
import { fillMessage, messages } from '../../../../../contract/messages.js';
import { pointsRuleLabel } from '../../../../../contract/points.js';
import type { CheckResponse } from '../../../../../contract/receipts.js';
import type { ProjectRow } from '../../../../db/schema.js';

const m = messages.points;

export const levelLine = (name: string, percent: number) => fillMessage(m.levelLine, { level: name, percent });

/**
 * Under a success answer: the rule the points were earned by, when the action has more than one
 * (levels or a repeat percent), and the congratulation when the receipt lifted the shopper a level.
 */
export function levelLines(action: Pick<ProjectRow, 'levels' | 'repeatPointsPercentage'>, data: CheckResponse['data']): string[] {
  const lines: string[] = [];
  const hasRules = action.levels.length > 0 || action.repeatPointsPercentage !== null;
  if (hasRules && data.points_rule && data.points_percentage !== undefined) {
    const rule = pointsRuleLabel(data.points_rule, data.points_level ?? null);
    lines.push(fillMessage(m.ruleLine, { rule, percent: data.points_percentage }));
  }
  if (data.level_up) lines.push(fillMessage(m.levelUp, { level: data.level_up.name, percent: data.level_up.points_percentage }));
  return lines;
}
