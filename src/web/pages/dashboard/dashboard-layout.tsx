import { useCallback, useEffect, useRef, useState } from 'react';
import { Outlet } from 'react-router';
import { messages } from '../../../contract/messages.js';
import { errorMessageOf } from '../../api/api-error.js';
import { useProfileQuery } from '../../api/auth.js';
import { useSessionState } from '../../auth/session.js';
import { Banner } from '../../components/banner.js';
import { useDocumentTitle } from '../../lib/use-document-title.js';
import { usePageTitle } from './page-title.js';
import { PaymentBanner } from './payment-banner.js';
import { Sidebar } from './sidebar.js';
import { TopBar } from './top-bar.js';
import { TopUpDialog } from './top-up-dialog.js';
import { TopUpContext, type OpenTopUp } from './top-up/top-up-context.js';
import './dashboard.css';

const SIDEBAR_ID = 'dashboard-sidebar';

/** The seller cabinet's frame (SPEC §2): sidebar, top bar, and the current screen. */
export function DashboardLayout() {
  const { session } = useSessionState();
  // Mounting the cabinet refreshes the profile (balance, receipt count) and the stored copy.
  const profile = useProfileQuery();
  const title = usePageTitle();
  useDocumentTitle(title);

  const [menuOpen, setMenuOpen] = useState(false);
  // The top-up dialog, when open, with its pre-filled amount (the missing part of a refused charge).
  const [topUp, setTopUp] = useState<{ amount?: number } | null>(null);
  const topUpOpen = topUp !== null;
  const openTopUp = useCallback<OpenTopUp>((amount) => setTopUp({ amount }), []);
  // A dialog opened from the phone menu hides the menu while it is open (nothing shows
  // through behind it); closing the dialog brings the menu back, focus on its 'Пополнить'.
  const [menuUnderDialog, setMenuUnderDialog] = useState(false);
  const sidebarTopUpRef = useRef<HTMLButtonElement>(null);
  const sidebarRef = useRef<HTMLElement>(null);
  const menuButtonRef = useRef<HTMLButtonElement>(null);

  const closeMenu = ({ returnFocus }: { returnFocus: boolean }) => {
    setMenuOpen(false);
    if (returnFocus) menuButtonRef.current?.focus();
  };

  // The phone menu takes focus when it opens, so the keyboard continues inside it.
  const returnToTopUp = useRef(false);
  useEffect(() => {
    if (!menuOpen) return;
    const target = returnToTopUp.current ? sidebarTopUpRef.current : sidebarRef.current;
    returnToTopUp.current = false;
    target?.focus();
  }, [menuOpen]);

  const handleSidebarTopUp = () => {
    if (menuOpen) {
      setMenuOpen(false);
      setMenuUnderDialog(true);
    }
    openTopUp();
  };

  const handleTopUpClose = () => {
    setTopUp(null);
    if (!menuUnderDialog) return;
    setMenuUnderDialog(false);
    returnToTopUp.current = true;
    setMenuOpen(true);
  };

  // Esc closes the phone menu, unless the top-up dialog above it takes that Esc.
  useEffect(() => {
    if (!menuOpen || topUpOpen) return;
    const handleKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setMenuOpen(false);
      menuButtonRef.current?.focus();
    };
    document.addEventListener('keydown', handleKeyDown);
    return () => document.removeEventListener('keydown', handleKeyDown);
  }, [menuOpen, topUpOpen]);

  // The route guard renders this layout only with a session; it can end while we are here.
  if (!session) return null;

  return (
    <div className="dashboard">
      <a className="skip-link" href="#main">
        {messages.app.skipToContent}
      </a>
      <Sidebar
        id={SIDEBAR_ID}
        ref={sidebarRef}
        user={session.user}
        open={menuOpen}
        onClose={closeMenu}
        onTopUp={handleSidebarTopUp}
        topUpRef={sidebarTopUpRef}
      />
      {menuOpen && <div className="sidebar-backdrop" aria-hidden="true" onClick={() => setMenuOpen(false)} />}

      <div className="dashboard__content">
        <TopBar
          title={title}
          user={session.user}
          sidebarId={SIDEBAR_ID}
          menuOpen={menuOpen}
          menuButtonRef={menuButtonRef}
          onToggleMenu={() => setMenuOpen((open) => !open)}
        />
        <main id="main" className="dashboard__main">
          {profile.isError && <Banner tone="error">{errorMessageOf(profile.error, messages.common.dashboardLoadFailed)}</Banner>}
          <PaymentBanner />
          <TopUpContext value={openTopUp}>
            <Outlet />
          </TopUpContext>
        </main>
      </div>

      {topUp && <TopUpDialog initialAmount={topUp.amount} onClose={handleTopUpClose} />}
    </div>
  );
}
