import type { ReactNode } from 'react';
import { contactHref, useOperatorQuery } from '../api/operator.js';
import { ExternalLink } from './external-link.js';

/** A link to the operator (demo requests, support): left out while no contact is set. */
export function OperatorContactLink({ className, children }: { className?: string; children: ReactNode }) {
  const href = contactHref(useOperatorQuery().data);
  if (!href) return null;
  return (
    <ExternalLink href={href} className={className}>
      {children}
    </ExternalLink>
  );
}
