import type { ReactNode } from 'react';
import { fillMessage, messages } from '../../contract/messages.js';
import { operatorContact, useOperatorQuery } from '../api/operator.js';
import { ExternalLink } from './external-link.js';
import './operator-contact-link.css';

/**
 * A link to the operator (demo requests, support): left out while no contact is set. A demo
 * without the operator's own contact links the sample address and says it is one.
 */
export function OperatorContactLink({ className, children }: { className?: string; children: ReactNode }) {
  const contact = operatorContact(useOperatorQuery().data);
  if (!contact) return null;
  return (
    <ExternalLink href={contact.href} className={className}>
      {children}
      {contact.sample && (
        <span className="operator-contact__sample">{fillMessage(messages.operator.contactSample, { contact: contact.sample })}</span>
      )}
    </ExternalLink>
  );
}
