import type { ReactNode } from 'react';
import { OutboundLink } from '../outbound-link.js';
import { contactOf, useOperatorDetails } from '../use-operator-details.js';
import { TelegramIcon } from './icons.js';

/**
 * A contact button: opens the operator's Telegram (`contact_telegram`), else a letter to
 * `contact_email`. With neither set the button is left out. `children` gets the channel, so a
 * label can say "в Telegram" only when it is Telegram.
 */
export function ContactLink({
  className,
  icon = true,
  children,
}: {
  className: string;
  icon?: boolean;
  children: (channel: 'telegram' | 'email') => ReactNode;
}) {
  const contact = contactOf(useOperatorDetails());
  if (!contact) return null;
  return (
    <OutboundLink href={contact.href} className={className}>
      {icon && contact.channel === 'telegram' && <TelegramIcon />}
      {children(contact.channel)}
    </OutboundLink>
  );
}
