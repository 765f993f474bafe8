import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { messages } from '../../contract/messages.js';

/**
 * The last line of defence for a screen that failed to render or whose code failed
 * to download (typically right after a new release): explain, and offer a fresh load.
 */
export function RouteError() {
  const error = useRouteError();
  useEffect(() => console.error(error), [error]);
  return (
    <main className="centered-page">
      <h1>{messages.app.routeErrorTitle}</h1>
      <p>{messages.app.routeErrorText}</p>
      <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
        {messages.app.reload}
      </button>
    </main>
  );
}
