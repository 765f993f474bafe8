import type { ReactNode } from 'react';
import { site } from '../../content/landing.js';

/** A link to a messenger or a bot: new tab, no opener, and screen readers are told so. */
export function OutboundLink({ href, className, children }: { href: string; className?: string; children: ReactNode }) {
  return (
    <a href={href} className={className} target="_blank" rel="noopener noreferrer">
      {children}
      <span className="visually-hidden"> {site.opensInNewTab}</span>
    </a>
  );
}
