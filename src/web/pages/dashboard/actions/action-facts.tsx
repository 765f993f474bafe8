import type { Action } from '../../../../contract/actions.js';
import { messages } from '../../../../contract/messages.js';
import { formatDate, formatNumber, formatPercent } from '../../../lib/format.js';
import { Fact } from '../../../components/fact.js';

const s = messages.actionScreens;

/** ID, INNs joined by ', ', points percent, scanned receipts, created date (SPEC §2 card), and optionally the paid-until date. */
export function ActionFacts({ action, showSubscriptionEnd = false }: { action: Action; showSubscriptionEnd?: boolean }) {
  return (
    <dl className="facts">
      <Fact term={s.fieldId} value={String(action.id)} />
      <Fact term={s.fieldInns} value={action.project_inns.join(', ')} />
      <Fact term={s.fieldPercent} value={formatPercent(action.points_percentage)} />
      <Fact term={s.fieldReceipts} value={formatNumber(action.receipts_count)} />
      <Fact term={s.fieldCreated} value={formatDate(action.created_at)} />
      {showSubscriptionEnd && action.subscription_end_date && (
        <Fact term={s.fieldSubscriptionEnd} value={formatDate(action.subscription_end_date)} />
      )}
    </dl>
  );
}
