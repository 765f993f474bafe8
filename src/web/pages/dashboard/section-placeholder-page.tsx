import { messages } from '../../../contract/messages.js';
import { usePageTitle } from './page-title.js';

/** A cabinet section whose content arrives in a later release: its title and an honest note, no sample data. */
export function SectionPlaceholderPage() {
  return (
    <section className="dashboard-page">
      <h1 className="dashboard-page__title">{usePageTitle()}</h1>
      <p className="dashboard-page__note">{messages.app.comingSoon}</p>
    </section>
  );
}
