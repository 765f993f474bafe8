import { pageMeta } from '../../content/landing.js';
import { oferta } from '../../content/oferta.js';
import { LegalPage } from './legal-page.js';
import { requisitesOf, useOperatorDetails } from './use-operator-details.js';

/** /oferta: the public offer, with a back link home in the header. */
export function OfertaPage() {
  const details = useOperatorDetails();
  return (
    <LegalPage
      document={details === undefined ? undefined : oferta(requisitesOf(details))}
      meta={{ ...pageMeta.offer, path: '/oferta' }}
      header="back-link"
    />
  );
}
