import { pageMeta } from '../../content/landing.js';
import { privacy } from '../../content/privacy.js';
import { LegalPage } from './legal-page.js';

/** /privacy: the privacy policy, with a button home in the header. */
export function PrivacyPage() {
  return <LegalPage document={privacy} meta={{ ...pageMeta.privacy, path: '/privacy' }} header="home-button" />;
}
