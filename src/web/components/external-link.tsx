import type { ReactNode } from 'react';
import { messages } from '../../contract/messages.js';

/** A link out of the app (messenger contacts): new tab, no opener, and screen readers are told so. */
export function ExternalLink({ href, className, children }: { href: string; className?: string; children: ReactNode }) {
  return (
    <a href={href} className={className} target="_blank" rel="noopener noreferrer">
      {children}
      <span className="visually-hidden"> {messages.app.opensInNewTab}</span>
    </a>
  );
}
