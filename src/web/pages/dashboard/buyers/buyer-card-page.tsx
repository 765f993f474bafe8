import { Link, useParams, useSearchParams } from 'react-router';
import { fillMessage, messages } from '../../../../contract/messages.js';
import type { BuyerCard } from '../../../../contract/points.js';
import { useActionsWithDeletedQuery } from '../../../api/actions.js';
import { useBuyerCardQuery } from '../../../api/buyers.js';
import { Banner } from '../../../components/banner.js';
import { FigureCards } from '../../../components/figure-cards.js';
import { FilterSelect } from '../../../components/filter-select.js';
import { QueryView } from '../../../components/query-view.js';
import { StatusBadge } from '../../../components/status-badge.js';
import { formatDateTime, formatNumber, formatPercent, formatRubles } from '../../../lib/format.js';
import { parseActionId } from '../../../lib/action-id.js';
import { usePageTitle } from '../page-title.js';
import { projectFilterOptions } from '../receipts/project-filter.js';
import { AdjustPointsForm } from './adjust-points-form.js';
import { BlockPanel } from './block-panel.js';
import { LedgerPanel, OrdersPanel, PromoCodesPanel, ReceiptsPanel, ReferralsPanel, WarrantiesPanel } from './buyer-card-lists.js';
import { BuyerName } from './buyer-name.js';
import { BuyerPoints } from './buyer-points.js';
import '../../../components/panel.css';
import './buyer-card.css';
import './buyers.css';

const c = messages.buyerCard;
const t = messages.trust;

/**
 * /dashboard/buyers/{tg_id}?project_id=…: one buyer in one action. Without an
 * action in the address (opened from «все акции») the seller chooses one first: points,
 * level and history are each action's own.
 */
export function BuyerCardPage() {
  const { tgId = '' } = useParams();
  const [searchParams, setSearchParams] = useSearchParams();
  const actionId = parseActionId(searchParams.get('project_id') ?? undefined);
  const actions = useActionsWithDeletedQuery();
  const card = useBuyerCardQuery(tgId, actionId);
  const options = projectFilterOptions({ actions: actions.data ?? [], selectedId: actionId });

  return (
    <section className="dashboard-page buyer-card">
      <Link className="buyer-card__back" to={actionId === null ? '/dashboard/buyers' : `/dashboard/buyers?project=${actionId}`}>
        {c.backToBuyers}
      </Link>
      <h1 className="dashboard-page__title">{usePageTitle()}</h1>
      <div className="filters">
        <FilterSelect
          label={c.actionLabel}
          value={actionId === null ? '' : String(actionId)}
          options={[{ value: '', label: c.chooseActionOption }, ...options.map(({ id, label }) => ({ value: String(id), label }))]}
          onChange={(value) => setSearchParams(value ? { project_id: value } : {}, { replace: true })}
        />
      </div>
      {actionId === null ? (
        <Banner tone="info">{messages.points.projectRequired}</Banner>
      ) : (
        <QueryView query={card} loading={c.loading} failed={c.loadFailed}>
          {(loaded) => (
            <>
              <BuyerHeader card={loaded} />
              <BlockPanel tgId={tgId} actionId={actionId} blocked={loaded.blocked} />
              <AdjustPointsForm tgId={tgId} actionId={actionId} />
              <LedgerPanel tgId={tgId} actionId={actionId} card={loaded} />
              <ReceiptsPanel receipts={loaded.receipts} />
              <OrdersPanel orders={loaded.orders} />
              <PromoCodesPanel promoCodes={loaded.promo_codes} />
              <ReferralsPanel referrals={loaded.referrals} />
              <WarrantiesPanel warranties={loaded.warranties} />
            </>
          )}
        </QueryView>
      )}
    </section>
  );
}

function BuyerHeader({ card }: { card: BuyerCard }) {
  const level = card.level ? `${card.level.name} (${formatPercent(card.level.points_percentage)})` : c.noLevels;
  return (
    <header className="panel buyer-card__header">
      <h2 className="buyer-card__name">
        <BuyerName buyer={{ buyer_id: card.tg_id, first_name: card.name, username: card.username }} />
      </h2>
      {(card.blocked || card.flags.length > 0) && (
        <div className="buyer-card__badges">
          {card.blocked && <StatusBadge tone="danger">{t.blockedTitle}</StatusBadge>}
          {card.flags.length > 0 && <StatusBadge tone="warning">{t.suspiciousBadge}</StatusBadge>}
        </div>
      )}
      {card.flags.length > 0 && <FlagList flags={card.flags} />}
      <div className="buyer-card__points">
        <span className="buyer-card__points-label">{c.points}</span>
        <BuyerPoints points={card.points} heldPoints={card.held_points} nearestExpiry={card.nearest_expiry} />
        {!card.nearest_expiry && <span className="buyer-points__expiry">{c.noExpiry}</span>}
      </div>
      <FigureCards
        className="buyer-card__figures"
        figures={[
          [c.level, level],
          [c.spent, formatRubles(card.spent_total)],
          [c.receiptsCount, formatNumber(card.successful_receipts)],
        ]}
      />
    </header>
  );
}

/** Why the check flagged the shopper: each reason, in the seller's words, and when it was first raised. */
function FlagList({ flags }: { flags: BuyerCard['flags'] }) {
  return (
    <ul className="buyer-card__flags" aria-label={t.suspiciousBadge}>
      {flags.map((flag) => (
        <li key={flag.kind}>
          <strong>{flag.label}.</strong> {flag.detail}{' '}
          <span className="buyer-card__flag-date">{fillMessage(t.flaggedAt, { date: formatDateTime(flag.flagged_at) })}</span>
        </li>
      ))}
    </ul>
  );
}
