import { fillMessage, messages } from '../../../../contract/messages.js';
import type { BuyerCard } from '../../../../contract/points.js';
import { formatDate, formatNumber } from '../../../lib/format.js';

/** A buyer's balance in an action and, under it, what expires soonest: «120 баллов сгорят 12.01.2027». */
export function BuyerPoints({ points, nearestExpiry }: { points: number; nearestExpiry: BuyerCard['nearest_expiry'] }) {
  return (
    <span className="buyer-points">
      <span className="buyer-points__balance">{formatNumber(points)}</span>
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
