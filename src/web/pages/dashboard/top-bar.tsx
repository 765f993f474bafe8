import { useRef, type Ref } from 'react';
import { Link } from 'react-router';
import type { User } from '../../../contract/auth.js';
import { fillMessage, messages } from '../../../contract/messages.js';
import { useActionsQuery } from '../../api/actions.js';
import { useBillingSettingsQuery } from '../../api/billing.js';
import { useHealthQuery } from '../../api/system.js';
import { useAccountId, useSellerId } from '../../auth/session.js';
import { formatNumber, formatRubles } from '../../lib/format.js';
import { useStickyOffset } from '../../lib/use-sticky-offset.js';
import { SellerSwitch } from './seller-switch.js';
import { currentReceiptPrice } from './tariffs/tier-rows.js';

const d = messages.dashboard;

/**
 * The screen's title and the seller's figures at a glance (SPEC §2), plus the phone menu
 * button. On a phone it is one line (menu, title, balance): the figures stay on wider screens.
 */
export function TopBar({
  title,
  user,
  sidebarId,
  menuOpen,
  menuButtonRef,
  onToggleMenu,
}: {
  title: string | undefined;
  user: User;
  sidebarId: string;
  menuOpen: boolean;
  menuButtonRef: Ref<HTMLButtonElement>;
  onToggleMenu: () => void;
}) {
  const isDemo = useHealthQuery().data?.mode === 'demo';
  // The same cached queries My actions and Tariffs use: one request serves both.
  const actionCount = useActionsQuery().data?.length;
  const prices = useBillingSettingsQuery().data;
  // The balance and receipt count are the person's own account's: another seller's cabinet shows none of them.
  const ownCabinet = useSellerId() === useAccountId();
  const headerRef = useRef<HTMLElement>(null);
  useStickyOffset(headerRef);
  return (
    <header ref={headerRef} className="topbar">
      <button
        ref={menuButtonRef}
        type="button"
        className="button button--secondary button--small topbar__menu"
        aria-expanded={menuOpen}
        aria-controls={sidebarId}
        onClick={onToggleMenu}
      >
        <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d="M4 7h16M4 12h16M4 17h16" />
        </svg>
        {d.menuToggle}
      </button>
      <p className="topbar__title">{title}</p>
      <SellerSwitch />
      {/* Phones hide the sidebar behind «Меню»: the balance stays in sight here (SPEC §2 balance card). */}
      {ownCabinet && (
        <Link to="/dashboard/balance" className="topbar__balance">
          {fillMessage(d.balanceShort, { amount: formatRubles(user.balance) })}
        </Link>
      )}
      <ul className="topbar__badges">
        {ownCabinet && <li className="badge">{fillMessage(d.receiptsBadge, { count: formatNumber(user.scanned_receipts) })}</li>}
        {actionCount !== undefined && (
          <li className="badge">{fillMessage(messages.actionScreens.projectsBadge, { count: formatNumber(actionCount) })}</li>
        )}
        {ownCabinet && prices && (
          <li className="badge">
            {fillMessage(messages.actionScreens.receiptPriceBadge, {
              price: formatRubles(currentReceiptPrice(prices, user.scanned_receipts)),
            })}
          </li>
        )}
        {isDemo && (
          <li className="badge badge--demo" title={d.demoBadgeHint}>
            {d.demoBadge}
          </li>
        )}
      </ul>
    </header>
  );
}
