import { messages } from '../../../../contract/messages.js';
import { PUBLIC_API_BASE } from '../../../../contract/public-api.js';
import { usePageTitle } from '../page-title.js';
import { ApiKeysSection } from './api-keys-section.js';
import '../../../components/panel.css';
import './integrations.css';

const m = messages.apiKeys;

/** `/dashboard/integrations`: what connects the seller's other systems to ScanApp — the API keys and the API's reference. */
export function IntegrationsPage() {
  return (
    <section className="dashboard-page integrations-page">
      <h1 className="dashboard-page__title">{usePageTitle()}</h1>
      <ApiKeysSection />
      <p>
        {/* A page of this server, outside the cabinet's app: a full load, not a router link. */}
        <a href={`${PUBLIC_API_BASE}/docs/`}>{m.docsLink}</a>
      </p>
    </section>
  );
}
