import { messages } from '../../../contract/messages.js';
import { useDocumentTitle } from '../../lib/use-document-title.js';
import './public.css';

/** /shop/{token}: the buyers' points shop inside the messenger mini-app (a later task fills it). */
export function PublicShopPage() {
  useDocumentTitle(messages.publicShop.title);
  return (
    <main className="centered-page">
      <h1>{messages.publicShop.title}</h1>
      <p>{messages.publicShop.comingSoon}</p>
    </main>
  );
}
