import { pageMeta } from '../../content/landing.js';
import { privacy } from '../../content/privacy.js';
import { LegalPage } from './legal-page.js';
import { requisitesOf, useOperatorDetails } from './use-operator-details.js';

/** /privacy: the privacy policy, with a button home in the header. */
export function PrivacyPage() {
  const details = useOperatorDetails();
  return (
    <LegalPage
      document={details === undefined ? undefined : privacy(requisitesOf(details))}
      meta={{ ...pageMeta.privacy, path: '/privacy' }}
      header="home-button"
    />
  );
}
