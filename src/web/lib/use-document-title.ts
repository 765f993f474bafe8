import { useEffect } from 'react';
import { messages } from '../../contract/messages.js';

/** Names the browser tab after the screen, so tabs and screen readers tell screens apart. */
export function useDocumentTitle(title: string | undefined): void {
  useEffect(() => {
    document.title = title ? `${title} — ${messages.app.productName}` : messages.app.productName;
  }, [title]);
}
