import { Link } from 'react-router';
import { messages } from '../../../contract/messages.js';
import { useDocumentTitle } from '../../lib/use-document-title.js';

export function NotFoundPage() {
  useDocumentTitle(messages.app.notFoundTitle);
  return (
    <main className="centered-page">
      <h1>{messages.app.notFoundTitle}</h1>
      <p>{messages.app.notFoundText}</p>
      <Link to="/" className="button button--primary">
        {messages.app.goHome}
      </Link>
    </main>
  );
}
