import { fillMessage, messages } from '../../../../contract/messages.js';
import type { BuyerCard } from '../../../../contract/points.js';
import { formatDate, formatNumber } from '../../../lib/format.js';

/**
 * A buyer's available points in an action and, beside them, the points held for the return window
 * («+ 120 ожидают зачисления») and what expires soonest («120 баллов сгорят 12.01.2027»).
 */
export function BuyerPoints({
  points,
  heldPoints,
  nearestExpiry,
}: {
  points: number;
  heldPoints: number;
  nearestExpiry: BuyerCard['nearest_expiry'];
}) {
  return (
    <span className="buyer-points">
      <span className="buyer-points__balance">{formatNumber(points)}</span>
      {heldPoints > 0 && (
        <>
          {' '}
          <span className="buyer-points__held">{fillMessage(messages.points.heldPoints, { points: formatNumber(heldPoints) })}</span>
        </>
      )}
      {nearestExpiry && (
        <>
          {' '}
          <span className="buyer-points__expiry">
            {fillMessage(messages.points.nearestExpiry, {
              points: formatNumber(nearestExpiry.points),
              date: formatDate(nearestExpiry.expires_at),
            })}
          </span>
        </>
      )}
    </span>
  );
}
