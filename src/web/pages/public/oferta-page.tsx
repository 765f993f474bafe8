import { pageMeta } from '../../content/landing.js';
import { oferta } from '../../content/oferta.js';
import { LegalPage } from './legal-page.js';

/** /oferta: the public offer, with a back link home in the header. */
export function OfertaPage() {
  return <LegalPage document={oferta} meta={{ ...pageMeta.offer, path: '/oferta' }} header="back-link" />;
}
