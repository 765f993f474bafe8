import { useSearchParams } from 'react-router';
import { usePageTitle } from '../page-title.js';
import { parseProjectFilter } from '../receipts/project-filter.js';
import { AnalyticsPanel } from './analytics-panel.js';
import { PayoffPanel } from './payoff-panel.js';

/** /dashboard/analytics: every action's analytics, or one's (`?project=12`), then «Окупаемость» for the same choice. */
export function AnalyticsPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const actionId = parseProjectFilter(searchParams.get('project'));
  return (
    <section className="dashboard-page">
      <h1 className="dashboard-page__title">{usePageTitle()}</h1>
      <AnalyticsPanel
        actionId={actionId}
        actionFilter={{ onChange: (id) => setSearchParams(id === null ? {} : { project: String(id) }, { replace: true }) }}
      />
      <PayoffPanel actionId={actionId} />
    </section>
  );
}
