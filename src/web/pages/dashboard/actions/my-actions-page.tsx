import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { useSessionState } from '../../../auth/session.js';
import { usePageTitle } from '../page-title.js';
import { NoticeBanner } from '../top-up/notice-banner.js';
import { ActionList } from './action-list.js';
import { useActionsQuery } from '../../../api/actions.js';
import { GuidedStart } from '../start/guided-start.js';
import { PayoffDashboardFigure } from '../analytics/payoff-dashboard-figure.js';
import { readLocationMessage } from './location-message.js';
import { successNotice, type Notice } from '../../../components/notice.js';
import '../../../components/panel.css';
import './actions.css';

/**
 * /dashboard (SPEC §2 My actions): a new seller's guided start (activation included) until the
 * first action runs, then the seller's actions. The start stays on screen through its last step,
 * «Бот готов», even though the action list has meanwhile stopped being empty.
 */
export function MyActionsPage() {
  const title = usePageTitle();
  const { session } = useSessionState();
  const location = useLocation();
  // A message brought from another screen (e.g. 'Акция удалена…' after deleting on the action page).
  const [notice, setNotice] = useState<Notice | null>(() => {
    const message = readLocationMessage(location.state);
    return message ? successNotice(message) : null;
  });

  const actions = useActionsQuery();
  const noActionYet = session !== null && (!session.user.is_activated || actions.data?.length === 0);
  const [guiding, setGuiding] = useState(false);
  useEffect(() => {
    if (noActionYet) setGuiding(true);
  }, [noActionYet]);

  if (!session) return null;
  return (
    <section className="dashboard-page">
      <h1 className="dashboard-page__title">{title}</h1>
      {notice && <NoticeBanner notice={notice} />}
      {(guiding || noActionYet) && <GuidedStart onClose={() => setGuiding(false)} />}
      {session.user.is_activated && <PayoffDashboardFigure />}
      {session.user.is_activated && <ActionList onNotice={setNotice} />}
    </section>
  );
}
