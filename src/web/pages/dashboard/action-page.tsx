import { Link, useParams } from 'react-router';
import { messages } from '../../../contract/messages.js';
import { Banner } from '../../components/banner.js';
import { parseActionId } from './action-id.js';
import { usePageTitle } from './page-title.js';

/** /dashboard/action/{id} and …/edit (SPEC §2): the id must be numeric. */
export function ActionPage() {
  const title = usePageTitle();
  const actionId = parseActionId(useParams().id);
  return (
    <section className="dashboard-page">
      <h1 className="dashboard-page__title">{title}</h1>
      {actionId === null ? (
        <>
          <Banner tone="error">{messages.actionPage.invalidId}</Banner>
          <p>
            <Link to="/dashboard" className="button button--secondary">
              {messages.actionPage.backToActions}
            </Link>
          </p>
        </>
      ) : (
        <p className="dashboard-page__note">{messages.app.comingSoon}</p>
      )}
    </section>
  );
}
