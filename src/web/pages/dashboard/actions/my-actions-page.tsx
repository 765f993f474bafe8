import { useState } from 'react';
import { useLocation } from 'react-router';
import { useSessionState } from '../../../auth/session.js';
import { usePageTitle } from '../page-title.js';
import { NoticeBanner } from '../top-up/notice-banner.js';
import { ActionList } from './action-list.js';
import { ActivationOffer } from './activation-offer.js';
import { readLocationMessage } from './location-message.js';
import { successNotice, type Notice } from '../../../components/notice.js';
import '../../../components/panel.css';
import './actions.css';

/** /dashboard (SPEC §2 My actions): the activation offer, or the seller's actions. */
export function MyActionsPage() {
  const title = usePageTitle();
  const { session } = useSessionState();
  const location = useLocation();
  // A message brought from another screen (e.g. 'Акция удалена…' after deleting on the action page).
  const [notice, setNotice] = useState<Notice | null>(() => {
    const message = readLocationMessage(location.state);
    return message ? successNotice(message) : null;
  });

  if (!session) return null;
  return (
    <section className="dashboard-page">
      <h1 className="dashboard-page__title">{title}</h1>
      {notice && <NoticeBanner notice={notice} />}
      {session.user.is_activated ? <ActionList onNotice={setNotice} /> : <ActivationOffer onNotice={setNotice} />}
    </section>
  );
}
