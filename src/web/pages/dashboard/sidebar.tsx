import type { Ref } from 'react';
import { Link, useLocation } from 'react-router';
import type { User } from '../../../contract/auth.js';
import { fillMessage, messages } from '../../../contract/messages.js';
import { useLogoutMutation } from '../../api/auth.js';
import { usePendingModerationCount } from '../../api/moderation.js';
import { useUnansweredSupportCount } from '../../api/support.js';
import { useActingRole } from '../../api/team.js';
import { useAccountId, useSellerId } from '../../auth/session.js';
import { Brand } from '../../components/brand.js';
import { OperatorContactLink } from '../../components/operator-contact-link.js';
import { formatRubles } from '../../lib/format.js';
import { initialsOf } from '../../lib/initials.js';
import { dashboardSections, MODERATION_PATH, sectionCurrent, SUPPORT_PATH } from './sections.js';

const d = messages.dashboard;
const BALANCE_PATH = '/dashboard/balance';
const PROFILE_PATH = '/dashboard/profile';

/**
 * The seller's card, balance and the cabinet's navigation (SPEC §2). Always shown on
 * wide screens; below 900px it slides in over the page while `open`.
 */
export function Sidebar({
  id,
  ref,
  user,
  open,
  onClose,
  onTopUp,
  topUpRef,
}: {
  id: string;
  ref: Ref<HTMLElement>;
  user: User;
  open: boolean;
  /** Closes the phone menu: after choosing a section, or with its close button. */
  onClose: (options: { returnFocus: boolean }) => void;
  onTopUp: () => void;
  /** The 'Пополнить' button, for giving focus back to it. */
  topUpRef?: Ref<HTMLButtonElement>;
}) {
  const { pathname } = useLocation();
  const logout = useLogoutMutation();
  const role = useActingRole();
  // Another seller's cabinet: their money is not the person's to see or top up.
  const ownCabinet = useSellerId() === useAccountId();
  const sections = dashboardSections.filter((section) => !section.ownerOnly || role === 'owner');

  return (
    <aside id={id} ref={ref} tabIndex={-1} className={open ? 'sidebar sidebar--open' : 'sidebar'}>
      <div className="sidebar__brand">
        <Brand />
        <button type="button" className="sidebar__close" onClick={() => onClose({ returnFocus: true })}>
          <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path d="M6 6l12 12M18 6L6 18" />
          </svg>
          <span className="visually-hidden">{d.menuClose}</span>
        </button>
      </div>

      <div className="profile-card">
        <span className="profile-card__avatar" aria-hidden="true">
          {initialsOf(user.name)}
        </span>
        <div className="profile-card__text">
          <p className="profile-card__name">{user.name}</p>
          <p className="profile-card__line" title={user.email}>
            {user.email}
          </p>
          <p className="profile-card__line">{fillMessage(d.userId, { id: user.id })}</p>
          <Link
            to={PROFILE_PATH}
            className="profile-card__link"
            aria-current={pathname === PROFILE_PATH ? 'page' : undefined}
            onClick={() => onClose({ returnFocus: false })}
          >
            {messages.accountForms.profileLink}
          </Link>
        </div>
      </div>

      {ownCabinet && (
        <div className="balance-card">
          <div>
            <p className="balance-card__label">{d.balance}</p>
            <p className="balance-card__amount">{formatRubles(user.balance)}</p>
            <Link
              to={BALANCE_PATH}
              className="balance-card__history"
              aria-current={pathname === BALANCE_PATH ? 'page' : undefined}
              onClick={() => onClose({ returnFocus: false })}
            >
              {messages.actionScreens.balanceHistoryLink}
            </Link>
          </div>
          <button ref={topUpRef} type="button" className="button button--primary" onClick={onTopUp}>
            {d.topUp}
          </button>
        </div>
      )}

      <nav className="sidebar__nav" aria-label={d.navLabel}>
        <ul>
          {sections.map((section) => (
            <li key={section.to}>
              <Link
                to={section.to}
                className="sidebar__link"
                aria-current={sectionCurrent(section, pathname)}
                onClick={() => onClose({ returnFocus: false })}
              >
                {section.title}
                {section.to === SUPPORT_PATH && <UnansweredBadge />}
                {section.to === MODERATION_PATH && <PendingModerationBadge />}
              </Link>
            </li>
          ))}
        </ul>
      </nav>

      <div className="sidebar__footer">
        <OperatorContactLink className="sidebar__support">{d.support}</OperatorContactLink>
        <button type="button" className="button button--secondary" onClick={() => logout.mutate()}>
          {d.logout}
        </button>
      </div>
    </aside>
  );
}

/** The number of unanswered conversations beside «Сообщения». */
function UnansweredBadge() {
  return <CountBadge count={useUnansweredSupportCount()} label={messages.support.unansweredBadge} />;
}

/** The number of pictures waiting for a decision beside «Модерация». */
function PendingModerationBadge() {
  return <CountBadge count={usePendingModerationCount()} label={messages.moderation.pendingBadge} />;
}

/** A count beside a section's name, read out with what it counts; nothing when it is zero. */
function CountBadge({ count, label }: { count: number; label: string }) {
  if (count === 0) return null;
  return (
    <span className="sidebar__badge">
      <span aria-hidden="true">{count}</span>
      <span className="visually-hidden">{fillMessage(label, { count })}</span>
    </span>
  );
}
