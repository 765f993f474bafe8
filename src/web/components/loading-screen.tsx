import { messages } from '../../contract/messages.js';

/** Shown while a screen's code or the session is on its way. */
export function LoadingScreen() {
  return (
    <p className="loading-screen" role="status">
      {messages.common.loading}
    </p>
  );
}
